import Foundation
import MercatorMath
import StencilKit
import StencilKitIO
import StencilScenarios

/// `replay SCENARIO [--source SRC] [--speedup K] [--margin M] [--workers N] [--in-flight N] [--timeout S]
/// [--retries N] [--json]` (SRC a directory, template or archive, local or `http(s)://…`; over HTTP the workers default
/// to the requests in flight, 8): the scenario flown in
/// wall-clock time (K times faster) over a real tile source, each method through a real ``TileLoader``: the
/// streaming schedule (the library's ``StreamingSession``, ``ScheduleReplay``) and, for a flat screen, LRU + ring
/// prefetch and the pause plan (``RealSlotLoader``). A scenario with a `"camera"` flies its camera's schedule (the
/// real tiles, with their levels, of its covers); the flat heuristics do not apply to it.
///
/// Steps: open the source (or, without `--source`, write a temporary PMTiles archive of every tile the methods can
/// ask for, 256 bytes each); calibrate the loader with a burst of reads of the route's first tiles, then
/// 16 reads one at a time (``TileLoader/calibrate(reading:isolated:pause:)``); derive the loader model with margin M (``LoaderStatistics/model(margin:)``),
/// scaled to flight time (λ·K, μ/K) and planned per frame (``LoaderModel/forSteps(every:)``); plan the schedule at
/// its least capacity Ĉ; fly it. LRU + ring and the pause plan fly at Ĉ too (the pause plan at its own least
/// capacity when it refuses Ĉ), and the capacity each needs to fly stall-free is searched with the loader simulator
/// and the flight model (``CapacitySearch``). The grid must be an XYZ level (its tiles have z/x/y ids).
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum ReplayCommand {
    /// Tiles in the calibration burst (at most).
    static let calibrationReads = 64

    static func run(_ words: [String]) throws -> Int32 {
        let args = try Arguments(
            words, command: "replay",
            spec: .init(valued: ["--source", "--speedup", "--margin", "--workers"] + httpOptions, switches: ["--json"]))
        let speedup = try args.double("--speedup", "a number in [0.001, 1e6]", valid: { $0 >= 1e-3 && $0 <= 1e6 }) ?? 1
        let margin = try args.double("--margin", "a number ≥ 0 (1 = 100 %, the default)", valid: { $0 >= 0 }) ?? 1
        let http = try httpSettings(args)
        // Over HTTP a worker waits on the network, not a disk: as many workers as requests in flight.
        let remote = args.string("--source").map(isHTTP) ?? false
        let workers =
            try args.int("--workers", minimum: 1, maximum: 64) ?? (remote ? min(64, http.requestsInFlight) : 2)
        let progress = Progress("replay: reading the scenario")
        defer { progress.finish() }
        let setup = try ScenarioSetup(args, command: "replay")
        let name = setup.scenario.name
        guard setup.grid.xyzLevel != nil else {
            throw ScenarioError(
                "\(setup.scenario.source): replay reads z/x/y tiles, and the grid of \(setup.grid.columns) × "
                    + "\(setup.grid.rows) tiles is not an XYZ level (2ⁿ × 2ⁿ); choose an XYZ scenario "
                    + "(jfk-lhr, gpx-z14, modern-z12, corridor-z12-…)")
        }
        let sourceGiven = args.string("--source")
        if let camera = setup.chase {
            // A chase camera: its schedule, over the real tiles (with their levels) of its covers.
            progress.update("replay: the needs of \(name)'s camera")
            let needs: Needs<TileID>
            do { needs = try Needs(frames: setup.frames, camera: camera) } catch {
                throw ScenarioError(setup.scenario.source, error)
            }
            let flown = try fly(
                needs, setup: setup, source: sourceGiven, generated: needs.tiles, speedup: speedup, margin: margin,
                http: http, progress: progress
            ) { source throws(TileLoaderError) in try TileLoader(source: source, workers: workers) }
            return print(flown.report(scenario: name, source: sourceGiven, workers: workers, rows: []), args)
        }
        progress.update("replay: the needs and the regions of \(name)")
        let route = try StreamingRoute(setup: setup)
        let grid = setup.grid
        // Without a source, every tile the methods can ask for is written to a temporary archive.
        var generated: [TileID] = []
        if sourceGiven == nil {
            generated = route.numbers.tiles.compactMap { try? grid.tileID(of: $0) }
            if case .success(let (_, planNumbers)) = route.planMethod(.pause, capacity: Int.max / 2) {
                generated += planNumbers.tiles.compactMap { try? grid.tileID(of: $0) }
            }
        }
        let flown = try fly(
            route.needs, setup: setup, source: sourceGiven, generated: generated, speedup: speedup, margin: margin,
            http: http, progress: progress
        ) { source throws(TileLoaderError) in try TileLoader(source: source, grid: grid, workers: workers) }
        let loader = flown.loader
        let flight = flown.flight
        let capacity = flown.capacity

        // Capacities needed, in the simulator with the flight model.
        progress.update("replay: searching the capacities the other methods need")
        let lower = StreamingSchedule.windowBound(for: route.needs, latency: flight.latency)
        let lruNeeded = CapacitySearch.smallest(from: lower, to: max(route.heuristicBound(.ring), lower)) {
            route.flyHeuristic(.ring, capacity: $0, loader: flight).isStallFreeWithinCapacity
        }.capacity
        // From the least capacity the pause plan accepts (the search assumes monotony, which a plan re-split at
        // each capacity need not have: starting below its least would gallop past it).
        var pauseLeast = lower
        if case .failure(.budgetTooSmall(_, _, _, let minimum)) = route.planMethod(.pause, capacity: lower) {
            pauseLeast = max(lower, minimum)
        }
        let pauseNeeded = CapacitySearch.smallest(from: pauseLeast, to: max(route.stencilTiles, pauseLeast)) { c in
            guard case .success(let (_, outcome)) = route.flyPlan(.pause, capacity: c, loader: flight) else {
                return false
            }
            return outcome.isStallFreeWithinCapacity
        }.capacity

        var rows: [Row] = [flown.row]
        progress.update("replay: LRU + ring at \(capacity) slots")
        var lru = route.heuristicMethod(.ring, capacity: capacity)
        let (lruOutcome, lruTimes) = try RealSlotLoader.run(
            &lru, capacity: capacity, loader: loader, needs: route.needEvents, framesPerSecond: route.framesPerSecond,
            numbers: route.numbers, speedup: speedup)
        rows.append(
            Row(
                method: "LRU + ring", capacity: capacity, needed: lruNeeded, outcome: lruOutcome,
                frameTimes: Percentiles(lruTimes)))
        var pauseCapacity = capacity
        if case .failure(.budgetTooSmall(_, _, _, let minimum)) = route.planMethod(.pause, capacity: capacity) {
            pauseCapacity = minimum
        }
        if case .success(let (method, planNumbers)) = route.planMethod(.pause, capacity: pauseCapacity) {
            progress.update("replay: the pause plan at \(pauseCapacity) slots")
            var pause = method
            let (outcome, times) = try RealSlotLoader.run(
                &pause, capacity: pauseCapacity, loader: loader, needs: route.needEvents,
                framesPerSecond: route.framesPerSecond, numbers: planNumbers, speedup: speedup)
            rows.append(
                Row(
                    method: "pause", capacity: pauseCapacity, needed: pauseNeeded, outcome: outcome,
                    frameTimes: Percentiles(times)))
        }
        progress.finish()
        return print(flown.report(scenario: name, source: sourceGiven, workers: workers, rows: rows.dropFirst()), args)
    }

    /// Prints `report` as the arguments ask; exit status 0.
    static func print(_ report: Report, _ args: Arguments) -> Int32 {
        if args.has("--json") {
            Swift.print(report.json.rendered(), terminator: "")
        } else {
            var out = StandardOutput()
            out.write(report.text)
            out.flush()
        }
        return 0
    }

    /// A schedule flown: the loader, its calibration and models, the schedule at its least capacity and its replay.
    struct Flown<Tile: StreamedTile> {
        var loader: TileLoader<Tile, Data>
        var calibration: LoaderStatistics
        var wall: LoaderModel
        var flight: LoaderModel
        var planned: LoaderModel
        var capacity: Int
        var frames: Int
        var speedup: Double
        var margin: Double
        var replay: ScheduleReplay
        var flightLoads: LoaderStatistics

        /// The schedule's row.
        var row: Row {
            Row(
                method: "schedule", capacity: capacity, needed: capacity, outcome: replay.outcome,
                frameTimes: Percentiles(replay.frameTimes))
        }

        /// The report, the schedule's row first, then `others`.
        func report(scenario: String, source: String?, workers: Int, rows others: some Sequence<Row>) -> Report {
            Report(
                scenario: scenario, source: source ?? "generated", speedup: speedup, workers: workers, margin: margin,
                calibration: calibration, wall: wall, flight: flight, planned: planned, frames: frames,
                rows: [row] + others, flightLoads: flightLoads, replay: replay)
        }
    }

    /// Opens the source (`path`, or a temporary PMTiles archive of the `generated` tiles, 256 bytes each), makes the loader, calibrates it, plans the schedule of `needs` at its least capacity with the model in
    /// flight time, and flies it through the library's ``StreamingSession``.
    static func fly<Tile: StreamedTile>(
        _ needs: Needs<Tile>, setup: ScenarioSetup, source path: String?, generated: [TileID], speedup: Double,
        margin: Double, http: HTTPSettings = HTTPSettings(), progress: Progress,
        loader makeLoader: (any TileSource) throws(TileLoaderError) -> TileLoader<Tile, Data>
    ) throws -> Flown<Tile> {
        var temporary: String?
        defer { if let temporary { TemporaryFiles.remove(temporary) } }
        let sourcePath: String
        if let path {
            sourcePath = path
        } else {
            progress.update("replay: writing a temporary archive of \(Figures.count(generated.count)) tiles")
            // In a directory of its own, removed when the flight ends, fails, or is stopped by SIGINT or SIGTERM.
            let directory =
                (NSTemporaryDirectory() as NSString).appendingPathComponent(
                    "stencil-replay-\(ProcessInfo.processInfo.processIdentifier)")
            TemporaryFiles.register(directory)
            temporary = directory
            do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
                throw ScenarioError("replay: cannot make the temporary directory \(directory): \(error)")
            }
            let path = (directory as NSString).appendingPathComponent("tiles.pmtiles")
            try writeTemporaryArchive(generated, path: path, bytes: 256)
            sourcePath = path
        }
        let source = try openTileSource(path: sourcePath, http: http)
        let loader: TileLoader<Tile, Data>
        do { loader = try makeLoader(source) } catch { throw ScenarioError("\(error)") }
        progress.update("replay: calibrating the loader")
        let calibration = loader.calibrate(reading: Array(needs.tiles.prefix(calibrationReads)))
        let wall: LoaderModel
        let flight: LoaderModel
        let planned: LoaderModel
        let schedule: StreamingSchedule<Tile>
        let capacity: Int
        do {
            wall = try calibration.model(margin: margin)
            flight = try LoaderModel(latency: wall.latency * speedup, throughput: wall.throughput / speedup)
            planned = try flight.forSteps(every: 1 / needs.framesPerSecond)
            capacity = StreamingSchedule.smallestCapacity(for: needs, loader: planned)
            schedule = try StreamingSchedule(needs: needs, capacity: capacity, loader: planned)
        } catch let error as StencilError {
            throw ScenarioError(setup.scenario.source, error)
        } catch {
            throw ScenarioError("\(error)")
        }
        loader.resetStatistics()
        let seconds = Double(needs.frameCount) / needs.framesPerSecond / speedup
        progress.update("replay: the schedule, \(fmt(seconds, decimals: 1)) s of wall time")
        let replay = try ScheduleReplay.run(
            schedule, needs: needs, loader: loader, speedup: speedup, countingAllocations: !isHTTP(sourcePath))
        return Flown(
            loader: loader, calibration: calibration, wall: wall, flight: flight, planned: planned,
            capacity: capacity, frames: needs.frameCount, speedup: speedup, margin: margin, replay: replay,
            flightLoads: loader.statistics())
    }

    /// One method's line.
    struct Row {
        var method: String
        var capacity: Int
        var needed: Int?
        var outcome: StreamingOutcome
        var frameTimes: Percentiles
    }

    /// Everything `replay` prints.
    struct Report {
        var scenario: String
        var source: String
        var speedup: Double
        var workers: Int
        var margin: Double
        var calibration: LoaderStatistics
        var wall: LoaderModel
        var flight: LoaderModel
        var planned: LoaderModel
        var frames: Int
        var rows: [Row]
        var flightLoads: LoaderStatistics
        var replay: ScheduleReplay

        var text: String {
            var s = "\(scenario): \(Figures.count(frames)) frames replayed over \(source) at speedup \(fmt(speedup)), "
            s += "\(workers) worker threads\n"
            s += "  calibration, \(ReplayCommand.calibrationReads) reads at once then "
            s += "\(calibration.count - min(ReplayCommand.calibrationReads, calibration.count)) one at a time: "
            s += Self.figures(calibration) + "\n"
            s += "  loader model (margin \(fmt(margin))): λ = \(Figures.time(wall.latency)), μ = "
            s += "\(fmt(wall.throughput, decimals: 0)) tiles/s; in flight time λ = \(Figures.time(flight.latency)), "
            s += "μ = \(fmt(flight.throughput, decimals: 1)) tiles/s; planned per frame λ = "
            s += "\(Figures.time(planned.latency))\n"
            s += "  the schedule's loads in flight: " + Self.figures(flightLoads) + "\n"
            var table = TextTable(header: [
                [
                    "method", "capacity", "needs", "stalled frames", "stall time", "requests", "take-off",
                    "frame p50", "p99", "max",
                ]
            ])
            for row in rows {
                let o = row.outcome
                table.add([
                    row.method, Figures.count(row.capacity), row.needed.map(Figures.count) ?? "—",
                    Figures.count(o.stalledFrames.count), fmt(o.stallTime, decimals: 4) + " s",
                    Figures.count(o.requests), fmt(o.takeoffWait, decimals: 4) + " s",
                    Figures.time(row.frameTimes.p50), Figures.time(row.frameTimes.p99),
                    Figures.time(row.frameTimes.max),
                ])
            }
            s += table.rendered + "\n"
            s += "  needs: the least capacity that flies stall-free in the loader simulator with the flight model\n"
            s += "  render-thread allocations of the schedule's loop once warm (after the first second): "
            s += replay.warmAllocations.map { "\($0) in \(Figures.count(replay.warmFrames)) frames" } ?? "uncounted"
            s += "; driver at-risk reports: \(replay.atRisk)\n"
            return s
        }

        static func figures(_ s: LoaderStatistics) -> String {
            "latency p50 \(Figures.time(s.latencyP50)), p99 \(Figures.time(s.latencyP99)), max "
                + "\(Figures.time(s.latencyMax)); throughput \(fmt(s.throughput, decimals: 0)) tiles/s (windows of "
                + "\(s.throughputWindow): p1 \(fmt(s.throughputP1, decimals: 0)), p50 "
                + "\(fmt(s.throughputP50, decimals: 0)))"
        }

        static func statistics(_ s: LoaderStatistics) -> JSONValue {
            .object([
                ("loads", .integer(s.count)), ("latencyP50", .number(s.latencyP50)),
                ("latencyP99", .number(s.latencyP99)), ("latencyMax", .number(s.latencyMax)),
                ("throughput", .number(s.throughput)), ("throughputP1", .number(finite(s.throughputP1))),
                ("throughputP50", .number(finite(s.throughputP50))),
            ])
        }

        static func finite(_ x: Double) -> Double { x.isFinite ? x : 1e300 }

        static func model(_ m: LoaderModel) -> JSONValue {
            .object([("latency", .number(m.latency)), ("throughput", .number(m.throughput))])
        }

        var json: JSONValue {
            let methods: [JSONValue] = rows.map { row in
                let o = row.outcome
                return .object([
                    ("method", .string(row.method)), ("capacity", .integer(row.capacity)),
                    ("neededCapacity", row.needed.map { .integer($0) } ?? .null),
                    ("stalledFrames", .integer(o.stalledFrames.count)), ("stallTime", .number(o.stallTime)),
                    ("longestStall", .number(o.longestStall)), ("requests", .integer(o.requests)),
                    ("takeoffWait", .number(o.takeoffWait)), ("absentNeeds", .integer(o.absentNeeds)),
                    (
                        "frameTime",
                        .object([
                            ("p50", .number(row.frameTimes.p50)), ("p99", .number(row.frameTimes.p99)),
                            ("max", .number(row.frameTimes.max)),
                        ])
                    ),
                ])
            }
            return .object([
                ("scenario", .string(scenario)), ("source", .string(source)), ("speedup", .number(speedup)),
                ("workers", .integer(workers)), ("margin", .number(margin)), ("frames", .integer(frames)),
                ("calibration", Self.statistics(calibration)), ("model", Self.model(wall)),
                ("flightModel", Self.model(flight)), ("plannedModel", Self.model(planned)),
                ("flightLoads", Self.statistics(flightLoads)), ("methods", .array(methods)),
                ("warmAllocations", replay.warmAllocations.map { .integer($0) } ?? .null),
                ("warmFrames", .integer(replay.warmFrames)), ("atRisk", .integer(replay.atRisk)),
            ])
        }
    }
}
