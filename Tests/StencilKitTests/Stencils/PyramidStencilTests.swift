import MercatorMath
import StencilKit
import Testing

@Suite("Pyramid stencils: a track's tiles over a range of XYZ levels")
struct PyramidStencilTests {
    static let waypoints: [(lon: Double, lat: Double)] = [(8.54, 47.37), (8.60, 47.40), (8.66, 47.35), (8.70, 47.41)]

    static func track(level: Int, scale: Double, radius: Double, band: Double) throws -> Track {
        let grid = try TileGrid.xyz(level: level)
        let points = try waypoints.map { try GeoCoordinate(latitude: $0.lat, longitude: $0.lon) }
        return try Track(
            waypoints: points, on: grid, screen: Screen(width: 390, height: 844, scale: scale, margin: 4 * scale),
            turnRadius: radius, lateralBand: band)
    }

    @Test("the top level is the track's own stencil; each level holds the parents of the next level's tiles")
    func parentsAndTop() throws {
        let top = try Self.track(level: 14, scale: 1, radius: 0, band: 16)
        let pyramid = try PyramidStencil(track: top, levels: 10...14)
        #expect(pyramid.stencils.count == 5)
        #expect(pyramid.stencil(atLevel: 14)?.real == (try Stencil(track: top)).real)
        for level in 10..<14 {
            let coarse = try #require(pyramid.stencil(atLevel: level))
            let fine = try #require(pyramid.stencil(atLevel: level + 1))
            for tile in fine.real {
                let parent = TileIndex(column: tile.column >> 1, row: tile.row >> 1)
                #expect(coarse.real.contains(parent), "level \(level) lacks the parent of \(tile)")
            }
            #expect(coarse.tileCount < fine.tileCount)
        }
        let format = try TextureFormat(grid: top.grid)
        #expect(pyramid.bytesPerLevel(for: format) == pyramid.stencils.map { $0.tileCount * 262_144 })
        #expect(pyramid.bytes(for: format) == pyramid.tileCount * 262_144)
    }

    @Test("a level's stencil equals the same route built on that level with every length scaled", arguments: [0.0, 64])
    func levelsMatchScaledRoutes(radius: Double) throws {
        let top = try Self.track(level: 13, scale: 1, radius: radius, band: 8)
        let pyramid = try PyramidStencil(track: top, levels: 9...13)
        for level in 9...13 {
            let k = Double(1 << (13 - level))
            // Built independently: the waypoints converted on that level's grid, lengths divided by 2^(13 − n).
            let direct = try Self.track(level: level, scale: 1 / k, radius: radius / k, band: 8 / k)
            let expected = try Stencil(track: direct)
            #expect(pyramid.stencil(atLevel: level)?.real == expected.real, "level \(level)")
        }
    }

    @Test("levels must end at the track's own XYZ level")
    func refusesWrongLevels() throws {
        let top = try Self.track(level: 12, scale: 1, radius: 0, band: 0)
        #expect(throws: StencilError.self) { try PyramidStencil(track: top, levels: 8...11) }
        #expect(throws: StencilError.self) { try PyramidStencil(track: top, levels: -1...12) }
        let mars = try Track(
            start: PixelPoint(x: 1000, y: 2000), heading: 90, steps: [.straight(length: 500)], on: .marsViking,
            screen: Screen(width: 480, height: 320))
        #expect(throws: StencilError.self) { try PyramidStencil(track: mars, levels: 0...0) }
    }
}
