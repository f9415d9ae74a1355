import Foundation
import MercatorMath
import StencilKit
import StencilScenarios

/// A heuristic that does not know the route: each frame it wants the tiles of its prefetch region about the pose
/// (``PrefetchShape``) and keeps what it can in an LRU cache of C slots.
///
/// Per frame k, at the step s_k:
/// 1. Tiles that stop being wanted join the cold list (least recently wanted first); tiles that stop being shown but
///    are still wanted join the warm list. Tiles the frame shows are pinned: never evicted while shown.
/// 2. A shown tile holding no slot is requested first (a demand load: the frame will wait for it), evicting the
///    coldest loaded tile, or failing that the oldest warm one (which is wanted again later), or failing that a
///    loading one (its slot frees at its completion).
/// 3. Wanted tiles holding no slot are requested in row-major order while a slot is free or a cold loaded tile can
///    be evicted; the rest wait for a later frame (a prefetch never evicts a wanted tile).
///
/// The preload is frame 0's shown tiles, then its wanted ones, up to C.
/// - Complexity: O(region and need events + requests) per frame, plus a scan past loading tiles when evicting.
struct LRUPrefetch: StreamingMethod {
    let region: NeedEvents
    let needs: NeedEvents
    let capacity: Int

    private var wanted: [Bool]
    private var shown: [Bool]
    private var pending: [Bool]
    private var queue: [Int32] = []
    private var queueHead = 0
    private var demand: [Int32] = []
    /// The two lists, intrusive and doubly linked: 1 cold (not wanted), 2 warm (wanted, not shown), 0 neither.
    private var list: [UInt8]
    private var previous: [Int32]
    private var next: [Int32]
    private var heads: (Int32, Int32, Int32) = (-1, -1, -1)
    private var tails: (Int32, Int32, Int32) = (-1, -1, -1)

    /// The heuristic of `region` with `capacity` slots, for tiles numbered below `tileCount`.
    init(region: NeedEvents, needs: NeedEvents, capacity: Int, tileCount: Int) {
        self.region = region
        self.needs = needs
        self.capacity = capacity
        wanted = [Bool](repeating: false, count: tileCount)
        shown = wanted
        pending = wanted
        list = [UInt8](repeating: 0, count: tileCount)
        previous = [Int32](repeating: -1, count: tileCount)
        next = previous
    }

    mutating func start(_ simulator: inout some SlotLoader) {
        guard needs.frameCount > 0 else { return }
        var preload: [Int32] = []
        var taken = Set<Int32>()
        for tile in needs.entering(at: 0) + region.entering(at: 0) where preload.count < capacity {
            if taken.insert(tile).inserted { preload.append(tile) }
        }
        simulator.preload(preload)
    }

    mutating func act(frame k: Int, _ simulator: inout some SlotLoader) {
        let t = simulator.stepTime(ofFrame: k)
        for tile in region.leaving(at: k) {
            wanted[Int(tile)] = false
            pending[Int(tile)] = false
            if simulator.holdsSlot(tile) && !shown[Int(tile)] { move(tile, to: 1) }
        }
        for tile in needs.leaving(at: k) {
            shown[Int(tile)] = false
            if simulator.holdsSlot(tile) { move(tile, to: wanted[Int(tile)] ? 2 : 1) }
        }
        for tile in needs.entering(at: k) {
            shown[Int(tile)] = true
            pending[Int(tile)] = false
            if simulator.holdsSlot(tile) { move(tile, to: 0) } else { demand.append(tile) }
        }
        for tile in region.entering(at: k) {
            wanted[Int(tile)] = true
            if simulator.holdsSlot(tile) {
                if !shown[Int(tile)] { move(tile, to: 2) }
            } else if !shown[Int(tile)] && !pending[Int(tile)] {
                pending[Int(tile)] = true
                queue.append(tile)
            }
        }
        for tile in demand where !simulator.holdsSlot(tile) {
            if simulator.freeSlots(at: t) <= 0 { evictForDemand(at: t, &simulator) }
            simulator.request(tile, at: t)
        }
        demand.removeAll(keepingCapacity: true)
        while queueHead < queue.count {
            let tile = queue[queueHead]
            guard pending[Int(tile)], wanted[Int(tile)], !simulator.holdsSlot(tile) else {
                queueHead += 1
                continue
            }
            if simulator.freeSlots(at: t) <= 0 {
                guard let victim = loadedTile(inList: 1, at: t, simulator) else { break }
                move(victim, to: 0)
                simulator.evict(victim, at: t)
            }
            simulator.request(tile, at: t)
            pending[Int(tile)] = false
            move(tile, to: shown[Int(tile)] ? 0 : 2)
            queueHead += 1
        }
        if queueHead > 4096 && queueHead * 2 > queue.count {
            queue.removeFirst(queueHead)
            queueHead = 0
        }
    }

    /// Frees a slot for a shown tile: the coldest loaded tile, else the oldest loaded warm one (queued again), else
    /// any tile still loading (the simulator frees its slot at its completion).
    private mutating func evictForDemand(at t: Double, _ simulator: inout some SlotLoader) {
        let victim =
            loadedTile(inList: 1, at: t, simulator) ?? loadedTile(inList: 2, at: t, simulator) ?? head(of: 1)
            ?? head(of: 2)
        guard let victim else { return }
        let wasWarm = list[Int(victim)] == 2
        move(victim, to: 0)
        simulator.evict(victim, at: t)
        if wasWarm && wanted[Int(victim)] {
            pending[Int(victim)] = true
            queue.append(victim)
        }
    }

    /// The first tile of list `which`, from its least recent end, that is loaded at `t`.
    private func loadedTile(inList which: UInt8, at t: Double, _ simulator: some SlotLoader) -> Int32? {
        var tile = head(of: which) ?? -1
        while tile >= 0 {
            if simulator.isLoaded(tile, at: t) { return tile }
            tile = next[Int(tile)]
        }
        return nil
    }

    private func head(of which: UInt8) -> Int32? {
        let h = which == 1 ? heads.1 : heads.2
        return h >= 0 ? h : nil
    }

    /// Moves `tile` to the most recent end of list `which` (1 or 2), or out of both lists (0).
    private mutating func move(_ tile: Int32, to which: UInt8) {
        let n = Int(tile)
        let from = list[n]
        if from != 0 {
            let p = previous[n]
            let q = next[n]
            if p >= 0 { next[Int(p)] = q } else { setHead(from, q) }
            if q >= 0 { previous[Int(q)] = p } else { setTail(from, p) }
            previous[n] = -1
            next[n] = -1
        }
        list[n] = which
        guard which != 0 else { return }
        let tail = which == 1 ? tails.1 : tails.2
        previous[n] = tail
        if tail >= 0 { next[Int(tail)] = tile } else { setHead(which, tile) }
        setTail(which, tile)
    }

    private mutating func setHead(_ which: UInt8, _ tile: Int32) {
        if which == 1 { heads.1 = tile } else { heads.2 = tile }
    }

    private mutating func setTail(_ which: UInt8, _ tile: Int32) {
        if which == 1 { tails.1 = tile } else { tails.2 = tile }
    }
}
