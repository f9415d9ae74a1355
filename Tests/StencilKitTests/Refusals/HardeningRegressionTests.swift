import Foundation
import Testing

@testable import StencilKit

/// Issue 12's hardening items inside the stencil, plan and turn code: each test uses the issue's own input (or the
/// fuzzer's) and failed, or ran past its time limit, on the code before the fix. Expected values come from the issue
/// and from independent figures in each test.
@Suite
struct HardeningRegressionTests {
    static let phone = try! Screen(width: 480, height: 320)

    // MARK: Pause plans: no one-ulp segment, ties broken by loads

    /// 108 of 318 random pause plans on Mars Viking (the issue: 179 of 860) end with a segment one ulp long that
    /// holds only the U-turn at B: here [930.4248982923389, 930.424898292339], 29 tiles, with 45 loads per loop.
    /// Among the plans with the fewest segments (2 here) the rewrite chooses one with the fewest loads per loop.
    @Test(.timeLimit(.minutes(1)))
    func pausePlansHaveNoOneUlpSegment() throws {
        let flight = try Flight(
            from: GeoCoordinate(latitude: -11.796355973777967, longitude: -75.03798791892167),
            to: GeoCoordinate(latitude: -12.116833468291851, longitude: -104.11192054874466), on: .marsViking,
            screen: Self.phone)
        let plan = try BudgetPlan(flight: flight, budget: MemoryBudget(bytes: 60 * 65_536), format: .rgba8Tile128)
        // The fewest segments: the whole stencil (checked here) does not fit 60 tiles, so at least 2.
        #expect(try Stencil(flight: flight).real.count > 60)
        #expect(plan.segmentCount == 2)
        for segment in plan.segments {
            // Every segment spans at least a pixel of the track (the U-turn at B alone needs no segment of its own).
            #expect(segment.range.upper - segment.range.lower >= 1, "segment \(segment.range)")
        }
        // Never more loads than the one-ulp plan's 45.
        #expect(plan.loadsPerLoop <= 45)
    }

    // MARK: Seamless plans: the segment cap is not a budget

    /// Seamless plans walk towards B in segments of about half a window; past 100,000 points they gave up and
    /// reported the budget as too small ("needs 26 tiles" where a 24-tile plan exists). On a z = 22 route 45° long
    /// (about 1.1 million stencil tiles) a 24-tile seamless plan needs over 100,000 segments, while the pause plan
    /// at 24 tiles exists — so 24 tiles are not too small: the answer is a plan, or a refusal that names the segment
    /// cap, never `budgetTooSmall`.
    @Test(.timeLimit(.minutes(1)))
    func seamlessPlansDoNotMistakeTheirCapForTheBudget() throws {
        let grid = try TileGrid.xyz(level: 22)
        let flight = try Flight(
            from: GeoCoordinate(latitude: 0.001, longitude: 0), to: GeoCoordinate(latitude: 0.001, longitude: 45),
            on: grid, screen: Self.phone)
        let format = try TextureFormat(bytesPerTile: 1)
        let error = stencilError { () throws(StencilError) in
            try BudgetPlan(flight: flight, budget: MemoryBudget(bytes: 24), format: format, policy: .seamless)
        }
        if case .budgetTooSmall(_, _, _, let minimum)? = error {
            Issue.record("a 24-tile budget was refused as too small (needs \(minimum)), though a 24-tile plan exists")
        }
    }

    // MARK: Pause plans: a segment cap

    /// Pause plans had no segment cap: z = 24 with a 16-tile budget made 1.2 million segments in 212 s. The plan
    /// must be refused up front with a typed error naming the cap (or made in time proportional to its segments).
    @Test(.timeLimit(.minutes(1)))
    func pausePlansHaveASegmentCap() throws {
        let grid = try TileGrid.xyz(level: 24)
        // 25° due east at z = 24: 25/360 of 2³² px = 3.0·10⁸ px; a 16-tile budget covers a few hundred px a segment.
        let flight = try Flight(
            from: GeoCoordinate(latitude: 0.001, longitude: 0), to: GeoCoordinate(latitude: 0.001, longitude: 25),
            on: grid, screen: Self.phone)
        let error = stencilError { () throws(StencilError) in
            try BudgetPlan(flight: flight, budget: MemoryBudget(bytes: 16 * 262_144), format: .rgba8Tile256)
        }
        if let error {
            guard error.kind == "tooLarge" else {
                Issue.record("expected a refusal naming the segment cap, got \(error)")
                return
            }
        }
    }

