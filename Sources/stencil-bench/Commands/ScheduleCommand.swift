import Foundation
import MercatorMath
import StencilKit

/// `schedule SCENARIO [--json] [--capacity N] [--latency S] [--throughput N]`: the streaming schedule ("Streaming
/// schedule") of a scenario with its `"loader"` and budget (or the options given), as JSON or a short summary. A
/// refused schedule is a ``ScenarioError`` of kind `infeasible`, printed as error JSON with `--json`, exit status 2.
/// A scenario with a `"camera"` gets its pitched schedule (``PitchedScheduleCommand``).
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum ScheduleCommand {
    static func run(_ words: [String]) throws -> Int32 {
        let args = try Arguments(
            words, command: "schedule",
            spec: .init(valued: ["--capacity", "--latency", "--throughput"], switches: ["--json"]))
        let progress = Progress("schedule: reading the scenario")
        defer { progress.finish() }
        let setup = try ScenarioSetup(args, command: "schedule")
        let scenario = setup.scenario
        let (latency, throughput) = try ScenarioSchedule.loader(of: setup, args)
        if let camera = setup.chase {
            return try PitchedScheduleCommand.run(
                setup, camera: camera, latency: latency, throughput: throughput,
                capacity: try args.int("--capacity", minimum: 1), json: args.has("--json"), progress: progress)
        }
        let capacity = try args.int("--capacity", minimum: 1) ?? setup.budget.capacity(for: setup.format)
        progress.update("schedule: checking the flight against the terrain")
        _ = try setup.validatedStencil()
        progress.update("schedule: the needs of \(Figures.count(setup.frames.count)) frames")
        let schedule: StreamingSchedule<TileIndex>
        let clock = ContinuousClock()
        var needsTime = Duration.zero
        var planTime = Duration.zero
        var runs = 0
        do {
            let loader = try LoaderModel(latency: latency, throughput: throughput)
            let start = clock.now
            let needs = try Needs<TileIndex>(frames: setup.frames)
            needsTime = clock.now - start
            runs = needs.runCount
            progress.update("schedule: planning \(Figures.count(runs)) runs")
            let planStart = clock.now
            schedule = try StreamingSchedule(needs: needs, capacity: capacity, loader: loader)
            planTime = clock.now - planStart
        } catch {
            throw ScenarioError(scenario.source, error)
        }
        var out = StandardOutput()
        if args.has("--json") {
            write(schedule)
            return 0
        }
        let n = schedule.requestCount
        let ratio = schedule.beladyBound > 0 ? Double(n) / Double(schedule.beladyBound) : 1
        out.write(
            "\(scenario.name): \(Figures.count(schedule.frameCount)) frames, capacity \(Figures.count(capacity)) tiles, "
                + "loader λ = \(MessageNumber.text(latency)) s, μ = \(MessageNumber.text(throughput)) tiles/s\n"
                + "  preload \(schedule.preload.count) tiles, take-off wait \(fmt(schedule.takeoffWait, decimals: 5)) s\n"
                + "  \(Figures.count(n)) requests (Belady's bound \(Figures.count(schedule.beladyBound)), ratio "
                + "\(fmt(ratio, decimals: 4)); latency bound \(Figures.count(schedule.latencyBound))), "
                + "\(Figures.count(schedule.evictions.count)) evictions, peak \(Figures.count(schedule.peakTiles)) tiles\n"
                + "  needs of \(Figures.count(runs)) runs in \(fmt(milliseconds(needsTime))) ms, planned in "
                + "\(fmt(milliseconds(planTime))) ms\n")
        out.write(DriverTiming.summary(measureDriver(schedule)))
        out.flush()
        return 0
    }

    /// Plays the schedule twice with a ``ScheduleDriver`` stepped at −w and at every frame, completions reported at
    /// their planned times before each step; the second pass (buffers grown) is timed per step (completion reports
    /// included) and its allocations counted.
    static func measureDriver(_ schedule: StreamingSchedule<TileIndex>) -> (Percentiles, Int?) {
        DriverTiming.measure(
            frames: schedule.frameCount, framesPerSecond: schedule.framesPerSecond, takeoffWait: schedule.takeoffWait,
            loads: (schedule.preload + schedule.requests).map { ($0.tile, $0.completion) }
        ) { ScheduleDriver(schedule: schedule) }
    }

    static func milliseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) * 1e-15
    }

    /// `{"preload": [[c, j], ...], "requests": [[t, c, j], ...], "evictions": [[t, c, j], ...], "takeoffWait": w,
    /// "requestCount": n, "beladyBound": b, "peakTiles": p, "frames": K}`, times in seconds from take-off, real tile
    /// columns; one request or eviction a line.
    /// - Complexity: O(requests + evictions); memory O(1) beyond the schedule.
    static func write(_ schedule: StreamingSchedule<TileIndex>) {
        var json = JSONStream()
        json.beginArray("preload", items: .inline)
        for r in schedule.preload { json.item(.tile(r.tile)) }
        json.endArray()
        for (key, actions) in [
            ("requests", schedule.requests.map { ($0.time, $0.tile) }),
            ("evictions", schedule.evictions.map { ($0.time, $0.tile) }),
        ] {
            json.beginArray(key, items: .lines())
            for (time, tile) in actions { json.item(.array([.number(time), .int(tile.column), .int(tile.row)])) }
            json.endArray()
        }
        json.field("takeoffWait", .number(schedule.takeoffWait))
        json.field("requestCount", .int(schedule.requestCount))
        json.field("beladyBound", .int(schedule.beladyBound))
        json.field("peakTiles", .int(schedule.peakTiles))
        json.field("frames", .int(schedule.frameCount))
        json.finish()
    }
}
