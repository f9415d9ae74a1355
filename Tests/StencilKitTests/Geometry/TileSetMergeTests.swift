import TestSupport
import Testing

@testable import StencilKit

/// TileSet's run merging on inputs that reach each of its paths — from 256 runs on consecutive rows, dense rows (more
/// than 16 runs over few columns, merged by counting) and sparse rows (sorted); rows far apart and fewer runs (one
/// comparison sort); runs at Int's ends — against the tiles each run holds, expanded one by one.
struct TileSetMergeTests {
    /// The union of the runs, expanded tile by tile, as sorted disjoint non-adjacent runs per row: the expected set.
    static func expected(_ spans: [ColumnSpan]) -> [ColumnSpan] {
        var columnsOfRow: [Int: Set<Int>] = [:]
        for s in spans where s.first <= s.last {
            for c in s.first...s.last { columnsOfRow[s.row, default: []].insert(c) }
        }
        var runs: [ColumnSpan] = []
        for row in columnsOfRow.keys.sorted() {
            for c in columnsOfRow[row]!.sorted() {
                if let last = runs.last, last.row == row, last.last == c - 1 {
                    runs[runs.count - 1].last = c
                } else {
                    runs.append(ColumnSpan(row: row, first: c, last: c))
                }
            }
        }
        return runs
    }

    /// Runs in `rows`, `perRow` a row on average, starting in `columns`, of length 1…`length`, some empty.
    static func randomSpans(
        _ g: inout SplitMix64, count: Int, rows: ClosedRange<Int>, columns: ClosedRange<Int>, length: Int
    ) -> [ColumnSpan] {
        (0..<count).map { _ in
            let first = g.int(columns)
            let last = g.chance(0.05) ? first - 1 : first + g.int(0...(length - 1))
            return ColumnSpan(row: g.int(rows), first: first, last: last)
        }
    }

    @Test func denseRowsMergeByCounting() {
        var g = SplitMix64(seed: 0xD3_45E)
        for _ in 0..<200 {
            // 256…600 runs over 3 rows and about 30 columns: more than 16 runs a row, narrow.
            let spans = Self.randomSpans(&g, count: g.int(256...600), rows: 4...6, columns: -20...10, length: 6)
            #expect(TileSet(spans: spans).spans == Self.expected(spans))
        }
    }

    @Test func sparseAndFarApartRowsMergeBySorting() {
        var g = SplitMix64(seed: 0x5_9A45E)
        for _ in 0..<200 {
            // More than 16 runs a row spread over thousands of columns: sorted, not counted.
            let sparse = Self.randomSpans(&g, count: g.int(256...400), rows: -2...1, columns: -5000...5000, length: 3)
            #expect(TileSet(spans: sparse).spans == Self.expected(sparse))
            // Rows far apart (past 2n + 64 rows), or fewer than 256 runs: one comparison sort.
            let far = Self.randomSpans(&g, count: g.int(2...300), rows: -100_000...100_000, columns: -8...8, length: 4)
            #expect(TileSet(spans: far).spans == Self.expected(far))
            let few = Self.randomSpans(&g, count: g.int(2...255), rows: 0...3, columns: -8...8, length: 4)
            #expect(TileSet(spans: few).spans == Self.expected(few))
            // Mixed: some dense rows, some sparse, among consecutive rows.
            let mixed =
                Self.randomSpans(&g, count: 200, rows: 0...1, columns: 0...12, length: 5)
                + Self.randomSpans(&g, count: 100, rows: 2...3, columns: -900...900, length: 2)
            #expect(TileSet(spans: mixed.shuffled(using: &g)).spans == Self.expected(mixed))
        }
    }

    @Test func runsAtIntsEndsMergeWithoutOverflow() {
        // A dense row whose runs span more than Int's range of differences is sorted, not counted.
        var spans = (0..<300).map { ColumnSpan(row: 3, first: $0 % 20, last: $0 % 20 + 1) }
        spans.append(ColumnSpan(row: 3, first: .min, last: .min + 2))
        spans.append(ColumnSpan(row: 3, first: .max - 1, last: .max))
        spans.append(ColumnSpan(row: 3, first: .max, last: .max))
        let set = TileSet(spans: spans.reversed())
        #expect(
            set.spans == [
                ColumnSpan(row: 3, first: .min, last: .min + 2), ColumnSpan(row: 3, first: 0, last: 20),
                ColumnSpan(row: 3, first: .max - 1, last: .max),
            ])
        // Rows at Int's ends are too far apart for the counting sort by row.
        let rows = TileSet(spans: [
            ColumnSpan(row: .max, first: 0, last: 1), ColumnSpan(row: .min, first: 1, last: 2),
            ColumnSpan(row: .max, first: 2, last: 2),
        ])
        #expect(rows.spans == [ColumnSpan(row: .min, first: 1, last: 2), ColumnSpan(row: .max, first: 0, last: 2)])
    }
}