    // MARK: Pivots: the band counts in the per-frame limit

    /// The lateral band was not counted in the per-frame tile limit, and a pivot scanned a disc of radius ≈ band:
    /// a band of 4·10⁶ px at z = 16 took 245 s. With the band, one frame's need (MODEL.md §9: the footprint widened
    /// by d on each side) is about (2·4·10⁶ / 256)² ≈ 10⁹ tiles, far past ``Flight/maximumTilesPerFrame`` (2²⁰):
    /// the flight is refused up front.
    @Test(.timeLimit(.minutes(1)))
    func theBandCountsInThePerFrameLimit() throws {
        let grid = try TileGrid.xyz(level: 16)
        let a = try GeoCoordinate(latitude: 0, longitude: 0)
        let b = try GeoCoordinate(latitude: 0, longitude: 1)
        let error = stencilError { () throws(StencilError) in
            let flight = try Flight(from: a, to: b, on: grid, screen: Self.phone, lateralBand: 4e6)
            return try Stencil(flight: flight)
        }
        guard case .tooLarge(let field, _, _, _)? = error else {
            Issue.record(
                "expected the band to be refused by the per-frame tile limit, got \(String(describing: error))")
            return
        }
        #expect(field.contains("tiles"), "\(field)")
    }

    // MARK: U-turn rings: no scan of the hole

    /// U-turn rings were scanned hole included: ρ = 10⁹ px at z = 28 ran over 300 s. The ring's tiles number about
    /// its length over the tile size times its width in tiles (π·10⁹ / 256 ≈ 1.2·10⁷ rows of a few tiles), so the
    /// answer is either a stencil built in time proportional to those runs or a typed refusal naming a limit.
    @Test(.timeLimit(.minutes(1)))
    func uTurnRingsAreNotScannedThroughTheirHole() throws {
        let grid = try TileGrid.xyz(level: 28)
        let turn = try Turn(radius: 1e9)
        let a = try GeoCoordinate(latitude: 0, longitude: 0)
        let b = try GeoCoordinate(latitude: 0, longitude: 0.01)
        let result = stencilError { () throws(StencilError) in
            let flight = try Flight(from: a, to: b, on: grid, screen: Self.phone, turn: turn)
            return try Stencil(flight: flight)
        }
        if let result {
            guard result.kind == "tooLarge" else {
                Issue.record("expected a stencil or a refusal naming a limit, got \(result)")
                return
            }
        }
    }

    // MARK: Stencil memory: refuse up front

    /// A pole-to-pole stencil at z = 30 asked for 6.6 GB: 2³⁰ rows of runs, unwrapped and real. It must be refused
    /// before any allocation with a typed error naming the limit (no answer of 2³⁰ runs fits in memory), not by
    /// running out of memory and not as `leavesTerrain` (±85.05° lies inside the terrain's ±85.0511°).
    @Test(.timeLimit(.minutes(1)))
    func poleToPoleStencilsAtZ30AreRefusedUpFront() throws {
        let grid = try TileGrid.xyz(level: 30)
        let flight = try Flight(
            from: GeoCoordinate(latitude: -85.05, longitude: 10), to: GeoCoordinate(latitude: 85.05, longitude: 10),
            on: grid, screen: Self.phone)
        let error = stencilError { () throws(StencilError) in try Stencil(flight: flight) }
        guard case .tooLarge(_, let value, let limit, _)? = error else {
            Issue.record("expected a refusal naming a limit, got \(String(describing: error))")
            return
        }
        #expect(value > limit)
    }

