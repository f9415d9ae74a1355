/// A stall-free streaming schedule for a track flown in time (the geometry model's *Streaming schedule* (§9)): the
/// tiles to preload before take-off and
/// the requests and evictions, with their times, that keep every frame's need resident while at most `capacity`
/// tiles hold a slot, under a loader of latency λ and throughput μ.
///
/// How it is planned (`SchedulePlanner`).
/// 1. The needs, as each tile's runs of consecutive frames (``Needs``), from any cover producer.
/// 2. Holds (`HoldIntervals`), under each of a few bridging rules: a gap between two runs of a tile shorter than
///    G is bridged (the tile stays resident), for G = 0 (only gaps no schedule can break: shorter than λ), 4, 16,
///    64, … frames, and ∞ (every tile loaded once). Every run that starts a load under the rule is timed as late
///    as the loader allows (`LoadTimeline`: latest completions c_m = min(D_m, c_{m+1} − 1/μ) in deadline order,
///    requests at c_m − λ, the shortest preload prefix); its tile holds a slot from that request through the run's
///    last frame, and through bridged gaps.
/// 3. For each rule whose holds never exceed C at one instant, Belady's farthest-next-use over the holds with C
///    slots (`FarthestNextUse`) chooses which holds start with a load and which resident tile each load
///    displaces: the one whose next hold starts farthest away — so never one needed before the incoming tile's
///    deadline (its next hold would already have started), never one still loading. The rule with the fewest loads
///    is kept (the search stops at a rule whose count meets ``latencyBound``).
/// 4. Only the chosen loads are timed again as late as the loader allows (requests as late as the model permits,
///    each completing at its deadline or 1/μ before the next completion), with the shortest preload. A displaced
///    tile is evicted at the midpoint after its last need, or at the displacing request if that comes first; a tile
///    no longer needed is evicted at the midpoint after its last need; the tiles of the last frame stay.
///
/// What it guarantees, and why.
/// - **Valid** whenever it returns (no frame lacks a tile, never more than C slots in use). Each load completes by
///   its deadline: step 4's request times are its latest completions minus λ, nudged so that the model's forward
///   formula, in floating point, completes them no later (`LoadTimeline`). Slots: step 3 hands each slot from one
///   tile to the next, and a load's hold starts after its victim's last need. Step 4 only delays requests (fewer
///   loads queue behind fewer, so no latest completion moves earlier), so each request still follows its victim's
///   last need and eviction, and each slot holds one tile at a time. A displaced tile needed again is reloaded by
///   a hold that starts after the displacing one, hence later in deadline order, hence requested after it.
/// - **Capacity**: it plans a schedule exactly when C ≥ Ĉ, the least over the rules of the most holds open at one
///   instant (``smallestCapacity(for:loader:)``): farthest-next-use fails only where more than C holds meet. No
///   valid schedule fits fewer than L slots, the window bound (``windowBound(for:latency:)``): the most distinct
///   tiles needed by frames within λ of each other, since a tile needed at t_j completes by t_j and so holds a slot
///   from t_j − λ on. Ĉ = L when every hold of the first rule starts exactly λ before its deadline (the loader never
///   queues); when it queues, Ĉ may exceed the true least capacity. A refusal
///   (``StencilError/infeasibleSchedule(_:)``) names Ĉ, L and the least throughput for C. For each rule, a larger μ
///   moves every hold's start later, so Ĉ never grows with μ and that throughput is found by bisection to within
///   1 %; when L > C no throughput can work.
/// - **Requests**: for the rule kept, the fewest any schedule can make whose requests come no later than step 2's
///   times and that bridge the rule's gaps (farthest-next-use is optimal over the holds), so never fewer than
///   ``beladyBound`` (Belady's MIN, no latency, preload counted) nor, when λ ≥ 1/fps, than ``latencyBound`` (MIN
///   over the needs extended back by λ, which every valid schedule must hold). When the first rule's holds start
///   exactly λ before their deadlines and λ ≥ 1/fps, its count is ``latencyBound``: optimal. Otherwise the
///   count may exceed the optimum where the queue forced early requests; a count equal to a bound is optimal.
/// - **Take-off wait**: the least for its loads: the preload is the shortest prefix of the loads, in deadline order,
///   that cannot be requested after take-off.
/// - It holds a tile through each run of consecutive frames that need it. With λ ≥ 1/fps no schedule can do
///   otherwise; with λ < 1/fps one could evict and reload a tile between two frames of a run (a request more, a
///   slot freed for less than a frame), which this schedule never does.
/// - A renderer that issues requests only once per frame plans with ``LoaderModel/forSteps(every:)`` (see
///   ``ScheduleDriver``).
/// - Complexity: O(frames × rows per frame) for the needs; O(R · runs · log runs) to plan, R ≤ log₄(frames) + 2
///   rules; a refusal adds O(R · runs · log runs) per bisection step (about 10–20).
public struct StreamingSchedule<Tile: StreamedTile>: Sendable, Hashable {
    /// The slots C: resident textures the budget holds.
    public let capacity: Int
    /// The loader model the times are planned for.
    public let loader: LoaderModel
    /// Number of frames K covered (one lap of a closed track).
    public let frameCount: Int
    /// Frames per second: frame k is shown at k / fps seconds after take-off.
    public let framesPerSecond: Double
    /// The tiles requested together at −``takeoffWait``, in completion order.
    public let preload: [ScheduledRequest<Tile>]
    /// The requests after take-off, in request (and completion) order.
    public let requests: [ScheduledRequest<Tile>]
    /// The evictions, in time order.
    public let evictions: [ScheduledEviction<Tile>]
    /// The take-off wait w = λ + (P − 1)/μ for a preload of P tiles (0 without one).
    public let takeoffWait: Double
    /// Belady's MIN on the needs with C slots and no latency: no valid schedule makes fewer requests.
    public let beladyBound: Int
    /// A lower bound on requests that counts the latency (see the type's discussion); ``beladyBound`` when
    /// λ < 1/fps.
    public let latencyBound: Int
    /// The most slots in use at once (requested and not evicted, loading tiles included).
    public let peakTiles: Int

