/// Each frame's changes of need (``Needs``), over the needs' tile numbers: the tiles whose run starts at frame k (entering) and those
/// whose run ended at frame k − 1 (leaving), in two compressed arrays.
package struct NeedEvents: Sendable {
    /// A run of a tile's need: frames first … last.
    package struct Run: Sendable {
        package var tile: Int32
        package var first: Int
        package var last: Int
    }

    private let enterStart: [Int32]
    private let enterTiles: [Int32]
    private let leaveStart: [Int32]
    private let leaveTiles: [Int32]

    /// The events of `runs` over `frameCount` frames (runs outside 0 ..< frameCount are clipped).
    /// - Complexity: O(runs + frames).
    package init(frameCount: Int, runs: some Sequence<Run>) {
        let frames = max(0, frameCount)
        var enterCount = [Int32](repeating: 0, count: frames + 1)
        var leaveCount = enterCount
        var kept: [Run] = []
        for run in runs {
            let first = max(0, run.first)
            let last = min(frames - 1, run.last)
            guard first <= last else { continue }
            kept.append(Run(tile: run.tile, first: first, last: last))
            enterCount[first + 1] += 1
            if last + 1 < frames { leaveCount[last + 2] += 1 }
        }
        for k in 0..<frames {
            enterCount[k + 1] += enterCount[k]
            leaveCount[k + 1] += leaveCount[k]
        }
        var enterTiles = [Int32](repeating: 0, count: Int(enterCount[frames]))
        var leaveTiles = [Int32](repeating: 0, count: Int(leaveCount[frames]))
        var enterNext = enterCount
        var leaveNext = leaveCount
        for run in kept {
            enterTiles[Int(enterNext[run.first])] = run.tile
            enterNext[run.first] += 1
            if run.last + 1 < frames {
                leaveTiles[Int(leaveNext[run.last + 1])] = run.tile
                leaveNext[run.last + 1] += 1
            }
        }
        enterStart = enterCount
        self.enterTiles = enterTiles
        leaveStart = leaveCount
        self.leaveTiles = leaveTiles
    }

    /// The tiles whose need starts at `frame`.
    package func entering(at frame: Int) -> ArraySlice<Int32> {
        guard frame >= 0, frame + 1 < enterStart.count else { return [] }
        return enterTiles[Int(enterStart[frame])..<Int(enterStart[frame + 1])]
    }

    /// The tiles needed at `frame` − 1 and not at `frame`.
    package func leaving(at frame: Int) -> ArraySlice<Int32> {
        guard frame >= 0, frame + 1 < leaveStart.count else { return [] }
        return leaveTiles[Int(leaveStart[frame])..<Int(leaveStart[frame + 1])]
    }
}

extension Needs {
    /// The needs as events: per frame, the tile numbers whose run starts there and those whose run ended just
    /// before (a streaming session's per-frame bookkeeping).
    /// - Complexity: O(runs + frames).
    package var events: NeedEvents {
        NeedEvents(
            frameCount: frameCount,
            runs: runTile.indices.lazy.map {
                NeedEvents.Run(tile: runTile[$0], first: Int(runFirst[$0]), last: Int(runLast[$0]))
            })
    }
}
