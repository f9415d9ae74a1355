import Foundation
import MercatorMath
import StencilKitIO
import TestSupport
import Testing

/// The committed fixtures written by the reference implementation (scripts/make-pmtiles-fixtures.py).
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
}

/// small.txt: "z x y hex" per tile, as the reference package listed them.
private func smallListing() throws -> [(TileID, Data)] {
    let text = try String(contentsOfFile: Fixtures.path("small.txt"), encoding: .utf8)
    return try text.split(separator: "\n").map { line in
        let f = line.split(separator: " ")
        let hex = Array(f[3])
        let bytes = stride(from: 0, to: hex.count, by: 2).map { UInt8(String(hex[$0...$0 + 1]), radix: 16)! }
        return (try TileID(level: Int(f[0])!, x: Int(f[1])!, y: Int(f[2])!), Data(bytes))
    }
}

@Test(arguments: ["small-gzip.pmtiles", "small-none.pmtiles"])
func theReferenceSmallArchivesReadTileForTile(_ name: String) throws {
    let reader = try PMTilesReader(path: Fixtures.path(name))
    #expect(reader.header.internalCompression == (name.contains("gzip") ? .gzip : .none))
    #expect(reader.header.tileType == .png)
    let listing = try smallListing()
    #expect(listing.count == 85)
    for (tile, data) in listing { #expect(try reader.tileData(for: tile) == data, "\(tile)") }
    #expect(try reader.tileData(for: TileID(level: 4, x: 0, y: 0)) == nil)
    // The listing is in the reference's id order: our ids of its z/x/y are 0, 1, 2, … 84.
    #expect(listing.map { HilbertTileID($0.0).rawValue } == Array(0..<85))
    let metadata = try JSONSerialization.jsonObject(with: try reader.metadata()) as? [String: Any]
    #expect(metadata?["name"] as? String == "stencilkit small fixture")
    let stats = try reader.statistics()
    #expect(stats.addressedTiles == 85 && stats.leafDirectories == 0)
}

@Test func theReferenceLeafArchiveReadsTileForTile() throws {
    let reader = try PMTilesReader(path: Fixtures.path("leaves-gzip.pmtiles"))
    #expect(reader.header.leafDirectoriesLength > 0)
    #expect(reader.rootEntries.allSatisfy { $0.isLeaf })
    // The generator's draws, on the same seed (see the script).
    var rng = SplitMix64(seed: 0x504D54)
    var id = HilbertTileID.firstID(ofLevel: 14)
    var expected: [(UInt64, Data)] = []
    for _ in 0..<10_000 {
        id += 1 + rng.next() % 20_000
        let length = 1 + Int(rng.next() % 4)
        expected.append((id, Data((0..<length).map { _ in UInt8(rng.next() % 256) })))
    }
    for (id, data) in expected {
        #expect(try reader.tileData(for: HilbertTileID(rawValue: id)) == data)
    }
    // Ids between the drawn ones are absent.
    for k in stride(from: 0, to: expected.count - 1, by: 97) where expected[k + 1].0 > expected[k].0 + 1 {
        #expect(try reader.tileData(for: HilbertTileID(rawValue: expected[k].0 + 1)) == nil)
    }
    let stats = try reader.statistics()
    #expect(stats.addressedTiles == 10_000 && stats.tilesPerLevel == [14: 10_000])
    #expect(stats.leafDirectories == reader.rootEntries.count)
}

/// Worker threads share one reader: every tile of the leaf fixture read from 8 concurrent workers with a cache of
/// one leaf (so leaves are evicted and re-read while others look them up) gives the same bytes as one thread.
@Test func oneReaderServesConcurrentWorkers() throws {
    let shared = try PMTilesReader(FileByteRangeReader(path: Fixtures.path("leaves-gzip.pmtiles")), cachedLeafLimit: 1)
    let single = try PMTilesReader(path: Fixtures.path("leaves-gzip.pmtiles"))
    let entries = try single.tileEntries()
    let expected = try entries.map { try #require(try single.tileData(for: HilbertTileID(rawValue: $0.tileID))) }
    let mismatches = LockedCount()
    DispatchQueue.concurrentPerform(iterations: 8) { worker in
        // Each worker walks the entries from its own starting point, so the leaves are wanted in different orders.
        for k in 0..<entries.count {
            let i = (k + worker * entries.count / 8) % entries.count
            let data = try? shared.tileData(for: HilbertTileID(rawValue: entries[i].tileID))
            if data != expected[i] { mismatches.add() }
        }
    }
    #expect(mismatches.value == 0)
}

/// A count that several threads add to.
private final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
