import Foundation
import MercatorMath
import StencilKit
import StencilScenarios

/// One route of the streaming comparison, with everything its methods share whatever the loader and capacity: the
/// poses of its frames, its needs (``Needs<TileIndex>``), the heuristics' regions, the tile numbering; and one function per
/// method that flies it at a capacity with a loader through the ``LoaderSimulator``.
struct StreamingRoute {
    let setup: ScenarioSetup
    let needs: Needs<TileIndex>
    let poses: [TrackPose]
    /// The needs as events, and each heuristic's region.
    let needEvents: NeedEvents
    let regions: [PrefetchShape: NeedEvents]
    /// The tile numbering, needs first, then the regions' tiles (plans number their own on a copy).
    let numbers: TileNumbering<TileIndex>
    /// Distinct real tiles of the stencil: a plan of this capacity has one segment, preloaded whole.
    let stencilTiles: Int

    var name: String { setup.scenario.name }
    var frameCount: Int { needs.frameCount }
    var framesPerSecond: Double { needs.framesPerSecond }

    /// The route of the built-in scenario `name`.
    /// - Throws: ``ScenarioError`` for an unknown name or a library refusal.
    init(scenario name: String) throws(ScenarioError) {
        guard let scenario = try BuiltinScenarios.named(name) else {
            throw ScenarioError("streaming comparison: no built-in scenario \(name)")
        }
        try self.init(setup: ScenarioSetup(scenario))
    }

    /// The route of a scenario already set up (a built-in one or a file).
    /// - Throws: ``ScenarioError`` for a library refusal.
    init(setup: ScenarioSetup) throws(ScenarioError) {
        let scenario = setup.scenario
        self.setup = setup
        let stencil = try setup.validatedStencil()
        stencilTiles = stencil.tileCount
        do {
            needs = try Needs<TileIndex>(frames: setup.frames)
            let frames = setup.frames
            poses = (0..<needs.frameCount).map { frames.pose(ofFrame: $0) }
            var numbers = TileNumbering(needs: needs, grid: frames.track.grid)
            needEvents = needs.events(tileCount: numbers.count)
            var regions: [PrefetchShape: NeedEvents] = [:]
            for shape in PrefetchShape.allCases {
                let fill = try shape.regionFiller(frames: frames, poses: poses)
                regions[shape] = try NeedEvents(frameCount: needs.frameCount, numbers: &numbers, fill: fill)
            }
            self.regions = regions
            self.numbers = numbers
        } catch {
            throw ScenarioError(scenario.source, error)
        }
    }

    /// The schedule at `capacity` with `loader`, flown (nil when the library refuses that capacity).
    /// The outcome's ``StreamingOutcome/modelMismatches`` counts loads whose simulated completion differs from the
    /// schedule's planned one.
    /// With `perFrame`, the schedule is planned for ``LoaderModel/forSteps(every:)`` one frame and its driver
    /// stepped at frames only, while the simulator's loader stays `loader`.
    func flySchedule(capacity: Int, loader: LoaderModel, perFrame: Bool = false) -> (
        StreamingSchedule<TileIndex>, StreamingOutcome
    )? {
        guard let planned = perFrame ? try? loader.forSteps(every: 1 / framesPerSecond) : loader,
            let schedule = try? StreamingSchedule(needs: needs, capacity: capacity, loader: planned)
        else { return nil }
        var method = SchedulePlayback(schedule: schedule, numbers: numbers, perFrame: perFrame)
        let outcome = LoaderSimulator.run(
            &method, capacity: capacity, loader: loader, needs: needEvents, framesPerSecond: framesPerSecond,
            tileCount: numbers.count)
        var checked = outcome
        checked.modelMismatches = method.modelMismatches
        return (schedule, checked)
    }

    /// The segment plan of `policy` at `capacity`, flown; or the library's reason for refusing that capacity.
    func flyPlan(_ policy: LoadPolicy, capacity: Int, loader: LoaderModel) -> Result<
        (SegmentPrefetch, StreamingOutcome), StencilError
    > {
        switch planMethod(policy, capacity: capacity) {
        case .failure(let error): return .failure(error)
        case .success(let (method, planNumbers)):
            var method = method
            let outcome = LoaderSimulator.run(
                &method, capacity: capacity, loader: loader, needs: needEvents, framesPerSecond: framesPerSecond,
                tileCount: planNumbers.count)
            return .success((method, outcome))
        }
    }

    /// The segment plan of `policy` at `capacity` as a streaming method, with the numbering its tiles use (the
    /// needs' numbering continued); or the library's reason for refusing that capacity.
    func planMethod(_ policy: LoadPolicy, capacity: Int) -> Result<
        (SegmentPrefetch, TileNumbering<TileIndex>), StencilError
    > {
        let plan: BudgetPlan
        do {
            let format = setup.format
            let (bytes, overflow) = capacity.multipliedReportingOverflow(by: format.bytesPerTile)
            let budget = try MemoryBudget(bytes: overflow ? Int.max : bytes)
            plan = try BudgetPlan(
                track: setup.track, budget: budget, format: format, policy: policy,
                clipToTerrain: setup.scenario.clipToTerrain)
        } catch {
            return .failure(error)
        }
        var planNumbers = numbers
        let method = SegmentPrefetch(plan: plan, poses: poses, needs: needEvents, numbers: &planNumbers)
        return .success((method, planNumbers))
    }

    /// The heuristic of `shape` with an LRU cache of `capacity` slots, flown.
    func flyHeuristic(_ shape: PrefetchShape, capacity: Int, loader: LoaderModel) -> StreamingOutcome {
        var method = heuristicMethod(shape, capacity: capacity)
        return LoaderSimulator.run(
            &method, capacity: capacity, loader: loader, needs: needEvents, framesPerSecond: framesPerSecond,
            tileCount: numbers.count)
    }

    /// The heuristic of `shape` with an LRU cache of `capacity` slots, as a streaming method (tiles numbered by
    /// ``numbers``).
    func heuristicMethod(_ shape: PrefetchShape, capacity: Int) -> LRUPrefetch {
        LRUPrefetch(region: regions[shape]!, needs: needEvents, capacity: capacity, tileCount: numbers.count)
    }

    /// Tiles a heuristic ever wants or shows: with this many slots it never evicts, so more change nothing.
    func heuristicBound(_ shape: PrefetchShape) -> Int {
        let region = regions[shape]!
        var seen = [Bool](repeating: false, count: numbers.count)
        var count = 0
        for k in 0..<frameCount {
            for tile in region.entering(at: k) + needEvents.entering(at: k) where !seen[Int(tile)] {
                seen[Int(tile)] = true
                count += 1
            }
        }
        return count
    }
}
