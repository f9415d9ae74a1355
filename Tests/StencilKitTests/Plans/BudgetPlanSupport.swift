import TestSupport
import Testing

@testable import StencilKit

/// Shared helpers of the BudgetPlan* suites: random flights (from the shared `SplitMix64`), and working sets computed
/// independently of `SegmentPlanner`, by culling densely sampled poses with `FlightLoop.cull`.
enum BudgetPlanSupport {
    /// A random flight over Mars Viking that stays well inside the terrain (|y − equator| small enough that no
    /// footprint, band or turn reaches row 0 or row 41), sometimes across the antimeridian (unwrapped x past
    /// 11,520 px), at any heading.
    static func randomFlight(
        _ rng: inout SplitMix64, length: ClosedRange<Double> = 300...3000, screenSide: ClosedRange<Double> = 80...360
    ) throws -> Flight {
        let grid = TileGrid.marsViking
        while true {
            let width = rng.uniform(screenSide.lowerBound, screenSide.upperBound)
            let height = rng.uniform(screenSide.lowerBound, screenSide.upperBound)
            let scale = rng.uniform(0.6, 1.4)
            let anchor = Screen.Anchor(x: rng.uniform(0.2, 0.8), y: rng.uniform(0.2, 0.8))
            let margin = rng.bool() ? 0 : rng.uniform(0, 12)
            let screen = try Screen(width: width, height: height, scale: scale, anchor: anchor, margin: margin)
            let radius = rng.int(0...2) == 0 ? 0 : rng.uniform(5, 120)
            let turn = try Turn(radius: radius, direction: rng.bool() ? .right : .left)
            let band = rng.int(0...2) == 0 ? 0 : rng.uniform(1, 90)
            // Start anywhere in longitude (x near the right edge makes the route cross ±180°).
            let startX = rng.int(0...3) == 0 ? rng.uniform(10_800, 11_500) : rng.uniform(0, grid.width)
            let startY = rng.uniform(1_700, 3_700)
            let heading = rng.uniform(0, 360)
            let l = rng.uniform(length.lowerBound, length.upperBound)
            let u = PixelPoint.ahead(heading: heading)
            let start = PixelPoint(x: startX, y: startY)
            let end = PixelPoint(x: startX + l * u.x, y: startY + l * u.y)
            guard end.y > 1_500, end.y < 3_900 else { continue }
            let route = try PixelRoute(start: start, end: end, on: grid)
            let flight = try Flight(route: route, screen: screen, turn: turn, lateralBand: band)
            return flight
        }
    }

    /// Lateral offsets −d … d spaced at most one footprint width apart (so their footprints overlap and their
    /// union is the band-widened footprint), always including −d, 0 and +d.
    static func offsets(_ flight: Flight) -> [Double] {
        let d = flight.lateralBand
        guard d > 0 else { return [0] }
        let width = flight.screen.across.upper - flight.screen.across.lower
        var half = 1
        while d / Double(half) > width * 0.9 { half += 1 }
        return (-half...half).map { d * Double($0) / Double(half) }
    }

    /// Working sets sampled by culling: the real tiles of poses at a leg position (both legs) or of a whole turn.
    struct Sampler {
        let loop: FlightLoop
        let offsets: [Double]
        var buffer: [VisibleTile] = []

        init(_ flight: Flight) {
            loop = FlightLoop(flight)
            offsets = BudgetPlanSupport.offsets(flight)
        }

        /// Adds the real tiles visible from `pose` over the whole band.
        mutating func add(_ pose: Pose, to set: inout Set<TileIndex>) throws {
            for offset in offsets {
                try loop.cull(pose, lateralOffset: offset, into: &buffer)
                for tile in buffer { set.insert(tile.realTile) }
            }
        }

