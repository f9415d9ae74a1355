import Foundation
import MercatorMath
import Testing

@testable import StencilKit

/// MODEL.md example 9 (§14): example 7's camera over terrain, tile by tile, with its figures. Expected values are the
/// example's (independently rederived by ``TerrainOracle`` in ``TerrainOracleTests``).
struct TerrainExampleTests {
    static func close(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance }

    static func camera() throws -> PerspectiveCamera { try PitchedExampleTests.example7() }

    /// 9b's bounds: the root [0, `hi`] m and [0, 0] on the 3 siblings of each of the level-12 tile (x, y)'s
    /// ancestors-or-self at levels 1…12 (36 entries): the tile and its ancestors inherit the root's [0, hi].
    static func bounds(hi: Double, x: Int = 2145, y: Int = 1434) throws -> TerrainBounds {
        var entries: [TerrainBounds.Entry] = []
        var tile = try TileID(level: 12, x: x, y: y)
        while let parent = tile.parent {
            for k in 0..<4 {
                let sibling = try TileID(level: tile.level, x: 2 * parent.x + k & 1, y: 2 * parent.y + k >> 1)
                if sibling != tile { entries.append(TerrainBounds.Entry(tile: sibling, range: .zero)) }
            }
            tile = parent
        }
        return try TerrainBounds(root: ElevationRange(lo: 0, hi: hi), entries: entries)
    }

    static func counts(_ tiles: [PitchedTile]) -> [Int: Int] {
        var out: [Int: Int] = [:]
        for t in tiles { out[t.level, default: 0] += 1 }
        return out
    }

    @Test func example9Figures() throws {
        let view = try TerrainCamera(camera: Self.camera(), bounds: .flat)
        #expect(Self.close(view.eyeHeight, 467.8559873, 1e-6))
        #expect(Self.close(view.heightScale.pixelsPerMetre(atRow: view.camera.eye.y), 0.1544461333, 1e-10))
        #expect(Self.close(view.eyeAltitude, 3029.250246, 1e-6))
        #expect(Self.close(view.volume.nearSlope, 0.8867497504, 1e-10))
        #expect(Self.close(view.volume.farSlope, 4.886773569, 1e-9))
        #expect(Self.close(view.volume.sideSlope, 0.4444457677, 1e-10))
    }

    /// 9b's cover, from the example: level 13 as in 9a, level 14 less (8580, 5738) and (8580, 5739), 7 children.
    static let example9bTiles: [String] = {
        var out: [String] = []
        let level13: [(Int, ClosedRange<Int>)] = [
            (2865, 4290...4291), (2866, 4290...4292), (2867, 4291...4293), (2868, 4292...4292),
        ]
        for (row, columns) in level13 { for x in columns { out.append("13/\(x)/\(row)") } }
        let level14: [(Int, [Int])] = [
            (5734, [8579, 8580, 8581]), (5735, [8579, 8580, 8581]), (5736, Array(8579...8583)),
            (5737, Array(8579...8583)), (5738, [8578, 8579, 8581, 8582]), (5739, [8581]),
        ]
        for (row, columns) in level14 { for x in columns { out.append("14/\(x)/\(row)") } }
        let level15: [(Int, [Int])] = [
            (11476, [17160, 17161]), (11477, [17160, 17161]), (11478, [17160, 17161]), (11479, [17160]),
        ]
        for (row, columns) in level15 { for x in columns { out.append("15/\(x)/\(row)") } }
        return out
    }()

