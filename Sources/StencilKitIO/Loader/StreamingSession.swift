import Foundation
import MercatorMath
import StencilKit

/// A streaming schedule flown in real time: the render loop of the geometry model's *Streaming schedule* (§9) in
/// one value. It owns the schedule's driver, a ``TileLoader`` reading the driver's requests, the flight's
/// ``LoaderClock`` and the resident tiles, and plays one frame a call:
/// ```swift
/// var session = try StreamingSession(schedule: schedule, needs: needs, loader: textureLoader)
/// while let report = session.nextFrame() {  // frame −1 (the preload), then 0 ..< frameCount
///     if report.frame >= 0 { draw(session.need, session.resident) }  // report.missing: tiles not there
/// }
/// ```
/// A flat view (a `StreamingSchedule<TileIndex>` over `Needs<TileIndex>`) and a cockpit camera (a
/// `StreamingSchedule<TileID>` over `Needs<TileID>`, tiles of several levels) play alike: one chain.
///
/// A frame, ``nextFrame()``: frame k (and frame −1 at −w, when the preload is due) is at flight time t = k / fps
/// on a clock running `speedup` times real time. The session sleeps until t + D (D: the flight's accumulated
/// freeze, 0 unless the ``StallPolicy`` waits), then does the bookkeeping: report the loads stamped by then to the
/// driver (at their time − D), step the driver to t, release its evictions, request its requests. Then it draws:
/// frame k's need N_k is compared with what is resident — arrived and not evicted — and each tile of N_k that is
/// not is **missing** (with ``StallPolicy/wait(limit:)``, it first waits for the needed tiles still loading,
/// freezing the flight). The missing tiles are counted from residency alone, independently of the driver's
/// at-risk reports, so the two can be compared frame by frame.
///
/// The clock starts at the first ``nextFrame()``, not when the session is made: building the driver is
/// O(requests · log requests) (115–132 ms for 80,748 requests), and a clock started before it made frame 0 stall
/// at 100× speed-up.
///
/// Speed-up: a schedule flown k times faster than real time is planned with the loader model in flight time
/// (λ·k, μ/k); the session runs the clock at rate k.
///
/// Cost per frame: O(1) plus the frame's actions, arrivals and need changes, plus O(|N_k|) hash look-ups for the
/// missing tiles, plus the sleep; memory O(tiles + runs + frames). Render thread only; one owner (the session is
/// not copyable: copies would share one loader).
public struct StreamingSession<Tile: StreamedTile, Payload: Sendable>: ~Copyable {
    /// Number of frames K of the flight (frames 0 ..< K; frame −1 is the preload).
    public let frameCount: Int
    /// Frames per second of the flight.
    public let framesPerSecond: Double
    /// The take-off wait w (seconds of flight time): frame −1 is at −w.
    public let takeoffWait: Double
    /// The schedule's capacity C (slots).
    public let capacity: Int
    /// Clock seconds per real second.
    public let speedup: Double
    /// What a frame does when a needed tile has not arrived.
    public let stallPolicy: StallPolicy
    /// The loader reading the requests (shared with the caller, who may read its statistics).
    public let loader: TileLoader<Tile, Payload>

    private var driver: ScheduleDriver<Tile>
    private let tiles: [Tile]
    private let numbers: [Tile: Int32]
    private let events: NeedEvents
    /// Per tile number: loads in flight, loads in flight to drop on arrival (their tile was evicted while it
    /// loaded), and the tile's slot in ``needList`` (−1 when not needed).
    private var loading: [Int32]
    private var dropOnArrival: [Int32]
    private var needSlot: [Int32]
    private var needList: [Int32] = []

    /// The tiles arrived and not evicted, with their loads (payload, missing tile or error): what a frame may draw.
    public private(set) var resident: [Tile: TileLoad<Tile, Payload>] = [:]
    /// The last frame's requests, evictions, at-risk reports (from the driver: its completion reports, then its
    /// step) and missing tiles (tiles of its need not resident when drawn). Emptied at each frame, keeping their
    /// capacity: read them before the next ``nextFrame()``.
    public private(set) var requests: [Tile] = []
    /// See ``requests``.
    public private(set) var evictions: [Tile] = []
    /// See ``requests``.
    public private(set) var atRisk: [Tile] = []
    /// See ``requests``.
    public private(set) var missing: [Tile] = []
    private var scratch: [Tile] = []

