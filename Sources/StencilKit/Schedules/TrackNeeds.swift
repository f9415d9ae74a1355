/// The needs of a track flown in time (MODEL.md §9): N_k, the real tiles visible at frame k's pose for some lateral
/// offset δ ∈ [−d, d], stored as each tile's visibility intervals (``NeedRun``), memory O(runs).
///
/// How it is computed. Sweeping a pose across the band sweeps one rectangle: the footprint widened by d on each side
/// across-track. Its cover (`RectangleCover`, exact by the positive-area rule, rows past the terrain left out)
/// gives one unwrapped column run per row, at most two real runs after wrapping. Frame k's rows are diffed with
/// frame k − 1's row by row: the columns only k − 1 holds close their tiles' runs at k − 1, the columns only k
/// holds open runs at k. No frame is culled into a set and no two sets are compared.
///
/// Runs are listed by first frame, and within a frame in row-major order of their real tiles; ``tiles`` lists the
/// distinct real tiles in order of first need.
/// - Complexity: O(frames × (log pieces + rows per frame) + runs) time (plus a hash look-up per run start on grids
///   of more than 2²⁰ tiles), memory O(tiles + runs).
public struct TrackNeeds: Sendable, Hashable {
    /// The grid whose tiles are needed.
    public let grid: TileGrid
    /// Frames per second: frame k is at t_k = k / fps.
    public let framesPerSecond: Double
    /// Number of frames K (one lap of a closed track, the whole flight of a one-way one).
    public let frameCount: Int
    /// The distinct real tiles needed, in order of first need.
    public let tiles: [TileIndex]
    /// Per run: its tile's number in ``tiles``, its first frame and its last frame.
    let runTile: [Int32]
    let runFirst: [Int32]
    let runLast: [Int32]

    /// The most runs a track's needs may have, 2²⁴ (about 16.8 million; a longer flight is refused as too large).
    public static let maximumRuns = 1 << 24

    /// The needs of every frame of `frames`.
    /// - Throws: ``StencilError/tooLarge(what:value:limit:advice:)`` past ``maximumRuns`` runs.
    /// - Complexity: see the type.
    public init(frames: TrackFrames) throws(StencilError) {
        let track = frames.track
        let grid = track.grid
        let columns = grid.columns
        let footprintAlong = track.screen.along
        let footprintAcross = track.screen.across.widened(by: track.lateralBand)
        var numbering = TileNumbering(grid: grid)
        var openRun: [Int32] = []
        var runTile: [Int32] = []
        var runFirst: [Int32] = []
        var runLast: [Int32] = []
        var previous = FrameRows()
        var current = FrameRows()
        for k in 0..<frames.count {
            let pose = frames.pose(ofFrame: k)
            let footprint = Footprint(
                origin: pose.position, heading: pose.heading, along: footprintAlong, across: footprintAcross)
            let cover = RectangleCover(footprint.corners, on: grid, tolerance: grid.tieTolerance)
            current.reset(firstRow: cover.firstRow, lastRow: cover.lastRow)
            if !cover.isEmpty {
                for row in cover.firstRow...cover.lastRow {
                    let (first, last) = cover.span(row: row)
                    current.rows.append(
                        first <= last ? RealColumnRuns(unwrappedFirst: first, last: last, columns: columns) : .empty)
                }
            }
            // Close the runs of the columns only the previous frame holds, then open those only this frame holds.
            let frame = Int32(k)
            for i in 0..<previous.rowCount {
                let row = previous.firstRow + i
                previous.rows[i].forEachRun(notIn: current.runs(ofRow: row)) { first, last in
                    for column in first...last {
                        let number = numbering.existingNumber(of: TileIndex(column: column, row: row))!
                        runLast[Int(openRun[number])] = frame - 1
                        openRun[number] = -1
                    }
                }
            }
            var overflow = false
            for i in 0..<current.rowCount {
                let row = current.firstRow + i
                current.rows[i].forEachRun(notIn: previous.runs(ofRow: row)) { first, last in
                    for column in first...last {
                        let number = numbering.number(of: TileIndex(column: column, row: row))
                        if number == openRun.count { openRun.append(-1) }
                        openRun[number] = Int32(truncatingIfNeeded: runTile.count)
                        runTile.append(Int32(number))
                        runFirst.append(frame)
                        runLast.append(-1)
                    }
                }
                if runTile.count > Self.maximumRuns {
                    overflow = true
                    break
                }
            }
            if overflow {
                throw .tooLarge(
                    what: "Need runs (tile visibility intervals) of the flight", value: Double(runTile.count),
                    limit: Double(Self.maximumRuns), advice: "split the route, or lower the frame rate")
            }
            swap(&previous, &current)
        }
        let lastFrame = Int32(frames.count - 1)
        for i in runLast.indices where runLast[i] < 0 { runLast[i] = lastFrame }
        self.grid = grid
        framesPerSecond = frames.timing.framesPerSecond
        frameCount = frames.count
        tiles = numbering.tiles
        self.runTile = runTile
        self.runFirst = runFirst
        self.runLast = runLast
    }

