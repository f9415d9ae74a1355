import Foundation
import Testing

@testable import StencilKitIO

private typealias B = ArchiveBuilder

/// A good hand-built archive: two tiles (ids 0 and 1) of 3 bytes each, uncompressed directory.
private let goodRoot = B.directory([(0, 0, 3, 1), (1, 3, 3, 1)])
private let good = B.archive(root: goodRoot, data: [1, 2, 3, 4, 5, 6])

private func expectError(
    _ bytes: [UInt8], _ expected: PMTilesError, limit: Int = PMTilesReader.defaultDirectoryByteLimit,
    lookup: UInt64 = 0, sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        let reader = try B.reader(bytes, limit: limit)
        _ = try reader.tileData(for: HilbertTileID(rawValue: lookup))
        Issue.record("no error; expected \(expected)", sourceLocation: sourceLocation)
    } catch let error as PMTilesError {
        #expect(error == expected, sourceLocation: sourceLocation)
        #expect(!error.description.isEmpty)
    } catch {
        Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
    }
}

@Test func theHandBuiltArchiveIsGood() throws {
    let reader = try B.reader(good)
    #expect(try reader.tileData(for: HilbertTileID(rawValue: 1)) == Data([4, 5, 6]))
    #expect(try reader.tileData(for: HilbertTileID(rawValue: 2)) == nil)
}

@Test func truncatedHeadersAndSections() {
    expectError([], .truncatedHeader(size: 0))
    expectError(Array(good.prefix(126)), .truncatedHeader(size: 126))
    // Cut inside the tile data: the data section passes the end.
    let cut = Array(good.dropLast(2))
    expectError(
        cut, .pastEnd(what: "tile data section", offset: UInt64(good.count - 6), length: 6, size: UInt64(cut.count)))
    // Cut inside the root directory (no metadata, leaves or data behind it).
    let rootOnly = B.archive(root: goodRoot, metadata: [])
    let short = Array(rootOnly.prefix(127 + goodRoot.count - 1))
    expectError(
        short, .pastEnd(what: "root directory", offset: 127, length: UInt64(goodRoot.count), size: UInt64(short.count)))
}

@Test func wrongMagicAndVersion() {
    var magic = good
    magic[0] = 0x51
    expectError(magic, .badMagic(found: "51 4d 54 69 6c 65 73"))
    var version = good
    version[7] = 2
    expectError(version, .unsupportedVersion(2))
    var compression = good
    compression[97] = 3
    expectError(compression, .unsupportedCompression(3))
}

@Test func offsetsAndLengthsPastTheEnd() {
    // The tile data length in the header claims more than the file holds.
    var header = good
    header.replaceSubrange(64..<72, with: B.le64(1 << 40))
    expectError(
        header,
        .pastEnd(what: "tile data section", offset: UInt64(good.count - 6), length: 1 << 40, size: UInt64(good.count)))
    // An offset that overflows UInt64 with its length.
    var huge = good
    huge.replaceSubrange(24..<32, with: B.le64(.max))
    expectError(huge, .pastEnd(what: "metadata", offset: .max, length: 2, size: UInt64(good.count)))
    // A tile entry past the tile data section.
    let root = B.directory([(0, 5, 3, 1)])
    expectError(
        B.archive(root: root, data: [1, 2, 3, 4, 5, 6]),
        .pastEnd(
            what: "tile id 0 (in the tile data section of 6 bytes)", offset: UInt64(127 + root.count + 2 + 5),
            length: 3,
            size: UInt64(127 + root.count + 2 + 6)))
    // A leaf entry past the leaf section.
    let leafRoot = B.directory([(0, 0, 100, 0)])
    let leaf = B.directory([(0, 0, 1, 1)])
    let archive = B.archive(root: leafRoot, leaves: leaf, data: [9])
    expectError(
        archive,
        .pastEnd(
            what: "leaf directory of tile id 0 (in the leaf section of \(leaf.count) bytes)",
            offset: UInt64(127 + leafRoot.count + 2), length: 100, size: UInt64(archive.count)))
    // The root must end within the first 16,384 bytes.
    var far = good
    far.replaceSubrange(8..<16, with: B.le64(16_380))
    let padded = far + [UInt8](repeating: 0, count: 20_000)
    expectError(padded, .rootDirectoryTooLarge(end: 16_380 + UInt64(goodRoot.count)))
}