    // MARK: Found by the fuzzer: culled tiles outside the stencil far from the image

    /// `Fuzz/run.sh api` found a tile culled from a pose of the loop that the stencil lacked: a flight one million
    /// worlds east of the image (x = 1.152·10¹⁰ px, where an ulp is 1.9·10⁻⁶ px, fifteen times the tie tolerance
    /// e = 1.28·10⁻⁷ px) with a footprint 10⁻⁶ px across. Culling pose 123.75° into the U-turn at A gave tile
    /// (89999999, 21), which the stencil missed: the two computed the tile's overlap, about e, with different
    /// roundings. A frame now draws the tiles overlapped by more than e_draw = 2e + 16·ulp(m) (m the largest
    /// coordinate), and a flight whose footprint is narrower than 4·e_draw at twice its farthest reach is refused:
    /// here 4·(2.56·10⁻⁷ + 16 × 3.8·10⁻⁶) = 2.5·10⁻⁴ px, so the fuzzer's 10⁻⁶-px footprint is refused, naming that
    /// minimum.
    @Test
    func aFootprintThinnerThanAnUlpFarFromTheImageIsRefused() throws {
        let route = try Self.farRoute()
        let screen = try Screen(
            width: 0.001, height: 0.001, scale: 0.001, anchor: Screen.Anchor(x: 0.001, y: 0.001), margin: 0)
        let error = stencilError { () throws(StencilError) in
            try Flight(route: route, screen: screen, turn: Turn(radius: 1e-183, direction: .right))
        }
        guard case .outOfRange(let field, let value, let valid)? = error else {
            Issue.record("expected the footprint to be refused as too narrow, got \(String(describing: error))")
            return
        }
        #expect(field.contains("footprint side"), "\(field)")
        #expect(abs(value - 1e-6) <= 1e-15)
        // ulp(2 × 1.152·10¹⁰) = 2⁻¹⁸ (2³⁴ ≤ x < 2³⁵); e on Mars Viking = 10⁻⁹ × 128 + 10⁻¹⁴ × 11,520 (its width).
        let minimum = 4 * (2 * (128e-9 + 11_520e-14) + 16 * 0x1p-18)
        let named = valid.split(separator: " ").dropFirst(2).first.flatMap { Double($0) }
        #expect(
            named.map { abs($0 - minimum) <= 1e-6 * minimum } == true,
            "\(valid) vs \(minimum) (\(String(describing: named)))")
    }

    /// The same flight with a footprint 10⁻³ px across (four times the minimum there): every tile culled from a pose
    /// of the loop, at 65 angles of each turn and 65 points of each leg, lies in the stencil.
    @Test
    func culledTilesLieInTheStencilFarFromTheImage() throws {
        let route = try Self.farRoute()
        let screen = try Screen(
            width: 1, height: 1, scale: 0.001, anchor: Screen.Anchor(x: 0.001, y: 0.001), margin: 0)
        let flight = try Flight(route: route, screen: screen, turn: Turn(radius: 1e-183, direction: .right))
        let stencil = try Stencil(flight: flight, clipToTerrain: true)
        let loop = FlightLoop(flight)
        var tiles: [VisibleTile] = []
        var culled = 0
        for phase in LoopPhase.allCases {
            let limit = phase.isTurn ? 180 : loop.legLength
            for k in 0...64 {
                try loop.cull(try loop.pose(phase, at: limit * Double(k) / 64), into: &tiles)
                culled += tiles.count
                for tile in tiles {
                    #expect(stencil.unwrapped.contains(tile.tile), "\(phase) \(limit * Double(k) / 64): \(tile.tile)")
                }
            }
        }
        // Every pose draws its tile: the footprint is far wider than e_draw.
        #expect(culled >= 4 * 65)
    }

    static func farRoute() throws -> PixelRoute {
        try PixelRoute(
            start: PixelPoint(x: 11_520_000_000, y: 2688.001),
            end: PixelPoint(x: 11_520_000_000.001, y: 2688.0020000000004), on: .marsViking)
    }
}
