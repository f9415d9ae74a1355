import Foundation
import MercatorMath
import StencilKit
import StencilScenarios

/// A ``BudgetPlan`` (`pause` or `seamless`) flown through the loader simulator, requesting the next segment's tiles
/// as early as its capacity allows.
///
/// The frames visit the plan's segments in flying order σ₀, σ₁, … (on a racetrack out to the far end and back). When
/// visit j begins (at frame f_j, and before take-off for j = 0) the method keeps K = W(σ_j) plus as many of the next
/// visit's new tiles W(σ_{j+1}) ∖ W(σ_j) as the free slots C − |W(σ_j)| hold, those needed first coming first. It
/// evicts every tile outside K, requests the tiles of W(σ_j) it lacks (ordered by their next need; with `pause` the
/// frames wait for those shown at once), then the next visit's share. Nothing else happens inside a visit. With
/// `seamless` every union W(σ_j) ∪ W(σ_{j+1}) fits, so the whole next segment is requested a visit ahead; with `pause`
/// only what fits beside the current working set.
/// - Complexity: O(Σ working sets · log) per visit's actions; O(1) per other frame.
struct SegmentPrefetch: StreamingMethod {
    let capacity: Int
    let needs: NeedEvents
    /// Per visit: its first frame and its segment's working set, numbered.
    let visitStart: [Int]
    let visitTiles: [[Int32]]
    private var visit = -1
    private var resident: [Int32] = []
    private var mark: [Int32]
    private var epoch: Int32 = 0

    /// The method for `plan`, whose frames are at `poses`; tiles are numbered by `numbers` (which grows).
    init(plan: BudgetPlan, poses: [TrackPose], needs: NeedEvents, numbers: inout TileNumbering<TileIndex>) {
        capacity = plan.capacity
        self.needs = needs
        var sets: [[Int32]?] = Array(repeating: nil, count: plan.segmentCount)
        var starts: [Int] = []
        var tiles: [[Int32]] = []
        var last = -1
        for (k, pose) in poses.enumerated() {
            let s = plan.segmentIndex(for: pose)
            guard s != last else { continue }
            last = s
            if sets[s] == nil { sets[s] = plan.segments[s].workingSet.map { Int32(numbers.number(of: $0)) } }
            starts.append(k)
            tiles.append(sets[s]!)
        }
        visitStart = starts
        visitTiles = tiles
        mark = [Int32](repeating: 0, count: numbers.count)
    }

    /// Number of split crossings flown (visits after the first).
    var crossings: Int { max(0, visitStart.count - 1) }

    /// How many crossings are followed, before the next one, by a stalled frame of `outcome`.
    func stalledCrossings(_ outcome: StreamingOutcome) -> Int {
        guard visitStart.count > 1 else { return 0 }
        var count = 0
        var i = 0
        let stalled = outcome.stalledFrames
        for j in 1..<visitStart.count {
            let end = j + 1 < visitStart.count ? visitStart[j + 1] : Int.max
            while i < stalled.count && Int(stalled[i]) < visitStart[j] { i += 1 }
            if i < stalled.count && Int(stalled[i]) < end { count += 1 }
        }
        return count
    }

    mutating func start(_ simulator: inout some SlotLoader) {
        guard !visitStart.isEmpty else { return }
        visit = 0
        resident = keep(visit: 0)
        simulator.preload(resident)
    }

    mutating func act(frame k: Int, _ simulator: inout some SlotLoader) {
        guard visit + 1 < visitStart.count, visitStart[visit + 1] == k else { return }
        visit += 1
        let t = simulator.stepTime(ofFrame: k)
        let wanted = keep(visit: visit)
        epoch += 1
        for tile in wanted { mark[Int(tile)] = epoch }
        for tile in resident where mark[Int(tile)] != epoch { simulator.evict(tile, at: t) }
        for tile in wanted where !simulator.holdsSlot(tile) { simulator.request(tile, at: t) }
        resident = wanted
    }

    /// K for visit `j`, in request order: W(σ_j) by next need from f_j, then the next visit's new tiles by next need
    /// from f_{j+1}, as many as fit.
    private mutating func keep(visit j: Int) -> [Int32] {
        let current = visitTiles[j]
        let from = visitStart[j]
        var order = current.map { (needs.nextFrame(of: $0, atOrAfter: from), $0) }
        order.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        var result = order.map(\.1)
        guard j + 1 < visitTiles.count, capacity > current.count else { return result }
        epoch += 1
        for tile in current { mark[Int(tile)] = epoch }
        let nextFrom = visitStart[j + 1]
        var ahead = visitTiles[j + 1].filter { mark[Int($0)] != epoch }.map {
            (needs.nextFrame(of: $0, atOrAfter: nextFrom), $0)
        }
        ahead.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        result += ahead.prefix(capacity - current.count).map(\.1)
        return result
    }
}
