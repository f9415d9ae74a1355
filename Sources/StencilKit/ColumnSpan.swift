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

    /// Number of tiles in the run.
    @inlinable
    public var count: Int { last - first + 1 }

    /// Orders by row, then first column.
    @inlinable
    public static func < (a: ColumnSpan, b: ColumnSpan) -> Bool {
        a.row != b.row ? a.row < b.row : (a.first != b.first ? a.first < b.first : a.last < b.last)
    }
}