    /// All requests, the preload included: |preload| + |requests|.
    public var requestCount: Int { preload.count + requests.count }

    /// Plans the schedule of `needs` with `capacity` slots and `loader` (see the type for the method and what it
    /// guarantees).
    /// - Throws: ``StencilError/outOfRange(field:value:valid:)`` for a capacity below 1 (0 is accepted for needs
    ///   with no tiles, whose Ĉ it is); ``StencilError/infeasibleSchedule(_:)`` when no schedule fits, naming the least capacity and throughput.
    /// - Complexity: O(runs · log runs); a refusal adds the searches.
    @_specialize(exported:true,where Tile == TileIndex)
    @_specialize(exported:true,where Tile == TileID)
    public init(needs: Needs<Tile>, capacity: Int, loader: LoaderModel) throws(StencilError) {
        guard capacity >= 1 || (capacity == 0 && needs.tiles.isEmpty) else {
            throw .outOfRange(
                field: "Schedule capacity (tiles)", value: Double(capacity),
                valid: needs.tiles.isEmpty ? "at least 0 tiles" : "at least 1 tile (0 only for needs with no tiles)")
        }
        let planner = SchedulePlanner(needs: needs, latency: loader.latency)
        self = try planner.plan(capacity: capacity, loader: loader)
    }

    init(
        capacity: Int, loader: LoaderModel, frameCount: Int, framesPerSecond: Double, preload: [ScheduledRequest<Tile>],
        requests: [ScheduledRequest<Tile>], evictions: [ScheduledEviction<Tile>], takeoffWait: Double, beladyBound: Int,
        latencyBound: Int, peakTiles: Int
    ) {
        self.capacity = capacity
        self.loader = loader
        self.frameCount = frameCount
        self.framesPerSecond = framesPerSecond
        self.preload = preload
        self.requests = requests
        self.evictions = evictions
        self.takeoffWait = takeoffWait
        self.beladyBound = beladyBound
        self.latencyBound = latencyBound
        self.peakTiles = peakTiles
    }

    /// Ĉ: the least capacity at which a schedule of `needs` is planned with `loader` (see the type).
    /// - Complexity: O(runs · log runs).
    public static func smallestCapacity(for needs: Needs<Tile>, loader: LoaderModel) -> Int {
        SchedulePlanner(needs: needs, latency: loader.latency).holdPeak(interval: loader.interval).count
    }

    /// L: the most distinct tiles needed by frames within `latency` seconds of each other (one frame's need when the
    /// latency is below a frame interval). No schedule with this latency fits fewer slots, whatever the throughput.
    /// - Complexity: O(runs · log runs).
    public static func windowBound(for needs: Needs<Tile>, latency: Double) -> Int {
        SchedulePlanner(needs: needs, latency: latency).holdPeak(interval: 0).count
    }

    /// The least throughput, to within 1 %, at which a schedule of `needs` fits `capacity` slots with `latency`:
    /// planned at the result, refused at the result divided by 1.01 (nil when ``windowBound(for:latency:)``
    /// exceeds the capacity, or no throughput in ``LoaderModel/validThroughputs`` works).
    /// - Complexity: O(runs · log runs) per bisection step.
    public static func smallestThroughput(for needs: Needs<Tile>, capacity: Int, latency: Double) -> Double? {
        SchedulePlanner(needs: needs, latency: latency).smallestThroughput(capacity: capacity, from: 1)
    }
}

extension Track {
    /// The streaming schedule of this track flown at `timing` with `capacity` slots and `loader` (see
    /// ``StreamingSchedule``).
    /// - Throws: the errors of ``Needs/init(track:timing:)-(_,FlightTiming)`` and
    ///   ``StreamingSchedule/init(needs:capacity:loader:)``.
    public func schedule(at timing: FlightTiming, capacity: Int, loader: LoaderModel) throws(StencilError)
        -> StreamingSchedule<TileIndex>
    {
        try StreamingSchedule(needs: Needs(track: self, timing: timing), capacity: capacity, loader: loader)
    }

    /// The streaming schedule of this track flown at a ground timing with `capacity` slots and `loader`.
    /// - Throws: the errors of ``Needs/init(track:timing:)-(_,GroundTiming)`` and
    ///   ``StreamingSchedule/init(needs:capacity:loader:)``.
    public func schedule(at timing: GroundTiming, capacity: Int, loader: LoaderModel) throws(StencilError)
        -> StreamingSchedule<TileIndex>
    {
        try StreamingSchedule(needs: Needs(track: self, timing: timing), capacity: capacity, loader: loader)
    }

    /// The streaming schedule with the capacity of a memory budget, ⌊budget / bytes per tile⌋ slots.
    /// - Throws: as ``schedule(at:capacity:loader:)-(FlightTiming,_,_)``.
    public func schedule(at timing: FlightTiming, budget: MemoryBudget, format: TextureFormat, loader: LoaderModel)
        throws(StencilError) -> StreamingSchedule<TileIndex>
    {
        try schedule(at: timing, capacity: budget.capacity(for: format), loader: loader)
    }
}
