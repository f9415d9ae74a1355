/// A tile address (column, row). In unwrapped use the column may be any integer: it names a world copy
/// of a real column (see ``TileGrid/realColumn(of:)``). Ordered row-major (row, then column).
public struct TileIndex: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The column; unwrapped columns may lie outside the grid.
    public var column: Int
    /// The row, from 0 at the top.
    public var row: Int

    /// Creates a tile address.
    @inlinable
    public init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }

    /// Row-major order: by row, then by column.
    @inlinable
    public static func < (a: TileIndex, b: TileIndex) -> Bool {
        a.row != b.row ? a.row < b.row : a.column < b.column
    }

    /// `(column, row)`.
    public var description: String { "(\(column), \(row))" }
}
