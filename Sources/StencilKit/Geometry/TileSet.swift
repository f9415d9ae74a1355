/// A set of tiles stored as sorted, disjoint, non-adjacent column runs per row: compact for the corridor-shaped
/// sets a flight needs, iterated in row-major order. Membership finds the row directly when the rows holding tiles
/// are consecutive (as a flight's always are: O(1) for the row, then a binary search over its few runs) and by a
/// binary search over the rows otherwise. Storage grows with the runs only, however far apart their rows lie.
public struct TileSet: Sendable, Hashable, Sequence {
    /// The runs, sorted by row then column, merged so no two touch.
    public let spans: [ColumnSpan]
    /// The rows holding tiles, ascending; empty when they are consecutive (row i is `firstRow + i`).
    private let rowKeys: [Int]
    /// Index into ``spans`` of the first run of each row, plus an end; empty when the rows are consecutive and hold
    /// one run each (row i's run is run i), as a corridor's do.
    private let rowStarts: [Int]
    /// Number of rows holding tiles.
    private let rowCount: Int
    /// Whether the rows holding tiles are consecutive integers, so a row's position is `row − firstRow`.
    private let rowsAreConsecutive: Bool
    /// The first row holding a tile (0 when empty).
    public let firstRow: Int
    /// Number of tiles, saturating at `Int.max` (only a set built by hand from runs spanning more than `Int.max`
    /// tiles in all reaches it; every grid has at most `Int.max` tiles).
    public let count: Int

    /// The empty set.
    public static let empty = TileSet(mergedSpans: [])

    /// The set of the tiles in any of `spans` (in any order, overlapping or not; a run with `last < first` is empty).
    public init(spans: [ColumnSpan]) {
        self.init(mergedSpans: Self.merge(spans))
    }

    /// The set of the given tiles.
    public init(_ tiles: some Sequence<TileIndex>) {
        self.init(spans: tiles.map { ColumnSpan(row: $0.row, first: $0.column, last: $0.column) })
    }

    private init(mergedSpans: [ColumnSpan]) {
        spans = mergedSpans
        firstRow = mergedSpans.first?.row ?? 0
        // One pass without allocating: the rows, whether they are consecutive, whether each holds one run.
        var rows = 0
        var consecutive = true
        var oneRunEach = true
        for index in mergedSpans.indices {
            let row = mergedSpans[index].row
            if index > 0 && mergedSpans[index - 1].row == row {
                oneRunEach = false
                continue
            }
            if index > 0 && mergedSpans[index - 1].row &+ 1 != row { consecutive = false }
            rows += 1
        }
        rowCount = rows
        rowsAreConsecutive = consecutive
        var keys: [Int] = []
        var starts: [Int] = []
        if !consecutive || !oneRunEach {
            if !consecutive { keys.reserveCapacity(rows) }
            starts.reserveCapacity(rows + 1)
            for (index, span) in mergedSpans.enumerated() where index == 0 || mergedSpans[index - 1].row != span.row {
                if !consecutive { keys.append(span.row) }
                starts.append(index)
            }
            starts.append(mergedSpans.count)
        }
        rowKeys = keys
        rowStarts = starts
        count = mergedSpans.reduce(0) { total, span in
            let (sum, overflow) = total.addingReportingOverflow(span.count)
            return overflow ? .max : sum
        }
    }

    /// Sorts and merges overlapping or adjacent runs (without overflow at `Int.min` or `Int.max`).
    /// - Complexity: O(n) when the runs are already sorted and apart. For n ≥ 256 runs whose rows span at most
    ///   2n + 64 rows (a track's rows are consecutive), a counting sort by row, then per row of k runs spanning w
    ///   columns either a count of the runs over each column, O(k + w) when k > 16 and w < 4k, or a sort,
    ///   O(k·log k): O(n + rows + Σ min(k + w, k·log k)) in all. Otherwise one sort, O(n·log n), which allocates
    ///   less for a few runs. Memory O(n + rows).
    static func merge(_ input: [ColumnSpan]) -> [ColumnSpan] {
        // Already sorted, non-empty and apart (one convex shape's runs): nothing to do.
        var apart = true
        for i in input.indices {
            let span = input[i]
            if span.first > span.last {
                apart = false
                break
            }
            if i > 0 {
                let previous = input[i - 1]
                if span.row < previous.row
                    || span.row == previous.row && (span.first <= previous.last || span.first &- 1 == previous.last)
                {
                    apart = false
                    break
                }
            }
        }
        if apart { return input }
        var lowRow = Int.max
        var highRow = Int.min
        var nonEmpty = 0
        for span in input where span.first <= span.last {
            nonEmpty += 1
            lowRow = Swift.min(lowRow, span.row)
            highRow = Swift.max(highRow, span.row)
        }
        guard nonEmpty > 0 else { return [] }
        let (rowSpan, overflow) = highRow.subtractingReportingOverflow(lowRow)
        if nonEmpty >= 256 && !overflow && rowSpan <= 2 * nonEmpty + 64 {
            return mergedByRow(input, lowRow: lowRow, rows: rowSpan + 1, count: nonEmpty)
        }
        var merged: [ColumnSpan] = []
        merged.reserveCapacity(nonEmpty)
        appendMerging(input.sorted()[...], to: &merged)
        return merged
    }