@Test func leavesThatPointAtThemselvesOrCycleOrNestTooDeep() throws {
    // Every leaf entry below encodes in the same number of bytes (small offsets and lengths): `width`.
    let width = UInt64(B.directory([(0, 99, 99, 0)]).count)
    // Leaf A at offset 0 whose only entry points at offset 0: itself.
    let selfLeaf = B.directory([(0, 0, width, 0)])
    expectError(B.archive(root: B.directory([(0, 0, width, 0)]), leaves: selfLeaf), .leafCycle(offset: 0))
    // A cycle A → B → A: A at 0 points at B at `width`, B points back at A.
    let leafA = B.directory([(0, width, width, 0)])
    let leafB = B.directory([(0, 0, width, 0)])
    expectError(B.archive(root: B.directory([(0, 0, width, 0)]), leaves: leafA + leafB), .leafCycle(offset: 0))
    // Two root entries pointing at one leaf: a lookup works, a walk refuses (each leaf would be walked again).
    let shared = B.directory([(0, 0, 1, 1)])
    let twice = B.archive(
        root: B.directory([(0, 0, UInt64(shared.count), 0), (5, 0, UInt64(shared.count), 0)]), leaves: shared, data: [7]
    )
    #expect(try B.reader(twice).tileData(for: HilbertTileID(rawValue: 0)) == Data([7]))
    #expect(throws: PMTilesError.leafReferencedTwice(offset: 0)) { try B.reader(twice).tileEntries() }
    #expect(throws: PMTilesError.leafCycle(offset: 0)) {
        try B.reader(B.archive(root: B.directory([(0, 0, width, 0)]), leaves: selfLeaf)).statistics()
    }
    // Chains: leaf k at k · width points at leaf k + 1; the last leaf holds the tile.
    let last = B.directory([(0, 0, 1, 1)])
    func chain(_ pointers: Int) -> [UInt8] {
        var leaves: [UInt8] = []
        for k in 0..<pointers {
            let next = B.directory([(0, UInt64(k + 1) * width, k == pointers - 1 ? UInt64(last.count) : width, 0)])
            #expect(UInt64(next.count) == width)
            leaves += next
        }
        return B.archive(root: B.directory([(0, 0, width, 0)]), leaves: leaves + last, data: [7])
    }
    // Four leaves below the root: one more than allowed.
    expectError(chain(3), .leafChainTooDeep(limit: 3))
    // Three leaves below the root are followed.
    #expect(try B.reader(chain(2)).tileData(for: HilbertTileID(rawValue: 0)) == Data([7]))
}

@Test func varintsPastSixtyFourBits() {
    // Eleven bytes: ten continuation bytes, then a last one.
    let eleven: [UInt8] = [UInt8](repeating: 0xFF, count: 10) + [0x01]
    expectError(B.archive(root: eleven), .varintTooLong)
    // Ten bytes whose last holds more than bit 63.
    let tenTooBig: [UInt8] = [UInt8](repeating: 0xFF, count: 9) + [0x02]
    expectError(B.archive(root: tenTooBig), .varintTooLong)
    // UInt64.max itself (ten bytes, last 0x01) is a valid varint: as an entry count it is just too many.
    let max: [UInt8] = [UInt8](repeating: 0xFF, count: 9) + [0x01]
    expectError(B.archive(root: max), .badEntryCount(count: .max, limit: 1))
    #expect(B.varint(.max) == max)
}

@Test func gzipThatInflatesPastTheBound() throws {
    // A leaf directory of 20 MiB (a valid directory followed by zeros) gzipped to about 20 KB: past the 16 MiB bound.
    let bomb = B.gzip(B.directory([(0, 0, 1, 1)]) + [UInt8](repeating: 0, count: 20 << 20))
    #expect(bomb.count < 100_000)
    let root = B.gzip(B.directory([(0, 0, UInt64(bomb.count), 0)]))
    let archive = B.archive(root: root, metadata: B.gzip(Array("{}".utf8)), leaves: bomb, data: [1], compression: 2)
    expectError(archive, .inflatesPastLimit(what: "leaf directory", limit: 16 << 20))
    // The root against a small stated bound.
    let bigRoot = B.gzip(goodRoot + [UInt8](repeating: 0, count: 5000))
    expectError(
        B.archive(root: bigRoot, metadata: B.gzip(Array("{}".utf8)), data: [1, 2, 3, 4, 5, 6], compression: 2),
        .inflatesPastLimit(what: "root directory", limit: 1000), limit: 1000)
    // Not gzip at all.
    let notGzip = B.archive(root: goodRoot, data: [1, 2, 3, 4, 5, 6], compression: 2)
    do {
        _ = try B.reader(notGzip)
        Issue.record("no error")
    } catch let error as PMTilesError {
        guard case .badGzip(what: "root directory", _) = error else { Issue.record("\(error)"); return }
    }
}

