/// A run of tiles of one level and row: columns first…last (unwrapped), the unit in which covers are produced and
/// diffed (`FrameCovers`, `FrameWalk`). A flat grid's runs are all of level 0.
package struct LevelRun: Sendable, Hashable {
    package var level: Int
    package var row: Int
    package var first: Int
    package var last: Int

    /// The run of columns `first` … `last` of `row` at `level`.
    package init(level: Int, row: Int, first: Int, last: Int) {
        self.level = level
        self.row = row
        self.first = first
        self.last = last
    }

    /// Whether this run's (level, row) comes before `other`'s.
    @inline(__always)
    func precedesRow(of other: LevelRun) -> Bool {
        level != other.level ? level < other.level : row < other.row
    }

    /// Whether both runs lie on the same level and row.
    @inline(__always)
    func sharesRow(with other: LevelRun) -> Bool { level == other.level && row == other.row }
}
