import Foundation
import TestSupport
import Testing

@testable import StencilKit

/// Thousands of small random tracks, loaders and capacities on a fixed seed (MODEL.md §9): needs against every
/// frame culled, the Belady bound against MIN frame by frame, every planned schedule replayed against the loader
/// model, and every refusal's two figures re-planned (works) and one step below (refused).
struct ScheduleRandomTests {
    struct Case {
        var track: Track
        var timing: FlightTiming
        var latency: Double
        var throughput: Double
        var capacityOffset: Int
    }

    /// A hand-built track of 1–4 pieces on a small grid (so ±180° is crossed often), with a small screen, sometimes
    /// a lateral band or a loop; nil when it would have more than 60 frames.
    static func make(_ rng: inout SplitMix64) throws -> Case? {
        let tileSize = rng.pick([16, 32])
        let grid = try TileGrid(columns: rng.int(4...16), rows: rng.int(8...16), tileSize: tileSize)
        let screen = try Screen(
            width: rng.uniform(10, 120), height: rng.uniform(10, 120), scale: 1,
            anchor: Screen.Anchor(x: rng.uniform(0, 1), y: rng.uniform(0, 1)),
            margin: rng.chance(0.2) ? rng.uniform(0, 8) : 0)
        var steps: [TrackStep] = []
        for _ in 0..<rng.int(1...4) {
            if rng.chance(0.55) {
                steps.append(.straight(length: rng.uniform(5, 150)))
            } else {
                let degrees = rng.uniform(15, 200) * (rng.bool() ? 1 : -1)
                steps.append(.turn(radius: rng.chance(0.5) ? 0 : rng.uniform(5, 50), degrees: degrees))
            }
        }
        let start = PixelPoint(
            x: rng.uniform(0, grid.width), y: rng.uniform(0.35, 0.65) * Double(grid.rows * tileSize))
        let track = try Track(
            start: start, heading: rng.uniform(0, 360), steps: steps, on: grid, screen: screen,
            lateralBand: rng.chance(0.25) ? rng.uniform(0, 30) : 0, closure: rng.chance(0.2) ? .loop : .oneWay)
        let timing = try FlightTiming(
            speed: rng.uniform(40, 400), framesPerSecond: rng.pick([5, 10, 24, 30]), turnRate: rng.uniform(60, 360))
        guard track.duration(at: timing) * timing.framesPerSecond < 60 else { return nil }
        let latency =
            rng.chance(0.25)
            ? 0 : (rng.chance(0.2) ? Double(rng.int(1...4)) / timing.framesPerSecond : rng.uniform(0, 0.6))
        let throughput = (pow(10, rng.uniform(0, 2)) * 1000).rounded() / 1000
        return Case(
            track: track, timing: timing, latency: latency, throughput: throughput, capacityOffset: rng.int(-2...6))
    }

