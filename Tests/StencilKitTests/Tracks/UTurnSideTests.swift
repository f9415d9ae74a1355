import Testing

@testable import StencilKit

/// MODEL.md §3: a right U-turn puts the return leg at +2ρ·r(θ), a left one at −2ρ·r(θ). Due east r(90°) = (0, 1),
/// so a right turn returns 2ρ px south (larger y), a left turn 2ρ px north.
struct UTurnSideTests {
    // Grid 90 × 42 tiles of 128 px. A = (1280, 2688), B = (2560, 2688): due east, L = 1280. Screen 64 × 64 at zoom 1,
    // centred (p, q ∈ [−32, 32]), no margin, d = 0, turn radius ρ = 256.
    //
    // Right turn. Outbound leg: x ∈ [1248, 2592] → columns 9…20; y ∈ [2656, 2720] → rows 20, 21.
    // Return leg at y = 2688 + 2·256 = 3200: y ∈ [3168, 3232] → rows 24, 25; columns 9…20.
    // Turn at B about C_B = (2560, 2944). Relative to C_B the footprint is tangential ±32 by radial [224, 288], so
    // the sweep lies between radius 224 (the inner edge's midpoint) and √(288² + 32²) ≈ 289.77 (the outer corners),
    // and those outer corners trace the full half circle east of C_B (bearings −6.3° … 186.3°).
    //   row 20 (y ≤ 2688, dy ≤ −256): column 21 — its corner (2688, 2688) is √(128² + 256²) ≈ 286.2 < 289.77 from
    //     C_B; column 22's nearest point (2816, 2688) is 362 away.
    //   row 21: columns 21 (radii 181…362) and 22 (nearest point (2816, 2816) at 286.2).
    //   rows 22, 23 (|dy| ≤ 128): the sweep needs dx ≥ √(224² − 128²) ≈ 183.8, so columns 21, 22 (x up to
    //     2560 + 289.77 = 2849.8); column 20 lies wholly inside radius 224 (its far corner is 181 away): the hole
    //     of the racetrack stays empty; column 23 starts at dx = 384.
    //   rows 24, 25 mirror rows 21, 20 about y = 2944.
    // The turn at A is the turn at B turned half round about (1920, 2944): column c ↦ 29 − c, row r ↦ 45 − r.
    // Stencil: row 20: 8…21; row 21: 7…22; rows 22, 23: 7, 8, 21, 22; row 24: 7…22; row 25: 8…21 (68 tiles).
    //
    // Left turn: the mirror image in the route's line y = 2688 (row r ↦ 41 − r): row 21: 8…21; row 20: 7…22;
    // rows 19, 18: 7, 8, 21, 22; row 17: 7…22; row 16: 8…21.
    static let screen = try! Screen(width: 64, height: 64)

    static func flight(_ direction: TurnDirection) throws -> Flight {
        try HandWorked.flight(
            (1280, 2688), (2560, 2688), screen: screen, turn: try Turn(radius: 256, direction: direction))
    }

    @Test func rightTurnReturnsSouth() throws {
        let flight = try Self.flight(.right)
        let loop = FlightLoop(flight)
        #expect(try loop.pose(.inbound, at: 0).position == PixelPoint(x: 2560, y: 3200))
        #expect(try loop.pose(.inbound, at: 1280).position == PixelPoint(x: 1280, y: 3200))
        #expect(try loop.pose(.inbound, at: 0).heading == 270)
        // Halfway round at B: C_B − ρ·r(180°) = (2560, 2944) − 256·(−1, 0), heading 180°.
        let mid = try loop.pose(.turnAtEnd, at: 90)
        #expect(mid.position == PixelPoint(x: 2816, y: 2944))
        #expect(mid.heading == 180)
        let stencil = try Stencil(flight: flight)
        let expected = HandWorked.tiles([
            20: [8...21], 21: [7...22], 22: [7...8, 21...22], 23: [7...8, 21...22], 24: [7...22], 25: [8...21],
        ])
        #expect(Set(stencil.unwrappedTiles) == expected)
        #expect(stencil.unwrapped.count == 68)
        #expect(stencil.unwrapped.rows == 20...25)
    }

    @Test func leftTurnReturnsNorth() throws {
        let flight = try Self.flight(.left)
        let loop = FlightLoop(flight)
        #expect(try loop.pose(.inbound, at: 0).position == PixelPoint(x: 2560, y: 2176))
        // Halfway round at B: C_B + ρ·r(90° − 90°) = (2560, 2432) + 256·(1, 0), heading 0°.
        let mid = try loop.pose(.turnAtEnd, at: 90)
        #expect(mid.position == PixelPoint(x: 2816, y: 2432))
        #expect(mid.heading == 0)
        let stencil = try Stencil(flight: flight)
        let expected = HandWorked.tiles([
            21: [8...21], 20: [7...22], 19: [7...8, 21...22], 18: [7...8, 21...22], 17: [7...22], 16: [8...21],
        ])
        #expect(Set(stencil.unwrappedTiles) == expected)
        #expect(stencil.unwrapped.rows == 16...21)
    }
}
