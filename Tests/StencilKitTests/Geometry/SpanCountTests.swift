import Testing

@testable import StencilKit

/// `ColumnSpan.count` was `last − first + 1`, which overflowed (a trap) for a run across extreme columns, and
/// `TileSet.count` summed those counts unchecked. Counts now saturate at `Int.max`, and are exact below it.
struct SpanCountTests {
    @Test func spanCountsAreExactOrSaturate() {
        // Exact: the width of the run, counted by hand.
        #expect(ColumnSpan(row: 0, first: 3, last: 7).count == 5)
        #expect(ColumnSpan(row: 0, first: -2, last: 2).count == 5)
        #expect(ColumnSpan(row: 0, first: 4, last: 4).count == 1)
        #expect(ColumnSpan(row: 0, first: 5, last: 4).count == 0)
        #expect(ColumnSpan(row: 0, first: Int.max, last: Int.min).count == 0)
        // 0…Int.max − 1 holds Int.max tiles exactly; 0…Int.max holds Int.max + 1, which saturates.
        #expect(ColumnSpan(row: 0, first: 0, last: Int.max - 1).count == Int.max)
        #expect(ColumnSpan(row: 0, first: 0, last: Int.max).count == Int.max)
        // Int.min…−1 holds 2⁶³ tiles; Int.min + 1…−1 holds Int.max.
        #expect(ColumnSpan(row: 0, first: Int.min + 1, last: -1).count == Int.max)
        #expect(ColumnSpan(row: 0, first: Int.min, last: -1).count == Int.max)
        // The whole Int range: 2⁶⁴ tiles; last − first itself used to overflow.
        #expect(ColumnSpan(row: 0, first: Int.min, last: Int.max).count == Int.max)
        #expect(ColumnSpan(row: 7, first: Int.min, last: 0).count == Int.max)
        // −2⁶²…2⁶² holds 2⁶³ + 1 tiles (saturates); −2⁶¹…2⁶¹ holds 2⁶² + 1 (exact).
        #expect(ColumnSpan(row: 7, first: -(1 << 62), last: 1 << 62).count == Int.max)
        #expect(ColumnSpan(row: 7, first: -(1 << 61), last: 1 << 61).count == (1 << 62) + 1)
    }

    @Test func tileSetCountsSaturate() {
        let whole = TileSet(spans: [ColumnSpan(row: 0, first: Int.min, last: Int.max)])
        #expect(whole.count == Int.max)
        #expect(whole.underestimatedCount == Int.max)
        #expect(whole.contains(TileIndex(column: 0, row: 0)))
        #expect(
            whole.contains(TileIndex(column: Int.min, row: 0)) && whole.contains(TileIndex(column: Int.max, row: 0)))
        // Two rows of 2⁶² tiles each: 2⁶³ in all, one past Int.max.
        let two = TileSet(spans: [
            ColumnSpan(row: 0, first: 0, last: (1 << 62) - 1), ColumnSpan(row: 1, first: 0, last: (1 << 62) - 1),
        ])
        #expect(two.count == Int.max)
        // Three rows of 2⁶¹ tiles: 3·2⁶¹ < Int.max, exact.
        let three = TileSet(spans: (0..<3).map { ColumnSpan(row: $0, first: -(1 << 60), last: (1 << 60) - 1) })
        #expect(three.count == 3 << 61)
        // Iterating a set at the edge of the Int range ends (the iterator never steps past Int.max).
        let edge = TileSet(spans: [ColumnSpan(row: 0, first: Int.max - 2, last: Int.max)])
        #expect(edge.count == 3)
        #expect(Array(edge).map(\.column) == [Int.max - 2, Int.max - 1, Int.max])
        // Subtracting and merging at the extremes keep exact counts.
        let rest = whole.subtracting(TileSet(spans: [ColumnSpan(row: 0, first: Int.min, last: Int.max - 5)]))
        #expect(rest.count == 5)
    }
}