        /// The real tiles visible from the outbound pose at along-track position `s` and the inbound one there.
        mutating func legTiles(at s: Double) throws -> Set<TileIndex> {
            let length = loop.legLength
            let p = Swift.min(Swift.max(s, 0), length)
            var set = Set<TileIndex>()
            try add(try loop.pose(.outbound, at: p), to: &set)
            try add(try loop.pose(.inbound, at: Swift.min(Swift.max(length - p, 0), length)), to: &set)
            return set
        }

        /// The real tiles visible through a U-turn, sampled every `step` degrees (ends included).
        mutating func turnTiles(atEnd: Bool, step: Double = 0.25) throws -> Set<TileIndex> {
            var set = Set<TileIndex>()
            let n = Int((180 / step).rounded(.up))
            for i in 0...n {
                try add(try loop.pose(atEnd ? .turnAtEnd : .turnAtStart, at: 180 * Double(i) / Double(n)), to: &set)
            }
            return set
        }

        /// The working set of [s0, s1] by sampling: both legs at s0, s1 and every `spacing` px between (spacing
        /// below the footprint's length makes the legs' union exact), plus the turns the end segments own.
        ///
        /// A split point lies exactly on a tile event (an edge of the swept rectangle on a tile line), where the
        /// pose's footprint and the planner's corridor put that edge on the line with different roundings; so
        /// split ends are sampled 1e-9 px inside, which shows the same tiles without the rounding's sliver.
        mutating func workingSet(_ s0: Double, _ s1: Double, first: Bool, last: Bool) throws -> Set<TileIndex> {
            let along = loop.flight.screen.along
            let spacing = (along.upper - along.lower) / 3
            let nudge = 1e-9
            let a = first ? s0 : Swift.min(s0 + nudge, (s0 + s1) / 2)
            let b = last ? s1 : Swift.max(s1 - nudge, (s0 + s1) / 2)
            let n = Swift.max(1, Int(((b - a) / spacing).rounded(.up)))
            var set = Set<TileIndex>()
            for i in 0...n {
                let s = i == n ? b : a + (b - a) * Double(i) / Double(n)
                set.formUnion(try legTiles(at: s))
            }
            if first { set.formUnion(try turnTiles(atEnd: false)) }
            if last { set.formUnion(try turnTiles(atEnd: true)) }
            return set
        }
    }

    /// The capacity stated by the refusal of a budget of 0 bytes: the smallest that plans under `policy`.
    static func minimumTiles(_ flight: Flight, policy: LoadPolicy, format: TextureFormat = .rgba8Tile128) throws
        -> Int
    {
        do {
            _ = try BudgetPlan(flight: flight, budget: MemoryBudget(bytes: 0), format: format, policy: policy)
        } catch .budgetTooSmall(_, _, _, let minimum) {
            return minimum
        }
        Issue.record("a budget of 0 bytes was accepted")
        return 0
    }

    /// The plan at `bytes`, or, when that budget is refused, the plan at the smallest budget the refusal states
    /// (with that minimum in tiles).
    static func planOrMinimum(
        _ flight: Flight, bytes: Int, format: TextureFormat = .rgba8Tile128, policy: LoadPolicy
    ) throws -> (plan: BudgetPlan, refusedMinimum: Int?) {
        let minimum: Int
        do {
            return (
                try BudgetPlan(flight: flight, budget: MemoryBudget(bytes: bytes), format: format, policy: policy), nil
            )
        } catch .budgetTooSmall(_, _, _, let stated) {
            minimum = stated
        }
        let budget = try MemoryBudget(bytes: minimum * format.bytesPerTile)
        return (try BudgetPlan(flight: flight, budget: budget, format: format, policy: policy), minimum)
    }

    /// Expands `row: [column ranges]` into tiles.
    static func tiles(_ rows: [Int: [ClosedRange<Int>]]) -> Set<TileIndex> {
        var result = Set<TileIndex>()
        for (row, ranges) in rows {
            for range in ranges { for column in range { result.insert(TileIndex(column: column, row: row)) } }
        }
        return result
    }
}