    /// Appends the non-empty runs of `sorted` (sorted by row, then first column) to `merged`, joining each to the
    /// last one when they overlap or touch in the same row.
    private static func appendMerging(_ sorted: ArraySlice<ColumnSpan>, to merged: inout [ColumnSpan]) {
        for span in sorted where span.first <= span.last {
            // Sorted, so span.first ≥ last.first: it joins `last` when it starts at most one past last's end.
            if var last = merged.last, last.row == span.row, span.first <= last.last || span.first - 1 == last.last {
                last.last = Swift.max(last.last, span.last)
                merged[merged.count - 1] = last
            } else {
                merged.append(span)
            }
        }
    }

    /// The merged runs of the non-empty runs of `input` (rows in lowRow ..< lowRow + rows, `count` of them): a
    /// counting sort by row, then each row merged on its own — a dense row (more than 16 runs over fewer than 4
    /// columns a run) by counting the runs over each column, any other by sorting its runs.
    private static func mergedByRow(_ input: [ColumnSpan], lowRow: Int, rows: Int, count: Int) -> [ColumnSpan] {
        var starts = [Int](repeating: 0, count: rows + 1)
        for span in input where span.first <= span.last { starts[span.row - lowRow + 1] += 1 }
        for r in 0..<rows { starts[r + 1] += starts[r] }
        var next = starts
        var out = [ColumnSpan](repeating: ColumnSpan(row: 0, first: 0, last: 0), count: count)
        for span in input where span.first <= span.last {
            let r = span.row - lowRow
            out[next[r]] = span
            next[r] += 1
        }
        var merged: [ColumnSpan] = []
        var depth: [Int] = []
        for r in 0..<rows {
            let lo = starts[r]
            let hi = starts[r + 1]
            guard hi - lo > 16 else {
                // Insertion sort of a few runs.
                var i = lo + 1
                while i < hi {
                    let span = out[i]
                    var j = i
                    while j > lo && out[j - 1].first > span.first {
                        out[j] = out[j - 1]
                        j -= 1
                    }
                    out[j] = span
                    i += 1
                }
                appendMerging(out[lo..<hi], to: &merged)
                continue
            }
            var minFirst = Int.max
            var maxLast = Int.min
            for i in lo..<hi {
                minFirst = Swift.min(minFirst, out[i].first)
                maxLast = Swift.max(maxLast, out[i].last)
            }
            let (width, wide) = maxLast.subtractingReportingOverflow(minFirst)
            guard !wide && width < 4 * (hi - lo) else {
                out[lo..<hi].sort { $0.first < $1.first }
                appendMerging(out[lo..<hi], to: &merged)
                continue
            }
            // Runs starting minus runs ending at each column, then the columns some run covers.
            depth.removeAll(keepingCapacity: true)
            depth.append(contentsOf: repeatElement(0, count: width + 2))
            for i in lo..<hi {
                depth[out[i].first - minFirst] += 1
                depth[out[i].last - minFirst + 1] -= 1
            }
            let row = lowRow + r
            var covering = 0
            var runStart = -1
            for c in 0...width {
                covering += depth[c]
                if covering > 0 {
                    if runStart < 0 { runStart = c }
                } else if runStart >= 0 {
                    merged.append(ColumnSpan(row: row, first: minFirst + runStart, last: minFirst + c - 1))
                    runStart = -1
                }
            }
            if runStart >= 0 { merged.append(ColumnSpan(row: row, first: minFirst + runStart, last: maxLast)) }
        }
        return merged
    }

    /// Whether the set is empty.
    public var isEmpty: Bool { spans.isEmpty }

    /// The rows holding tiles, or nil when empty.
    public var rows: ClosedRange<Int>? {
        guard let first = spans.first, let last = spans.last else { return nil }
        return first.row...last.row
    }

