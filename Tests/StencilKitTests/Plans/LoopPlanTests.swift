import TestSupport
import Testing

@testable import StencilKit

/// Plans on loops are counted round the circle (the *Split search* guide): a loop is flown lap after lap, so a
/// segment may run through the take-off point, and the plan has the fewest segments over every starting point.
struct LoopPlanTests {
    /// The benchmark's viking-circuit (five waypoints across ±180° on Mars Viking, fly-by turns of 100 px, a 480 × 320
    /// screen) at 24 tiles: greedy from take-off needs 37 segments; round the circle 36 do, the first running through
    /// take-off. The plan is replayed pose by pose against the independent oracle, which also bounds its count from
    /// its own last split.
    @Test func vikingCircuitSavesASegmentRoundTheCircle() throws {
        let waypoints = try [(10.0, 165.0), (25, -165), (-5, -150), (-25, -175), (-15, 170)].map {
            try GeoCoordinate(latitude: $0.0, longitude: $0.1)
        }
        let track = try Track(
            waypoints: waypoints, on: .marsViking, screen: Screen(width: 480, height: 320), turnRadius: 100,
            closure: .loop)
        let planner = try SegmentPlanner(track: track, clipToTerrain: false)
        let linear = try #require(planner.pauseSplits(capacity: 24))
        #expect(linear.count + 1 == 37)
        let plan = try BudgetPlan(track: track, budget: MemoryBudget(bytes: 24 * 65_536))
        #expect(plan.segmentCount == 36)
        let first = try #require(plan.segments.first)
        let last = try #require(plan.splitPositions.last)
        #expect(first.range.lower < 0 && first.range.lower == last - track.length)
        #expect(plan.crossings.count == 36)
        #expect(
            plan.crossings.last?.from == 35 && plan.crossings.last?.to == 0 && plan.crossings.last?.position == last)
        #expect(plan.segments.allSatisfy { $0.workingSet.count <= 24 })
        // The take-off pose and the lap's last pose are both in the wrapping segment.
        #expect(plan.segmentIndex(for: try track.pose(atArcLength: 0)) == 0)
        let end = track.pieces.count - 1
        #expect(plan.segmentIndex(for: try track.pose(piece: end, parameter: track.pieces[end].parameterLimit)) == 0)
        var oracle = TrackPlanOracle(track: track, clip: false)
        let report = TrackPlanReplay.replay(PlanView(plan, budgetBytes: 24 * 65_536), oracle: &oracle)
        #expect(report.problems.isEmpty, "\(report.problems)")
        #expect(report.lowerBound == 36)
    }

    /// Round the circle never costs a segment, and saves at most one (greedy from take-off stays within one
    /// segment of any plan): on random loops of the replay's families, for both policies, the plan has at most the
    /// segments of the plan from take-off, and one fewer exactly when it wraps through take-off.
    @Test func roundTheCircleSavesAtMostOneSegment() throws {
        var g = SplitMix64(seed: 0x4C4F_4F50_5341_5645)
        var wrapping = 0
        var checked = 0
        while checked < 24 {
            guard let made = PlanTracks.make(&g), made.track.closure == .loop else { continue }
            let track = made.track
            let planner = try SegmentPlanner(track: track, clipToTerrain: made.clip)
            let stencil = planner.stencilTiles
            for policy in [LoadPolicy.pause, .seamless] {
                let capacity = max(1, stencil / 3)
                guard let linear = planner.splits(capacity: capacity, policy: policy),
                    let plan = try? BudgetPlan(
                        track: track, budget: MemoryBudget(bytes: capacity * 65_536),
                        format: TextureFormat(bytesPerTile: 65_536), policy: policy, clipToTerrain: made.clip)
                else { continue }
                checked += 1
                let wraps = plan.segments[0].range.lower < 0
                if wraps { wrapping += 1 }
                #expect(plan.segmentCount <= linear.count + 1, "\(policy): \(made.summary)")
                if policy == .pause {
                    #expect(plan.segmentCount == linear.count + (wraps ? 0 : 1), "\(made.summary)")
                }
            }
        }
        print("loop plans round the circle: \(checked) checked, \(wrapping) wrap through take-off")
    }
}
