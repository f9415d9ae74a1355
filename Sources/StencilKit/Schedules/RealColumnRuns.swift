/// The real columns of one row of a cover: at most two disjoint runs in 0 ..< columns, sorted (an unwrapped run
/// that crosses ±180° becomes a run at the east end and one at the west end), or all columns.
///
/// Always true: `count` is 0, 1 or 2; the runs are sorted, disjoint and not adjacent.
struct RealColumnRuns: Sendable, Hashable {
    var first0 = 0, last0 = -1
    var first1 = 0, last1 = -1
    var count = 0

    static let empty = RealColumnRuns()

    /// The real columns of the unwrapped columns `first … last` (first ≤ last) on a grid of `columns` columns.
    /// - Complexity: O(1).
    init(unwrappedFirst first: Int, last: Int, columns: Int) {
        let width = last - first
        if width >= columns - 1 {
            self.init(0, columns - 1)
            return
        }
        var a = first % columns
        if a < 0 { a += columns }
        let b = a + width
        if b < columns {
            self.init(a, b)
        } else {
            // The wrapped part [0, b − columns] lies at least two columns west of a (width ≤ columns − 2).
            self.init(0, b - columns)
            first1 = a
            last1 = columns - 1
            count = 2
        }
    }

    init() {}

    init(_ first: Int, _ last: Int) {
        first0 = first
        last0 = last
        count = 1
    }

    /// Calls `body(first, last)` for every run of columns of `self` that no run of `other` holds, west to east.
    /// - Complexity: O(1) plus the calls.
    @inline(__always)
    func forEachRun(notIn other: RealColumnRuns, _ body: (Int, Int) -> Void) {
        if count > 0 { Self.subtract(first0, last0, other, body) }
        if count > 1 { Self.subtract(first1, last1, other, body) }
    }

    /// The pieces of `lo … hi` outside the (sorted, disjoint) runs of `other`.
    @inline(__always)
    static func subtract(_ lo: Int, _ hi: Int, _ other: RealColumnRuns, _ body: (Int, Int) -> Void) {
        var start = lo
        if other.count > 0 {
            if other.last0 >= start && other.first0 <= hi {
                if other.first0 > start { body(start, other.first0 - 1) }
                start = other.last0 + 1
            }
        }
        if other.count > 1 && start <= hi {
            if other.last1 >= start && other.first1 <= hi {
                if other.first1 > start { body(start, other.first1 - 1) }
                start = other.last1 + 1
            }
        }
        if start <= hi { body(start, hi) }
    }
}

/// The real column runs of every row of one frame's cover, rows `firstRow ... lastRow` (none when empty), stored in
/// a buffer reused from frame to frame.
struct FrameRows: Sendable {
    var firstRow = 0
    var rowCount = 0
    var rows: [RealColumnRuns] = []

    /// Empties the frame for rows `first … last` (none when last < first), keeping the buffer.
    mutating func reset(firstRow first: Int, lastRow last: Int) {
        firstRow = first
        rowCount = Swift.max(0, last - first + 1)
        rows.removeAll(keepingCapacity: true)
        rows.reserveCapacity(rowCount)
    }

    /// The runs of `row` (empty outside the frame's rows).
    @inline(__always)
    func runs(ofRow row: Int) -> RealColumnRuns {
        let i = row - firstRow
        return i >= 0 && i < rows.count ? rows[i] : .empty
    }
}
