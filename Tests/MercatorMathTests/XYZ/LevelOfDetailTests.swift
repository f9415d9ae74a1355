import Foundation
import MercatorMath
import TestSupport
import Testing

/// Fractional map zoom → level and scale (MODEL.md §8), against hand-worked cases and an exact floor written in the
/// test.
@Suite("XYZ: levels of detail")
struct LevelOfDetailTests {
    /// ⌊Z + b⌋ exactly, by cases whose only subtraction is exact (Sterbenz: 1 − t is exact for t ∈ [0.5, 1]):
    /// with f = Z − ⌊Z⌋ (exact), the floor carries iff f + b ≥ 1; if both are below ½ it cannot.
    static func exactFloorOfSum(_ z: Double, _ b: Double) -> Int {
        let whole = z.rounded(.down)
        let f = z - whole
        let carries: Bool
        if f >= 0.5 {
            carries = b >= 1 - f
        } else if b >= 0.5 {
            carries = f >= 1 - b
        } else {
            carries = false
        }
        return Int(whole) + (carries ? 1 : 0)
    }

    @Test(
        "hand-worked levels and scales z = 2^(n − Z)",
        arguments: [
            // (Z, b, minLevel, maxLevel, n)
            (0.0, 0.0, 0, 30, 0), (12.4, 0.0, 0, 30, 12), (12.5, 0.5, 0, 30, 13), (12.49, 0.5, 0, 30, 12),
            (12.999, 0.0, 0, 30, 12), (13.0, 0.0, 0, 30, 13), (3.0, 0.0, 5, 18, 5), (20.0, 0.0, 0, 18, 18),
            (20.7, 0.5, 0, 18, 18), (30.0, 0.5, 0, 30, 30), (29.5, 0.5, 0, 30, 30), (29.4, 0.5, 0, 30, 29),
            (0.25, 0.75, 0, 30, 1), (0.2499, 0.75, 0, 30, 0), (7.0, 0.0, 7, 7, 7), (0.0, 0.0, 3, 30, 3),
            // Sums that round up to the next integer although the exact sum is below it.
            (0.49999999999999994, 0.5, 0, 30, 0), (0.9999999999999999, 1e-16, 0, 30, 0),
            (2.9999999999999996, 0.0, 0, 30, 2), (11.999999999999998, 1e-15, 0, 30, 11),
        ])
    func handWorked(mapZoom: Double, bias: Double, minLevel: Int, maxLevel: Int, level: Int) throws {
        let lod = try LevelOfDetail(levelBias: bias, minLevel: minLevel, maxLevel: maxLevel)
        let drawn = try lod.drawLevel(forMapZoom: mapZoom)
        #expect(drawn.level == level)
        #expect(drawn.mapZoom == mapZoom)
        let expected = pow(2, Double(level) - mapZoom)
        #expect(abs(drawn.scale - expected) <= 4e-15 * expected)
        #expect(drawn.grid == (try TileGrid.xyz(level: level)))
    }

    @Test("whole scales are exact: clamped below by 2 levels is ×4, above by 2 is ×¼, on a level ×1")
    func exactScales() throws {
        #expect(try LevelOfDetail(minLevel: 5).drawLevel(forMapZoom: 3).scale == 4)
        #expect(try LevelOfDetail(maxLevel: 18).drawLevel(forMapZoom: 20).scale == 0.25)
        #expect(try LevelOfDetail().drawLevel(forMapZoom: 17).scale == 1)
        #expect(try LevelOfDetail(levelBias: 0.5).drawLevel(forMapZoom: 16.5).scale == 2.0.squareRoot())
    }

    @Test("the tile size sets the grid, not the level")
    func tileSize() throws {
        let drawn = try LevelOfDetail(tileSize: 512).drawLevel(forMapZoom: 3.2)
        #expect(drawn.level == 3)
        #expect(drawn.grid == (try TileGrid.xyz(level: 3, tileSize: 512)))
        #expect(drawn.grid.width == 4096)
    }

    @Test("random zooms, biases and ranges, near-ties included, against the exact floor and pow")
    func random() throws {
        var rng = SplitMix64(seed: 0x2002)
        for trial in 0..<3000 {
            let bias = trial % 4 == 0 ? 0 : (trial % 4 == 1 ? 0.5 : rng.unit())
            var z: Double
            if trial % 2 == 0 {
                z = rng.uniform(0, 30)
            } else {
                // Just below, on, or just above a level boundary k − b.
                let k = Double(1 + rng.int(below: 30))
                z = k - bias
                switch rng.int(below: 3) {
                case 0: z = z.nextDown
                case 1: z = z.nextUp
                default: break
                }
                z = min(max(z, 0), 30)
            }
            let a = rng.int(below: 31)
            let c = rng.int(below: 31)
            let lod = try LevelOfDetail(levelBias: bias, minLevel: min(a, c), maxLevel: max(a, c))
            let drawn = try lod.drawLevel(forMapZoom: z)
            let level = max(min(a, c), min(Self.exactFloorOfSum(z, bias), max(a, c)))
            #expect(drawn.level == level, "Z \(z) b \(bias)")
            let expected = pow(2, Double(level) - z)
            #expect(abs(drawn.scale - expected) <= 4e-15 * expected, "Z \(z) b \(bias)")
        }
    }

    @Test("defaults: 256-px tiles, the floor, levels 0…30")
    func defaults() throws {
        let lod = try LevelOfDetail()
        #expect(lod.tileSize == 256 && lod.levelBias == 0 && lod.minLevel == 0 && lod.maxLevel == 30)
        #expect(lod.drawLevel(forMapZoomOrNil: 30)?.level == 30)
    }
}

extension LevelOfDetail {
    fileprivate func drawLevel(forMapZoomOrNil z: Double) -> DrawLevel? { try? drawLevel(forMapZoom: z) }
}
