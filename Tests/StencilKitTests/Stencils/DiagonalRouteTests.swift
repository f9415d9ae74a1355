import Testing

@testable import StencilKit

/// A route at exactly 45° (MODEL.md §3–§5), worked by hand.
struct DiagonalRouteTests {
    // Grid 90 × 42 tiles of 128 px. A = (1280, 1280) = (10·128, 10·128), B = (1792, 768) = (14·128, 6·128):
    // Δ = (512, −512), heading 45°, L = 512√2 ≈ 724.08, u = (√½, −√½), r = (√½, √½).
    // Screen 64 × 64 at zoom 1, centred, no margin, d = 0, pivots: the footprint is p, q ∈ [−32, 32].
    //
    // With pivots both legs lie on the line A–B. For a point (x, y):
    //   q = (P − A)·r = (x + y − 2560)/√2, so |q| ≤ 32  ⇔  |x + y − 2560| ≤ 32√2 ≈ 45.25;
    //   s = (P − A)·u = (x − y)/√2, so s ∈ [−32, L + 32]  ⇔  x − y ∈ [−45.25, 1024 + 45.25].
    // Each pivot sweeps the disc of radius 32√2 ≈ 45.25 about A or B; both are tile corners, so each disc only
    // touches the four tiles around its corner, and it reaches x − y ∈ [−64, 1088] along the line.
    //
    // Tile (c, r) spans x + y ∈ [128(c + r), 128(c + r + 2)], so it can meet the band |x + y − 2560| < 45.25 only
    // when 17.65 < c + r < 20.35: c + r ∈ {18, 19, 20}.
    //   c + r = 19: the line x + y = 2560 runs along the tile's diagonal from (128c, 128(r + 1)) to
    //     (128(c + 1), 128r); x − y there spans [128(2c − 20), 128(2c − 18)], which must meet (−64, 1088):
    //     c = 9 (A is its top-right corner) … 14 (B is its bottom-left corner). c = 8 spans [−512, −256], c = 15
    //     spans [1280, 1536]: out.
    //   c + r = 18: only a thin triangle at the tile's bottom-right corner (128(c + 1), 128(19 − c)) lies in the
    //     band; that corner is on the line at x − y = 128(2c − 18): in for c = 9 (the corner is A) … 13 (B);
    //     c = 14 gives x − y = 1280 (its nearest point to B is 128 px away): out; c = 8 gives −128: out.
    //   c + r = 20: the triangle at the top-left corner (128c, 128(20 − c)), x − y = 128(2c − 20): c = 10 (A) … 14 (B).
    // 6 + 5 + 5 = 16 tiles.
    static let expected: Set<TileIndex> = {
        var set = Set<TileIndex>()
        for c in 9...14 { set.insert(TileIndex(column: c, row: 19 - c)) }
        for c in 9...13 { set.insert(TileIndex(column: c, row: 18 - c)) }
        for c in 10...14 { set.insert(TileIndex(column: c, row: 20 - c)) }
        return set
    }()

    @Test func fortyFiveDegreeRouteNeedsTheHandWorkedTiles() throws {
        let flight = try HandWorked.flight((1280, 1280), (1792, 768), screen: try Screen(width: 64, height: 64))
        #expect(abs(flight.route.heading - 45) < 1e-12)
        let stencil = try Stencil(flight: flight)
        #expect(Set(stencil.unwrappedTiles) == Self.expected)
        #expect(stencil.unwrapped.count == 16)
        // In: the tiles the line cuts diagonally, and the corner triangles beside A and B.
        for (c, r) in [(10, 9), (11, 8), (12, 7), (13, 6), (10, 8), (11, 9), (9, 9), (10, 10), (9, 10), (14, 5)] {
            #expect(stencil.contains(TileIndex(column: c, row: r)), "(\(c), \(r)) must be in")
        }
        // Out: one diagonal too far either side (c + r = 17, 21), and just past either end.
        for (c, r) in [(10, 7), (12, 9), (15, 4), (8, 11), (14, 4), (9, 11), (15, 5), (8, 10)] {
            #expect(!stencil.contains(TileIndex(column: c, row: r)), "(\(c), \(r)) must be out")
        }
    }

    @Test func theDiagonalStencilIsSymmetricUnderReversal() throws {
        // Flown B → A (heading 225°) with pivots the loop is the same (MODEL.md §3): the same 16 tiles.
        let flight = try HandWorked.flight((1792, 768), (1280, 1280), screen: try Screen(width: 64, height: 64))
        #expect(Set(try Stencil(flight: flight).unwrappedTiles) == Self.expected)
    }
}

