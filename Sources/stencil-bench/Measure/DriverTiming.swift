import StencilKit
import StencilScenarios

/// Plays a schedule twice with a fresh driver, stepped once a frame from −w with every load completing at the
/// model's time; the second pass is timed per step (completion reports included) and its allocations counted.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum DriverTiming {
    /// (per-step seconds, allocations in the second pass).
    static func measure<Tile: StreamedTile>(
        frames: Int, framesPerSecond: Double, takeoffWait: Double,
        loads unsorted: [(tile: Tile, completion: Double)], driver make: () -> ScheduleDriver<Tile>
    ) -> (Percentiles, Int?) {
        let loads = unsorted.sorted { $0.completion < $1.completion }
        var requests: [Tile] = []
        var evictions: [Tile] = []
        var risk: [Tile] = []
        var samples = [Double](repeating: 0, count: frames + 1)
        let clock = ContinuousClock()
        var allocations: Int?
        for pass in 0..<2 {
            var driver = make()
            var next = 0
            let body = {
                for frame in -1..<frames {
                    let t = frame < 0 ? -takeoffWait : Double(frame) / framesPerSecond
                    let start = clock.now
                    while next < loads.count && loads[next].completion <= t {
                        driver.completed(loads[next].tile, at: loads[next].completion, atRisk: &risk)
                        next += 1
                    }
                    driver.step(to: t, requests: &requests, evictions: &evictions, atRisk: &risk)
                    samples[frame + 1] = Timing.seconds(clock.now - start)
                }
            }
            if pass == 0 { body() } else { allocations = AllocationCounter.count(body) }
        }
        return (Percentiles(samples), allocations)
    }

    /// The report's line for a measured driver.
    static func summary(_ measured: (steps: Percentiles, allocations: Int?)) -> String {
        let (steps, allocations) = measured
        return "  driver stepped per frame with on-time completions: step p50 \(fmt(steps.p50 * 1e6)) µs, p99 "
            + "\(fmt(steps.p99 * 1e6)) µs, max \(fmt(steps.max * 1e6)) µs; "
            + "\(allocations.map { "\($0)" } ?? "uncounted") allocations in the measured pass\n"
    }

    /// Plays the schedule twice with a ``ScheduleDriver`` stepped at −w and at every frame, completions reported at
    /// their planned times before each step; the second pass (buffers grown) is timed per step (completion reports
    /// included) and its allocations counted.
    static func measure<Tile: StreamedTile>(_ schedule: StreamingSchedule<Tile>) -> (Percentiles, Int?) {
        DriverTiming.measure(
            frames: schedule.frameCount, framesPerSecond: schedule.framesPerSecond, takeoffWait: schedule.takeoffWait,
            loads: (schedule.preload + schedule.requests).map { ($0.tile, $0.completion) }
        ) { ScheduleDriver(schedule: schedule) }
    }
}
