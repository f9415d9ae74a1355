/// A run of consecutive tiles in one row: columns ``first`` through ``last`` (inclusive).
public struct ColumnSpan: Sendable, Hashable, Comparable {
    /// The row.
    public var row: Int
    /// The first column of the run.
    public var first: Int
    /// The last column of the run (≥ first).
    public var last: Int

    /// Creates a run.
    @inlinable
    public init(row: Int, first: Int, last: Int) {
        self.row = row
        self.first = first
        self.last = last
    }

    /// Number of tiles in the run, last − first + 1 (0 for an empty run, last < first), saturating at `Int.max`:
    /// only a run built by hand across more than `Int.max` columns (say `Int.min…Int.max`) reaches it.
    /// - Complexity: O(1).
    @inlinable
    public var count: Int {
        guard last >= first else { return 0 }
        // last − first fits a UInt for any two Ints; + 1 may still pass Int.max.
        let span = UInt(bitPattern: last &- first)
        return span >= UInt(Int.max) ? .max : Int(span) + 1
    }

    /// Orders by row, then first column.
    @inlinable
    public static func < (a: ColumnSpan, b: ColumnSpan) -> Bool {
        a.row != b.row ? a.row < b.row : (a.first != b.first ? a.first < b.first : a.last < b.last)
    }
}