    /// The needs of `track` flown at `timing`.
    /// - Throws: ``StencilError/tooLarge(what:value:limit:advice:)`` for more than ``FrameSequence/maximumCount``
    ///   frames or ``maximumRuns`` runs.
    public init(track: Track, timing: FlightTiming) throws(StencilError) {
        let d = track.duration(at: timing)
        let fps = timing.framesPerSecond
        let frames = track.closure.isClosed ? (d * fps).rounded(.up) : ((d + 1e-9) * fps).rounded(.down) + 1
        guard frames <= Double(FrameSequence.maximumCount) else {
            throw .tooLarge(
                what: "Frames of the flight (duration × frame rate)", value: frames,
                limit: Double(FrameSequence.maximumCount),
                advice: "raise the speed or turn rate, or lower the frame rate")
        }
        try self.init(frames: track.frames(at: timing))
    }

    /// Number of runs.
    public var runCount: Int { runTile.count }

    /// Run `index` (0 ..< ``runCount``), by first frame then row-major.
    /// - Complexity: O(1).
    public func run(_ index: Int) -> NeedRun {
        let number = Int(runTile[index])
        return NeedRun(
            tile: tiles[number], tileNumber: number, firstFrame: Int(runFirst[index]), lastFrame: Int(runLast[index]))
    }

    /// Every run, by first frame then row-major.
    /// - Complexity: O(runs).
    public var runs: [NeedRun] { (0..<runCount).map(run) }

    /// The time t_k = k / fps of frame `index` in seconds from take-off.
    public func time(ofFrame index: Int) -> Double { Double(index) / framesPerSecond }

    /// |N_k| for every frame k, by counting run starts and ends.
    /// - Complexity: O(frames + runs).
    public func needSizes() -> [Int] {
        var delta = [Int](repeating: 0, count: frameCount + 1)
        for i in 0..<runCount {
            delta[Int(runFirst[i])] += 1
            delta[Int(runLast[i]) + 1] -= 1
        }
        var sizes: [Int] = []
        sizes.reserveCapacity(frameCount)
        var size = 0
        for k in 0..<frameCount {
            size += delta[k]
            sizes.append(size)
        }
        return sizes
    }

    /// The need N_k of frame `index`, row-major.
    /// - Complexity: O(runs + |N_k| log |N_k|).
    public func need(ofFrame index: Int) -> [TileIndex] {
        var result: [TileIndex] = []
        for i in 0..<runCount where Int(runFirst[i]) <= index && index <= Int(runLast[i]) {
            result.append(tiles[Int(runTile[i])])
        }
        return result.sorted()
    }
}

extension Track {
    /// The needs of every frame of the track flown at `timing` (see ``TrackNeeds``).
    /// - Throws: as ``TrackNeeds/init(track:timing:)``.
    public func needs(at timing: FlightTiming) throws(StencilError) -> TrackNeeds {
        try TrackNeeds(track: self, timing: timing)
    }
}
