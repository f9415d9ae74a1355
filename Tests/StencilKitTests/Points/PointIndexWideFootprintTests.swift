import TestSupport
import Testing

@testable import StencilKit

/// Footprints many worlds wide: a 1-px-thin footprint 2²⁰ worlds wide made `count(in:)` test every point in every
/// world copy (7 s to return 0); the band is now visited point by point, so the points tested grow with the band's
/// points, not with copies × points. And inverted footprints, which `count(in:)` counted while `forEachPoint` listed
/// nothing, are refused.
struct PointIndexWideFootprintTests {
    static let grid = TileGrid.marsViking  // 11520 px wide
    static let worlds = Double(PointIndex.maximumWorldCopies)  // 2²⁰

    /// 1000 points in band 21 (y in [2688, 2816)), at x = 11.5·i + 0.25 and y = 2700 + (i mod 7).
    static let points = (0..<1000).map { i in PixelPoint(x: 11.5 * Double(i) + 0.25, y: 2700 + Double(i % 7)) }

    /// Due east (heading 90°), 1 px thin: across-track q ∈ [0, 1] is y ∈ [y₀, y₀ + 1]; along-track it spans 2²⁰
    /// worlds from x = 0.5.
    static func thin(atY y: Double) -> Footprint {
        Footprint(
            origin: PixelPoint(x: 0.5, y: y), heading: 90, along: Interval(0, worlds * grid.width),
            across: Interval(0, 1))
    }

    @Test func thinFootprintAcrossTwoToThe20WorldsMissingEveryPoint() throws {
        let index = try PointIndex(points: Self.points, grid: Self.grid)
        // y ∈ [2750, 2751]: no point lies there (they lie at 2700…2706).
        var tests = 0
        #expect(try index.count(in: Self.thin(atY: 2750), tests: &tests) == 0)
        // Copy by copy this was 2²⁰ × 1000 ≈ 10⁹ tests; point by point each point is rejected without one.
        #expect(tests <= 4 * Self.points.count, "\(tests) points tested")
        var listed = 0
        try index.forEachPoint(in: Self.thin(atY: 2750)) { _, _ in listed += 1 }
        #expect(listed == 0)
    }

    @Test func thinFootprintAcrossTwoToThe20WorldsHoldingPoints() throws {
        let index = try PointIndex(points: Self.points, grid: Self.grid)
        // y ∈ [2703, 2704] holds the points with i mod 7 ∈ {3, 4}: 143 + 143 = 286 of the 1000 (i = 3, 10, …, 997
        // and i = 4, 11, …, 998). Each lies in 2²⁰ copies: x + c·W ∈ [0.5, 0.5 + 2²⁰·W] for c = 0 … 2²⁰ − 1 when
        // x ≥ 0.5 (every x here is 0.25 + 11.5·i, ≥ 0.5 for i ≥ 1; i = 0 has i mod 7 = 0 and is not among them).
        let holding = (0..<1000).filter { $0 % 7 == 3 || $0 % 7 == 4 }.count
        #expect(holding == 286)
        var tests = 0
        let count = try index.count(in: Self.thin(atY: 2703), tests: &tests)
        #expect(count == holding * (1 << 20))
        // Counted in bulk except a few copies at each end per point.
        #expect(tests <= 8 * Self.points.count, "\(tests) points tested")
    }

    /// A slanted thin footprint, so every copy's test differs: 1 px thin, heading 90.001°, 2¹⁰ worlds long, through
    /// the band; brute force over every copy decides.
    @Test func slantedFootprintsAcrossManyWorldsMatchBruteForce() throws {
        var rng = SplitMix64(seed: 0x57EE_0001)
        let grid = try TileGrid.xyz(level: 0)  // 256 px: many worlds in a short footprint
        var onEdge = 0
        var total = 0
        for round in 0..<30 {
            let heading = rng.pick([90.001, 89.9, 270.0003, 45, 135, rng.uniform(0, 360), 90, 0])
            let worlds = rng.pick([3.0, 17, 64])
            let footprint = Footprint(
                origin: PixelPoint(x: rng.uniform(-300, 300), y: rng.uniform(0, 256)), heading: heading,
                along: Interval(-rng.uniform(0, 50), worlds * 256),
                across: Interval(-rng.uniform(0, 3), rng.uniform(0, 3)))
            var points = PointIndexTests.edgePoints(&rng, footprint, width: 256, dyadic: false, count: 20)
            points += (0..<20).map { _ in PixelPoint(x: rng.uniform(0, 256), y: rng.uniform(-20, 276)) }
            let index = try PointIndex(points: points, grid: grid)
            total += try PointIndexTests.check(index, points, footprint, "round \(round)", onEdge: &onEdge) ?? 0
        }
        // The rounds found points, some of them exactly on an edge.
        #expect(total > 100)
        #expect(onEdge > 0)
    }

    /// An along-track interval [10, −10] is empty, so ``Footprint/contains(_:)`` holds nothing; its corners still
    /// outline a 20-px square, and `count(in:)` counted the point at its centre while `forEachPoint` listed none.
    @Test func invertedFootprintsAreRefused() throws {
        let index = try PointIndex(points: [PixelPoint(x: 1000, y: 1000)], grid: Self.grid)
        let inverted = [
            Footprint(
                origin: PixelPoint(x: 1000, y: 1000), heading: 0, along: Interval(10, -10), across: Interval(-10, 10)),
            Footprint(
                origin: PixelPoint(x: 1000, y: 1000), heading: 0, along: Interval(-10, 10), across: Interval(10, -10)),
        ]
        let fields = ["Footprint along-track lower end", "Footprint across-track lower end"]
        for (footprint, field) in zip(inverted, fields) {
            #expect(!footprint.contains(PixelPoint(x: 1000, y: 1000)))
            for error in [
                stencilError { () throws(StencilError) in try index.count(in: footprint) },
                stencilError { () throws(StencilError) in try index.forEachPoint(in: footprint) { _, _ in }
                },
            ] {
                TrapRegressionTests.expectOutOfRange(error, field: field, mentions: ["inverted interval holds nothing"])
            }
        }
        // A degenerate interval (lower = upper) is a closed segment, not inverted: the point on it counts.
        let segment = Footprint(
            origin: PixelPoint(x: 1000, y: 1000), heading: 0, along: Interval(0, 0), across: Interval(-10, 10))
        #expect(try index.count(in: segment) == 1)
    }
}
