import Foundation
import MercatorMath
import StencilKit
import StencilScenarios

/// The one loader simulator every streaming method of the comparison feeds: C texture slots and the library's
/// ``LoaderModel`` ("Streaming schedule", its section "Loader"), with a clock that stops while a frame waits for its
/// tiles.
///
/// The model, as that section states it:
/// - Requests complete in request order: the m-th at c_m = max(t_m + λ, c_{m−1} + 1/μ). Requests are issued in
///   non-decreasing time (one a method issues earlier than the last is issued at the last's time).
/// - A tile holds one of the C slots from its request until its eviction. A tile still loading cannot be released:
///   evicting it frees its slot only at its completion, and a request that finds no free slot waits for the earliest
///   such release (a request with no slot to wait for is counted as an overflow, a method's bug, and still made).
/// - A preload of P tiles is requested together at −w, w = λ + (P − 1)/μ, completing at −(P − 1 − i)/μ, the last at
///   0 (the take-off wait is reported, not counted as a stall).
///
/// Frames and stalls. Frame k's step is at s_k = k / fps + D, D the stall time so far: the method acts at or before
/// s_k, then the frame is shown once every tile of its need N_k (``Needs<TileIndex>``) is loaded, at
/// r_k = max(s_k, completions of N_k). The frame stalls when r_k − s_k > 10⁻⁹ s (rounding of the same formula the
/// library plans with); it waits r_k − s_k, and D grows by as much — the flight freezes, as a renderer that cannot draw
/// a tile does, so later frames come later. A needed tile that holds no slot at its frame (never requested, or
/// evicted while needed) is counted as a violation and requested on demand.
///
/// Only the tiles whose need begins at k, or that were requested or evicted while needed, are checked at k: a needed
/// tile loaded at an earlier frame stays loaded until it is evicted, and an eviction of a needed tile is caught.
/// - Complexity: O(1) per request and eviction (plus the releases pending, few); O(tiles checked) per frame.
struct LoaderSimulator {
    /// The slots C.
    let capacity: Int
    /// The loader model.
    let loader: LoaderModel
    /// The needs, per frame.
    let needs: NeedEvents
    /// Frames per second.
    let framesPerSecond: Double
    /// The slack, 10⁻⁹ s, within which a completion after its frame's step is not a stall.
    static let tolerance = 1e-9

    private var holds: [Bool]
    private var completion: [Double]
    private var needed: [Bool]
    private var lastCompletion = -Double.infinity
    private var lastRequest = -Double.infinity
    /// Slots in use, loading tiles and evicted tiles still loading included.
    private(set) var used = 0
    /// Release times of evicted tiles still loading, ascending.
    private var releases: [Double] = []
    /// Needed tiles to check at the next frame.
    private var checks: [Int32] = []
    /// The stall time so far, D.
    private(set) var delay = 0.0

    /// Counters.
    private(set) var requests = 0
    private(set) var evictions = 0
    private(set) var peak = 0
    private(set) var stalledFrames: [Int32] = []
    private(set) var stallTime = 0.0
    private(set) var longestStall = 0.0
    private(set) var takeoffWait = 0.0
    /// Requests made with no slot free nor pending release (a method's bug).
    private(set) var overflows = 0
    /// Needed tiles found without a slot at their frame (a method's bug, or a capacity below the need).
    private(set) var absentNeeds = 0

    /// A simulator with every slot free, for tiles numbered below `tileCount`.
    init(capacity: Int, loader: LoaderModel, needs: NeedEvents, framesPerSecond: Double, tileCount: Int) {
        self.capacity = capacity
        self.loader = loader
        self.needs = needs
        self.framesPerSecond = framesPerSecond
        let n = max(tileCount, needs.tileCount)
        holds = [Bool](repeating: false, count: n)
        completion = [Double](repeating: .infinity, count: n)
        needed = [Bool](repeating: false, count: n)
    }

