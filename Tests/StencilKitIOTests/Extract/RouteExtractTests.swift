import Foundation
import MercatorMath
import StencilKit
import StencilKitIO
import Testing

/// The pyramid of a route through `waypoints` with its top at `levels.upperBound`.
private func pyramid(_ waypoints: [(lon: Double, lat: Double)], levels: ClosedRange<Int>) throws -> PyramidStencil {
    let grid = try TileGrid.xyz(level: levels.upperBound)
    let points = try waypoints.map { try GeoCoordinate(latitude: $0.lat, longitude: $0.lon) }
    let track = try Track(waypoints: points, on: grid, screen: Screen(width: 390, height: 844), lateralBand: 16)
    return try PyramidStencil(track: track, levels: levels)
}

/// A source: the pyramid's tiles and their neighbours on every level, minus holes (every tile with
/// (x + 2y + level) mod 7 = 0); every 5th tile (by x + y) holds the shared bytes "sea".
private func source(around tiles: [TileID]) throws -> [TileID: Data] {
    var out: [TileID: Data] = [:]
    for tile in tiles {
        let n = tile.tilesAcross
        for dx in -1...1 {
            for dy in -1...1 {
                let y = tile.y + dy
                guard y >= 0, y < n else { continue }
                let x = (tile.x + dx + n) % n
                guard (x + 2 * y + tile.level) % 7 != 0 else { continue }
                let t = try TileID(level: tile.level, x: x, y: y)
                out[t] = (x + y) % 5 == 0 ? Data("sea".utf8) : Data("\(t)".utf8)
            }
        }
    }
    return out
}

@Test(arguments: [
    ("zurich", [(8.54, 47.37), (8.60, 47.40), (8.66, 47.35)], 9...13),
    ("antimeridian", [(179.2, -17.0), (-179.4, -16.4)], 5...10),
    ("high latitude", [(15.0, 78.0), (21.0, 79.2)], 4...9),
])
func extractsArePyramidIntersectSourceByteForByte(
    _ name: String, _ waypoints: [(Double, Double)], _ levels: ClosedRange<Int>
) throws {
    let wanted = try pyramid(waypoints.map { (lon: $0.0, lat: $0.1) }, levels: levels).tileIDs
    #expect(Set(wanted).count == wanted.count)
    let tiles = try source(around: wanted)
    var writer = PMTilesWriter()
    writer.tileType = .png
    writer.metadata = Data(#"{"name":"source"}"#.utf8)
    for (tile, data) in tiles { writer.add(data, for: tile) }
    let sourceReader = try PMTilesReader(DataByteRangeReader(try writer.archive()))
    let expected = Set(wanted).intersection(tiles.keys)
    #expect(expected.count < wanted.count, "\(name): the source has holes")
    for x in [0, 0.05, 0.5, 1000] {
        let extract = try RouteExtract(wanted, from: sourceReader, overfetch: x)
        let report = extract.report
        #expect(report.tiles == expected.count && report.missing == wanted.count - expected.count)
        let distinct = Set(expected.map { tiles[$0]! })
        #expect(report.bytes == UInt64(distinct.reduce(0) { $0 + $1.count }))
        #expect(report.reads <= report.runs)
        #expect(Double(report.bytesRead) <= (1 + x) * Double(report.bytes))
        if x == 1000 { #expect(report.reads == 1) }
        // The runs, counted from the source's own ranges of the wanted tiles.
        let ranges = Set(
            try expected.map { try #require(try sourceReader.byteRange(for: $0)) }.map {
                ByteSpan(offset: $0.offset, length: $0.length)
            }
        ).sorted()
        var runs = 0
        for (i, r) in ranges.enumerated() where i == 0 || ranges[i - 1].end != r.offset { runs += 1 }
        #expect(report.runs == runs)
        // The new archive: exactly the expected tiles, each with the source's bytes.
        let out = try PMTilesReader(DataByteRangeReader(try extract.writer.archive()))
        var ids: [TileID] = []
        for entry in try out.tileEntries() {
            for k in 0..<entry.runLength {
                ids.append(try #require(try HilbertTileID(rawValue: entry.tileID + k).tileID))
            }
        }
        #expect(Set(ids) == expected && ids.count == expected.count)
        for tile in expected { #expect(try out.tileData(for: tile) == tiles[tile]) }
        #expect(out.header.tileType == .png)
        #expect(try out.metadata() == Data(#"{"name":"source"}"#.utf8))
    }
}