    @Test func example9b() throws {
        let camera = try Self.camera()
        let bounds = try Self.bounds(hi: 2000)
        #expect(bounds.entryCount == 36 && bounds.deepestLevel == 12)
        let view = try TerrainCamera(camera: camera, bounds: bounds)
        // The tile's box: κ over its rows 0.1544448209…0.1546192240 px/m, z ∈ [0, 309.2384481] px, the eye
        // 158.6175393 px above its top.
        let tile = UnwrappedTileID(TileID(unchecked: 12, 2145, 1434))
        let box = view.box(of: tile)
        #expect(box.x0 == 2_196_480 && box.x1 == 2_197_504 && box.y0 == 1_468_416 && box.y1 == 1_469_440)
        let kappa = view.heightScale.pixelsPerMetre(overRows: box.y0, box.y1)
        #expect(Self.close(kappa.least, 0.1544448209, 1e-10) && Self.close(kappa.largest, 0.1546192240, 1e-10))
        #expect(box.zLow == 0 && Self.close(box.zHigh, 309.2384481, 1e-6))
        #expect(Self.close(view.eyeHeight - box.zHigh, 158.6175393, 1e-6))
        // At the box's top the near edge is G_n·158.6175393 = 140.6540633 px ahead of e, at depth 201.1187616 px.
        let drop = view.eyeHeight - box.zHigh
        #expect(Self.close(view.volume.nearSlope * drop, 140.6540633, 1e-6))
        let sinP = sin(Double.pi / 3)
        #expect(Self.close(view.volume.nearSlope * drop * sinP + drop / 2, 201.1187616, 1e-6))
        #expect(Self.close(camera.refinementDepth(below: 15), 287.9991425, 1e-6))
        // The cover, tile for tile, row-major.
        var cover = TerrainCover()
        try view.cover(depths: true, into: &cover)
        #expect(cover.tiles.map { "\($0.tile)" } == Self.example9bTiles)
        #expect(Self.counts(Array(cover.tiles)) == [13: 9, 14: 21, 15: 7])
        // Least depths and levels.
        func depth(_ n: Int, _ x: Int, _ y: Int) -> Double? {
            view.leastDepth(of: UnwrappedTileID(TileID(unchecked: n, x, y)))
        }
        func ell(_ depth: Double) -> Double { 14 + log2(camera.focalLength / depth) }
        let d1 = try #require(depth(15, 17160, 11477))
        let d2 = try #require(depth(15, 17160, 11476))
        let d3 = try #require(depth(13, 4290, 2865))
        #expect(Self.close(d1, 406.2800861, 1e-6) && Self.close(ell(d1), 15.50358986, 1e-8))
        #expect(Self.close(d2, 494.7880345, 1e-6) && Self.close(ell(d2), 15.21925390, 1e-8))
        #expect(Self.close(d3, 1896.350804, 1e-5) && Self.close(ell(d3), 13.28091055, 1e-8))
        // The eighth child of (14, 8580, 5739) misses V.
        #expect(depth(15, 17161, 11479) == nil)
        // Nearest first starts (15, 17160, 11478); the same tiles.
        try view.cover(order: .nearestFirst, into: &cover)
        #expect(cover.tiles.first?.tile == UnwrappedTileID(TileID(unchecked: 15, 17160, 11478)))
        #expect(Set(cover.tiles.map { "\($0.tile)" }) == Set(Self.example9bTiles))
        #expect(zip(cover.leastDepths, cover.leastDepths.dropFirst()).allSatisfy { $0 <= $1 })
    }

    /// The boxes a cover decides one by one (``TerrainCover/examinedBoxes``), counted from example 9b's list. The
    /// cover starts at level 13 (its coarsest level, as 9a's). Boxes that are not [0, 0] there: the 4 level-13 tiles
    /// of (12, 2145, 1434), rows 2868–2869 × columns 4290–4291, all in V's shadow. Each has level-14 tiles of the
    /// cover inside it (columns 8580–8583 × rows 5736–5739: 8580–8583 in rows 5736–5737, 8581 and 8582 in row 5738),
    /// so all 4 are refined and their 16 children decided; of those, (8580, 5738) and (8580, 5739) are refined (their
    /// children are the 7 level-15 tiles), 8 more. Level 15 is refined nowhere: 4 + 16 + 8 = 28. Flat terrain decides
    /// none (every tile by §11's row covers), and without the row covers (least depths asked) 9b decides more.
    @Test func example9bExaminedBoxes() throws {
        let camera = try Self.camera()
        var cover = TerrainCover()
        try TerrainCamera(camera: camera, bounds: Self.bounds(hi: 2000)).cover(into: &cover)
        #expect(cover.examinedBoxes == 28)
        try TerrainCamera(camera: camera, bounds: .flat).cover(into: &cover)
        #expect(cover.examinedBoxes == 0 && cover.tiles.count == 32)
        try TerrainCamera(camera: camera, bounds: Self.bounds(hi: 2000)).cover(depths: true, into: &cover)
        #expect(cover.examinedBoxes > 28 && cover.tiles.count == 37)
    }

