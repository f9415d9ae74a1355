import Foundation
import MercatorMath
import StencilKit
import StencilScenarios

/// `schedule SCENARIO [--json] [--capacity N] [--latency S] [--throughput N]`: the streaming schedule (the geometry
/// model's "Streaming schedule", §9) of a scenario with its `"loader"` and budget (or the options given), as JSON or a
/// short summary. One command for every cover: the flat screen (each frame's need the real tiles of its footprint
/// over the band) and a chase camera (a scenario with a `"camera"`: each frame's need the real tiles, with their
/// levels, of its cover, §11).
///
/// The capacity is `--capacity`, else the scenario's `budgetBytes` ÷ `bytesPerTile`; a camera scenario without a
/// budget takes the least capacity Ĉ at which a schedule exists. With `--json` it prints `{"preload": [TILE, ...],
/// "requests": [[t, TILE...], ...], "evictions": [[t, TILE...], ...], "takeoffWait": w, "requestCount": n,
/// "beladyBound": b, "peakTiles": p, "frames": K}` with TILE `c, j` (a real tile of the grid) or `n, x, y` (a real
/// tile with its level; such documents also give `"capacity": C`), times in seconds from take-off. A refused
/// schedule is a ``ScenarioError`` of kind `infeasible`, printed as error JSON with `--json`, exit status 2.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum ScheduleCommand {
    static func run(_ words: [String]) throws -> Int32 {
        let args = try Arguments(
            words, command: "schedule",
            spec: .init(valued: ["--capacity", "--latency", "--throughput"], switches: ["--json"]))
        let progress = Progress("schedule: reading the scenario")
        defer { progress.finish() }
        let setup = try ScenarioSetup(args, command: "schedule")
        let (latency, throughput) = try ScenarioSchedule.loader(of: setup, args)
        let options = Options(
            latency: latency, throughput: throughput, capacity: try args.int("--capacity", minimum: 1),
            json: args.has("--json"))
        if let camera = setup.chase {
            return try plan(setup, options, progress: progress, leastWithoutBudget: true) { () throws(StencilError) in
                try Needs(frames: setup.frames, camera: camera)
            }
        }
        progress.update("schedule: checking the flight against the terrain")
        _ = try setup.validatedStencil()
        return try plan(setup, options, progress: progress, leastWithoutBudget: false) { () throws(StencilError) in
            try Needs(frames: setup.frames)
        }
    }

    /// The command's settings.
    struct Options {
        var latency: Double
        var throughput: Double
        /// `--capacity`, when given.
        var capacity: Int?
        var json: Bool
    }

    /// Plans and prints the schedule of the needs `makeNeeds` computes; `leastWithoutBudget`: a scenario without a
    /// budget takes the least capacity (else its budget, unbounded when none is given).
    /// - Throws: ``ScenarioError`` with the library's reason (a lateral band, a camera refused at a pose, an
    ///   infeasible schedule, too much work).
    static func plan<Tile: JSONTile>(
        _ setup: ScenarioSetup, _ options: Options, progress: Progress, leastWithoutBudget: Bool,
        needs makeNeeds: () throws(StencilError) -> Needs<Tile>
    ) throws -> Int32 {
        let scenario = setup.scenario
        let clock = ContinuousClock()
        progress.update("schedule: the needs of \(Figures.count(setup.frames.count)) frames")
        let needs: Needs<Tile>
        let schedule: StreamingSchedule<Tile>
        let capacity: Int
        let budgeted = !leastWithoutBudget || scenario.budgetBytes != nil
        var smallest: Int?
        var needsTime = Duration.zero
        var smallestTime = Duration.zero
        var planTime = Duration.zero
        do {
            let loader = try LoaderModel(latency: options.latency, throughput: options.throughput)
            var start = clock.now
            needs = try makeNeeds()
            needsTime = clock.now - start
            if options.capacity == nil && !budgeted || !options.json {
                progress.update("schedule: the least capacity of \(Figures.count(needs.runCount)) runs")
                start = clock.now
                smallest = StreamingSchedule.smallestCapacity(for: needs, loader: loader)
                smallestTime = clock.now - start
            }
            capacity = options.capacity ?? (budgeted ? setup.budget.capacity(for: setup.format) : smallest!)
            progress.update("schedule: planning \(Figures.count(needs.runCount)) runs at \(Figures.count(capacity))")
            start = clock.now
            schedule = try StreamingSchedule(needs: needs, capacity: capacity, loader: loader)
            planTime = clock.now - start
        } catch {
            throw ScenarioError(scenario.source, error)
        }
        if options.json {
            write(schedule)
            return 0
        }
        var out = StandardOutput()
        let n = schedule.requestCount
        let ratio = schedule.beladyBound > 0 ? Double(n) / Double(schedule.beladyBound) : 1
        let ms = { (d: Duration) in fmt(milliseconds(d)) }
        let sizes = needs.needSizes()
        out.write(
            "\(scenario.name): \(Figures.count(schedule.frameCount)) frames, "
                + "\(Figures.count(needs.tiles.count)) distinct real tiles, needs of \(sizes.min() ?? 0)…"
                + "\(sizes.max() ?? 0) tiles a frame; capacity \(Figures.count(capacity)) tiles "
                + "(\(options.capacity != nil ? "--capacity" : budgeted ? "the budget" : "the least")"
                + "\(smallest.map { "; the least Ĉ = \(Figures.count($0))" } ?? "")), loader λ = "
                + "\(MessageNumber.text(options.latency)) s, μ = \(MessageNumber.text(options.throughput)) tiles/s\n"
                + "  preload \(schedule.preload.count) tiles, take-off wait \(fmt(schedule.takeoffWait, decimals: 5)) s\n"
                + "  \(Figures.count(n)) requests (Belady's bound \(Figures.count(schedule.beladyBound)), ratio "
                + "\(fmt(ratio, decimals: 4)); latency bound \(Figures.count(schedule.latencyBound))), "
                + "\(Figures.count(schedule.evictions.count)) evictions, peak \(Figures.count(schedule.peakTiles)) tiles\n"
                + "  needs of \(Figures.count(needs.runCount)) runs in \(ms(needsTime)) ms, least capacity in "
                + "\(ms(smallestTime)) ms, planned in \(ms(planTime)) ms\n")
        out.write(DriverTiming.summary(DriverTiming.measure(schedule)))
        out.flush()
        return 0
    }

    static func milliseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) * 1e-15
    }

    /// The JSON document (see the type), one request or eviction a line.
    /// - Complexity: O(requests + evictions); memory O(1) beyond the schedule.
    static func write<Tile: JSONTile>(_ schedule: StreamingSchedule<Tile>) {
        var json = JSONStream()
        json.beginArray("preload", items: .inline)
        for r in schedule.preload { json.item(.array(r.tile.jsonFields)) }
        json.endArray()
        for (key, actions) in [
            ("requests", schedule.requests.map { ($0.time, $0.tile) }),
            ("evictions", schedule.evictions.map { ($0.time, $0.tile) }),
        ] {
            json.beginArray(key, items: .lines())
            for (time, tile) in actions { json.item(.array([.number(time)] + tile.jsonFields)) }
            json.endArray()
        }
        json.field("takeoffWait", .number(schedule.takeoffWait))
        json.field("requestCount", .int(schedule.requestCount))
        json.field("beladyBound", .int(schedule.beladyBound))
        json.field("peakTiles", .int(schedule.peakTiles))
        json.field("frames", .int(schedule.frameCount))
        if Tile.self == TileID.self { json.field("capacity", .int(schedule.capacity)) }
        json.finish()
    }
}