    /// The flight's clock, nil before the first frame.
    public private(set) var clock: LoaderClock?
    /// The next frame ``nextFrame()`` plays: −1 first, ``frameCount`` when the flight is over.
    public private(set) var nextFrameIndex = -1
    /// The flight's accumulated freeze D (flight seconds; 0 unless the stall policy waits).
    public private(set) var delay = 0.0
    /// What the frames played so far did, in all.
    public private(set) var totals = SessionTotals()
    private var slotsInUse = 0

    /// A session flying `schedule` over `needs` (the needs it was planned from) with `loader`: a flat view's
    /// (`Needs<TileIndex>`, tiles of one grid) or a cockpit camera's (`Needs<TileID>`, tiles of several levels). The
    /// loader should have nothing outstanding; its ``TileLoader/clock`` is set to the session's at the first frame.
    /// - Throws: ``TileLoaderError/badParameter(field:value:valid:)`` for a `speedup` outside
    ///   ``LoaderClock/validRates``, a non-finite take-off wait, a wait limit that is not finite and ≥ 0, or needs
    ///   whose frames differ from the schedule's.
    /// - Complexity: O((requests + evictions) · log(requests + evictions)) for the driver, O(runs + frames) for the
    ///   needs.
    public init(
        schedule: StreamingSchedule<Tile>, needs: Needs<Tile>, loader: TileLoader<Tile, Payload>, speedup: Double = 1,
        stallPolicy: StallPolicy = .draw
    ) throws(TileLoaderError) {
        guard speedup.isFinite, LoaderClock.validRates.contains(speedup) else {
            throw .badParameter(field: "Session speed-up", value: speedup, valid: "in [0.001, 1e6] (1: real time)")
        }
        guard schedule.takeoffWait.isFinite else {
            throw .badParameter(field: "Take-off wait (s)", value: schedule.takeoffWait, valid: "a finite number")
        }
        if case .wait(let limit) = stallPolicy, !(limit.isFinite && limit >= 0) {
            throw .badParameter(field: "Stall wait limit (s)", value: limit, valid: "a finite number ≥ 0")
        }
        guard needs.frameCount == schedule.frameCount else {
            throw .badParameter(
                field: "Needs' frame count", value: Double(needs.frameCount),
                valid: "the schedule's \(schedule.frameCount) frames: give the needs the schedule was planned from")
        }
        self.driver = ScheduleDriver(schedule: schedule)
        let tiles = needs.tiles
        self.tiles = tiles
        var numbers: [Tile: Int32] = [:]
        numbers.reserveCapacity(tiles.count)
        for (k, tile) in tiles.enumerated() { numbers[tile] = Int32(k) }
        self.numbers = numbers
        events = needs.events()
        frameCount = schedule.frameCount
        framesPerSecond = schedule.framesPerSecond
        takeoffWait = schedule.takeoffWait
        capacity = schedule.capacity
        self.loader = loader
        self.speedup = speedup
        self.stallPolicy = stallPolicy
        loading = [Int32](repeating: 0, count: tiles.count)
        dropOnArrival = loading
        needSlot = [Int32](repeating: -1, count: tiles.count)
        let reserve = capacity + 16
        requests.reserveCapacity(reserve)
        evictions.reserveCapacity(reserve)
        atRisk.reserveCapacity(reserve)
        missing.reserveCapacity(reserve)
        scratch.reserveCapacity(reserve)
        needList.reserveCapacity(reserve)
        resident.reserveCapacity(reserve)
        loader.reserveCapacity(reserve)
    }

    /// Whether every preloaded tile has arrived (the driver's view): frame 0 may be drawn whole.
    public var isReadyForTakeOff: Bool { driver.isReadyForTakeOff }

    /// The need N_k of the last frame drawn (empty before frame 0), in no particular order.
    /// - Complexity: O(|N_k|); allocates the array.
    public var need: [Tile] { needList.map { tiles[Int($0)] } }

