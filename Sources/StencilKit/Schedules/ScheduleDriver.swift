/// Plays a ``StreamingSchedule`` in a render loop (the geometry model's *Streaming schedule* (§9)): the renderer steps
/// it with its own clock (the
/// library reads none) and gets the requests to issue and the textures to release at that step; it reports each
/// completed load, and learns which tiles are at risk of missing their frame when the real loader runs late.
///
/// Fitting it into a render loop, stepped once per frame (t in seconds from take-off; −w before it). StencilKitIO's
/// `StreamingSession` is this loop over its threaded `TileLoader`; by hand it reads:
/// ```swift
/// // Plan for one frame more latency: a request reaches the loader at the first frame at or after its time.
/// let loader = try LoaderModel(latency: 0.1, throughput: 50).forSteps(every: 1.0 / 60)
/// let schedule = try track.schedule(at: timing, capacity: 30, loader: loader)
/// var driver = ScheduleDriver(schedule: schedule)
/// var requests: [TileIndex] = [], evictions: [TileIndex] = [], atRisk: [TileIndex] = []
/// for frame in -1..<schedule.frameCount {  // frame −1: before take-off, when the preload is due
///     let t = frame < 0 ? -schedule.takeoffWait : Double(frame) / 60
///     for (tile, time) in arrivals(through: t) {  // report arrivals first
///         driver.completed(tile, at: time, atRisk: &atRisk)
///     }
///     driver.step(to: t, requests: &requests, evictions: &evictions, atRisk: &atRisk)
///     evictions.forEach { textures[$0] = nil }  // release before requesting
///     requests.forEach { startLoading($0) }
///     if frame >= 0 { draw(frame) }  // frame 0 once driver.isReadyForTakeOff
/// }
/// ```
/// A renderer that can also wake at ``nextActionTime`` may plan with the loader's own latency instead.
///
/// What a step returns: every eviction and request whose time is at most the step's time and was not returned
/// before, evictions first at equal times; and the tiles whose deadline (the first frame they serve) has come
/// while they are still loading. What a completion report returns: when a load completes later than the model
/// said, the tiles whose deadline has passed or will pass before their projected completion — the late load's
/// own, and those queued behind it, projected by the loader model (c = max(planned, previous + 1/μ)) until the
/// delay is absorbed. Each tile is reported at risk at most once per load.
///
/// Cost. Buffers are emptied keeping their capacity, so once they have grown to the largest step a step allocates
/// nothing (as long as the driver itself is not copied in between). A step costs O(1) plus the actions and
/// deadlines it passes; a completion report O(1) plus the queued loads whose projected completion moves.
public struct ScheduleDriver<Tile: StreamedTile>: Sendable {
    /// The schedule played.
    public let schedule: StreamingSchedule<Tile>
    /// The actions in time order (evictions before requests at equal times): time, tile, and the load index of a
    /// request or −1 for an eviction.
    private let actionTime: [Double]
    private let actionTile: [Tile]
    private let actionLoad: [Int32]
    private var cursor = 0
    /// Per load (the preload, then the requests): tile number, deadline, projected completion, state.
    private let loadTile: [Int32]
    private let loadDeadline: [Double]
    private var projected: [Double]
    private var done: [Bool]
    private var reported: [Bool]
    /// Loads scanned for passed deadlines.
    private var deadlineCursor = 0
    /// Per tile number, the load in flight for it (−1 if none).
    private var inFlight: [Int32]
    private let numbers: [Tile: Int32]
    private let tiles: [Tile]
    private var preloadLeft: Int
    /// The latest time stepped to (−∞ before the first step).
    public private(set) var time = -Double.infinity

