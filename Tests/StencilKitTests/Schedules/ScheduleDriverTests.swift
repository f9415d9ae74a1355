import TestSupport
import Testing

@testable import StencilKit

/// The runtime driver on the hand-worked straight leg (``ScheduleHandWorkedTests``: C = 4, λ = 0.25 s, μ = 4/s),
/// played against a loader simulated in the test from the model (FIFO, c = max(t + λ, c_prev + 1/μ)), with chosen
/// loads made late or lost.
struct ScheduleDriverTests {
    struct Run {
        var requests: [(time: Double, tile: TileIndex)] = []
        var evictions: [(time: Double, tile: TileIndex)] = []
        var risksFromSteps: [(time: Double, tile: TileIndex)] = []
        var risksFromCompletions: [(time: Double, tile: TileIndex)] = []
        var readyAtTakeOff = false
    }

    /// Steps the driver at every action time and every frame time. The simulated loader is FIFO: a request issued
    /// at t completes at max(t + λ, the previous completion + 1/μ), or — for a tile `late` delays — at
    /// max(`late(tile, that time)`, the previous completion + 1/μ); nil loses the load. Completions due by a step
    /// are reported first.
    static func play(_ schedule: StreamingSchedule<TileIndex>, late: (TileIndex, Double) -> Double? = { $1 }) -> Run {
        var driver = ScheduleDriver(schedule: schedule)
        var run = Run()
        var requests: [TileIndex] = []
        var evictions: [TileIndex] = []
        var risk: [TileIndex] = []
        var pending: [(time: Double, tile: TileIndex)] = []
        var lastCompletion = -Double.infinity
        let lambda = schedule.loader.latency
        let interval = 1 / schedule.loader.throughput
        var times = Set((0..<schedule.frameCount).map { Double($0) / schedule.framesPerSecond })
        for r in schedule.preload + schedule.requests { times.insert(r.time) }
        for e in schedule.evictions { times.insert(e.time) }
        for t in times.sorted() {
            pending.sort { $0.time < $1.time }
            while let first = pending.first, first.time <= t {
                pending.removeFirst()
                #expect(driver.completed(first.tile, at: first.time, atRisk: &risk))
                run.risksFromCompletions += risk.map { (first.time, $0) }
            }
            if t == 0 { run.readyAtTakeOff = driver.isReadyForTakeOff }
            driver.step(to: t, requests: &requests, evictions: &evictions, atRisk: &risk)
            run.evictions += evictions.map { (t, $0) }
            run.risksFromSteps += risk.map { (t, $0) }
            for tile in requests {
                run.requests.append((t, tile))
                let model = max(t + lambda, lastCompletion + interval)
                guard let wanted = late(tile, model) else { continue }
                let actual = max(wanted, lastCompletion + interval)
                lastCompletion = actual
                pending.append((actual, tile))
            }
        }
        return run
    }

    static func schedule() throws -> StreamingSchedule<TileIndex> {
        let (track, timing) = try ScheduleHandWorkedTests.leg()
        return try track.schedule(at: timing, capacity: 4, loader: LoaderModel(latency: 0.25, throughput: 4))
    }

    @Test func onTimeLoaderIssuesTheScheduleAndRisksNothing() throws {
        let schedule = try Self.schedule()
        let run = Self.play(schedule)
        let planned = schedule.preload + schedule.requests
        #expect(run.requests.map(\.tile) == planned.map(\.tile))
        #expect(run.requests.map(\.time) == planned.map(\.time))
        #expect(run.evictions.map(\.tile) == schedule.evictions.map(\.tile))
        #expect(run.evictions.map(\.time) == schedule.evictions.map(\.time))
        #expect(run.risksFromSteps.isEmpty)
        #expect(run.risksFromCompletions.isEmpty)
        #expect(run.readyAtTakeOff)
    }

    /// (10,20) is due at 2.25 s (deadline 2.5 s) and arrives at 2.4 s: still in time, but (10,21), due at 2.5 s, now
    /// cannot arrive before 2.4 + 1/μ = 2.65 s: at risk, reported once, when (10,20)'s late completion is reported.
    @Test func lateLoadPutsTheNextAtRisk() throws {
        let schedule = try Self.schedule()
        let tile = TileIndex(column: 10, row: 20)
        let run = Self.play(schedule) { t, model in t == tile ? 2.4 : model }
        #expect(run.risksFromCompletions.map(\.tile) == [TileIndex(column: 10, row: 21)])
        #expect(run.risksFromCompletions.map(\.time) == [2.4])
        // The loader delivers (10,21) at 2.65 s, after frame 5 (2.5 s): the driver, having reported it, does not
        // report it again at the deadline; (11,20) at max(4.25, 2.9) = 4.25 s is on time again.
        #expect(run.risksFromSteps.isEmpty)
    }

