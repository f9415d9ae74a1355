import Foundation
import MercatorMath
import StencilKit
import StencilKitIO
import StencilScenarios

/// The real loader behind ``SlotLoader`` (`replay`): the simulator's C slots, with loads read by a ``TileLoader``
/// from a tile source in wall-clock time, on a clock running `speedup` times real time.
///
/// It keeps the ``LoaderSimulator``'s rules so that the same methods fly over it: a tile holds a slot from its
/// request until its eviction; evicting a tile still loading frees its slot when its load arrives, and a request
/// that finds no slot free waits for such a release (issued when it arrives; with none pending it is an overflow,
/// still made). A tile is loaded once the render thread has received its load. Frame k's step is at k / fps + D on
/// the clock: the render thread sleeps until then, drains the loads, lets the method act, then shows the frame once
/// every needed tile it checks is loaded — waiting if one is not (a stall: the flight freezes and D grows by the
/// wait, as in the simulator). The preload is waited for before take-off (the take-off wait, not a stall).
/// - Complexity: O(1) per request, eviction and load received; O(tiles checked) per frame plus the waits.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct RealSlotLoader: SlotLoader {
    let capacity: Int
    let loader: TileLoader<TileIndex, Data>
    let needs: NeedEvents
    let framesPerSecond: Double
    /// Tile numbers to tiles, and back.
    let numbers: TileNumbering<TileIndex>
    private(set) var clock: LoaderClock
    let speedup: Double

    private var holds: [Bool]
    private var loaded: [Bool]
    private var completionTime: [Double]
    private var needed: [Bool]
    /// Per tile: loads in flight, and how many of them belong to evictions (their slot frees on arrival).
    private var inFlight: [Int32]
    private var releasing: [Int32]
    private var pendingReleases = 0
    /// Requests waiting for a slot, in order (a tile evicted meanwhile is skipped).
    private var deferred: [Int32] = []
    private var checks: [Int32] = []
    private(set) var used = 0
    private(set) var delay = 0.0

    private(set) var requests = 0
    private(set) var peak = 0
    private(set) var stalledFrames: [Int32] = []
    private(set) var stallTime = 0.0
    private(set) var longestStall = 0.0
    private(set) var takeoffWait = 0.0
    private(set) var overflows = 0
    private(set) var absentNeeds = 0

    init(
        capacity: Int, loader: TileLoader<TileIndex, Data>, needs: NeedEvents, framesPerSecond: Double,
        numbers: TileNumbering<TileIndex>, speedup: Double
    ) throws {
        self.capacity = capacity
        self.loader = loader
        self.needs = needs
        self.framesPerSecond = framesPerSecond
        self.numbers = numbers
        self.speedup = speedup
        let n = max(numbers.count, needs.tileCount)
        holds = [Bool](repeating: false, count: n)
        loaded = holds
        needed = holds
        completionTime = [Double](repeating: .infinity, count: n)
        inFlight = [Int32](repeating: 0, count: n)
        releasing = inFlight
        clock = try LoaderClock(now: 0, rate: speedup)
        loader.clock = clock
        loader.reserveCapacity(capacity + 16)
    }

    func stepTime(ofFrame k: Int) -> Double { Double(k) / framesPerSecond + delay }
    func holdsSlot(_ tile: Int32) -> Bool { holds[Int(tile)] }
    func isLoaded(_ tile: Int32, at time: Double) -> Bool { holds[Int(tile)] && loaded[Int(tile)] }
    func completion(of tile: Int32) -> Double { loaded[Int(tile)] ? completionTime[Int(tile)] : .infinity }

    mutating func freeSlots(at time: Double) -> Int {
        drain()
        return capacity - used
    }

    mutating func preload(_ tiles: [Int32]) {
        for tile in tiles { request(tile, at: 0) }
    }

    mutating func request(_ tile: Int32, at time: Double) {
        let n = Int(tile)
        guard !holds[n] else { return }
        holds[n] = true
        loaded[n] = false
        requests += 1
        if needed[n] { checks.append(tile) }
        if used >= capacity && pendingReleases > 0 {
            deferred.append(tile)
            return
        }
        if used >= capacity { overflows += 1 }
        issue(tile)
    }

    mutating func evict(_ tile: Int32, at time: Double) {
        let n = Int(tile)
        guard holds[n] else { return }
        holds[n] = false
        if needed[n] { checks.append(tile) }
        if let i = deferred.firstIndex(of: tile) {
            deferred.remove(at: i)
            return
        }
        if inFlight[n] > releasing[n] && !loaded[n] {
            releasing[n] += 1
            pendingReleases += 1
        } else {
            used -= 1
        }
        loaded[n] = false
    }

    private mutating func issue(_ tile: Int32) {
        let n = Int(tile)
        used += 1
        peak = max(peak, used)
        inFlight[n] += 1
        loader.request(numbers.tiles[n])
    }

    /// Receives the loads completed so far: a released one frees its slot (and lets a deferred request go), any
    /// other makes its tile loaded.
    mutating func drain() {
        for load in loader.completions(through: .infinity) {
            guard let number = numbers.existingNumber(of: load.tile) else { continue }
            inFlight[number] -= 1
            if releasing[number] > 0 {
                releasing[number] -= 1
                pendingReleases -= 1
                used -= 1
                while used < capacity, !deferred.isEmpty {
                    let next = deferred.removeFirst()
                    if holds[Int(next)] { issue(next) }
                }
            } else if holds[number] {
                loaded[number] = true
                completionTime[number] = load.time
            }
        }
    }

    /// Waits for every load in flight (before take-off, and after the flight so the loader is idle).
    mutating func drainAll() {
        drain()
        while loader.outstanding > 0 || !deferred.isEmpty {
            usleep(50)
            drain()
        }
    }

    mutating func beginFrame(_ k: Int) {
        for tile in needs.leaving(at: k) { needed[Int(tile)] = false }
        for tile in needs.entering(at: k) {
            needed[Int(tile)] = true
            checks.append(tile)
        }
    }

    /// Shows frame `k` once the tiles it checks are loaded, waiting for them (a stall) if they are not.
    mutating func showFrame(_ k: Int) {
        let s = stepTime(ofFrame: k)
        for tile in checks where needed[Int(tile)] && !holds[Int(tile)] {
            absentNeeds += 1
            request(tile, at: s)
        }
        var waited = false
        while true {
            drain()
            if !checks.contains(where: { needed[Int($0)] && !loaded[Int($0)] }) { break }
            waited = true
            usleep(50)
        }
        checks.removeAll(keepingCapacity: true)
        guard waited else { return }
        let wait = max(0, clock.now - s)
        stalledFrames.append(Int32(k))
        stallTime += wait
        longestStall = max(longestStall, wait)
        delay += wait
    }

    /// Flies `method` over every frame in wall-clock time: the preload (waited for, the take-off wait), then per
    /// frame a sleep to the step, a drain, the method's actions (timed, seconds of wall time per frame) and the show.
    static func run(
        _ method: inout some StreamingMethod, capacity: Int, loader: TileLoader<TileIndex, Data>, needs: NeedEvents,
        framesPerSecond: Double, numbers: TileNumbering<TileIndex>, speedup: Double
    ) throws -> (StreamingOutcome, frameTimes: [Double]) {
        var real = try RealSlotLoader(
            capacity: capacity, loader: loader, needs: needs, framesPerSecond: framesPerSecond, numbers: numbers,
            speedup: speedup)
        let before = real.clock.now
        method.start(&real)
        real.drainAll()
        real.takeoffWait = real.clock.now - before
        real.clock = try LoaderClock(now: 0, rate: speedup)
        loader.clock = real.clock
        var frameTimes = [Double](repeating: 0, count: needs.frameCount)
        for k in 0..<needs.frameCount {
            real.clock.sleep(until: real.stepTime(ofFrame: k))
            let start = LoaderClock.monotonicNanoseconds()
            real.drain()
            real.beginFrame(k)
            method.act(frame: k, &real)
            frameTimes[k] = Double(LoaderClock.monotonicNanoseconds() - start) * 1e-9
            real.showFrame(k)
        }
        real.drainAll()
        let outcome = StreamingOutcome(
            capacity: capacity, stalledFrames: real.stalledFrames, stallTime: real.stallTime,
            longestStall: real.longestStall, requests: real.requests, peak: real.peak, takeoffWait: real.takeoffWait,
            overflows: real.overflows, absentNeeds: real.absentNeeds)
        return (outcome, frameTimes)
    }
}
