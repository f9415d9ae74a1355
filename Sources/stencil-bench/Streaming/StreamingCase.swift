import Foundation
import MercatorMath
import StencilKit
import StencilScenarios

/// A loader setting of the comparison: a name and the library's ``LoaderModel``.
struct LoaderSetting: Sendable {
    /// The name printed in the comparison.
    var name: String
    /// The loader.
    var loader: LoaderModel

    /// The two standard loaders: a fast local disk (λ = 5 ms, μ = 2000/s) and a slow network (λ = 150 ms, μ = 40/s).
    static let standard: [LoaderSetting] = [("disk", 0.005, 2000.0), ("network", 0.15, 40.0)].compactMap {
        guard let loader = try? LoaderModel(latency: $0.1, throughput: $0.2) else { return nil }
        return LoaderSetting(name: $0.0, loader: loader)
    }
}

/// One route flown with one loader by every method: the schedule at its smallest capacity Ĉ and a few above, and
/// each method at Ĉ and at its own smallest stall-free capacity (searched), with the targets of the comparison.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct StreamingCase: Sendable {
    /// One method's figures.
    struct Row: Sendable {
        var method: String
        /// At the schedule's Ĉ: the outcome, or why the method cannot run there (a plan refused).
        var atSmallest: StreamingOutcome?
        var refusal: String?
        /// The smallest stall-free capacity found (nil: none up to ``bound``), the outcome there and the search.
        var smallest: Int?
        var smallestOutcome: StreamingOutcome?
        var bound: Int
        var probes: Int
        /// Whether the method is also stall-free one capacity below its answer (the search was fooled).
        var stallFreeBelow = false
        /// For a plan at Ĉ: split crossings flown and those followed by a stall.
        var crossings: (stalled: Int, all: Int)?
    }

    var route: String
    var loaderName: String
    var loader: LoaderModel
    var frames: Int
    /// Ĉ, the schedule's smallest capacity, and L, the window bound no method can go below.
    var smallestCapacity: Int
    var windowBound: Int
    /// The schedule flown at Ĉ, Ĉ + 1, ⌈1.5·Ĉ⌉ and 2·Ĉ.
    var scheduleChecks: [(capacity: Int, outcome: StreamingOutcome?)] = []
    /// Requests ÷ Belady's bound at Ĉ and at ⌈1.5·Ĉ⌉; and at ⌈1.5·Ĉ₀⌉ with λ = 0 (Ĉ₀ its smallest capacity).
    var ratioAtSmallest = 0.0
    var ratioAtOneAndHalf = 0.0
    var ratioWithoutLatency = 0.0
    var capacityWithoutLatency = 0
    /// The driver's step at Ĉ, per frame (seconds) and heap allocations in the measured pass.
    var driverStep = Percentiles([])
    var driverAllocations: Int?
    /// Timings of the driver's step made (more than 1 after a first p99 over its target, ``Retiming``).
    var driverTimings = 0
    var rows: [Row] = []
    /// The pause plan at Ĉ, or at its own least capacity when it refuses Ĉ: the outcome, and the split crossings
    /// followed by a stall out of all crossings.
    var pause: (capacity: Int, outcome: StreamingOutcome, stalledCrossings: Int, crossings: Int)?
    /// Whether the route is a racetrack with U-turn radius ρ > 0 or a lateral band (the 0.6× target applies).
    var holdsBothLegs = false
    var violations: [String] = []

    /// Flies every method over `route` with `setting`.
    init(route: StreamingRoute, setting: LoaderSetting, progress: Progress, label: String) {
        let loader = setting.loader
        self.route = route.name
        loaderName = setting.name
        self.loader = loader
        frames = route.frameCount
        let needs = route.needs
        let c = StreamingSchedule.smallestCapacity(for: needs, loader: loader)
        smallestCapacity = c
        windowBound = StreamingSchedule.windowBound(for: needs, latency: loader.latency)
        let track = route.setup.track
        holdsBothLegs = route.setup.racetrack.map { $0.turn.radius > 0 || track.lateralBand > 0 } ?? false
        let tag = "\(route.name), \(setting.name)"

        // The schedule: stall-free from Ĉ up, and its requests against Belady's bound.
        progress.update("\(label): the schedule")
        let oneAndHalf = (3 * c + 1) / 2
        for capacity in [c, c + 1, oneAndHalf, 2 * c] {
            let flown = route.flySchedule(capacity: capacity, loader: loader)
            scheduleChecks.append((capacity, flown?.1))
            guard let (schedule, outcome) = flown else {
                violations.append("\(tag): the schedule is refused at capacity \(capacity) ≥ Ĉ = \(c)")
                continue
            }
            if outcome.modelMismatches > 0 {
                violations.append(
                    "\(tag): at capacity \(capacity), \(outcome.modelMismatches) loads complete in the simulator at "
                        + "another time than the schedule planned")
            }
            if !outcome.isStallFree || outcome.overflows > 0 || outcome.absentNeeds > 0 {
                violations.append(
                    "\(tag): the schedule at capacity \(capacity) stalls \(outcome.stalledFrames.count) frames "
                        + "(\(fmt(outcome.stallTime)) s), \(outcome.overflows) overflows, "
                        + "\(outcome.absentNeeds) missing tiles")
            }
            let ratio = schedule.beladyBound > 0 ? Double(schedule.requestCount) / Double(schedule.beladyBound) : 1
            if capacity == c {
                ratioAtSmallest = ratio
                // Re-timed after a p99 over the target (``Retiming``): the machine may be busy.
                let outcome = Retiming.measure(
                    first: DriverTiming.measure(schedule), again: { DriverTiming.measure(schedule) }
                ) { Retiming.excess($0.0, targetP50: nil, targetP99: StreamingComparison.driverTarget) }
                (driverStep, driverAllocations) = outcome.kept
                driverTimings = outcome.timings
            }
            if capacity == oneAndHalf { ratioAtOneAndHalf = ratio }
        }
        if c > 1,
            (try? StreamingSchedule(needs: needs, capacity: c - 1, loader: loader)) != nil
        {
            violations.append("\(tag): the schedule is planned at Ĉ − 1 = \(c - 1), below its smallest capacity")
        }
        if ratioAtSmallest > 1.15 {
            violations.append("\(tag): schedule requests at Ĉ = \(c) are \(fmt(ratioAtSmallest)) × Belady's (> 1.15)")
        }
        if ratioAtOneAndHalf > 1.05 {
            violations.append(
                "\(tag): schedule requests at 1.5 Ĉ = \(oneAndHalf) are \(fmt(ratioAtOneAndHalf)) × Belady's (> 1.05)")
        }
        if let instant = try? LoaderModel(latency: 0, throughput: loader.throughput) {
            let c0 = StreamingSchedule.smallestCapacity(for: needs, loader: instant)
            capacityWithoutLatency = (3 * c0 + 1) / 2
            if let s = try? StreamingSchedule(needs: needs, capacity: capacityWithoutLatency, loader: instant) {
                ratioWithoutLatency = s.beladyBound > 0 ? Double(s.requestCount) / Double(s.beladyBound) : 1
                if ratioWithoutLatency > 1.01 {
                    violations.append(
                        "\(tag): with λ = 0, schedule requests at 1.5 Ĉ₀ = \(capacityWithoutLatency) are "
                            + "\(fmt(ratioWithoutLatency)) × Belady's (> 1.01)")
                }
            } else {
                violations.append("\(tag): with λ = 0, the schedule is refused at 1.5 Ĉ₀ = \(capacityWithoutLatency)")
            }
        }
        rows.append(
            Row(
                method: "schedule", atSmallest: scheduleChecks.first?.outcome, smallest: c,
                smallestOutcome: scheduleChecks.first?.outcome, bound: c, probes: 1))

        // The schedule as a renderer stepping its driver once per frame flies it: planned for one frame more latency.
        if let stepped = try? loader.forSteps(every: 1 / route.framesPerSecond) {
            let cf = StreamingSchedule.smallestCapacity(for: needs, loader: stepped)
            var row = Row(method: "schedule, per frame", smallest: cf, bound: cf, probes: 1)
            if let (_, outcome) = route.flySchedule(capacity: c, loader: loader, perFrame: true) {
                row.atSmallest = outcome
            } else {
                row.refusal = "refused (needs ≥ \(cf))"
            }
            if let (_, outcome) = route.flySchedule(capacity: cf, loader: loader, perFrame: true) {
                row.smallestOutcome = outcome
                if !outcome.isStallFreeWithinCapacity || outcome.modelMismatches > 0 {
                    violations.append(
                        "\(tag): the schedule stepped per frame at its Ĉ = \(cf) stalls \(outcome.stalledFrames.count) "
                            + "frames, \(outcome.modelMismatches) loads complete later than planned")
                }
            } else {
                violations.append("\(tag): the schedule stepped per frame is refused at its own Ĉ = \(cf)")
            }
            rows.append(row)
        }

        // The segment plans, searched with the plan re-split at each capacity.
        let lower = windowBound
        for policy in [LoadPolicy.pause, .seamless] {
            progress.update("\(label): the \(policy.rawValue) plan")
            var row = Row(method: policy.rawValue, bound: max(route.stencilTiles, lower), probes: 0)
            switch route.flyPlan(policy, capacity: c, loader: loader) {
            case .success(let (method, outcome)):
                row.atSmallest = outcome
                row.crossings = (method.stalledCrossings(outcome), method.crossings)
            case .failure(let error):
                row.refusal = Self.refusal(error)
            }
            if policy == .pause {
                // The pause plan at Ĉ, or at the least capacity it accepts when Ĉ is too small for it.
                var capacity = c
                if case .failure(.budgetTooSmall(_, _, _, let minimum)) = route.flyPlan(
                    policy, capacity: c, loader: loader)
                {
                    capacity = minimum
                }
                if case .success(let (method, outcome)) = route.flyPlan(policy, capacity: capacity, loader: loader) {
                    pause = (capacity, outcome, method.stalledCrossings(outcome), method.crossings)
                }
            }
            let search = CapacitySearch.smallest(from: lower, to: row.bound) { capacity in
                guard case .success(let (_, outcome)) = route.flyPlan(policy, capacity: capacity, loader: loader)
                else { return false }
                return outcome.isStallFreeWithinCapacity
            }
            record(search, in: &row) { capacity in
                try? route.flyPlan(policy, capacity: capacity, loader: loader).get().1
            }
            rows.append(row)
        }

        // The heuristics, each with an LRU cache.
        for shape in PrefetchShape.allCases {
            progress.update("\(label): \(shape.name)")
            var row = Row(method: shape.name, bound: max(route.heuristicBound(shape), lower), probes: 0)
            row.atSmallest = route.flyHeuristic(shape, capacity: c, loader: loader)
            let search = CapacitySearch.smallest(from: lower, to: row.bound) { capacity in
                route.flyHeuristic(shape, capacity: capacity, loader: loader).isStallFreeWithinCapacity
            }
            record(search, in: &row) { route.flyHeuristic(shape, capacity: $0, loader: loader) }
            rows.append(row)
        }

        // Targets: the schedule's Ĉ is the least; 0.6× the seamless plan's where plans hold both legs.
        for row in rows.dropFirst() {
            if let other = row.smallest, other == windowBound, row.stallFreeBelow {
                violations.append(
                    "\(tag): \(row.method) is stall-free at \(other - 1), below the window bound L = \(other)")
            }
            if let other = row.smallest, other < c {
                violations.append(
                    "\(tag): \(row.method) is stall-free at capacity \(other), below the schedule's Ĉ = \(c)")
            }
            if let outcome = row.atSmallest, outcome.overflows > 0 || outcome.absentNeeds > 0 {
                violations.append(
                    "\(tag): \(row.method) at Ĉ broke the loader model (\(outcome.overflows) overflows, "
                        + "\(outcome.absentNeeds) missing tiles)")
            }
        }
        if holdsBothLegs, let seamless = rows.first(where: { $0.method == "seamless" })?.smallest,
            Double(c) > 0.6 * Double(seamless)
        {
            violations.append(
                "\(tag): Ĉ = \(c) is more than 0.6 × the seamless plan's smallest stall-free capacity \(seamless)")
        }
    }

    /// Fills `row` from a search, flying the method once more at the answer.
    private func record(
        _ search: CapacitySearch.Result, in row: inout Row, fly: (Int) -> StreamingOutcome?
    ) {
        row.smallest = search.capacity
        row.probes = search.probes
        row.stallFreeBelow = search.stallFreeBelow
        if let capacity = search.capacity { row.smallestOutcome = fly(capacity) }
    }

    /// A short reason for a refused plan.
    static func refusal(_ error: StencilError) -> String {
        if case .budgetTooSmall(_, _, _, let minimum) = error { return "refused (needs ≥ \(minimum))" }
        return "refused"
    }
}