    /// (11,20) never arrives: stepping to its deadline, 4.5 s (frame 9), reports it at risk, once.
    @Test func lostLoadIsAtRiskAtItsDeadline() throws {
        let schedule = try Self.schedule()
        let tile = TileIndex(column: 11, row: 20)
        let run = Self.play(schedule) { t, model in t == tile ? nil : model }
        #expect(run.risksFromSteps.map(\.tile) == [tile])
        #expect(run.risksFromSteps.map(\.time) == [4.5])
        #expect(run.risksFromCompletions.isEmpty)
    }

    /// A completion for a tile with no load in flight changes nothing; stepping backwards returns nothing.
    @Test func strayReportsAndBackwardStepsAreIgnored() throws {
        var driver = ScheduleDriver(schedule: try Self.schedule())
        var requests: [TileIndex] = []
        var evictions: [TileIndex] = []
        var risk: [TileIndex] = []
        #expect(!driver.completed(TileIndex(column: 8, row: 20), at: 0, atRisk: &risk))
        driver.step(to: -0.5, requests: &requests, evictions: &evictions, atRisk: &risk)
        #expect(requests == [TileIndex(column: 8, row: 20), TileIndex(column: 8, row: 21)])
        #expect(!driver.isReadyForTakeOff)
        #expect(!driver.completed(TileIndex(column: 50, row: 3), at: 0, atRisk: &risk))
        driver.step(to: -1, requests: &requests, evictions: &evictions, atRisk: &risk)
        #expect(requests.isEmpty && evictions.isEmpty && risk.isEmpty)
        driver.step(to: .nan, requests: &requests, evictions: &evictions, atRisk: &risk)
        #expect(requests.isEmpty)
        #expect(driver.nextActionTime == 0)
        #expect(driver.completed(TileIndex(column: 8, row: 20), at: -0.25, atRisk: &risk))
        #expect(driver.completed(TileIndex(column: 8, row: 21), at: 0, atRisk: &risk))
        #expect(driver.isReadyForTakeOff)
    }
}

/// The claim of ``LoaderModel/forSteps(every:)``: a schedule planned with one frame more latency, played by a driver
/// stepped only at −w and at frame times against a FIFO loader with the true latency, never stalls, never holds
/// more than C slots, never evicts a loading tile, and never reports a tile at risk — on random small tracks.
struct ScheduleSteppedRandomTests {
    @Test func steppedOncePerFrameNeverStalls() throws {
        var rng = SplitMix64(seed: 0x57E9_9ED0)
        var played = 0
        var attempts = 0
        while played < 300 && attempts < 3000 {
            attempts += 1
            guard let c = try ScheduleRandomTests.make(&rng) else { continue }
            let frames = try c.track.frames(at: c.timing)
            let fps = c.timing.framesPerSecond
            let needs = try ScheduleCheck.needs(frames)
            let distinct = needs.reduce(into: Set<TileIndex>()) { $0.formUnion($1) }.count
            guard distinct > 0 else { continue }
            let loader = try LoaderModel(latency: c.latency, throughput: c.throughput)
            let planned = try loader.forSteps(every: 1 / fps)
            let capacity =
                try StreamingSchedule.smallestCapacity(for: Needs<TileIndex>(frames: frames), loader: planned)
                + max(0, c.capacityOffset)
            let schedule = try c.track.schedule(at: c.timing, capacity: capacity, loader: planned)
            played += 1
            var driver = ScheduleDriver(schedule: schedule)
            var requests: [TileIndex] = []
            var evictions: [TileIndex] = []
            var risk: [TileIndex] = []
            var queue: [(tile: TileIndex, time: Double)] = []
            var last = -Double.infinity
            var resident = Set<TileIndex>()
            var slots = Set<TileIndex>()
            var problems: [String] = []
            for frame in -1..<frames.count {
                let t = frame < 0 ? -schedule.takeoffWait : Double(frame) / fps
                for done in queue.filter({ $0.time <= t }) {
                    resident.insert(done.tile)
                    driver.completed(done.tile, at: done.time, atRisk: &risk)
                    if !risk.isEmpty { problems.append("late \(risk) at \(done.time)") }
                }
                queue.removeAll { $0.time <= t }
                driver.step(to: t, requests: &requests, evictions: &evictions, atRisk: &risk)
                if !risk.isEmpty { problems.append("at risk \(risk) at \(t)") }
                for tile in evictions {
                    if !resident.contains(tile) { problems.append("\(tile) evicted while loading at \(t)") }
                    resident.remove(tile)
                    slots.remove(tile)
                }
                for tile in requests {
                    if slots.contains(tile) { problems.append("\(tile) requested twice at \(t)") }
                    last = max(t + c.latency, last + 1 / c.throughput)
                    queue.append((tile, last))
                    slots.insert(tile)
                }
                if slots.count > capacity { problems.append("\(slots.count) slots at \(t)") }
                if frame >= 0 {
                    for tile in needs[frame] where !resident.contains(tile) {
                        problems.append("frame \(frame): \(tile) missing")
                    }
                }
            }
            #expect(problems.isEmpty, "case \(played): \(problems.prefix(3))")
        }
        #expect(played == 300)
    }
}
