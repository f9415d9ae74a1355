/// A stall-free streaming schedule for a track flown in time (MODEL.md §9): the tiles to preload before take-off and
/// the requests and evictions, with their times, that keep every frame's need resident while at most `capacity`
/// tiles hold a slot, under a loader of latency λ and throughput μ.
///
/// How it is planned (``SchedulePlanner``).
/// 1. The needs, as each tile's runs of consecutive frames (``TrackNeeds``).
/// 2. Holds (``HoldIntervals``): every run that can be a load of its own is timed as one, as late as the loader
///    allows (``LoadTimeline``: latest completions c_m = min(D_m, c_{m+1} − 1/μ) in deadline order, requests at
///    c_m − λ, the shortest preload prefix). A tile must then hold a slot from its run's latest request through the
///    run's last frame; runs whose tile cannot be evicted and requested again in between join the previous hold.
/// 3. Belady's farthest-next-use over the holds with C slots (``FarthestNextUse``) chooses which holds start with
///    a load and which resident tile each load displaces: the one whose next hold starts farthest away (so never
///    one needed before the incoming tile's deadline, never one still loading).
/// 4. Only the chosen loads are timed again as late as the loader allows (requests as late as the model permits,
///    each completing at its deadline or 1/μ before the next completion), with the shortest preload. A displaced
///    tile is evicted at the midpoint after its last need, or at the displacing request if that comes first; a tile
///    no longer needed is evicted at the midpoint after its last need; the tiles of the last frame stay.
///
/// What it guarantees, and why.
/// - **Valid** whenever it returns (no frame lacks a tile, never more than C slots in use). Each load completes by
///   its deadline: step 4's request times are its latest completions minus λ, nudged so the forward formula
///   reproduces them in floating point (``LoadTimeline``). Slots: step 3 hands each slot from one tile to the next;
///   a load's hold starts after its victim's last need, and step 4 only delays requests (fewer loads queue behind
///   fewer, so every latest completion moves later or stays), so each request still follows its victim's last
///   need and eviction, and each slot holds one tile at a time. A tile needed again later is evicted only by a
///   load whose hold starts first, so its own reload — later in deadline order — is requested after its eviction.
/// - **Capacity**: it plans a schedule exactly when C ≥ Ĉ, the most holds of step 2 open at one instant
///   (``smallestCapacity(for:loader:)``): farthest-next-use fails only where more than C holds meet. Every valid
///   schedule needs at least L slots, the window bound (``windowBound(for:latency:)``): the most distinct tiles
///   needed by frames within λ of each other, because a tile needed at t_j completes by t_j and so holds a slot
///   from t_j − λ. Ĉ = L whenever no request after take-off has to be made earlier than λ before its deadline
///   (the loader never queues); when it queues, Ĉ may exceed the true least capacity by what keeping some tiles
///   resident across gaps would save in loader time. The refusal (``StencilError/infeasibleSchedule(_:)``) names
///   Ĉ, L and the least throughput for C. Ĉ never grows with μ (a larger μ moves every hold's start later), so that
///   throughput is found by bisection to within 1 %; when L > C no throughput can work.
/// - **Requests**: the fewest any schedule can make whose loads are requested no later than step 2's times (MIN
///   is optimal over the holds), and never fewer than ``beladyBound`` (Belady's MIN with no latency, preload
///   counted). ``latencyBound`` is a stronger bound when λ ≥ 1/fps: MIN over the needs extended back by λ, which
///   every valid schedule must hold. When the loader never queues, step 2's times are exactly λ before each
///   deadline, so the request count equals ``latencyBound``: optimal. When it queues, the count may exceed the
///   optimum where the queue forced early requests that a schedule bridging more gaps would not have made.
///   Ties: a plan with as many requests as the bound is optimal whatever the loader.
/// - **Take-off wait**: the least for its loads: the preload is the shortest prefix of the loads, in deadline order,
///   that cannot be requested after take-off.
/// - It holds a tile through each run of consecutive frames that need it. With λ ≥ 1/fps no schedule can do
///   otherwise; with λ < 1/fps one could evict and reload a tile between two frames of a run (a request more, a
///   slot freed for less than a frame), which this schedule never does.
/// - Complexity: O(frames × rows per frame + runs · log runs) to plan; a refusal adds O(runs · log runs) per
///   bisection step (about 20).
public struct StreamingSchedule: Sendable {
    /// The slots C: resident textures the budget holds.
    public let capacity: Int
    /// The loader model the times are planned for.
    public let loader: LoaderModel
    /// Number of frames K covered (one lap of a closed track).
    public let frameCount: Int
    /// Frames per second: frame k is shown at k / fps seconds after take-off.
    public let framesPerSecond: Double
    /// The tiles requested together at −``takeoffWait``, in completion order.
    public let preload: [ScheduledRequest]
    /// The requests after take-off, in request (and completion) order.
    public let requests: [ScheduledRequest]
    /// The evictions, in time order.
    public let evictions: [ScheduledEviction]
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
    /// - Throws: ``StencilError/outOfRange(field:value:valid:)`` for a capacity below 1;
    ///   ``StencilError/infeasibleSchedule(_:)`` when no schedule fits, naming the least capacity and throughput.
    /// - Complexity: O(runs · log runs); a refusal adds the searches.
    public init(needs: TrackNeeds, capacity: Int, loader: LoaderModel) throws(StencilError) {
        guard capacity >= 1 else {
            throw .outOfRange(field: "Schedule capacity (tiles)", value: Double(capacity), valid: "at least 1 tile")
        }
        let planner = SchedulePlanner(needs: needs, latency: loader.latency)
        self = try planner.plan(capacity: capacity, loader: loader)
    }

