import Testing

@testable import StencilKit

/// MODEL.md §3 and §5: a lateral band d widens every footprint by d on each side across the track.
struct LateralBandTests {
    // MODEL.md §6 example 1 with a band: grid 90 × 42 of 128 px, A = (1056, 2688), B = (3000, 2688), due east,
    // screen 480 × 320 at zoom 1, centred, margin 0, pivots.
    // The corridor spans y ∈ [2688 − 240 − d, 2688 + 240 + d] and x ∈ [896, 3160] (columns 7…24).
    // The pivots sweep discs of radius R = √(160² + (240 + d)²) about A and B.
    //
    // d = 16: y ∈ [2432, 2944] = [19·128, 23·128] exactly → rows 19…22 only. R² = 160² + 256² = 91136.
    //   Disc about A (1056, 2688): rows 20, 21 (dy = 0): x ∈ (754.1, 1357.9) → columns 5…10;
    //     rows 19, 22 (dy = 128): half-width √(91136 − 16384) ≈ 273.4 → columns 6…10;
    //     rows 18, 23 (dy = 256): half-width √(91136 − 65536) = 160 exactly → x ∈ (896, 1216) → columns 7…9
    //     (column 6 only touches at its corner (896, 2432), exactly on the circle).
    //   Disc about B (3000, 2688): rows 20, 21: (2698.1, 3301.9) → 21…25; rows 19, 22: (2726.6, 3273.4) → 21…25;
    //     rows 18, 23: (2840, 3160) → 22…24.
    //   Stencil: rows 18, 23: 7…9, 22…24; rows 19, 22: 6…25; rows 20, 21: 5…25 — the same 94 tiles as d = 0.
    //
    // d = 16.5: y ∈ [2431.5, 2944.5] → rows 18…23 across columns 7…24. R² = 160² + 256.5² = 91392.25.
    //   A: rows 18, 23: half-width √25856.25 ≈ 160.8 → x ∈ (895.2, 1216.8) → columns 6…9; rows 19, 22: ≈ 273.9 →
    //     (782.1, 1329.9) → 6…10; rows 20, 21: ≈ 302.3 → (753.7, 1358.3) → 5…10.
    //   B: rows 18, 23: (2839.2, 3160.8) → 22…24; rows 19, 22: (2726.1, 3273.9) → 21…25; rows 20, 21: 21…25.
    //   Stencil: rows 18, 23: 6…24; rows 19, 22: 6…25; rows 20, 21: 5…25 — 120 tiles.
    static let screen = try! Screen(width: 480, height: 320)

    static func stencil(band: Double) throws -> Stencil {
        try Stencil(flight: try HandWorked.flight((1056, 2688), (3000, 2688), screen: screen, band: band))
    }

    @Test func bandEndingOnTileBoundariesAddsNoRow() throws {
        let expected = HandWorked.tiles([
            18: [7...9, 22...24], 19: [6...25], 20: [5...25], 21: [5...25], 22: [6...25], 23: [7...9, 22...24],
        ])
        #expect(Set(try Self.stencil(band: 16).unwrappedTiles) == expected)
        #expect(Set(try Self.stencil(band: 0).unwrappedTiles) == expected)
    }

    @Test func bandPastTileBoundariesAddsARowEachSide() throws {
        let stencil = try Self.stencil(band: 16.5)
        let expected = HandWorked.tiles([
            18: [6...24], 19: [6...25], 20: [5...25], 21: [5...25], 22: [6...25], 23: [6...24],
        ])
        #expect(Set(stencil.unwrappedTiles) == expected)
        #expect(stencil.unwrapped.count == 120)
    }

    @Test func bandMovesTheFootprintAcrossTheTrack() throws {
        // §3: the lateral offset moves a pose by δ·r(ψ); due east r = (0, 1), so δ = +16 shifts south by 16 px.
        let flight = try HandWorked.flight((1056, 2688), (3000, 2688), screen: Self.screen, band: 16)
        let loop = FlightLoop(flight)
        let pose = try loop.pose(.outbound, at: 972)
        let right = try loop.footprint(of: pose, lateralOffset: 16)
        #expect(right.corners.bounds == PixelBounds(minX: 1868, minY: 2464, maxX: 2188, maxY: 2944))
        let left = try loop.footprint(of: pose, lateralOffset: -16)
        #expect(left.corners.bounds == PixelBounds(minX: 1868, minY: 2432, maxX: 2188, maxY: 2912))
        #expect(throws: StencilError.offsetOutsideBand(offset: 16.5, band: 16)) {
            try loop.footprint(of: pose, lateralOffset: 16.5)
        }
    }
}
