import Foundation
import Testing

@testable import StencilKit

/// Independent references for the streaming-schedule tests (MODEL.md §9), written from the model's text: per-frame
/// needs by culling every frame across the band, Belady's MIN frame by frame, the window bound by brute force, and
/// a replay of a schedule against the loader model.
enum ScheduleCheck {
    /// N_k for every frame: the real tiles of ``Track/cull(_:lateralOffset:order:into:)`` at offsets −d … d spaced
    /// no wider than the footprint (so the union of the culled rectangles is the band's whole rectangle).
    static func needs(_ frames: TrackFrames) throws -> [Set<TileIndex>] {
        let track = frames.track
        let d = track.lateralBand
        let width = track.screen.width * track.screen.scale + 2 * track.screen.margin
        var offsets: [Double] = [0]
        if d > 0 {
            let steps = Int((2 * d / width).rounded(.up))
            offsets = (0...steps).map { min(d, max(-d, -d + 2 * d * Double($0) / Double(steps))) }
        }
        var buffer: [VisibleTile] = []
        var result: [Set<TileIndex>] = []
        for k in 0..<frames.count {
            let pose = frames.pose(ofFrame: k)
            var need = Set<TileIndex>()
            for offset in offsets {
                try track.cull(pose, lateralOffset: offset, into: &buffer)
                for tile in buffer { need.insert(tile.realTile) }
            }
            result.append(need)
        }
        return result
    }