    /// The flight time t of frame `k`: −w for frame −1, k / fps otherwise.
    public func time(ofFrame k: Int) -> Double { k < 0 ? -takeoffWait : Double(k) / framesPerSecond }

    /// Plays the next frame (−1, the preload, first; then 0 ..< ``frameCount``) and reports it; nil once the flight
    /// is over. The first call starts the clock (reading −w). See the type for what a frame does.
    /// - Complexity: see the type.
    public mutating func nextFrame() -> FrameReport? {
        guard nextFrameIndex < frameCount else { return nil }
        let frame = nextFrameIndex
        nextFrameIndex += 1
        let t = time(ofFrame: frame)
        let clock: LoaderClock
        if let running = self.clock {
            clock = running
        } else {
            clock = LoaderClock(origin: LoaderClock.monotonicNanoseconds(), start: t, rate: speedup)
            self.clock = clock
            loader.clock = clock
        }
        clock.sleep(until: t + delay)
        let begin = LoaderClock.monotonicNanoseconds()
        requests.removeAll(keepingCapacity: true)
        evictions.removeAll(keepingCapacity: true)
        atRisk.removeAll(keepingCapacity: true)
        missing.removeAll(keepingCapacity: true)
        receive(through: t + delay)
        driver.step(to: t, requests: &requests, evictions: &evictions, atRisk: &scratch)
        atRisk.append(contentsOf: scratch)
        for tile in evictions { evict(tile) }
        for tile in requests {
            if let n = numbers[tile] { loading[Int(n)] += 1 }
            loader.request(tile)
        }
        slotsInUse += requests.count - evictions.count
        let bookkeeping = Double(LoaderClock.monotonicNanoseconds() &- begin) * 1e-9
        totals.requests += requests.count
        totals.evictions += evictions.count
        totals.atRisk += atRisk.count
        totals.peakSlots = max(totals.peakSlots, slotsInUse)
        guard frame >= 0 else {
            return FrameReport(
                frame: frame, time: t, requests: requests.count, evictions: evictions.count, atRisk: atRisk.count,
                missing: 0, wait: 0, bookkeeping: bookkeeping)
        }
        for n in events.leaving(at: frame) { removeNeed(n) }
        for n in events.entering(at: frame) { addNeed(n) }
        var wait = 0.0
        if case .wait(let limit) = stallPolicy, isWaitingForLoads {
            let start = clock.now
            let begun = LoaderClock.monotonicNanoseconds()
            let pause = 50e-6
            let most = Int((limit / pause).rounded(.up))
            var round = 0
            while round < most && isWaitingForLoads {
                LoaderClock.sleepReal(seconds: pause)
                receive(through: .infinity)
                round += 1
                let real = LoaderClock.monotonicNanoseconds()
                if real >= begun && Double(real - begun) * 1e-9 >= limit { break }
            }
            wait = max(0, clock.now - start)
            if !wait.isFinite { wait = 0 }
            delay += wait
        }
        for n in needList where resident[tiles[Int(n)]] == nil { missing.append(tiles[Int(n)]) }
        totals.framesDrawn += 1
        totals.missing += missing.count
        if !missing.isEmpty || wait > 0 { totals.stalledFrames += 1 }
        totals.waited += wait
        totals.longestWait = max(totals.longestWait, wait)
        return FrameReport(
            frame: frame, time: t, requests: requests.count, evictions: evictions.count, atRisk: atRisk.count,
            missing: missing.count, wait: wait, bookkeeping: bookkeeping)
    }

    /// Whether a needed tile is absent and a load of it is in flight (not to be dropped): a wait may bring it.
    private var isWaitingForLoads: Bool {
        needList.contains { n in
            loading[Int(n)] > dropOnArrival[Int(n)] && resident[tiles[Int(n)]] == nil
        }
    }

