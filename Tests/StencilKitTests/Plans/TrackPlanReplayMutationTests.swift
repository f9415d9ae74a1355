import Testing

@testable import StencilKit

/// The replay of ``TrackPlanReplayTests`` must be able to fail: broken copies of real plans, each breaking one
/// promise, are each caught by the check written for it (the message it fails with is named), while the plans
/// themselves replay cleanly.
struct TrackPlanReplayMutationTests {
    /// Crossings, peak, loads and initial loads recomputed from (possibly broken) working sets, so that only the
    /// broken promise itself is left to catch.
    static func recrossed(_ view: PlanView) -> PlanView {
        var view = view
        let k = view.workingSets.count
        var pairs = (0..<max(0, k - 1)).map { ($0, $0 + 1) }
        if view.closure == .loop && k > 1 { pairs.append((k - 1, 0)) }
        view.crossings = pairs.map { from, to in
            PlanView.Crossing(
                position: to == 0 ? view.length : view.ranges[from].upper, from: from, to: to,
                load: view.workingSets[to].subtracting(view.workingSets[from]),
                evict: view.workingSets[from].subtracting(view.workingSets[to]))
        }
        view.splitPositions = view.ranges.dropFirst().map(\.lower)
        let single = view.workingSets.map(\.count).max() ?? 0
        view.peakTiles =
            view.policy == .pause
            ? single : pairs.map { view.workingSets[$0.0].union(view.workingSets[$0.1]).count }.max() ?? single
        view.peakBytes = view.peakTiles * view.bytesPerTile
        view.loadsPerLoop = view.crossings.reduce(0) { $0 + $1.load.count }
        view.initialLoads = view.workingSets.first?.count ?? 0
        return view
    }

    /// Moves split `i` by `delta` (the ranges on both sides with it).
    static func moving(_ view: PlanView, split i: Int, by delta: Double) -> PlanView {
        var view = view
        view.ranges[i].upper += delta
        view.ranges[i + 1].lower += delta
        return recrossed(view)
    }

    typealias Mutation = (name: String, expected: String, apply: (PlanView) -> PlanView)

