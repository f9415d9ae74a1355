import Foundation
import MercatorMath
import StencilKitIO
import TestSupport
import Testing

/// A random set of tiles: levels 0…`maxLevel`, bytes drawn from a small pool (so identical tiles repeat) or fresh.
private func randomTiles(_ rng: inout SplitMix64, count: Int, maxLevel: Int) -> [TileID: Data] {
    let pool = (0..<4).map { k in Data((0..<(1 + k * 3)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }) }
    var tiles: [TileID: Data] = [:]
    // At most the levels' tiles: (4^(maxLevel + 1) − 1)/3.
    let count = min(count, ((1 << (2 * maxLevel + 2)) - 1) / 3)
    while tiles.count < count {
        let level = rng.int(0...maxLevel)
        let tile = try! TileID(level: level, x: rng.int(below: 1 << level), y: rng.int(below: 1 << level))
        tiles[tile] =
            rng.chance(0.3)
            ? pool[rng.int(below: pool.count)]
            : Data((0..<rng.int(1...40)).map { _ in UInt8(truncatingIfNeeded: rng.next()) })
    }
    return tiles
}

/// Every tile reads back with its bytes, random absent tiles read nil, and the header's counts are the ones the
/// tiles imply (contents = distinct byte strings, runs counted by walking ids in Hilbert order).
private func checkRoundTrip(_ tiles: [TileID: Data], writer: PMTilesWriter, rng: inout SplitMix64) throws {
    let bytes = try writer.archive()
    let reader = try PMTilesReader(DataByteRangeReader(bytes))
    for (tile, data) in tiles { #expect(try reader.tileData(for: tile) == data, "\(tile)") }
    for _ in 0..<50 {
        let level = rng.int(0...12)
        let tile = try TileID(level: level, x: rng.int(below: 1 << level), y: rng.int(below: 1 << level))
        if tiles[tile] == nil { #expect(try reader.tileData(for: tile) == nil) }
    }
    let h = reader.header
    #expect(h.addressedTiles == UInt64(tiles.count))
    #expect(h.tileContents == UInt64(Set(tiles.values).count))
    #expect(h.tileDataLength == UInt64(Set(tiles.values).reduce(0) { $0 + $1.count }))
    #expect(h.isClustered)
    #expect(h.rootOffset + h.rootLength <= 16_384)
    #expect(Int(h.minZoom) == tiles.keys.map(\.level).min())
    #expect(Int(h.maxZoom) == tiles.keys.map(\.level).max())
    // Runs: consecutive ids (in Hilbert order) with equal bytes share an entry.
    let order = tiles.keys.map { (HilbertTileID($0).rawValue, tiles[$0]!) }.sorted { $0.0 < $1.0 }
    var entries = 0
    for (k, item) in order.enumerated() where k == 0 || !(order[k - 1].0 + 1 == item.0 && order[k - 1].1 == item.1) {
        entries += 1
    }
    #expect(h.tileEntries == UInt64(entries))
    let stats = try reader.statistics()
    #expect(stats.tileEntries == entries)
    #expect(stats.addressedTiles == UInt64(tiles.count))
    // Clustered: the data is in id order, each blob right after the previous new one.
    var expectedOffset: UInt64 = 0
    var seen = Set<Data>()
    let byID = Dictionary(uniqueKeysWithValues: order)
    for entry in try reader.tileEntries() {
        let data = try #require(byID[entry.tileID])
        if seen.insert(data).inserted {
            #expect(entry.offset == expectedOffset)
            expectedOffset += entry.length
        } else {
            #expect(entry.offset < expectedOffset)
        }
    }
}

@Test func randomArchivesRoundTripTileForTile() throws {
    var rng = SplitMix64(seed: 2020)
    for round in 0..<40 {
        let tiles = randomTiles(&rng, count: rng.int(1...300), maxLevel: rng.int(0...12))
        var writer = PMTilesWriter()
        writer.internalCompression = round % 2 == 0 ? .gzip : .none
        writer.tileType = .png
        if round % 3 == 0 {
            writer.forcesLeaves = true
            writer.leafSize = rng.int(1...20)
        }
        for (tile, data) in tiles { writer.add(data, for: tile) }
        try checkRoundTrip(tiles, writer: writer, rng: &rng)
    }
}

@Test func aRootThatWouldPassSixteenKiBGetsLeaves() throws {
    var rng = SplitMix64(seed: 16384)
    var tiles: [TileID: Data] = [:]
    while tiles.count < 12_000 {
        let tile = try TileID(level: 14, x: rng.int(below: 1 << 14), y: rng.int(below: 1 << 14))
        tiles[tile] = Data([UInt8(truncatingIfNeeded: rng.next()), UInt8(truncatingIfNeeded: rng.next())])
    }
    for compression in [PMTilesCompression.gzip, .none] {
        var writer = PMTilesWriter()
        writer.internalCompression = compression
        for (tile, data) in tiles { writer.add(data, for: tile) }
        let reader = try PMTilesReader(DataByteRangeReader(try writer.archive()))
        #expect(reader.header.leafDirectoriesLength > 0)
        #expect(reader.rootEntries.allSatisfy { $0.isLeaf })
        try checkRoundTrip(tiles, writer: writer, rng: &rng)
    }
}

@Test func metadataAndHeaderFieldsRoundTrip() throws {
    var writer = PMTilesWriter()
    writer.metadata = Data(#"{"name":"x","vector_layers":[]}"#.utf8)
    writer.tileType = .mvt
    writer.tileCompression = .gzip
    writer.bounds = GeoBounds(west: -10.5, south: -20.25, east: 30.125, north: 40)
    writer.center = (1.5, 2.5, 7)
    writer.add(Data([1]), for: try TileID(level: 3, x: 1, y: 2))
    writer.add(Data([2]), for: try TileID(level: 9, x: 1, y: 2))
    let reader = try PMTilesReader(DataByteRangeReader(try writer.archive()))
    #expect(try reader.metadata() == writer.metadata)
    let h = reader.header
    #expect(h.tileType == .mvt && h.tileCompression == .gzip && h.internalCompression == .gzip)
    #expect(h.minZoom == 3 && h.maxZoom == 9 && h.centerZoom == 7)
    #expect(h.minLongitudeE7 == -105_000_000 && h.minLatitudeE7 == -202_500_000)
    #expect(h.maxLongitudeE7 == 301_250_000 && h.maxLatitudeE7 == 400_000_000)
    #expect(h.centerLongitudeE7 == 15_000_000 && h.centerLatitudeE7 == 25_000_000)
    // The header's bytes parse back to the same header.
    #expect(try PMTilesHeader(h.bytes) == h)
}

@Test func theWriterRefusesWhatCannotBeAnArchive() throws {
    #expect(throws: PMTilesError.self) { try PMTilesWriter().archive() }
    var empty = PMTilesWriter()
    empty.add(Data(), for: TileID.world)
    #expect(throws: PMTilesError.self) { try empty.archive() }
    var badMetadata = PMTilesWriter()
    badMetadata.add(Data([1]), for: TileID.world)
    badMetadata.metadata = Data("[1]".utf8)
    #expect(throws: PMTilesError.self) { try badMetadata.archive() }
    badMetadata.metadata = Data("{}".utf8)
    badMetadata.internalCompression = .brotli
    #expect(throws: PMTilesError.self) { try badMetadata.archive() }
}