@Test func tileIDsPastLevel31AndOtherBadDirectories() {
    expectError(
        B.archive(root: B.directory([(HilbertTileID.maximumRawValue + 1, 0, 1, 1)]), data: [1]),
        .tileIDTooLarge(HilbertTileID.maximumRawValue + 1))
    // Ids that do not increase.
    expectError(
        B.archive(root: B.directory([(5, 0, 1, 1), (5, 1, 1, 1)]), data: [1, 2]),
        .tileIDsOutOfOrder(previous: 5, next: 5))
    // A length of 0.
    expectError(B.archive(root: B.directory([(0, 0, 0, 1)]), data: [1]), .badEntryLength(tileID: 0, length: 0))
    // No entries.
    expectError(B.archive(root: [0]), .badEntryCount(count: 0, limit: 1))
    // A count the bytes cannot hold.
    expectError(B.archive(root: [100, 0, 0, 0, 0]), .badEntryCount(count: 100, limit: 1))
    // The directory ends inside the offsets.
    // (Lengths of 300 take two bytes each, so the count check, 4 bytes an entry, still passes.)
    let wide = B.directory([(0, 0, 300, 1), (1, 300, 300, 1)])
    expectError(B.archive(root: Array(wide.dropLast())), .truncatedDirectory(what: "offsets"))
    // The first offset stored as 0.
    var zero = goodRoot
    zero[zero.count - 2] = 0
    expectError(B.archive(root: zero, data: [1, 2, 3, 4, 5, 6]), .firstOffsetZero)
    // Metadata that is not a JSON object.
    do {
        let reader = try B.reader(B.archive(root: goodRoot, metadata: Array("[1, 2]".utf8), data: [1, 2, 3, 4, 5, 6]))
        #expect(throws: PMTilesError.badMetadata(detail: "JSON that is not an object")) { try reader.metadata() }
    } catch { Issue.record("\(error)") }
}

@Test func runsThatOverlapTheNextEntryOrPassLevel31AreRefused() throws {
    let last = HilbertTileID.maximumRawValue
    // A run of 3 from id 5 covers 5, 6, 7: it may end right before an entry at 8, not reach one at 7.
    let touching = B.archive(root: B.directory([(5, 0, 1, 3), (8, 1, 1, 1)]), data: [1, 2])
    #expect(try B.reader(touching).tileData(for: HilbertTileID(rawValue: 7)) == Data([1]))
    expectError(
        B.archive(root: B.directory([(5, 0, 1, 3), (7, 1, 1, 1)]), data: [1, 2]),
        .overlappingRun(tileID: 5, runLength: 3, next: 7))
    // The last run may end at level 31's last id, not one past it.
    let toTheEnd = B.archive(root: B.directory([(last - 1, 0, 1, 2)]), data: [1])
    #expect(try B.reader(toTheEnd).tileData(for: HilbertTileID(rawValue: last)) == Data([1]))
    expectError(
        B.archive(root: B.directory([(last - 1, 0, 1, 3)]), data: [1]),
        .overlappingRun(tileID: last - 1, runLength: 3, next: last + 1))
    expectError(
        B.archive(root: B.directory([(0, 0, 1, .max)]), data: [1]),
        .overlappingRun(tileID: 0, runLength: .max, next: last + 1))
}

@Test func runsOfTwoLeavesThatOverlapAreRefusedByTheWalk() throws {
    // Four leaves, each one run over every id: each leaf is valid alone, but a leaf's run must end before the next
    // sibling's id (1 for the first), and four such runs summed would pass UInt64 (the fuzzer's finding: a trap in
    // the statistics).
    let full = HilbertTileID.maximumRawValue + 1
    let leaf = B.directory([(0, 0, 1, full)])
    let width = UInt64(leaf.count)
    let root = B.directory((0..<4).map { (UInt64($0), UInt64($0) * width, width, 0) })
    let reader = try B.reader(B.archive(root: root, leaves: leaf + leaf + leaf + leaf, data: [1]))
    #expect(throws: PMTilesError.overlappingRun(tileID: 0, runLength: full, next: 1)) { try reader.statistics() }
    // One such leaf alone: every id addressed, counted without overflow.
    let one = try B.reader(B.archive(root: B.directory([(0, 0, width, 0)]), leaves: leaf, data: [1]))
    let stats = try one.statistics()
    #expect(stats.addressedTiles == full)
    #expect(stats.tilesPerLevel[0] == 1 && stats.tilesPerLevel[31] == UInt64(1) << 62)
}

