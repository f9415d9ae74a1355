import Foundation
import MercatorMath
import StencilKit

/// `stencil-bench schedule SCENARIO [--json] [--capacity N] [--latency λ] [--throughput μ]` for a scenario with a
/// `"camera"`: the pitched schedule (the geometry model's "Perspective views", §11, with §9), each frame's need the
/// real tiles (with their levels) of its cover.
///
/// The capacity is `--capacity`, else the scenario's `budgetBytes` ÷ `bytesPerTile`, else the least capacity Ĉ at
/// which a schedule exists. With `--json` it prints `{"preload": [[n, x, y], ...], "requests": [[t, n, x, y], ...],
/// "evictions": [[t, n, x, y], ...], "takeoffWait": w, "requestCount": n, "beladyBound": b, "peakTiles": p,
/// "frames": K, "capacity": C}` (times in seconds from take-off, real tiles with their levels); a refused schedule is
/// `{"error": {"kind": "infeasible", ...}}`, exit status 2, as for any scenario.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum PitchedScheduleCommand {
    /// Runs the command; `capacity` is `--capacity` when given.
    /// - Throws: ``ScenarioError`` with the library's reason (a lateral band, a camera refused at a pose, an
    ///   infeasible schedule, too much work).
    static func run(
        _ setup: ScenarioSetup, camera: ChaseCamera, latency: Double, throughput: Double, capacity given: Int?,
        json: Bool, progress: Progress
    ) throws -> Int32 {
        let scenario = setup.scenario
        let clock = ContinuousClock()
        progress.update("schedule: the pitched needs of \(Figures.count(setup.frames.count)) frames")
        let needs: Needs<TileID>
        let schedule: StreamingSchedule<TileID>
        let capacity: Int
        var smallest: Int?
        var needsTime = Duration.zero
        var smallestTime = Duration.zero
        var planTime = Duration.zero
        do {
            let loader = try LoaderModel(latency: latency, throughput: throughput)
            var start = clock.now
            needs = try Needs<TileID>(frames: setup.frames, camera: camera)
            needsTime = clock.now - start
            if given == nil && scenario.budgetBytes == nil || !json {
                progress.update("schedule: the least capacity of \(Figures.count(needs.runCount)) runs")
                start = clock.now
                smallest = StreamingSchedule<TileID>.smallestCapacity(for: needs, loader: loader)
                smallestTime = clock.now - start
            }
            capacity = given ?? scenario.budgetBytes.map { _ in setup.budget.capacity(for: setup.format) } ?? smallest!
            progress.update("schedule: planning \(Figures.count(needs.runCount)) runs at \(Figures.count(capacity))")
            start = clock.now
            schedule = try StreamingSchedule<TileID>(needs: needs, capacity: capacity, loader: loader)
            planTime = clock.now - start
        } catch {
            throw ScenarioError(scenario.source, error)
        }
        if json {
            write(schedule)
            return 0
        }
        var out = StandardOutput()
        let n = schedule.requestCount
        let ratio = schedule.beladyBound > 0 ? Double(n) / Double(schedule.beladyBound) : 1
        let ms = { (d: Duration) in fmt(ScheduleCommand.milliseconds(d)) }
        let sizes = needs.needSizes()
        out.write(
            "\(scenario.name): pitched schedule of \(Figures.count(schedule.frameCount)) frames, "
                + "\(Figures.count(needs.tiles.count)) distinct real tiles, needs of \(sizes.min() ?? 0)…"
                + "\(sizes.max() ?? 0) tiles a frame; capacity \(Figures.count(capacity)) tiles "
                + "(\(given != nil ? "--capacity" : scenario.budgetBytes != nil ? "the budget" : "the least")"
                + "\(smallest.map { "; the least Ĉ = \(Figures.count($0))" } ?? "")), loader λ = "
                + "\(fmt(latency, decimals: 4)) s, μ = \(fmt(throughput)) tiles/s\n"
                + "  preload \(schedule.preload.count) tiles, take-off wait \(fmt(schedule.takeoffWait, decimals: 5)) s\n"
                + "  \(Figures.count(n)) requests (Belady's bound \(Figures.count(schedule.beladyBound)), ratio "
                + "\(fmt(ratio, decimals: 4))), \(Figures.count(schedule.evictions.count)) evictions, peak "
                + "\(Figures.count(schedule.peakTiles)) tiles\n"
                + "  needs of \(Figures.count(needs.runCount)) runs in \(ms(needsTime)) ms, least capacity in "
                + "\(ms(smallestTime)) ms, planned in \(ms(planTime)) ms\n")
        out.write(DriverTiming.summary(measureDriver(schedule)))
        out.flush()
        return 0
    }

    /// Plays the schedule twice with a ``ScheduleDriver<TileID>`` as ``ScheduleCommand/measureDriver(_:)`` plays a
    /// streaming schedule; the second pass is timed per step (completion reports included) and its allocations
    /// counted.
    static func measureDriver(_ schedule: StreamingSchedule<TileID>) -> (Percentiles, Int?) {
        DriverTiming.measure(
            frames: schedule.frameCount, framesPerSecond: schedule.framesPerSecond, takeoffWait: schedule.takeoffWait,
            loads: (schedule.preload + schedule.requests).map { ($0.tile, $0.completion) }
        ) { ScheduleDriver<TileID>(schedule: schedule) }
    }

    /// The JSON document, one request or eviction a line.
    /// - Complexity: O(requests + evictions); memory O(1) beyond the schedule.
    static func write(_ schedule: StreamingSchedule<TileID>) {
        var json = JSONStream()
        json.beginArray("preload", items: .inline)
        for r in schedule.preload { json.item(.levelTile(r.tile)) }
        json.endArray()
        for (key, actions) in [
            ("requests", schedule.requests.map { ($0.time, $0.tile) }),
            ("evictions", schedule.evictions.map { ($0.time, $0.tile) }),
        ] {
            json.beginArray(key, items: .lines())
            for (time, tile) in actions {
                json.item(.array([.number(time), .int(tile.level), .int(tile.x), .int(tile.y)]))
            }
            json.endArray()
        }
        json.field("takeoffWait", .number(schedule.takeoffWait))
        json.field("requestCount", .int(schedule.requestCount))
        json.field("beladyBound", .int(schedule.beladyBound))
        json.field("peakTiles", .int(schedule.peakTiles))
        json.field("frames", .int(schedule.frameCount))
        json.field("capacity", .int(schedule.capacity))
        json.finish()
    }
}
