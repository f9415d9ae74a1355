import MercatorMath

/// Walks the frames of a track with a chase camera and reports, frame by frame, the unwrapped tiles that enter and
/// leave the cover: each frame's cover is built as runs (level, row, first, last) and diffed with the previous
/// frame's run by run, so the work is O(runs per frame + tiles that change), not O(tiles per frame).
enum PitchedFrameWalk {
    /// The most runs the walk may scan, frames × runs per frame, 2²⁷ (as ``TrackNeeds/maximumRowScans``): about
    /// 1.3 µs a frame's cover, so a walk past it would take minutes. Estimated from the first frame before the
    /// rest are walked, and enforced as the walk goes.
    static let maximumRunScans = TrackNeeds.maximumRowScans

    /// Calls `entered(k, tile)` for every tile in frame k's cover and not in frame k − 1's (all of frame 0's), then
    /// `left(k, tile)` for every tile of frame k − 1's cover not in frame k's.
    /// - Throws: ``StencilError/outOfRange(field:value:valid:)`` for a track with a lateral band (§11: d = 0 for
    ///   pitched cameras); the camera's errors at a pose; ``StencilError/tooLarge(what:value:limit:advice:)`` past
    ///   ``maximumRunScans``.
    static func walk(
        _ frames: TrackFrames, camera: ChaseCamera, entered: (Int, UnwrappedTileID) -> Void,
        left: (Int, UnwrappedTileID) -> Void
    ) throws(StencilError) {
        let track = frames.track
        guard track.lateralBand == 0 else {
            throw .outOfRange(
                field: "Lateral band with a pitched camera (px)", value: track.lateralBand,
                valid: "0: a chase camera's cover is the frame's own (§11); make the track without a band")
        }
        var previous = PitchedCover()
        var current = PitchedCover()
        var scans = 0
        for k in 0..<frames.count {
            let camera = try camera.camera(at: frames.pose(ofFrame: k), on: track.grid)
            try camera.fill(&current, runsOnly: true)
            scans += current.runs.count + 1
            if k == 0 {
                let estimate = Double(current.runs.count + 1) * Double(frames.count)
                if estimate > 4 * Double(maximumRunScans) { throw tooManyScans(estimate, frames: frames.count) }
            }
            if scans > maximumRunScans { throw tooManyScans(Double(scans), frames: frames.count) }
            forEachTile(of: current.runs, notIn: previous.runs) { entered(k, $0) }
            forEachTile(of: previous.runs, notIn: current.runs) { left(k, $0) }
            swap(&previous, &current)
        }
    }

    static func tooManyScans(_ value: Double, frames: Int) -> StencilError {
        .tooLarge(
            what: "Cover runs of a pitched flight (\(frames) frames × runs per frame)", value: value,
            limit: Double(maximumRunScans),
            advice: "use fewer frames (raise the speed, lower the frame rate), a smaller screen, pitch or horizon")
    }

    /// Calls `body` for every tile of `runs` not in `other`; both are sorted by (level, row, first), disjoint within
    /// a row.
    static func forEachTile(of runs: [LevelRun], notIn other: [LevelRun], _ body: (UnwrappedTileID) -> Void) {
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
                    for i in lo..<o.first { body(UnwrappedTileID(unchecked: run.level, i, run.row)) }
                }
                lo = o.last + 1
            }
            if lo <= run.last {
                for i in lo...run.last { body(UnwrappedTileID(unchecked: run.level, i, run.row)) }
            }
        }
    }
}