    /// Belady's MIN, frame by frame: a missing tile is loaded; when C are resident, the resident tile outside N_k
    /// whose next need is farthest (never needed again first) is evicted. Nil when a frame needs more than C.
    static func beladyMisses(_ needs: [Set<TileIndex>], capacity: Int) -> Int? {
        // Each tile's frames, ascending, for the next need after frame k (binary search).
        var framesOf: [TileIndex: [Int]] = [:]
        for (k, need) in needs.enumerated() { for tile in need { framesOf[tile, default: []].append(k) } }
        func nextNeed(_ tile: TileIndex, after k: Int) -> Int {
            let list = framesOf[tile]!
            var lo = 0
            var hi = list.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if list[mid] <= k { lo = mid + 1 } else { hi = mid }
            }
            return lo < list.count ? list[lo] : Int.max
        }
        var cache = Set<TileIndex>()
        var misses = 0
        for (k, need) in needs.enumerated() {
            guard need.count <= capacity else { return nil }
            for tile in need.sorted() where !cache.contains(tile) {
                misses += 1
                if cache.count == capacity {
                    var victim: TileIndex?
                    var farthest = -1
                    for candidate in cache where !need.contains(candidate) {
                        let next = nextNeed(candidate, after: k)
                        if next > farthest || (next == farthest && candidate < victim!) {
                            farthest = next
                            victim = candidate
                        }
                    }
                    cache.remove(victim!)
                }
                cache.insert(tile)
            }
        }
        return misses
    }

    /// The most distinct tiles needed by frames i…j with t_j − t_i ≤ λ (closed window, 10⁻⁹ s of slack for
    /// rounding).
    static func windowBound(_ needs: [Set<TileIndex>], fps: Double, latency: Double) -> Int {
        var best = 0
        for i in needs.indices {
            var union = Set<TileIndex>()
            var j = i
            while j < needs.count && Double(j - i) / fps <= latency + 1e-9 {
                union.formUnion(needs[j])
                j += 1
            }
            best = max(best, union.count)
        }
        return best
    }

    /// Replays a schedule against the loader model and returns every violation found (none: the schedule is
    /// valid), and the most slots in use at once.
    ///
    /// Completions come from the request list alone: the preload's P tiles, requested at −w, complete at
    /// (i − (P − 1))/μ (the last exactly at 0, w = λ + (P − 1)/μ); the requests after take-off, in request order
    /// (ties in list order), at c_m = max(t_m + λ, c_{m−1} + 1/μ). Events are replayed in time order, evictions
    /// before requests at equal times; after those at or before t_k, frame k's need must be held and complete.
    static func replay(
        _ schedule: StreamingSchedule<TileIndex>, needs: [Set<TileIndex>], fps: Double, capacity: Int, latency: Double,
        throughput: Double
    ) -> (failures: [String], peak: Int) {
        replay(
            preload: schedule.preload.map { ($0.tile, $0.time) },
            requests: schedule.requests.map { ($0.tile, $0.time) },
            evictions: schedule.evictions.map { ($0.tile, $0.time) }, takeoffWait: schedule.takeoffWait, needs: needs,
            fps: fps, capacity: capacity, latency: latency, throughput: throughput)
    }

    /// The replay of a schedule given as its actions (tile, time), for any kind of tile id.
    static func replay<Tile: Hashable>(
        preload: [(tile: Tile, time: Double)], requests scheduled: [(tile: Tile, time: Double)],
        evictions: [(tile: Tile, time: Double)], takeoffWait w: Double, needs: [Set<Tile>], fps: Double,
        capacity: Int, latency: Double, throughput: Double
    ) -> (failures: [String], peak: Int) {
        var failures: [String] = []
        func fail(_ text: String) { if failures.count < 20 { failures.append(text) } }
        let p = preload.count
        let expectedWait = p == 0 ? 0 : latency + Double(p - 1) / throughput
        if abs(w - expectedWait) > 1e-9 * max(1, w) { fail("take-off wait \(w), expected \(expectedWait)") }
        // (time, kind 0 = eviction / 1 = request, order, tile, completion)
        var events: [(time: Double, kind: Int, order: Int, tile: Tile, completion: Double)] = []
        for (i, r) in preload.enumerated() {
            if r.time != -w { fail("preload \(r.tile) requested at \(r.time), not −w = \(-w)") }
            events.append((-w, 1, i, r.tile, Double(i - (p - 1)) / throughput))
        }
        var previous = p > 0 ? 0.0 : -Double.infinity
        let requests = scheduled.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }
        for (i, r) in requests {
            if r.time < 0 { fail("request \(r.tile) at \(r.time) before take-off") }
            let c = max(r.time + latency, previous + 1 / throughput)
            previous = c
            events.append((r.time, 1, p + i, r.tile, c))
        }
        for (i, e) in evictions.enumerated() { events.append((e.time, 0, i, e.tile, 0)) }
        events.sort { a, b in
            a.time != b.time ? a.time < b.time : (a.kind != b.kind ? a.kind < b.kind : a.order < b.order)
        }
        var held: [Tile: Double] = [:]
        var peak = 0
        var next = 0
        func apply(through time: Double) {
            while next < events.count && events[next].time <= time {
                let e = events[next]
                if e.kind == 0 {
                    if let c = held[e.tile] {
                        if c > e.time { fail("\(e.tile) evicted at \(e.time) while loading (until \(c))") }
                        held[e.tile] = nil
                    } else {
                        fail("\(e.tile) evicted at \(e.time) without holding a slot")
                    }
                } else {
                    if held[e.tile] != nil { fail("\(e.tile) requested at \(e.time) while holding a slot") }
                    held[e.tile] = e.completion
                    peak = max(peak, held.count)
                    if held.count > capacity { fail("\(held.count) slots in use at \(e.time), capacity \(capacity)") }
                }
                next += 1
            }
        }
        for (k, need) in needs.enumerated() {
            let t = Double(k) / fps
            apply(through: t)
            for tile in need {
                guard let c = held[tile] else {
                    fail("frame \(k) (t = \(t)): \(tile) not resident")
                    continue
                }
                if c > t { fail("frame \(k) (t = \(t)): \(tile) completes only at \(c)") }
            }
        }
        apply(through: .infinity)
        return (failures, peak)
    }

    /// The planning error's payload, or nil when `body` does not throw ``StencilError/infeasibleSchedule(_:)``.
    static func refusal(_ body: () throws(StencilError) -> StreamingSchedule<TileIndex>) -> ScheduleInfeasibility? {
        do {
            _ = try body()
            return nil
        } catch {
            if case .infeasibleSchedule(let reason) = error { return reason }
            Issue.record("unexpected error \(error)")
            return nil
        }
    }
}