    /// The runs of one row (empty if the row holds none). O(1) when the set's rows are consecutive, else O(log rows).
    public func spans(inRow row: Int) -> ArraySlice<ColumnSpan> { spans[spanIndices(inRow: row)] }

    /// The positions in ``spans`` of one row's runs (empty if the row holds none): as ``spans(inRow:)``, without
    /// making a slice.
    func spanIndices(inRow row: Int) -> Range<Int> {
        if rowsAreConsecutive {
            let (position, overflow) = row.subtractingReportingOverflow(firstRow)
            guard !overflow, position >= 0, position < rowCount else { return 0..<0 }
            if rowStarts.isEmpty { return position..<position + 1 }
            return rowStarts[position]..<rowStarts[position + 1]
        }
        let key = rowKeys.partitioningIndex { $0 >= row }
        guard key < rowKeys.count, rowKeys[key] == row else { return 0..<0 }
        return rowStarts[key]..<rowStarts[key + 1]
    }

    /// Whether the set holds `tile`.
    public func contains(_ tile: TileIndex) -> Bool {
        let runs = spans(inRow: tile.row)
        // The first run of the row ending at or after the column.
        let run = runs.partitioningIndex { $0.last >= tile.column }
        return run < runs.endIndex && runs[run].first <= tile.column
    }

    /// The tiles in row-major order.
    public var tiles: [TileIndex] { Array(self) }

    /// The tiles in either set.
    public func union(_ other: TileSet) -> TileSet { TileSet(spans: spans + other.spans) }

    /// The tiles of this set that `other` lacks.
    public func subtracting(_ other: TileSet) -> TileSet {
        var result: [ColumnSpan] = []
        for span in spans {
            var start = span.first
            var covered = false
            for cut in other.spans(inRow: span.row) where cut.last >= start && cut.first <= span.last {
                if cut.first > start { result.append(ColumnSpan(row: span.row, first: start, last: cut.first - 1)) }
                // The cut reaches the run's end (tested before `+ 1`, which would overflow at Int.max).
                guard cut.last < span.last else {
                    covered = true
                    break
                }
                start = cut.last + 1
            }
            if !covered { result.append(ColumnSpan(row: span.row, first: start, last: span.last)) }
        }
        return TileSet(mergedSpans: result)
    }

    /// The tiles in both sets.
    public func intersection(_ other: TileSet) -> TileSet { subtracting(subtracting(other)) }

    /// Whether every tile of this set is in `other`.
    public func isSubset(of other: TileSet) -> Bool { subtracting(other).isEmpty }

    /// Iterates the tiles in row-major order.
    public func makeIterator() -> Iterator { Iterator(spans: spans) }

    /// Iterates a ``TileSet`` in row-major order.
    public struct Iterator: IteratorProtocol {
        let spans: [ColumnSpan]
        var spanIndex = 0
        var column: Int?

        init(spans: [ColumnSpan]) { self.spans = spans }

        /// The next tile, or nil at the end.
        public mutating func next() -> TileIndex? {
            guard spanIndex < spans.count else { return nil }
            let span = spans[spanIndex]
            let c = column ?? span.first
            if c >= span.last {
                spanIndex += 1
                column = nil
            } else {
                column = c + 1
            }
            return TileIndex(column: c, row: span.row)
        }
    }

    /// Number of tiles (the same as ``count``).
    public var underestimatedCount: Int { count }
}

extension TileSet {
    /// The distinct real tiles under this set of unwrapped tiles (the geometry model's *Tiles, unwrapped columns and
    /// ghost tiles* (§2)): a run as wide as the world is the
    /// whole row; a shorter one maps to one run, or two across a world boundary.
    /// - Complexity: O(runs · log runs); O(runs) and no copy when every run already lies in the real columns.
    public func realTiles(on grid: TileGrid) -> TileSet {
        if spans.allSatisfy({ $0.first >= 0 && $0.last < grid.columns }) { return self }
        var real: [ColumnSpan] = []
        for span in spans {
            if span.count >= grid.columns {
                real.append(ColumnSpan(row: span.row, first: 0, last: grid.columns - 1))
                continue
            }
            let first = grid.realColumn(of: span.first)
            let last = first + span.count - 1
            if last < grid.columns {
                real.append(ColumnSpan(row: span.row, first: first, last: last))
            } else {
                real.append(ColumnSpan(row: span.row, first: first, last: grid.columns - 1))
                real.append(ColumnSpan(row: span.row, first: 0, last: last - grid.columns))
            }
        }
        return TileSet(spans: real)
    }
}
