import MercatorMath

/// The needs of a flight (the geometry model's *Streaming schedule* (§9)): N_k, the real tiles of frame k's cover,
/// stored as each tile's visibility intervals (``NeedRun``), memory O(runs). One type for every cover producer: the
/// flat screen culled along a track (`Needs<TileIndex>`, ``init(frames:)``, band included) and a chase camera
/// (`Needs<TileID>`, ``init(frames:camera:)``, mixed levels).
///
/// How it is computed. One frame walk (`FrameWalk`) covers each frame as runs and diffs them with the previous
/// frame's: a real tile's run opens when its first unwrapped copy enters a cover and closes when its last one
/// leaves. No frame is culled into a set and no two sets are compared.
///
/// Runs are listed by first frame, and within a frame in the producer's order (level, then row-major) of their
/// real tiles; ``tiles`` lists the distinct real tiles in order of first need.
/// - Complexity: O(frames × (cover as runs) + runs) time (plus a hash look-up per tile entering or leaving, except on
///   flat grids of at most 2²⁰ tiles), memory O(tiles + runs). Both are bounded before the work: see
///   ``maximumRowScans``, ``maximumRunScans`` and ``maximumRuns``.
public struct Needs<Tile: StreamedTile>: Sendable, Hashable {
    /// Frames per second: frame k is at t_k = k / fps.
    public let framesPerSecond: Double
    /// Number of frames K (one lap of a closed track, the whole flight of a one-way one).
    public let frameCount: Int
    /// The distinct real tiles needed, in order of first need.
    public let tiles: [Tile]
    /// Per run: its tile's number in ``tiles``, its first frame and its last frame.
    let runTile: [Int32]
    let runFirst: [Int32]
    let runLast: [Int32]

    /// The most runs a flight's needs may have, 2²⁴ (about 16.8 million; a longer flight is refused as too large).
    ///
    /// Checked before any run is stored where the producer can bound the tiles entering (the flat screen: frames
    /// × the tiles a frame can hold): when that bound could pass it, the runs are first counted without storing
    /// them, and a flight with more is refused before any memory is taken for them. Elsewhere runs are refused as
    /// soon as one more would be stored.
    public static var maximumRuns: Int { 1 << 24 }

    /// The most row scans the flat needs may make, 2²⁷ (about 134 million): frames × the rows a frame's footprint
    /// spans.
    ///
    /// Why: every frame's footprint is covered row by row and each row diffed with the previous frame's, so the
    /// work grows with frames × rows before a single run is found (9.09 million frames of a 180,000-px-wide screen
    /// at z = 12, 703 rows each, took 189 s). At about 30 ns a row in a release build, 2²⁷ row scans are about 4 s,
    /// and they allow the longest flight (``TrackFrames/maximumCount`` frames) a footprint of 13 rows: a diagonal
    /// under 12 tiles, 3,072 px on 256-px tiles. The estimate is taken before any scan
    /// (``rowScanEstimate(of:)``) and a flight past it is refused at once.
    public static var maximumRowScans: Int { 1 << 27 }

    /// The most cover runs a chase camera's needs may scan, frames × (runs per frame + 1), 2²⁶: a walk within it
    /// ends in seconds. Estimated from the first frame before the rest are walked (a flight whose estimate passes it
    /// is refused at once), and enforced as the walk goes.
    public static var maximumRunScans: Int { ChaseFrameCovers.maximumRunScans }