@Test func leafEntriesOutsideTheirParentsSpanAreRefused() throws {
    // Root: a leaf for ids 0..<5, then tile 5. The leaf holds tile 14: listed before 5, found by no lookup.
    let stray = B.directory([(14, 0, 1, 1)])
    let width = UInt64(stray.count)
    let root = B.directory([(0, 0, width, 0), (5, 1, 1, 1)])
    let reader = try B.reader(B.archive(root: root, leaves: stray, data: [1, 2]))
    #expect(try reader.byteRange(for: HilbertTileID(rawValue: 14)) == nil)
    #expect(throws: PMTilesError.leafEntryOutsideParent(tileID: 14, first: 0, end: 5)) { try reader.tileEntries() }
    // A leaf entry before its parent's id.
    let early = B.directory([(2, 0, 1, 1)])
    let late = B.archive(root: B.directory([(3, 0, UInt64(early.count), 0)]), leaves: early, data: [1])
    #expect(throws: PMTilesError.leafEntryOutsideParent(tileID: 2, first: 3, end: HilbertTileID.maximumRawValue + 1)) {
        try B.reader(late).tileEntries()
    }
    // A leaf run reaching the next sibling's id: 3 + 3 > 5.
    let long = B.directory([(3, 0, 1, 3)])
    let reaching = B.archive(
        root: B.directory([(0, 0, UInt64(long.count), 0), (5, 1, 1, 1)]), leaves: long, data: [1, 2])
    #expect(throws: PMTilesError.overlappingRun(tileID: 3, runLength: 3, next: 5)) {
        try B.reader(reaching).tileEntries()
    }
    // Ending right at it (3 + 2 = 5) is fine: ids 3, 4 from the leaf, then 5.
    let fits = B.directory([(3, 0, 1, 2)])
    let good = B.archive(root: B.directory([(0, 0, UInt64(fits.count), 0), (5, 1, 1, 1)]), leaves: fits, data: [1, 2])
    #expect(try B.reader(good).tileEntries().map(\.tileID) == [3, 5])
}

@Test func aWalkDecodesAtMostItsEntryLimit() throws {
    // Three leaves of 4 entries each under a root of 3: 15 entries decoded in all.
    let leaves = (0..<3).map { k in B.directory((0..<4).map { (UInt64(10 * k + $0), UInt64($0), 1, 1) }) }
    let width = UInt64(leaves[0].count)
    #expect(leaves.allSatisfy { UInt64($0.count) == width })
    let root = B.directory((0..<3).map { (UInt64(10 * $0), UInt64($0) * width, width, 0) })
    let bytes = Data(B.archive(root: root, leaves: leaves.flatMap { $0 }, data: [1, 2, 3, 4]))
    let exact = try PMTilesReader(DataByteRangeReader(bytes), walkEntryLimit: 15)
    #expect(try exact.tileEntries().count == 12)
    let short = try PMTilesReader(DataByteRangeReader(bytes), walkEntryLimit: 14)
    #expect(throws: PMTilesError.directoriesTooLarge(entries: 15, limit: 14)) { try short.tileEntries() }
    // The default: 16 entries per byte of the leaf section, at least 2^22.
    #expect(exact.walkEntryLimit == 15 && PMTilesReader.defaultWalkEntryLimit(leafBytes: 3 * width) == 1 << 22)
    #expect(PMTilesReader.defaultWalkEntryLimit(leafBytes: 1 << 20) == 1 << 24)
    #expect(PMTilesReader.defaultWalkEntryLimit(leafBytes: .max) == .max)
    #expect(try PMTilesReader(DataByteRangeReader(bytes)).walkEntryLimit == 1 << 22)
}

@Test func theLeafCacheIsBoundedInBytes() throws {
    // Three leaves of 4 entries (128 bytes decoded each) under a cache of 300 bytes: at most two are kept.
    let leaves = (0..<3).map { k in B.directory((0..<4).map { (UInt64(10 * k + $0), UInt64($0), 1, 1) }) }
    let width = UInt64(leaves[0].count)
    let root = B.directory((0..<3).map { (UInt64(10 * $0), UInt64($0) * width, width, 0) })
    let bytes = Data(B.archive(root: root, leaves: leaves.flatMap { $0 }, data: [1, 2, 3, 4]))
    let reader = try PMTilesReader(DataByteRangeReader(bytes), cachedLeafBytes: 300)
    for id: UInt64 in [0, 10, 20, 1, 11, 21] {
        #expect(try reader.tileData(for: HilbertTileID(rawValue: id)) != nil)
        #expect(reader.leafCacheUsage.bytes <= 300)
    }
    #expect(reader.leafCacheUsage == (2, 256))
    // A cache smaller than one leaf keeps none, and lookups still work.
    let none = try PMTilesReader(DataByteRangeReader(bytes), cachedLeafBytes: 100)
    #expect(try none.tileData(for: HilbertTileID(rawValue: 21)) == Data([2]))
    #expect(none.leafCacheUsage == (0, 0))
}