    @Test func example9c() throws {
        let bounds = try Self.bounds(hi: 3100, x: 2144)
        #expect(throws: StencilError.self) { try TerrainCamera(camera: Self.camera(), bounds: bounds) }
        do {
            _ = try TerrainCamera(camera: Self.camera(), bounds: bounds)
        } catch {
            #expect(
                "\(error)"
                    == "Camera eye altitude (metres) is 3029.2502458647973; it must be above the terrain under the eye: more "
                    + "than 3100 m, the upper bound of tile 12/2144/1434 (the level-12 bounds tile holding the eye's "
                    + "ground point).")
        }
        // e = (2196182.336982, 1469432.285936) lies in (12, 2144, 1434).
        let view = try TerrainCamera(camera: Self.camera(), bounds: Self.bounds(hi: 3000, x: 2144))
        #expect(Self.close(view.camera.eye.x, 2_196_182.336982, 1e-6))
        #expect(Self.close(view.camera.eye.y, 1_469_432.285936, 1e-6))
        #expect(view.eyeTile == TileID(unchecked: 12, 2144, 1434))
    }

    @Test func example9d() throws {
        let view = try TerrainCamera(camera: Self.camera(), bounds: Self.bounds(hi: 3000, x: 2144))
        // 29.25 m under the eye.
        #expect(Self.close(view.eyeAltitude - 3000, 29.250246, 1e-6))
        let tiles = try view.cover()
        #expect(tiles.count == 149)
        #expect(Self.counts(tiles) == [13: 9, 14: 20, 15: 8, 16: 16, 17: 19, 18: 19, 19: 19, 20: 15, 21: 24])
    }

    @Test func example9a() throws {
        let camera = try Self.camera()
        let view = try TerrainCamera(camera: camera, bounds: .flat)
        let tiles = try view.cover()
        #expect(tiles == (try camera.cover()))
        #expect(Self.counts(tiles) == [13: 9, 14: 23])
        // Bounds [0, 0] listed explicitly (9b's 36 entries with a flat root) are the same flat terrain.
        let listed = try TerrainCamera(camera: camera, bounds: Self.bounds(hi: 0))
        #expect(try listed.cover() == tiles)
    }

    /// The eye anchors: a centre elevation raises the eye by e_c·κ(φ_c), an eye altitude sets it; the levels of
    /// the cover of flat terrain do not change with the anchor, only the ground seen.
    @Test func anchors() throws {
        let camera = try Self.camera()
        let datum = try TerrainCamera(camera: camera, bounds: .flat)
        let centre = try TerrainCamera(camera: camera, bounds: .flat, anchor: .centerElevation(500))
        let kappaC = centre.heightScale.pixelsPerMetre(atRow: camera.center.y)
        #expect(Self.close(centre.eyeHeight, datum.eyeHeight + 500 * kappaC, 1e-9))
        #expect(Self.close(centre.centerHeight, 500 * kappaC, 1e-12))
        let eye = try TerrainCamera(camera: camera, bounds: .flat, anchor: .eyeAltitude(3029.250246))
        #expect(Self.close(eye.eyeHeight, datum.eyeHeight, 1e-6))
        #expect(Self.close(eye.eyeAltitude, 3029.250246, 1e-9))
        #expect(throws: StencilError.self) {
            try TerrainCamera(camera: camera, bounds: .flat, anchor: .eyeAltitude(0))
        }
        #expect(throws: StencilError.self) {
            try TerrainCamera(camera: camera, bounds: .flat, anchor: .centerElevation(.nan))
        }
        // A higher eye sees the same flat ground farther away: fewer or coarser tiles, never finer.
        let higher = try centre.cover()
        #expect(higher.map(\.level).max()! <= (try datum.cover()).map(\.level).max()!)
    }
}
