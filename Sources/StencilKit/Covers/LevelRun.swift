/// A run of tiles of one level and row: columns first…last (unwrapped), the unit in which covers are produced and
/// diffed (`FrameCovers`, `FrameWalk`). A flat grid's runs are all of level 0.
struct LevelRun: Sendable, Hashable {
    var level: Int
    var row: Int
    var first: Int
    var last: Int

    /// Whether this run's (level, row) comes before `other`'s.
    @inline(__always)
    func precedesRow(of other: LevelRun) -> Bool {
        level != other.level ? level < other.level : row < other.row
    }

    /// Whether both runs lie on the same level and row.
    @inline(__always)
    func sharesRow(with other: LevelRun) -> Bool { level == other.level && row == other.row }
}
