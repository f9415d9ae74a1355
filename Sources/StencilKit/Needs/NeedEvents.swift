/// A per-frame set of tiles — a frame's need N_k (``Needs``), or any other per-frame set a tool follows, such as a
/// prefetch heuristic's region — over tile numbers, read as events: the tiles entering the set at frame k and those
/// leaving it at k, and each tile's runs (its next frame in the set).
///
/// Always true: a run a…b (a ≤ b) enters at a and, when b + 1 < ``frameCount``, leaves at b + 1; two runs of one tile
/// leave at least one frame between them, so at any frame a tile is in the set exactly when it has entered more often
/// than it has left. Within a frame, tiles are listed in the order their runs were given (by first frame, then the
/// cover producer's order: row-major for the needs of a grid).
/// - Complexity: memory O(frames + runs + tiles); each event list O(1) to reach.
package struct NeedEvents: Sendable {
    /// A run of a tile's membership: frames first … last.
    package struct Run: Sendable {
        package var tile: Int32
        package var first: Int
        package var last: Int

        /// A run of tile number `tile` over frames `first` … `last`.
        package init(tile: Int32, first: Int, last: Int) {
            self.tile = tile
            self.first = first
            self.last = last
        }
    }

    /// Number of frames K.
    package let frameCount: Int
    /// Tiles are numbered below this.
    package let tileCount: Int
    private let enterStart: [Int32]
    private let enterTiles: [Int32]
    private let leaveStart: [Int32]
    private let leaveTiles: [Int32]
    /// Per tile, its runs' first and last frames in order.
    private let runStart: [Int32]
    private let runFirst: [Int32]
    private let runLast: [Int32]

    /// The events of `runs` (listed by first frame) over `frameCount` frames and tiles numbered below `tileCount`
    /// (at least one more than the largest tile of a run); runs outside 0 ..< frameCount are clipped.
    /// - Complexity: O(runs + frames + tiles).
    package init(frameCount: Int, tileCount: Int = 0, runs: some Sequence<Run>) {
        let frames = max(0, frameCount)
        var kept: [Run] = []
        var tiles = max(0, tileCount)
        for run in runs {
            let first = max(0, run.first)
            let last = min(frames - 1, run.last)
            guard first <= last else { continue }
            kept.append(Run(tile: run.tile, first: first, last: last))
            tiles = max(tiles, Int(run.tile) + 1)
        }
        var enterCount = [Int32](repeating: 0, count: frames + 1)
        var leaveCount = enterCount
        var perTile = [Int32](repeating: 0, count: tiles + 1)
        for run in kept {
            enterCount[run.first + 1] += 1
            if run.last + 1 < frames { leaveCount[run.last + 2] += 1 }
            perTile[Int(run.tile) + 1] += 1
        }
        for k in 0..<frames {
            enterCount[k + 1] += enterCount[k]
            leaveCount[k + 1] += leaveCount[k]
        }
        for n in 0..<tiles { perTile[n + 1] += perTile[n] }
        var enterTiles = [Int32](repeating: 0, count: Int(enterCount[frames]))
        var leaveTiles = [Int32](repeating: 0, count: Int(leaveCount[frames]))
        var runFirst = [Int32](repeating: 0, count: kept.count)
        var runLast = [Int32](repeating: 0, count: kept.count)
        var enterNext = enterCount
        var leaveNext = leaveCount
        var tileNext = perTile
        for run in kept {
            enterTiles[Int(enterNext[run.first])] = run.tile
            enterNext[run.first] += 1
            if run.last + 1 < frames {
                leaveTiles[Int(leaveNext[run.last + 1])] = run.tile
                leaveNext[run.last + 1] += 1
            }
            let slot = Int(tileNext[Int(run.tile)])
            runFirst[slot] = Int32(run.first)
            runLast[slot] = Int32(run.last)
            tileNext[Int(run.tile)] += 1
        }
        self.frameCount = frames
        self.tileCount = tiles
        enterStart = enterCount
        self.enterTiles = enterTiles
        leaveStart = leaveCount
        self.leaveTiles = leaveTiles
        runStart = perTile
        self.runFirst = runFirst
        self.runLast = runLast
    }

    /// The tiles entering the set at `frame`.
    @inline(__always)
    package func entering(at frame: Int) -> ArraySlice<Int32> {
        guard frame >= 0, frame + 1 < enterStart.count else { return [] }
        return enterTiles[Int(enterStart[frame])..<Int(enterStart[frame + 1])]
    }

    /// The tiles in the set at `frame` − 1 and not at `frame`.
    @inline(__always)
    package func leaving(at frame: Int) -> ArraySlice<Int32> {
        guard frame >= 0, frame + 1 < leaveStart.count else { return [] }
        return leaveTiles[Int(leaveStart[frame])..<Int(leaveStart[frame + 1])]
    }

    /// Number of runs.
    package var runCount: Int { runFirst.count }

    /// Number of distinct tiles ever in the set.
    /// - Complexity: O(tiles).
    package var distinctTiles: Int {
        var n = 0
        for t in 0..<tileCount where runStart[t + 1] > runStart[t] { n += 1 }
        return n
    }

    /// The most tiles in the set at one frame.
    /// - Complexity: O(frames).
    package var largestSet: Int {
        var size = 0
        var largest = 0
        for k in 0..<frameCount {
            size += Int(enterStart[k + 1] - enterStart[k]) - Int(leaveStart[k + 1] - leaveStart[k])
            largest = max(largest, size)
        }
        return largest
    }

    /// The first frame ≥ `k` at which `tile` is in the set, or `Int.max` if none.
    /// - Complexity: O(log runs of the tile).
    package func nextFrame(of tile: Int32, atOrAfter k: Int) -> Int {
        guard tile >= 0, Int(tile) < tileCount else { return .max }
        let runs = Int(runStart[Int(tile)])..<Int(runStart[Int(tile) + 1])
        // The first run whose last frame is ≥ k.
        let run = runLast[runs].partitioningIndex { Int($0) >= k }
        guard run < runs.upperBound else { return .max }
        return max(k, Int(runFirst[run]))
    }
}

extension Needs {
    /// The needs as events over the needs' own tile numbers (their places in ``tiles``), tiles numbered below
    /// `tileCount` (at least ``tiles``' count: a numbering that other per-frame sets share).
    /// - Complexity: O(runs + frames + tiles).
    package func events(tileCount: Int = 0) -> NeedEvents {
        NeedEvents(
            frameCount: frameCount, tileCount: Swift.max(tileCount, tiles.count),
            runs: runTile.indices.lazy.map {
                NeedEvents.Run(tile: runTile[$0], first: Int(runFirst[$0]), last: Int(runLast[$0]))
            })
    }
}