    /// Takes the loads stamped at or before clock time `time`: each reported to the driver at its flight time
    /// (time − D) and made resident — unless its tile was evicted while it loaded: such a load is dropped and not
    /// reported (the driver has moved on to the tile's next load, which a report would wrongly complete).
    private mutating func receive(through time: Double) {
        for load in loader.completions(through: time) {
            if let n = numbers[load.tile] {
                let i = Int(n)
                loading[i] = max(0, loading[i] - 1)
                if dropOnArrival[i] > 0 {
                    dropOnArrival[i] -= 1
                    continue
                }
            }
            driver.completed(load.tile, at: load.time - delay, atRisk: &scratch)
            atRisk.append(contentsOf: scratch)
            resident[load.tile] = load
        }
    }

    /// Releases `tile`: not resident from now on; a load of it still in flight is dropped when it arrives.
    private mutating func evict(_ tile: Tile) {
        if resident.removeValue(forKey: tile) == nil, let n = numbers[tile], loading[Int(n)] > dropOnArrival[Int(n)] {
            dropOnArrival[Int(n)] += 1
        }
    }

    private mutating func addNeed(_ n: Int32) {
        guard needSlot[Int(n)] < 0 else { return }
        needSlot[Int(n)] = Int32(needList.count)
        needList.append(n)
    }

    private mutating func removeNeed(_ n: Int32) {
        let slot = Int(needSlot[Int(n)])
        guard slot >= 0 else { return }
        let last = needList.removeLast()
        if slot < needList.count {
            needList[slot] = last
            needSlot[Int(last)] = Int32(slot)
        }
        needSlot[Int(n)] = -1
    }
}

/// What a ``StreamingSession`` frame does when a tile of its need has not arrived.
public enum StallPolicy: Sendable, Hashable {
    /// Draw every frame at its time with what is resident: a missing tile is a hole (a renderer that never
    /// freezes, the README's loop).
    case draw
    /// Freeze the flight while a needed tile that is loading has not arrived, for at most `limit` real seconds a
    /// frame (a flight simulator's pause, `stencil-bench replay`'s stall): the frame's ``FrameReport/wait`` is the
    /// freeze, and every later frame and arrival moves that much later on the clock. A tile not loading (never
    /// requested, or evicted while needed) is not waited for: it is missing.
    case wait(limit: Double)
}

/// One frame of a ``StreamingSession``, as ``StreamingSession/nextFrame()`` reports it.
public struct FrameReport: Sendable, Hashable {
    /// The frame: −1 for the preload before take-off, else 0 ..< frame count.
    public let frame: Int
    /// Its flight time t (seconds from take-off).
    public let time: Double
    /// Requests issued at this frame.
    public let requests: Int
    /// Tiles released at this frame.
    public let evictions: Int
    /// Tiles the driver reported at risk at this frame (late completion reports, then deadlines passed while
    /// loading).
    public let atRisk: Int
    /// Tiles of the frame's need not resident when it was drawn (0 for frame −1). A tile whose load arrived empty
    /// (the source lacks it, or the read failed) is resident, not missing: its ``TileLoad`` says what came.
    public let missing: Int
    /// The flight seconds the frame froze waiting for tiles (``StallPolicy/wait(limit:)``; else 0).
    public let wait: Double
    /// Real seconds of the frame's bookkeeping: the drain, the driver's reports and step, the evictions and
    /// requests (not the sleep, not the wait).
    public let bookkeeping: Double

    /// Whether the frame stalled: a tile was missing when drawn, or it waited for one.
    public var isStalled: Bool { missing > 0 || wait > 0 }
}

/// What the frames of a ``StreamingSession`` played so far did, in all.
public struct SessionTotals: Sendable, Hashable {
    /// Frames drawn (frame −1 is not drawn).
    public var framesDrawn = 0
    /// Frames that stalled (``FrameReport/isStalled``).
    public var stalledFrames = 0
    /// Missing tiles, summed over the frames drawn.
    public var missing = 0
    /// At-risk reports of the driver.
    public var atRisk = 0
    /// Requests issued (the preload included).
    public var requests = 0
    /// Evictions.
    public var evictions = 0
    /// The most slots in use at once: requests − evictions so far, at its peak.
    public var peakSlots = 0
    /// Flight seconds frozen waiting, in all, and the longest wait of one frame.
    public var waited = 0.0
    /// See ``waited``.
    public var longestWait = 0.0

    /// No frame played yet.
    public init() {}
}
