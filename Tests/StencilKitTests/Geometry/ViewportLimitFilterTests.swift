import Foundation
import MercatorMath
import TestSupport
import Testing

@testable import StencilKit

/// The viewport limits' fast filter (`FootprintLimits.passesFilter`) only ever accepts what the exact checks accept,
/// so the filter changes speed, never an answer: footprints drawn on a fixed seed right at each of the three limits
/// (the size in tiles, the reach from the origin, the draw side), where a filter a hair too generous would pass one
/// the exact checks refuse.
struct ViewportLimitFilterTests {
    static func refusal(_ footprint: Footprint, _ grid: TileGrid) -> StencilError? {
        stencilError { () throws(StencilError) in
            try FootprintLimits.requireExactly(footprint, on: grid, of: "view")
        }
    }

    /// The filter's reach bound, from N itself: 0.999·(√N − 2)/2 tile lengths.
    @Test func safeReachFollowsTheTileLimit() {
        let n = Double(Flight.maximumTilesPerFrame)
        #expect(FootprintLimits.safeReachInTiles == 0.999 * (n.squareRoot() - 2) / 2)
        // At that reach the exact size check's bounding square, 2r + 2 tiles a side, holds fewer than N tiles.
        let side = 2 * FootprintLimits.safeReachInTiles + 2
        #expect(side * side < n)
    }

    @Test func filterAcceptsOnlyWhatTheExactChecksAccept() throws {
        var random = SplitMix64(seed: 0x5EED_F117)
        let grids = [try TileGrid.xyz(level: 0), .marsViking, try TileGrid.xyz(level: 20), try TileGrid.xyz(level: 3)]
        let limit = Flight.maximumExtent
        var filtered = 0
        var exactOnly = 0
        var refused = 0
        for trial in 0..<30_000 {
            let grid = grids[trial % grids.count]
            let t = grid.tileLength
            let heading = random.uniform(0, 360)
            var origin = PixelPoint(x: random.uniform(-1e6, 1e6), y: random.uniform(-1e6, 1e6))
            var along = Interval(-random.uniform(1, 300), random.uniform(1, 300))
            var across = Interval(-random.uniform(1, 300), random.uniform(1, 300))
            switch trial % 3 {
            case 0:
                // The size limit: a reach √(p² + q²) within ±0.3 % of (√N − 2)·T/2, where the filter's 0.1 % lies.
                let reach = (Double(Flight.maximumTilesPerFrame).squareRoot() - 2) / 2 * t
                let r = reach * random.uniform(0.997, 1.003)
                let angle = random.uniform(0.05, 1.52)
                let p = r * sin(angle)
                let q = r * cos(angle)
                along = random.bool() ? Interval(-p, random.uniform(0, p)) : Interval(-random.uniform(0, p), p)
                across = random.bool() ? Interval(-q, random.uniform(0, q)) : Interval(-random.uniform(0, q), q)
                origin = PixelPoint(x: random.uniform(-1e5, 1e5), y: random.uniform(-1e5, 1e5))
            case 1:
                // The reach limit: the centre a few reaches short of 2⁴⁰ px or just past it.
                let p = max(along.upper, -along.lower)
                let q = max(across.upper, -across.lower)
                let reach = (p * p + q * q).squareRoot()
                let m = limit - reach * random.uniform(-1, 3)
                origin = random.bool() ? PixelPoint(x: m, y: random.uniform(-m, m)) : PixelPoint(x: 0, y: -m)
            default:
                // The draw side: a side within a factor 2 of 4·e_draw at a centre just below a power of two, where
                // ulp, and so e_draw, doubles within the footprint's reach.
                let m: Double = 0x1p30 * pow(2.0, Double(random.int(0...8))) - random.uniform(0, 1e-3)
                origin = PixelPoint(x: random.bool() ? m : -m, y: random.uniform(-1e3, 1e3))
                let side: Double = 4 * (2 * grid.tieTolerance + 16 * m.ulp) * random.uniform(0.5, 4)
                along = Interval(-side * random.uniform(0, 1), 0)
                along.upper = along.lower + side * random.uniform(1, 3)
                across = Interval(-side / 2, side / 2)
            }
            let footprint = Footprint(origin: origin, heading: heading, along: along, across: across)
            let exact = Self.refusal(footprint, grid)
            if FootprintLimits.passesFilter(footprint, on: grid) {
                filtered += 1
                #expect(exact == nil, "trial \(trial): the filter passed one the exact checks refuse")
            } else if exact == nil {
                exactOnly += 1
            } else {
                refused += 1
            }
            // The check as called: the filter, then the exact checks — the exact checks' answer either way.
            let checked = stencilError { () throws(StencilError) in
                try FootprintLimits.require(footprint, on: grid, of: "view")
            }
            #expect(
                checked?.description == exact?.description,
                "trial \(trial): requireWithinLimits differs from the exact checks")
        }
        // Every branch is exercised, the filter passes most footprints, and some it leaves to the exact checks
        // are accepted there (the filter is a bound, not the limit).
        #expect(filtered > 10_000 && exactOnly > 500 && refused > 2_000, "\(filtered) \(exactOnly) \(refused)")
    }
}