/// A footprint edge lying exactly on a 45° line through tile corners only touches the tiles on the other side.
struct DiagonalCornerTouchTests {
    // Same route as DiagonalRouteTests: A = (1280, 1280), B = (1792, 768), heading 45°, the track on the line
    // x + y = 2560, which passes through the tile corners (128k, 128(20 − k)); r(45°) = (√½, √½) points to larger
    // x + y. Screen 64 × 64 at zoom 1 with anchor (1, 0.5): along p ∈ [−32, 32], across q ∈ [−64, 0], so on the
    // outbound leg the footprint lies left of the track, x + y ∈ [2560 − 64√2, 2560], with its right edge on the
    // line. Left U-turns of ρ = 128: the return leg runs on x + y = 2560 − 2·128·√2 ≈ 2198 and its footprint (left
    // of the pilot, now towards larger x + y) reaches x + y ≈ 2198 + 90.5 < 2560. The turns swing the rectangle
    // about C = P − ρ·r(θ); relative to C it spans q ∈ [ρ − 64, ρ], so it crosses the track only within
    // √((128² + 32²) − 128²) = 32 px along the track of A or B.
    // Tiles with c + r = 20 lie in x + y ≥ 2560 and meet the line only at their top-left corner (128c, 128(20 − c)).
    // For (11, 9), (12, 8), (13, 7) those corners lie 181, 362 and 543 px along the track (L ≈ 724), ≥ 181 px from
    // A and B: each touches the sweep at one point and is not needed.
    // The tiles the line cuts diagonally, (10, 9), (11, 8), (12, 7), and those left of it, (10, 8), (11, 7),
    // (12, 6) (their bottom-right corners on the line), hold part of the outbound footprint: needed.
    @Test func cornerTouchingTilesAlongAFortyFiveDegreeEdgeAreNotNeeded() throws {
        let flight = try HandWorked.flight(
            (1280, 1280), (1792, 768), screen: try Screen(width: 64, height: 64, anchor: .init(x: 1, y: 0.5)),
            turn: try Turn(radius: 128, direction: .left))
        let stencil = try Stencil(flight: flight)
        for (c, r) in [(11, 9), (12, 8), (13, 7)] {
            #expect(!stencil.contains(TileIndex(column: c, row: r)), "(\(c), \(r)) only touches the track at a corner")
        }
        for (c, r) in [(10, 9), (11, 8), (12, 7), (10, 8), (11, 7), (12, 6)] {
            #expect(stencil.contains(TileIndex(column: c, row: r)), "(\(c), \(r))")
        }
    }
}

extension DiagonalCornerTouchTests {
    // Found by the oracle (OracleStencilTests, flight 1.47). Grid 90 × 42 of 128 px. A = (160, 3296),
    // B = (1359, 2097): Δ = (1199, −1199), heading exactly 45°, L = 1199√2 ≈ 1695.6, the track on the line
    // x + y = 3456 = 27·128, through the tile corners (128c, 128(27 − c)). Screen 608 × 384 at zoom 0.5 (a 304 × 192
    // px footprint), anchor (1, 0): along p ∈ [−192, 0], across q ∈ [−304, 0] — left of and behind the aircraft, so
    // on the outbound leg x + y ≤ 3456 with the right edge on the line. Left U-turns of ρ = 352: the return track is
    // x + y = 3456 − 704√2 ≈ 2460.4 and its footprint (left of the pilot: towards larger x + y) reaches
    // x + y ≈ 2460.4 + 304√2 ≈ 2890 < 3456. Relative to a turn centre the rectangle spans q ∈ [48, 352], p ∈ [−192, 0]:
    // it reaches past the track only within √(352² + 192²) ≈ 401 px of the centre, i.e. within ~401 px of A or B
    // along the track.
    // Tiles with c + r = 27 lie in x + y ≥ 3456 and meet the track only at their top-left corner. For (6, 21),
    // (5, 22), (4, 23) that corner is 860, 679 and 498 px along the track from A (and 835, 1016, 1197 px from B):
    // out of reach of the turns, so each touches the sweep at a single point — not needed.
    // Their neighbours across the line, (6, 20), (5, 21), (4, 22) (cut diagonally), are needed.
    @Test func cornerTouchingTilesAlongAnExactFortyFiveDegreeTrackFoundByTheOracle() throws {
        let flight = try HandWorked.flight(
            (160, 3296), (1359, 2097),
            screen: try Screen(width: 608, height: 384, scale: 0.5, anchor: .init(x: 1, y: 0)),
            turn: try Turn(radius: 352, direction: .left))
        #expect(flight.route.heading == 45)
        let stencil = try Stencil(flight: flight)
        for (c, r) in [(6, 21), (5, 22), (4, 23)] {
            #expect(!stencil.contains(TileIndex(column: c, row: r)), "(\(c), \(r)) only touches the track at a corner")
        }
        for (c, r) in [(6, 20), (5, 21), (4, 22)] {
            #expect(stencil.contains(TileIndex(column: c, row: r)), "(\(c), \(r))")
        }
    }
}
