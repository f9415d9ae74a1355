import TestSupport
import Testing

@testable import StencilKit

/// TileSet against Swift's Set<TileIndex> on random data, and its run merging by hand.
struct TileSetTests {
    static func randomSpans(_ g: inout SplitMix64) -> [ColumnSpan] {
        (0..<g.int(0...12)).map { _ in
            let row = g.int(-3...5)
            let first = g.int(-12...12)
            return ColumnSpan(row: row, first: first, last: first + g.int(0...(g.chance(0.3) ? 0 : 6)))
        }
    }

    static func expand(_ spans: [ColumnSpan]) -> Set<TileIndex> {
        var set = Set<TileIndex>()
        for s in spans { for c in s.first...s.last { set.insert(TileIndex(column: c, row: s.row)) } }
        return set
    }

    /// Structure: runs sorted by row then column, each non-empty, no two of one row overlapping or adjacent.
    static func checkInvariants(_ set: TileSet, sourceLocation: SourceLocation = #_sourceLocation) {
        for s in set.spans { #expect(s.first <= s.last, sourceLocation: sourceLocation) }
        for (a, b) in zip(set.spans, set.spans.dropFirst()) {
            #expect(
                a.row < b.row || (a.row == b.row && b.first > a.last + 1), "\(a) then \(b)",
                sourceLocation: sourceLocation)
        }
        #expect(set.count == set.spans.reduce(0) { $0 + $1.count }, sourceLocation: sourceLocation)
    }

    static func check(
        _ set: TileSet, equals expected: Set<TileIndex>, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        checkInvariants(set, sourceLocation: sourceLocation)
        #expect(set.count == expected.count, sourceLocation: sourceLocation)
        #expect(set.isEmpty == expected.isEmpty, sourceLocation: sourceLocation)
        #expect(set.tiles == expected.sorted(), "row-major order", sourceLocation: sourceLocation)
        #expect(Array(set) == set.tiles, sourceLocation: sourceLocation)
        for row in -5...7 {
            for column in -15...20 {
                let tile = TileIndex(column: column, row: row)
                if set.contains(tile) != expected.contains(tile) {
                    Issue.record("contains(\(tile)) is \(set.contains(tile))", sourceLocation: sourceLocation)
                }
            }
            let inRow = Set(
                set.spans(inRow: row).flatMap { s in (s.first...s.last).map { TileIndex(column: $0, row: row) } })
            #expect(inRow == expected.filter { $0.row == row }, sourceLocation: sourceLocation)
        }
        let rows = expected.map(\.row)
        #expect(set.rows == (rows.isEmpty ? nil : rows.min()!...rows.max()!), sourceLocation: sourceLocation)
    }

    @Test func randomSetsMatchSwiftSet() {
        var g = SplitMix64(seed: 0x7153_E7)
        for _ in 0..<400 {
            let sa = Self.randomSpans(&g)
            let sb = Self.randomSpans(&g)
            let a = TileSet(spans: sa)
            let b = TileSet(spans: sb)
            let ea = Self.expand(sa)
            let eb = Self.expand(sb)
            Self.check(a, equals: ea)
            Self.check(a.union(b), equals: ea.union(eb))
            Self.check(a.subtracting(b), equals: ea.subtracting(eb))
            Self.check(b.subtracting(a), equals: eb.subtracting(ea))
            Self.check(a.intersection(b), equals: ea.intersection(eb))
            #expect(a.isSubset(of: b) == ea.isSubset(of: eb))
            #expect(a.isSubset(of: a.union(b)))
            #expect((a == b) == (ea == eb))
            // Built from single tiles in any order it is the same value (same runs, same hash).
            var shuffled = Array(ea)
            for i in shuffled.indices.reversed() where i > 0 { shuffled.swapAt(i, g.int(0...i)) }
            let fromTiles = TileSet(shuffled)
            #expect(fromTiles == a)
            #expect(fromTiles.hashValue == a.hashValue)
            #expect(fromTiles.spans == a.spans)
        }
    }

    @Test func runsMergeWhenOverlappingOrAdjacentOnly() {
        let adjacent = TileSet(spans: [ColumnSpan(row: 0, first: 4, last: 6), ColumnSpan(row: 0, first: 1, last: 3)])
        #expect(adjacent.spans == [ColumnSpan(row: 0, first: 1, last: 6)])
        let gap = TileSet(spans: [ColumnSpan(row: 0, first: 1, last: 3), ColumnSpan(row: 0, first: 5, last: 6)])
        #expect(gap.spans == [ColumnSpan(row: 0, first: 1, last: 3), ColumnSpan(row: 0, first: 5, last: 6)])
        #expect(gap.count == 5)
        let overlapping = TileSet(spans: [
            ColumnSpan(row: 2, first: -5, last: 0), ColumnSpan(row: 2, first: -2, last: 3),
            ColumnSpan(row: 2, first: -1, last: 1),
        ])
        #expect(overlapping.spans == [ColumnSpan(row: 2, first: -5, last: 3)])
        let rows = TileSet(spans: [ColumnSpan(row: 1, first: 0, last: 2), ColumnSpan(row: 0, first: 3, last: 5)])
        #expect(rows.spans == [ColumnSpan(row: 0, first: 3, last: 5), ColumnSpan(row: 1, first: 0, last: 2)])
        let duplicates = TileSet([
            TileIndex(column: 1, row: 1), TileIndex(column: 1, row: 1), TileIndex(column: 2, row: 1),
        ])
        #expect(duplicates.spans == [ColumnSpan(row: 1, first: 1, last: 2)])
        #expect(duplicates.count == 2)
    }

    /// The generator behind every randomized test is SplitMix64 itself: its published first outputs for seed 0.
    @Test func splitMix64KnownAnswers() {
        var g = SplitMix64(seed: 0)
        #expect(g.next() == 0xE220_A839_7B1D_CDAF)
        #expect(g.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(g.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func emptySetAndGappedRows() {
        #expect(TileSet.empty.isEmpty && TileSet.empty.count == 0 && TileSet.empty.rows == nil)
        #expect(!TileSet.empty.contains(TileIndex(column: 0, row: 0)))
        #expect(TileSet(spans: []) == .empty)
        let gapped = TileSet(spans: [ColumnSpan(row: -4, first: 0, last: 0), ColumnSpan(row: 3, first: 9, last: 10)])
        #expect(gapped.spans(inRow: 0).isEmpty)
        #expect(gapped.spans(inRow: -5).isEmpty && gapped.spans(inRow: 4).isEmpty)
        #expect(gapped.contains(TileIndex(column: 10, row: 3)))
        #expect(!gapped.contains(TileIndex(column: 0, row: 0)))
        #expect(gapped.rows == -4...3)
        #expect(gapped.union(.empty) == gapped && gapped.subtracting(.empty) == gapped)
        #expect(gapped.intersection(.empty).isEmpty && TileSet.empty.subtracting(gapped).isEmpty)
    }
}
