import MercatorMath

/// The one frame walk of the streaming chain: covers every frame of a ``FrameCovers`` producer as runs and reports,
/// frame by frame, the unwrapped tiles that enter and leave the cover. Each frame's runs are diffed with the
/// previous frame's run by run, so the work is O(runs per frame + tiles that change), not O(tiles per frame).
enum FrameWalk {
    /// Calls `entered(k, level, column, row)` for every unwrapped tile in frame k's cover and not in frame k − 1's
    /// (all of frame 0's), then `left(k, level, column, row)` for every tile of frame k − 1's cover not in frame
    /// k's. After each frame `proceed(k)` says whether to go on (false stops the walk there).
    /// - Throws: the producer's refusals.
    /// - Complexity: O(frames × (producer's cost + runs per frame) + tiles that change).
    static func walk<Covers: FrameCovers>(
        _ covers: inout Covers, entered: (Int, Int, Int, Int) -> Void, left: (Int, Int, Int, Int) -> Void,
        proceed: (Int) -> Bool = { _ in true }
    ) throws(StencilError) {
        var previous: [LevelRun] = []
        var current: [LevelRun] = []
        for k in 0..<covers.frameCount {
            try covers.cover(frame: k, into: &current)
            forEachTile(of: current, notIn: previous) { entered(k, $0, $1, $2) }
            forEachTile(of: previous, notIn: current) { left(k, $0, $1, $2) }
            guard proceed(k) else { return }
            swap(&previous, &current)
        }
    }

    /// The tiles that enter over all frames (an upper bound on the runs of the needs, exact when no real tile is
    /// drawn twice in one frame), counted without storing them, stopping at the first frame that brings the count
    /// past `limit`.
    /// - Complexity: O(frames × (producer's cost + runs per frame)), memory O(runs per frame).
    static func countEntries<Covers: FrameCovers>(_ covers: inout Covers, stoppingPast limit: Int) throws(StencilError)
        -> Int
    {
        var count = 0
        try walk(
            &covers, entered: { _, _, _, _ in count += 1 }, left: { _, _, _, _ in }, proceed: { _ in count <= limit })
        return count
    }

    /// Calls `body(level, column, row)` for every tile of `runs` not in `other`; both are sorted by (level, row,
    /// first), disjoint within a row.
    /// - Complexity: O(runs + other's runs + tiles reported).
    static func forEachTile(of runs: [LevelRun], notIn other: [LevelRun], _ body: (Int, Int, Int) -> Void) {
        var j = 0
        for run in runs {
            while j < other.count && other[j].precedesRow(of: run) { j += 1 }
            var lo = run.first
            var k = j
            while k < other.count && other[k].sharesRow(with: run) && lo <= run.last {
                let o = other[k]
                k += 1
                if o.last < lo { continue }
                if o.first > run.last { break }
                if o.first > lo {
                    for i in lo..<o.first { body(run.level, i, run.row) }
                }
                lo = o.last + 1
            }
            if lo <= run.last {
                for i in lo...run.last { body(run.level, i, run.row) }
            }
        }
    }
}