    /// The needs of every frame of `covers`.
    /// - Throws: the producer's refusals; ``StencilError/tooLarge(what:value:limit:advice:)`` past
    ///   ``maximumRuns`` runs (before any is stored when the producer bounds its entries).
    package init<Covers: FrameCovers>(covers: Covers, framesPerSecond: Double) throws(StencilError)
    where Covers.Tile == Tile {
        var covers = covers
        var expectedRuns: Int?
        if let bound = covers.entryBound, bound > Double(Self.maximumRuns) {
            var counting = covers
            let counted = try FrameWalk.countEntries(&counting, stoppingPast: Self.maximumRuns)
            guard counted <= Self.maximumRuns else { throw Self.tooManyRuns(counted, counted: true) }
            expectedRuns = counted
        }
        let dense = covers.denseKeyCount
        var numbering = TileNumbering<Tile>(tableSize: dense)
        var copies: [Int32] = []
        var openRun: [Int32] = []
        var runTile: [Int32] = []
        var runFirst: [Int32] = []
        var runLast: [Int32] = []
        if let expectedRuns {
            runTile.reserveCapacity(expectedRuns)
            runFirst.reserveCapacity(expectedRuns)
            runLast.reserveCapacity(expectedRuns)
        }
        var overflow = false
        let producer = covers
        try FrameWalk.walk(
            &covers,
            entered: { k, level, column, row in
                let tile = producer.realTile(level: level, column: column, row: row)
                let number = numbering.number(of: tile, cell: dense > 0 ? producer.denseKey(of: tile) : -1)
                if number == copies.count {
                    copies.append(0)
                    openRun.append(-1)
                }
                copies[number] += 1
                guard copies[number] == 1, !overflow else { return }
                guard runTile.count < Self.maximumRuns else {
                    overflow = true
                    return
                }
                openRun[number] = Int32(truncatingIfNeeded: runTile.count)
                runTile.append(Int32(number))
                runFirst.append(Int32(k))
                runLast.append(-1)
            },
            left: { k, level, column, row in
                let tile = producer.realTile(level: level, column: column, row: row)
                let number = numbering.existingNumber(of: tile, cell: dense > 0 ? producer.denseKey(of: tile) : -1)!
                copies[number] -= 1
                if copies[number] == 0 && openRun[number] >= 0 {
                    runLast[Int(openRun[number])] = Int32(k - 1)
                    openRun[number] = -1
                }
            },
            proceed: { _ in !overflow })
        if overflow { throw Self.tooManyRuns(runTile.count, counted: false) }
        let lastFrame = Int32(covers.frameCount - 1)
        for i in runLast.indices where runLast[i] < 0 { runLast[i] = lastFrame }
        self.framesPerSecond = framesPerSecond
        frameCount = covers.frameCount
        tiles = numbering.tiles
        self.runTile = runTile
        self.runFirst = runFirst
        self.runLast = runLast
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

    /// Number of runs.
    public var runCount: Int { runTile.count }

    /// Run `index` (0 ..< ``runCount``), by first frame then in the producer's order.
    /// - Complexity: O(1).
    public func run(_ index: Int) -> NeedRun<Tile> {
        let number = Int(runTile[index])
        return NeedRun(
            tile: tiles[number], tileNumber: number, firstFrame: Int(runFirst[index]), lastFrame: Int(runLast[index]))
    }

    /// Every run, by first frame then in the producer's order.
    /// - Complexity: O(runs).
    public var runs: [NeedRun<Tile>] { (0..<runCount).map(run) }

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

    /// The need N_k of frame `index`, sorted (row-major on a grid; by level, then row-major, on a pyramid).
    /// - Complexity: O(runs + |N_k| log |N_k|).
    public func need(ofFrame index: Int) -> [Tile] {
        var result: [Tile] = []
        for i in 0..<runCount where Int(runFirst[i]) <= index && index <= Int(runLast[i]) {
            result.append(tiles[Int(runTile[i])])
        }
        return result.sorted()
    }
}

extension Needs where Tile == TileIndex {
    /// The row scans ``init(frames:)`` would make, up front: frames × the rows a frame's footprint can span.
    /// - Complexity: O(1).
    public static func rowScanEstimate(of frames: TrackFrames) -> Double {
        Double(frames.count) * ScreenFrameCovers.rowsPerFrame(of: frames.track)
    }

    /// The needs of every frame of `frames` on the track's flat screen, the lateral band swept across at each pose.
    /// - Throws: ``StencilError/tooLarge(what:value:limit:advice:)`` past ``maximumRowScans`` row scans (before any
    ///   scan) or past ``maximumRuns`` runs (before any run is stored).
    /// - Complexity: O(frames × (log pieces + rows per frame) + runs).
    public init(frames: TrackFrames) throws(StencilError) {
        let rowScans = Self.rowScanEstimate(of: frames)
        guard rowScans <= Double(Self.maximumRowScans) else {
            throw .tooLarge(
                what: "Row scans of the needs (frames × rows a frame's footprint spans, "
                    + "\(frames.count) × \(Int(ScreenFrameCovers.rowsPerFrame(of: frames.track))))",
                value: rowScans, limit: Double(Self.maximumRowScans),
                advice: "use fewer frames (raise the speed or turn rate, lower the frame rate, or split the route), a "
                    + "smaller screen or band, or a coarser grid (a lower level)")
        }
        try self.init(covers: ScreenFrameCovers(frames: frames), framesPerSecond: frames.framesPerSecond)
    }

    /// The number of runs of the needs of `frames`, counted without storing them (a run opens wherever a frame
    /// holds a real tile its previous frame does not), stopping at the first frame that brings it past `limit`.
    /// - Complexity: O(frames × (log pieces + rows per frame)), memory O(rows per frame).
    static func countRuns(of frames: TrackFrames, stoppingPast limit: Int) -> Int {
        var covers = ScreenFrameCovers(frames: frames)
        // The flat screen's covers never throw.
        return (try? FrameWalk.countEntries(&covers, stoppingPast: limit)) ?? 0
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
}

extension Needs where Tile == TileID {
    /// The needs of a track's frames seen by a chase camera: N_k is the real tiles (with their levels) of frame
    /// k's cover (§11 with §9).
    /// - Throws: ``StencilError/outOfRange(field:value:valid:)`` for a track with a lateral band; the camera's
    ///   errors at a pose; ``StencilError/tooLarge(what:value:limit:advice:)`` past ``maximumRunScans`` scans or
    ///   ``maximumRuns`` runs.
    /// - Complexity: O(frames × runs per frame + tiles that change).
    public init(frames: TrackFrames, camera: ChaseCamera) throws(StencilError) {
        try self.init(covers: ChaseFrameCovers(frames: frames, camera: camera), framesPerSecond: frames.framesPerSecond)
    }
}

extension Track {
    /// The needs of every frame of the track flown at `timing` (see ``Needs``).
    /// - Throws: as ``Needs/init(track:timing:)-(_,FlightTiming)``.
    public func needs(at timing: FlightTiming) throws(StencilError) -> Needs<TileIndex> {
        try Needs(track: self, timing: timing)
    }

    /// The needs of every frame of the track flown at a ground timing (see ``Needs``).
    /// - Throws: as ``Needs/init(track:timing:)-(_,GroundTiming)``.
    public func needs(at timing: GroundTiming) throws(StencilError) -> Needs<TileIndex> {
        try Needs(track: self, timing: timing)
    }
}