    init(
        capacity: Int, loader: LoaderModel, frameCount: Int, framesPerSecond: Double, preload: [ScheduledRequest],
        requests: [ScheduledRequest], evictions: [ScheduledEviction], takeoffWait: Double, beladyBound: Int,
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
    public static func smallestCapacity(for needs: TrackNeeds, loader: LoaderModel) -> Int {
        SchedulePlanner(needs: needs, latency: loader.latency).holdPeak(interval: loader.interval).count
    }

    /// L: the most distinct tiles needed by frames within `latency` seconds of each other (one frame's need when the
    /// latency is below a frame interval). No schedule with this latency fits fewer slots, whatever the throughput.
    /// - Complexity: O(runs · log runs).
    public static func windowBound(for needs: TrackNeeds, latency: Double) -> Int {
        SchedulePlanner(needs: needs, latency: latency).holdPeak(interval: 0).count
    }

    /// The least throughput, to within 1 %, at which a schedule of `needs` fits `capacity` slots with `latency`:
    /// planned at the result, refused at the result divided by 1.01 (nil when ``windowBound(for:latency:)``
    /// exceeds the capacity, or no throughput in ``LoaderModel/validThroughputs`` works).
    /// - Complexity: O(runs · log runs) per bisection step.
    public static func smallestThroughput(for needs: TrackNeeds, capacity: Int, latency: Double) -> Double? {
        SchedulePlanner(needs: needs, latency: latency).smallestThroughput(capacity: capacity, from: 1)
    }
}

extension Track {
    /// The streaming schedule of this track flown at `timing` with `capacity` slots and `loader` (see
    /// ``StreamingSchedule``).
    /// - Throws: the errors of ``TrackNeeds/init(track:timing:)`` and ``StreamingSchedule/init(needs:capacity:loader:)``.
    public func schedule(at timing: FlightTiming, capacity: Int, loader: LoaderModel) throws(StencilError)
        -> StreamingSchedule
    {
        try StreamingSchedule(needs: TrackNeeds(track: self, timing: timing), capacity: capacity, loader: loader)
    }

    /// The streaming schedule with the capacity of a memory budget, ⌊budget / bytes per tile⌋ slots.
    /// - Throws: as ``schedule(at:capacity:loader:)``.
    public func schedule(at timing: FlightTiming, budget: MemoryBudget, format: TextureFormat, loader: LoaderModel)
        throws(StencilError) -> StreamingSchedule
    {
        try schedule(at: timing, capacity: budget.capacity(for: format), loader: loader)
    }
}
