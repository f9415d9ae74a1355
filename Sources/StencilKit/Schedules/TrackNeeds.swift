/// The needs of a track flown in time (the geometry model's *Streaming schedule* (§9)): N_k, the real tiles visible at
/// frame k's pose for some lateral
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
///   of more than 2²⁰ tiles), memory O(tiles + runs). Both are bounded before the work: frames × rows by
///   ``maximumRowScans``, runs by ``maximumRuns``.
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
    ///
    /// Checked before any run is stored: when frames × the tiles a frame can hold could pass it, the runs are
    /// first counted without storing them (a scan of the rows, bounded by ``maximumRowScans``), and a flight with
    /// more is refused before any memory is taken for them.
    public static let maximumRuns = 1 << 24

    /// The most row scans the needs may make, 2²⁷ (about 134 million): frames × the rows a frame's footprint spans.
    ///
    /// Why: every frame's footprint is covered row by row and each row diffed with the previous frame's, so the
    /// work grows with frames × rows before a single run is found (9.09 million frames of a 180,000-px-wide screen
    /// at z = 12, 703 rows each, took 189 s). At about 30 ns a row in a release build, 2²⁷ row scans are about 4 s,
    /// and they allow the longest flight (``TrackFrames/maximumCount`` frames) a footprint of 13 rows: a diagonal
    /// under 12 tiles, 3,072 px on 256-px tiles. The estimate is taken before any scan (``rowScanEstimate(of:)``)
    /// and a flight past it is refused at once.
    public static let maximumRowScans = 1 << 27

    /// The rows one frame's footprint can span: its diagonal (band included) in tiles, plus 2 for the partial rows
    /// at either end, at most the grid's rows. An upper bound at every heading.
    static func rowsPerFrame(of track: Track) -> Double {
        let along = track.screen.along
        let across = track.screen.across.widened(by: track.lateralBand)
        let a = along.upper - along.lower
        let c = across.upper - across.lower
        let diagonal = (a * a + c * c).squareRoot()
        return Swift.min(Double(track.grid.rows), (diagonal / track.grid.tileLength).rounded(.down) + 2)
    }

    /// The row scans ``init(frames:)`` would make, up front: frames × `rowsPerFrame(of:)`.
    /// - Complexity: O(1).
    public static func rowScanEstimate(of frames: TrackFrames) -> Double {
        Double(frames.count) * rowsPerFrame(of: frames.track)
    }

    /// The needs of every frame of `frames`.
    /// - Throws: ``StencilError/tooLarge(what:value:limit:advice:)`` past ``maximumRowScans`` row scans (before any
    ///   scan) or past ``maximumRuns`` runs (before any run is stored).
    /// - Complexity: see the type.
    public init(frames: TrackFrames) throws(StencilError) {
        let track = frames.track
        let grid = track.grid
        let rowScans = Self.rowScanEstimate(of: frames)
        guard rowScans <= Double(Self.maximumRowScans) else {
            throw .tooLarge(
                what: "Row scans of the needs (frames × rows a frame's footprint spans, "
                    + "\(frames.count) × \(Int(Self.rowsPerFrame(of: track))))",
                value: rowScans, limit: Double(Self.maximumRowScans),
                advice: "use fewer frames (raise the speed or turn rate, lower the frame rate, or split the route), a "
                    + "smaller screen or band, or a coarser grid (a lower level)")
        }
        // Every run starts at a frame that holds its tile: frames × the tiles a frame can hold bounds the runs.
        let rows = Self.rowsPerFrame(of: track)
        let runBound = Double(frames.count) * Swift.min(rows * rows, Double(grid.columns) * Double(grid.rows))
        var expectedRuns: Int?
        if runBound > Double(Self.maximumRuns) {
            let counted = Self.countRuns(of: frames, stoppingPast: Self.maximumRuns)
            guard counted <= Self.maximumRuns else { throw Self.tooManyRuns(counted, counted: true) }
            expectedRuns = counted
        }
        var numbering = TileNumbering(grid: grid)
        var openRun: [Int32] = []
        var runTile: [Int32] = []
        var runFirst: [Int32] = []
        var runLast: [Int32] = []
        if let expectedRuns {
            runTile.reserveCapacity(expectedRuns)
            runFirst.reserveCapacity(expectedRuns)
            runLast.reserveCapacity(expectedRuns)
        }
        var previous = FrameRows()
        var current = FrameRows()
        for k in 0..<frames.count {
            Self.cover(frame: k, of: frames, into: &current)
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
                // Not reached after the count above; kept so that no path can store more than the limit.
                if runTile.count > Self.maximumRuns {
                    overflow = true
                    break
                }
            }
            if overflow { throw Self.tooManyRuns(runTile.count, counted: false) }
            swap(&previous, &current)
        }
        let lastFrame = Int32(frames.count - 1)
        for i in runLast.indices where runLast[i] < 0 { runLast[i] = lastFrame }
        self.grid = grid
        framesPerSecond = frames.framesPerSecond
        frameCount = frames.count
        tiles = numbering.tiles
        self.runTile = runTile
        self.runFirst = runFirst
        self.runLast = runLast
    }

    /// Needs already computed: tiles in order of first need and each run's tile number, first and last frame.
    init(
        grid: TileGrid, framesPerSecond: Double, frameCount: Int, tiles: [TileIndex], runTile: [Int32],
        runFirst: [Int32], runLast: [Int32]
    ) {
        self.grid = grid
        self.framesPerSecond = framesPerSecond
        self.frameCount = frameCount
        self.tiles = tiles
        self.runTile = runTile
        self.runFirst = runFirst
        self.runLast = runLast
    }

    /// The needs of `track` flown at a px/s timing.
    /// - Throws: ``StencilError/tooLarge(what:value:limit:advice:)`` for more than ``TrackFrames/maximumCount``
    ///   frames, ``maximumRowScans`` row scans or ``maximumRuns`` runs, each before the work.
    public init(track: Track, timing: FlightTiming) throws(StencilError) {
        try self.init(timetable: TrackTimetable(track: track, timing: timing))
    }

    /// The needs of `track` flown at a ground timing.
    /// - Throws: as ``init(track:timing:)-(_,FlightTiming)``, and the errors of
    ///   ``TrackTimetable/init(track:timing:)-(_,GroundTiming)``.
    public init(track: Track, timing: GroundTiming) throws(StencilError) {
        try self.init(timetable: TrackTimetable(track: track, timing: timing))
    }

    /// The needs of the frames of a timetable, refused before any work past ``TrackFrames/maximumCount`` frames.
    init(timetable: TrackTimetable) throws(StencilError) {
        let d = timetable.duration
        let fps = timetable.framesPerSecond
        let frames =
            timetable.track.closure.isClosed ? (d * fps).rounded(.up) : ((d + 1e-9) * fps).rounded(.down) + 1
        guard frames <= Double(TrackFrames.maximumCount) else {
            throw .tooLarge(
                what: "Frames of the flight (duration × frame rate)", value: frames,
                limit: Double(TrackFrames.maximumCount),
                advice: "raise the speed or turn rate, or lower the frame rate")
        }
        try self.init(frames: TrackFrames(timetable: timetable))
    }

    /// The refusal of a flight whose needs have `count` runs, past ``maximumRuns``; `counted` when the runs were
    /// counted before any was stored.
    static func tooManyRuns(_ count: Int, counted: Bool) -> StencilError {
        .tooLarge(
            what: "Need runs (tile visibility intervals) of the flight"
                + (counted ? " (counted before any is stored)" : ""),
            value: Double(count), limit: Double(maximumRuns),
            advice: "split the route, lower the frame rate, or use a smaller screen or band")
    }

    /// The real column runs of every row of frame `k`'s footprint, widened by the band, into `rows`.
    /// - Complexity: O(log pieces + rows of the frame).
    static func cover(frame k: Int, of frames: TrackFrames, into rows: inout FrameRows) {
        let track = frames.track
        let grid = track.grid
        let pose = frames.pose(ofFrame: k)
        let footprint = Footprint(
            origin: pose.position, heading: pose.heading, along: track.screen.along,
            across: track.screen.across.widened(by: track.lateralBand))
        let cover = RectangleCover(footprint.corners, on: grid, tolerance: grid.tieTolerance)
        rows.reset(firstRow: cover.firstRow, lastRow: cover.lastRow)
        guard !cover.isEmpty else { return }
        for row in cover.firstRow...cover.lastRow {
            let (first, last) = cover.span(row: row)
            rows.rows.append(
                first <= last ? RealColumnRuns(unwrappedFirst: first, last: last, columns: grid.columns) : .empty)
        }
    }

    /// The number of runs of the needs of `frames`, counted without storing them (a run opens wherever a frame
    /// holds a column its previous frame does not), stopping at the first frame that brings it past `limit`.
    /// - Complexity: O(frames × (log pieces + rows per frame)), memory O(rows per frame).
    static func countRuns(of frames: TrackFrames, stoppingPast limit: Int) -> Int {
        var previous = FrameRows()
        var current = FrameRows()
        var count = 0
        for k in 0..<frames.count {
            cover(frame: k, of: frames, into: &current)
            for i in 0..<current.rowCount {
                current.rows[i].forEachRun(notIn: previous.runs(ofRow: current.firstRow + i)) { first, last in
                    count += last - first + 1
                }
            }
            if count > limit { return count }
            swap(&previous, &current)
        }
        return count
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
    /// - Throws: as ``TrackNeeds/init(track:timing:)-(_,FlightTiming)``.
    public func needs(at timing: FlightTiming) throws(StencilError) -> TrackNeeds {
        try TrackNeeds(track: self, timing: timing)
    }

    /// The needs of every frame of the track flown at a ground timing (see ``TrackNeeds``).
    /// - Throws: as ``TrackNeeds/init(track:timing:)-(_,GroundTiming)``.
    public func needs(at timing: GroundTiming) throws(StencilError) -> TrackNeeds {
        try TrackNeeds(track: self, timing: timing)
    }
}