    /// The time of frame `k`'s step, k / fps + D.
    @inline(__always)
    func stepTime(ofFrame k: Int) -> Double { Double(k) / framesPerSecond + delay }

    /// Whether `tile` holds a slot (requested and not evicted).
    @inline(__always)
    func holdsSlot(_ tile: Int32) -> Bool { holds[Int(tile)] }

    /// Whether `tile` holds a slot and is loaded at `time`.
    @inline(__always)
    func isLoaded(_ tile: Int32, at time: Double) -> Bool { holds[Int(tile)] && completion[Int(tile)] <= time }

    /// The completion of `tile`'s latest request (+∞ if never requested).
    @inline(__always)
    func completion(of tile: Int32) -> Double { completion[Int(tile)] }

    /// Slots free at `time`, after the releases due by then.
    mutating func freeSlots(at time: Double) -> Int {
        release(through: time)
        return capacity - used
    }

    /// Requests `tiles` before take-off (they must be the first requests), completing by t = 0.
    mutating func preload(_ tiles: [Int32]) {
        let p = tiles.count
        guard p > 0 else { return }
        let interval = loader.interval
        takeoffWait = loader.latency + Double(p - 1) * interval
        for (i, tile) in tiles.enumerated() {
            if used >= capacity { overflows += 1 }
            holds[Int(tile)] = true
            completion[Int(tile)] = -Double(p - 1 - i) * interval
            used += 1
        }
        peak = max(peak, used)
        requests += p
        lastCompletion = 0
        lastRequest = -takeoffWait
    }

    /// Requests `tile` (which must hold no slot) at `time`, or later if no slot is free then.
    mutating func request(_ tile: Int32, at time: Double) {
        let n = Int(tile)
        guard !holds[n] else { return }
        var t = max(time, lastRequest)
        release(through: t)
        if used >= capacity {
            if releases.isEmpty {
                overflows += 1
            } else {
                t = max(t, releases.removeFirst())
                used -= 1
            }
        }
        used += 1
        peak = max(peak, used)
        let c = loader.completion(request: t, after: lastCompletion)
        holds[n] = true
        completion[n] = c
        lastCompletion = c
        lastRequest = t
        requests += 1
        if needed[n] { checks.append(tile) }
    }

    /// Evicts `tile` at `time`: its slot is free at once, or at its completion if it is still loading.
    mutating func evict(_ tile: Int32, at time: Double) {
        let n = Int(tile)
        guard holds[n] else { return }
        holds[n] = false
        evictions += 1
        let c = completion[n]
        if c > time {
            // After the releases due at or before c, keeping them ascending.
            releases.insert(c, at: releases.partitioningIndex { $0 > c })
        } else {
            used -= 1
        }
        if needed[n] { checks.append(tile) }
    }

    /// Opens frame `k`: the tiles leaving the need stop being needed, those entering it start to be and are checked
    /// when the frame is shown. Call before the method's actions for frame k.
    mutating func beginFrame(_ k: Int) {
        for tile in needs.leaving(at: k) { needed[Int(tile)] = false }
        for tile in needs.entering(at: k) {
            needed[Int(tile)] = true
            checks.append(tile)
        }
    }

    /// Shows frame `k` once its needed tiles are loaded: requests any that hold no slot (a violation), waits for the
    /// last completion, and records the stall.
    mutating func showFrame(_ k: Int) {
        let s = stepTime(ofFrame: k)
        var ready = s
        for tile in checks where needed[Int(tile)] {
            if !holds[Int(tile)] {
                absentNeeds += 1
                request(tile, at: s)
            }
            ready = max(ready, completion[Int(tile)])
        }
        checks.removeAll(keepingCapacity: true)
        let wait = ready - s
        if wait > Self.tolerance {
            stalledFrames.append(Int32(k))
            stallTime += wait
            longestStall = max(longestStall, wait)
            delay += wait
        }
    }

    private mutating func release(through time: Double) {
        while let first = releases.first, first <= time {
            releases.removeFirst()
            used -= 1
        }
    }
}