    /// 2 × 1,000 cases, two seeds run in parallel.
    @Test(arguments: [0x5C4E_D01E, 0xB1A5_7ED5] as [UInt64])
    func randomSchedulesAreValidAndRefusalsExact(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var cases = 0
        var planned = 0
        var refused = 0
        var noThroughput = 0
        var requestTotal = 0
        var beladyTotal = 0
        var worstRatio = 1.0
        while cases < 1000 {
            guard let c = try Self.make(&rng) else { continue }
            cases += 1
            let frames = try c.track.frames(at: c.timing)
            let needs = try Needs<TileIndex>(frames: frames)
            let culled = try ScheduleCheck.needs(frames)
            for k in 0..<frames.count where Set(needs.need(ofFrame: k)) != culled[k] {
                Issue.record("case \(cases): frame \(k) needs differ")
                break
            }
            let fps = c.timing.framesPerSecond
            let window = ScheduleCheck.windowBound(culled, fps: fps, latency: c.latency)
            let distinct = culled.reduce(into: Set<TileIndex>()) { $0.formUnion($1) }.count
            guard distinct > 0 else { continue }
            let capacity = max(1, min(window, distinct) + c.capacityOffset)
            let belady = ScheduleCheck.beladyMisses(culled, capacity: capacity)
            #expect(needs.beladyBound(capacity: capacity) == belady, "case \(cases)")
            let loader = try LoaderModel(latency: c.latency, throughput: c.throughput)
            let firstCapacity = capacity
            func check(_ schedule: StreamingSchedule<TileIndex>, capacity: Int, throughput: Double, _ label: String) {
                let replay = ScheduleCheck.replay(
                    schedule, needs: culled, fps: fps, capacity: capacity, latency: c.latency, throughput: throughput)
                #expect(replay.failures == [], "case \(cases) \(label)")
                #expect(replay.peak == schedule.peakTiles, "case \(cases) \(label)")
                if capacity != firstCapacity {
                    let minimum = ScheduleCheck.beladyMisses(culled, capacity: capacity) ?? Int.max
                    #expect(schedule.beladyBound == minimum, "case \(cases) \(label)")
                } else {
                    #expect(schedule.beladyBound == belady, "case \(cases) \(label)")
                }
                #expect(schedule.requestCount >= schedule.latencyBound, "case \(cases) \(label)")
                #expect(schedule.latencyBound >= schedule.beladyBound, "case \(cases) \(label)")
            }
            do {
                let schedule = try StreamingSchedule(needs: needs, capacity: capacity, loader: loader)
                planned += 1
                check(schedule, capacity: capacity, throughput: c.throughput, "planned")
                #expect(window <= capacity, "case \(cases): planned below the window bound")
                requestTotal += schedule.requestCount
                beladyTotal += schedule.beladyBound
                worstRatio = max(worstRatio, Double(schedule.requestCount) / Double(schedule.beladyBound))
            } catch {
                guard case .infeasibleSchedule(let reason) = error else {
                    Issue.record("case \(cases): unexpected \(error)")
                    continue
                }
                refused += 1
                #expect(reason.smallestCapacity > capacity, "case \(cases)")
                #expect(reason.windowBound == window, "case \(cases)")
                #expect((reason.smallestThroughput == nil) == (window > capacity), "case \(cases)")
                // The smallest capacity works, one less is refused.
                let best = reason.smallestCapacity
                do {
                    let schedule = try StreamingSchedule(needs: needs, capacity: best, loader: loader)
                    check(schedule, capacity: best, throughput: c.throughput, "at the smallest capacity")
                } catch { Issue.record("case \(cases): refused at its smallest capacity \(best): \(error)") }
                #expect(
                    ScheduleCheck.refusal { () throws(StencilError) in
                        try StreamingSchedule(needs: needs, capacity: best - 1, loader: loader)
                    } != nil, "case \(cases)")
                if let mu = reason.smallestThroughput {
                    let fast = try LoaderModel(latency: c.latency, throughput: mu)
                    do {
                        let schedule = try StreamingSchedule(needs: needs, capacity: capacity, loader: fast)
                        check(schedule, capacity: capacity, throughput: mu, "at the smallest throughput")
                    } catch { Issue.record("case \(cases): refused at its smallest throughput \(mu): \(error)") }
                    #expect(
                        ScheduleCheck.refusal { () throws(StencilError) in
                            try StreamingSchedule(
                                needs: needs, capacity: capacity,
                                loader: LoaderModel(latency: c.latency, throughput: mu / 1.01))
                        } != nil, "case \(cases)")
                } else {
                    noThroughput += 1
                }
            }
        }
        print(
            "schedules: \(cases) cases, \(planned) planned, \(refused) refused (\(noThroughput) with no throughput); "
                + "requests/MIN \(Double(requestTotal) / Double(max(1, beladyTotal))), worst \(worstRatio)")
        #expect(planned > 250 && refused > 100 && noThroughput > 25)
    }
}
