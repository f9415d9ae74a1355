import Foundation
import MercatorMath
import StencilKitIO
import TestSupport
import Testing

/// The archives scripts/check-pmtiles-with-reference.py reads with the reference implementation: written to
/// `$TMPDIR/stencilkit-pmtiles-check/` by this test (and read back here first). Every tile holds "z/x/y", or "sea"
/// when (x + y) mod 5 = 0 (shared bytes, stored once); the metadata says how many tiles there are.
@Test func writesArchivesForTheReferenceCheck() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stencilkit-pmtiles-check")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var rng = SplitMix64(seed: 1999)
    let cases: [(name: String, count: Int, maxLevel: Int, compression: PMTilesCompression, leafSize: Int?)] = [
        ("small-gzip", 300, 8, .gzip, nil), ("forced-leaves-gzip", 2000, 10, .gzip, 50),
        ("natural-leaves-gzip", 40_000, 14, .gzip, nil), ("small-none", 300, 8, .none, nil),
        ("forced-leaves-none", 2000, 10, .none, 50),
    ]
    for c in cases {
        var tiles: [TileID: Data] = [:]
        while tiles.count < c.count {
            let level = rng.int(0...c.maxLevel)
            let tile = try TileID(level: level, x: rng.int(below: 1 << level), y: rng.int(below: 1 << level))
            tiles[tile] = Data(((tile.x + tile.y) % 5 == 0 ? "sea" : "\(tile)").utf8)
        }
        var writer = PMTilesWriter()
        writer.internalCompression = c.compression
        writer.tileType = .png
        writer.metadata = Data(#"{"tiles": \#(c.count)}"#.utf8)
        if let size = c.leafSize {
            writer.forcesLeaves = true
            writer.leafSize = size
        }
        for (tile, data) in tiles { writer.add(data, for: tile) }
        let path = directory.appendingPathComponent("\(c.name).pmtiles").path
        try writer.write(toPath: path)
        let reader = try PMTilesReader(path: path)
        #expect((reader.header.leafDirectoriesLength > 0) == (c.leafSize != nil || c.count > 10_000), "\(c.name)")
        for (tile, data) in tiles { #expect(try reader.tileData(for: tile) == data) }
    }
}