    /// A driver at the start of `schedule`, before take-off, nothing requested.
    /// - Complexity: O((requests + evictions) · log(requests + evictions)).
    @_specialize(exported:true,where Tile == TileIndex)
    @_specialize(exported:true,where Tile == TileID)
    public init(schedule: StreamingSchedule<Tile>) {
        self.schedule = schedule
        var numbers: [Tile: Int32] = [:]
        var tiles: [Tile] = []
        var loadTile: [Int32] = []
        var loadDeadline: [Double] = []
        var projected: [Double] = []
        let loads = schedule.preload + schedule.requests
        loadTile.reserveCapacity(loads.count)
        for load in loads {
            let number: Int32
            if let known = numbers[load.tile] {
                number = known
            } else {
                number = Int32(tiles.count)
                numbers[load.tile] = number
                tiles.append(load.tile)
            }
            loadTile.append(number)
            loadDeadline.append(load.deadline)
            projected.append(load.completion)
        }
        var actions: [(time: Double, kind: Int, order: Int, tile: Tile, load: Int32)] = []
        actions.reserveCapacity(loads.count + schedule.evictions.count)
        for (i, e) in schedule.evictions.enumerated() { actions.append((e.time, 0, i, e.tile, -1)) }
        for (m, load) in loads.enumerated() { actions.append((load.time, 1, m, load.tile, Int32(m))) }
        actions.sort { a, b in
            a.time != b.time ? a.time < b.time : (a.kind != b.kind ? a.kind < b.kind : a.order < b.order)
        }
        actionTime = actions.map(\.time)
        actionTile = actions.map(\.tile)
        actionLoad = actions.map(\.load)
        self.loadTile = loadTile
        self.loadDeadline = loadDeadline
        self.projected = projected
        done = [Bool](repeating: false, count: loads.count)
        reported = [Bool](repeating: false, count: loads.count)
        inFlight = [Int32](repeating: -1, count: tiles.count)
        self.numbers = numbers
        self.tiles = tiles
        preloadLeft = schedule.preload.count
    }

    /// Whether every preloaded tile has been reported complete: the aircraft may take off.
    public var isReadyForTakeOff: Bool { preloadLeft == 0 }

    /// The time of the next action not yet returned, or nil when all have been.
    public var nextActionTime: Double? { cursor < actionTime.count ? actionTime[cursor] : nil }

    /// Advances to `time` (seconds from take-off; a time earlier than the last step's returns no action):
    /// fills `requests` and `evictions` with the actions due since the last step (evictions come first at equal
    /// times; release them before issuing the requests), and `atRisk` with the tiles whose deadline is at most
    /// `time` and which are still loading or not yet reported complete. The buffers are emptied first, keeping
    /// their capacity.
    /// - Complexity: O(1) plus the actions and deadlines passed; no allocation once the buffers are large enough.
    @_specialize(exported:true,where Tile == TileIndex)
    @_specialize(exported:true,where Tile == TileID)
    public mutating func step(
        to time: Double, requests: inout [Tile], evictions: inout [Tile], atRisk: inout [Tile]
    ) {
        requests.removeAll(keepingCapacity: true)
        evictions.removeAll(keepingCapacity: true)
        atRisk.removeAll(keepingCapacity: true)
        guard !time.isNaN else { return }
        if time > self.time { self.time = time }
        while cursor < actionTime.count && actionTime[cursor] <= time {
            let load = Int(actionLoad[cursor])
            if load < 0 {
                evictions.append(actionTile[cursor])
            } else {
                requests.append(actionTile[cursor])
                inFlight[Int(loadTile[load])] = Int32(load)
            }
            cursor += 1
        }
        while deadlineCursor < loadDeadline.count && loadDeadline[deadlineCursor] <= time {
            let m = deadlineCursor
            if !done[m] && !reported[m] {
                reported[m] = true
                atRisk.append(tiles[Int(loadTile[m])])
            }
            deadlineCursor += 1
        }
    }

    /// Records that the load of `tile` in flight completed at `time` (seconds from take-off). If that is later
    /// than the model said, fills `atRisk` (emptied first, keeping its capacity) with the tiles whose deadline has
    /// passed or will pass before their projected completion: this load's, if `time` is past its deadline, and the
    /// loads queued behind it, projected at c = max(planned, previous + 1/μ) while the delay lasts. Returns false,
    /// changing nothing, when no load of `tile` is in flight.
    /// - Complexity: O(1) plus the queued loads whose projected completion moves.
    @_specialize(exported:true,where Tile == TileIndex)
    @_specialize(exported:true,where Tile == TileID)
    @discardableResult
    public mutating func completed(_ tile: Tile, at time: Double, atRisk: inout [Tile]) -> Bool {
        atRisk.removeAll(keepingCapacity: true)
        guard let number = numbers[tile], inFlight[Int(number)] >= 0 else { return false }
        let load = Int(inFlight[Int(number)])
        inFlight[Int(number)] = -1
        done[load] = true
        if load < schedule.preload.count { preloadLeft -= 1 }
        guard time > projected[load] else { return true }
        projected[load] = time
        if time > loadDeadline[load] && !reported[load] {
            reported[load] = true
            atRisk.append(tile)
        }
        let loader = schedule.loader
        var previous = time
        var m = load + 1
        while m < projected.count && !done[m] {
            let next = loader.completion(earliest: projected[m], after: previous)
            guard next > projected[m] else { break }
            projected[m] = next
            if next > loadDeadline[m] && !reported[m] {
                reported[m] = true
                atRisk.append(tiles[Int(loadTile[m])])
            }
            previous = next
            m += 1
        }
        return true
    }
}