    static func check(_ track: Track, capacity: Int, policy: LoadPolicy, mutations: [Mutation]) throws {
        var oracle = TrackPlanOracle(track: track, clip: false)
        let plan = try BudgetPlan(track: track, budget: MemoryBudget(bytes: capacity * 65_536), policy: policy)
        let view = PlanView(plan, budgetBytes: capacity * 65_536)
        let clean = TrackPlanReplay.replay(view, oracle: &oracle)
        #expect(clean.problems.isEmpty, "\(clean.problems)")
        #expect(TrackPlanReplay.replay(recrossed(view), oracle: &oracle).problems.isEmpty)
        for mutation in mutations {
            let problems = TrackPlanReplay.replay(mutation.apply(view), oracle: &oracle).problems
            #expect(
                problems.contains { $0.contains(mutation.expected) },
                "\(policy) \(mutation.name): expected “\(mutation.expected)”, got \(problems)")
        }
    }

    /// Example 4 with the pivot at 60 textures (the hand-worked plans of ``TrackPlanReplayTests``).
    @Test(arguments: LoadPolicy.allCases)
    func example4Mutations(policy: LoadPolicy) throws {
        let track = try TrackPlanReplayTests.example4(turnRadius: 0)
        let start = TileIndex(column: 7, row: 19)  // shown from W₀ only
        let end = TileIndex(column: 16, row: 30)  // shown near W₂ only
        var mutations: [Mutation] = [
            (
                "a tile dropped from the first working set", "missing from segment 0",
                {
                    var v = $0
                    v.workingSets[0].remove(start)
                    return Self.recrossed(v)
                }
            ),
            (
                "a tile dropped from the last working set", "visible but not resident",
                {
                    var v = $0
                    v.workingSets[v.workingSets.count - 1].remove(end)
                    return Self.recrossed(v)
                }
            ),
            (
                "a tile no pose shows", "reached by no sample",
                {
                    var v = $0
                    v.workingSets[0].insert(TileIndex(column: 60, row: 5))
                    return Self.recrossed(v)
                }
            ),
            (
                "a tile of another segment", "no pose of it shows",
                {
                    var v = $0
                    v.workingSets[v.workingSets.count - 1].insert(start)
                    return Self.recrossed(v)
                }
            ),
            ("the first split 200 px later", "missing from segment 0", { Self.moving($0, split: 0, by: 200) }),
            (
                "a gap between segments", "gap or overlap",
                {
                    var v = $0
                    v.ranges[1].lower += 1
                    return v
                }
            ),
            (
                "the last segment short of the end", "not the length",
                {
                    var v = $0
                    v.ranges[v.ranges.count - 1].upper -= 1
                    return v
                }
            ),
            (
                "a crossing dropped", "not in the plan",
                {
                    var v = $0
                    v.crossings.removeLast()
                    return v
                }
            ),
            (
                "load and evict swapped", "evicts a tile not resident",
                {
                    var v = $0
                    (v.crossings[0].load, v.crossings[0].evict) = (v.crossings[0].evict, v.crossings[0].load)
                    return v
                }
            ),
            (
                "a crossing at the wrong place", "the split is at",
                {
                    var v = $0
                    v.crossings[0].position += 1
                    return v
                }
            ),
            (
                "a shared tile swapped", "a tile loaded and evicted",
                {
                    var v = $0
                    let shared = v.workingSets[0].intersection(v.workingSets[1]).first!
                    v.crossings[0].load.insert(shared)
                    v.crossings[0].evict.insert(shared)
                    return v
                }
            ),
            (
                "the peak understated", "the plan's",
                {
                    var v = $0
                    v.peakTiles -= 1
                    return v
                }
            ),
            (
                "loads per lap misstated", "loads a lap",
                {
                    var v = $0
                    v.loadsPerLoop += 1
                    return v
                }
            ),
            (
                "a budget below the peak", policy == .pause ? "> capacity" : "during the switch",
                {
                    var v = $0
                    v.capacity = v.peakTiles - 1
                    v.budgetBytes = v.capacity * v.bytesPerTile
                    return v
                }
            ),
        ]
        if policy == .pause {
            mutations.append(
                ("the first split 150 px earlier", "no pose of it shows", { Self.moving($0, split: 0, by: -150) }))
        } else {
            mutations.append(
                (
                    "a split pushed past what two segments hold", "during the switch",
                    {
                        var v = $0
                        // Segment 1 made to hold all of segment 2 as well: 1 ∪ 2 then exceeds the capacity.
                        v.workingSets[1].formUnion(v.workingSets[2])
                        v.workingSets[1].formUnion(v.workingSets[0])
                        v.capacity = v.peakTiles
                        return Self.recrossed(v)
                    }
                ))
        }
        try Self.check(track, capacity: 60, policy: policy, mutations: mutations)
    }

    /// The fewest segments under `pause`: example 4's plan for 50 textures (three segments) presented as a plan for
    /// 60, which needs only two; and the plan for 60 with its second segment cut in two (exact working sets), so
    /// that the two halves fit together.
    @Test func extraSegmentIsCaught() throws {
        let track = try TrackPlanReplayTests.example4(turnRadius: 0)
        var oracle = TrackPlanOracle(track: track, clip: false)
        let tight = try BudgetPlan(track: track, budget: MemoryBudget(bytes: 50 * 65_536), policy: .pause)
        #expect(tight.segmentCount == 3)
        var view = PlanView(tight, budgetBytes: 60 * 65_536)
        view.capacity = 60
        var problems = TrackPlanReplay.replay(view, oracle: &oracle).problems
        #expect(problems == ["3 segments, where the samples bound the fewest possible at 2"], "\(problems)")

        let plan = try BudgetPlan(track: track, budget: MemoryBudget(bytes: 60 * 65_536), policy: .pause)
        let planner = try SegmentPlanner(track: track, clipToTerrain: false)
        view = PlanView(plan, budgetBytes: 60 * 65_536)
        let (lower, upper) = view.ranges[1]
        let middle = (lower + upper) / 2
        view.ranges = [view.ranges[0], (lower, middle), (middle, upper)]
        view.workingSets = [
            view.workingSets[0], Set(planner.workingSet(lower, middle)), Set(planner.workingSet(middle, upper)),
        ]
        problems = TrackPlanReplay.replay(Self.recrossed(view), oracle: &oracle).problems
        #expect(problems.contains { $0.contains("bound the fewest possible at 2") }, "\(problems)")
        #expect(problems.contains { $0.contains("segments 1 and 2 fit together in 60") }, "\(problems)")
        #expect(problems.count == 2, "\(problems)")
    }

    /// A loop's lap end: the crossing from the last segment back to the first is checked like any other.
    @Test(arguments: LoadPolicy.allCases)
    func loopMutations(policy: LoadPolicy) throws {
        let track = try TrackPlanReplayTests.antimeridianLoop(turnRadius: 90)
        let mutations: [Mutation] = [
            (
                "the lap-end crossing dropped", "not in the plan",
                {
                    var v = $0
                    v.crossings.removeLast()
                    return v
                }
            ),
            (
                "the lap-end crossing not at the end", "the split is at",
                {
                    var v = $0
                    v.crossings[v.crossings.count - 1].position -= 1
                    return v
                }
            ),
            (
                "a lap-end eviction forgotten", "not segment 0's working set",
                {
                    var v = $0
                    let last = v.crossings.count - 1
                    v.crossings[last].evict.remove(v.crossings[last].evict.first!)
                    return v
                }
            ),
            (
                "a tile of the lap's start dropped", "missing from segment 0",
                {
                    var v = $0
                    v.workingSets[0].remove(v.workingSets[0].subtracting(v.workingSets[1]).first!)
                    return Self.recrossed(v)
                }
            ),
        ]
        try Self.check(track, capacity: 40, policy: policy, mutations: mutations)
    }
}
