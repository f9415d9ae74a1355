import Testing

@testable import StencilKit

/// Regressions found by ``TrackPlanReplayTests``: seamless plans of tracks held more textures than the budget at a
/// swap. Every union is taken here with `Set`, not with the library's `TileSet`.
struct TrackPlanSeamlessRegressionTests {
    /// The two segments resident together at each swap of a plan, in flying order (a loop's lap end last).
    static func swapUnions(_ plan: BudgetPlan) -> [Int] {
        let sets = plan.segments.map { Set($0.workingSet) }
        var unions = sets.indices.dropFirst().map { sets[$0 - 1].union(sets[$0]).count }
        if plan.track.closure == .loop && sets.count > 1 { unions.append(sets[sets.count - 1].union(sets[0]).count) }
        return unions
    }

    /// A loop's lap end swaps from its last segment back to its first, and both are resident meanwhile. The
    /// seamless walk only ever paired neighbours along the lap, so at 21 textures this loop across ±180° ended its
    /// lap holding 24.
    @Test func loopLapEndSwapFitsTheBudget() throws {
        let track = try TrackPlanReplayTests.antimeridianLoop(turnRadius: 0)
        var planned = 0
        for capacity in 20...26 {
            let budget = try MemoryBudget(bytes: capacity * 65_536)
            guard let plan = try? BudgetPlan(track: track, budget: budget, policy: .seamless) else { continue }
            planned += 1
            #expect(plan.segmentCount > 2)
            let unions = Self.swapUnions(plan)
            #expect(unions.count == plan.segmentCount && unions.allSatisfy { $0 <= capacity }, "\(capacity): \(unions)")
            #expect(plan.peakResidentTiles == unions.max() && plan.peakBytes <= budget.bytes)
        }
        // 20 textures are refused (below); 21 (replayed below) and every larger budget plan.
        #expect(planned >= 6, "\(planned) of the capacities 21…26 planned")
        #expect(throws: StencilError.self) {
            try BudgetPlan(track: track, budget: MemoryBudget(bytes: 20 * 65_536), policy: .seamless)
        }
        try Self.replayCleanly(track, capacity: 21)
    }

    /// Seamless splits were placed where the window over two segments fits (`reach`), but each segment's working set
    /// is computed on its own, and at a split lying exactly where a tile starts to overlap (by the tie tolerance)
    /// the two sets together held one tile more than the window: example 4's fly-by at 21 textures swapped holding
    /// 22 (at splits 8→9, 12→13 and 16→17).
    @Test func neighbourSwapsFitTheBudget() throws {
        let track = try TrackPlanReplayTests.example4(turnRadius: 128)
        for capacity in 21...26 {
            let budget = try MemoryBudget(bytes: capacity * 65_536)
            let plan = try BudgetPlan(track: track, budget: budget, policy: .seamless)
            let unions = Self.swapUnions(plan)
            #expect(unions.allSatisfy { $0 <= capacity }, "\(capacity): \(unions)")
            #expect(plan.peakResidentTiles == unions.max() && plan.peakBytes <= budget.bytes)
        }
        try Self.replayCleanly(track, capacity: 21)
    }

    /// The seamless plan at `capacity` flown pose by pose against the oracle (``TrackPlanReplay``).
    static func replayCleanly(_ track: Track, capacity: Int) throws {
        var oracle = TrackPlanOracle(track: track, clip: false)
        let report = try TrackPlanReplayTests.replay(track, oracle: &oracle, capacity: capacity, policy: .seamless)
            .report
        #expect(report.problems.isEmpty, "\(report.problems)")
    }
}
