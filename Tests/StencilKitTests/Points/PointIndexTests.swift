import TestSupport
import Testing

@testable import StencilKit

/// PointIndex against brute force: a point p counts once for each world copy k with footprint.contains(p + k·width).
struct PointIndexTests {
    struct Hit: Hashable, Comparable, CustomStringConvertible {
        let index: Int
        let x: Double
        let y: Double
        static func < (a: Hit, b: Hit) -> Bool { (a.index, a.x, a.y) < (b.index, b.x, b.y) }
        var description: String { "#\(index) (\(x), \(y))" }
    }

    /// Brute force over every point and every world copy the footprint's box can reach.
    static func bruteForce(_ points: [PixelPoint], _ footprint: Footprint, width: Double) -> [Hit] {
        let box = footprint.corners.bounds
        let lowest = Int(((box.minX - 1) / width).rounded(.down)) - 2
        let highest = Int(((box.maxX + 1) / width).rounded(.down)) + 2
        var hits: [Hit] = []
        for (i, p) in points.enumerated() {
            for k in lowest...highest {
                let q = PixelPoint(x: p.x + Double(k) * width, y: p.y)
                if footprint.contains(q) { hits.append(Hit(index: i, x: q.x, y: q.y)) }
            }
        }
        return hits.sorted()
    }

    static func listed(_ index: PointIndex, _ footprint: Footprint) throws -> [Hit] {
        var hits: [Hit] = []
        try index.forEachPoint(in: footprint) { i, p in hits.append(Hit(index: i, x: p.x, y: p.y)) }
        return hits.sorted()
    }

    /// Compares count(in:) and forEachPoint(in:) with brute force; returns the brute-force count, or nil (with an
    /// issue recorded) when they disagree.
    @discardableResult
    static func check(
        _ index: PointIndex, _ points: [PixelPoint], _ footprint: Footprint, _ note: @autoclosure () -> String,
        onEdge: inout Int
    ) throws -> Int? {
        let expected = bruteForce(points, footprint, width: index.grid.width)
        let listed = try listed(index, footprint)
        let count = try index.count(in: footprint)
        guard listed != expected || count != expected.count else {
            onEdge +=
                expected.filter { hit in
                    let d = PixelPoint(x: hit.x, y: hit.y) - footprint.origin
                    let p = d.dot(footprint.ahead)
                    let q = d.dot(footprint.right)
                    return p == footprint.along.lower || p == footprint.along.upper || q == footprint.across.lower
                        || q == footprint.across.upper
                }.count
            return expected.count
        }
        let missing = Set(expected).subtracting(listed).sorted().prefix(5)
        let extra = Set(listed).subtracting(expected).sorted().prefix(5)
        Issue.record(
            """
            \(note()): footprint origin \(footprint.origin) heading \(footprint.heading) along \(footprint.along) \
            across \(footprint.across); brute force \(expected.count), listed \(listed.count), count \(count); \
            missing \(Array(missing)), extra \(Array(extra))
            """)
        return nil
    }

    static let grids: [TileGrid] = [
        .marsViking, try! TileGrid.xyz(level: 0), try! TileGrid.xyz(level: 2),
        try! TileGrid(columns: 7, rows: 5, tileSize: 64),
    ]

    /// A random footprint: exact axis or diagonal heading or any heading, sizes from degenerate to wider than the
    /// world, often across x = 0 or x = width.
    static func randomFootprint(_ rng: inout SplitMix64, grid: TileGrid, dyadic: Bool) -> Footprint {
        let w = grid.width
        let h = grid.height
        func dy(_ v: Double) -> Double { dyadic ? (v * 8).rounded() / 8 : v }
        // Besides exact and free headings, headings a hair off an axis: nearly horizontal edges, whose points may
        // round to either side of a band boundary.
        let nearAxis: Double = 90 + rng.pick([1e-12, -1e-9, 3e-7] as [Double])
        let nearNorth: Double = rng.pick([1e-12, 359.999999999] as [Double])
        let heading: Double =
            dyadic
            ? rng.pick([0.0, 90, 180, 270] as [Double])
            : rng.pick([0.0, 90, 180, 270, 45, 135, rng.uniform(0, 360), nearAxis, nearNorth] as [Double])
        // Origins on band boundaries (multiples of 1.5 and 100 px) too, so edges fall on or next to them.
        let origin = PixelPoint(
            x: dy(
                rng.pick([rng.uniform(0, w), rng.uniform(-60, 60), w + rng.uniform(-60, 60), rng.uniform(-w, 2 * w)])),
            y: rng.pick([dy(rng.uniform(-50, h + 50)), 300, 1.5 * Double(rng.int(0...100))]))
        func extent() -> Interval {
            let size = rng.pick([0, rng.uniform(0, 5), rng.uniform(5, 300), rng.uniform(100, 1.5 * w)])
            let lower = -rng.uniform(0, 1) * size
            return Interval(dy(lower), dy(lower + size))
        }
        return Footprint(origin: origin, heading: heading, along: extent(), across: extent())
    }

    /// Points on the footprint's edges and corners (from point(along:across:) at the extents' ends), plus random
    /// points along its inside; moved by a whole world to the right when they fall left of x = 0 and are not
    /// integers, so the index stores them exactly as given (x in [0, 2·width) or integer).
    static func edgePoints(_ rng: inout SplitMix64, _ f: Footprint, width: Double, dyadic: Bool, count: Int)
        -> [PixelPoint]
    {
        func dy(_ v: Double) -> Double { dyadic ? (v * 8).rounded() / 8 : v }
        func between(_ i: Interval) -> Double { max(i.lower, min(i.upper, dy(rng.uniform(i.lower, i.upper)))) }
        var result = [
            f.point(along: f.along.lower, across: f.across.lower),
            f.point(along: f.along.upper, across: f.across.lower),
            f.point(along: f.along.upper, across: f.across.upper),
            f.point(along: f.along.lower, across: f.across.upper),
        ]
        for _ in 0..<count {
            switch rng.int(0...4) {
            case 0: result.append(f.point(along: f.along.lower, across: between(f.across)))
            case 1: result.append(f.point(along: f.along.upper, across: between(f.across)))
            case 2: result.append(f.point(along: between(f.along), across: f.across.lower))
            case 3: result.append(f.point(along: between(f.along), across: f.across.upper))
            default: result.append(f.point(along: between(f.along), across: between(f.across)))
            }
        }
        return result.map { p in
            var p = p
            while p.x < 0 && p.x != p.x.rounded() { p.x += width }
            while p.x >= 2 * width && p.x != p.x.rounded() { p.x -= width }
            return p
        }
    }

    @Test(arguments: [false, true])
    func randomPointsAndFootprintsMatchBruteForce(dyadic: Bool) throws {
        var rng = SplitMix64(seed: dyadic ? 0x9017_0002 : 0x9017_0001)
        var footprints = 0
        var hits = 0
        var failures = 0
        var onEdge = 0
        for round in 0..<24 {
            let grid = Self.grids[round % Self.grids.count]
            let w = grid.width
            let h = grid.height
            let shapes = (0..<12).map { _ in Self.randomFootprint(&rng, grid: grid, dyadic: dyadic) }
            var points: [PixelPoint] = []
            for _ in 0..<rng.int(1000...3000) {
                if rng.chance(0.2) {
                    // Integer points anywhere, even far outside the image: wrapping them is exact.
                    points.append(
                        PixelPoint(x: rng.uniform(-2 * w, 3 * w).rounded(), y: rng.uniform(-60, h + 60).rounded()))
                } else {
                    points.append(PixelPoint(x: rng.uniform(0, w), y: rng.uniform(-60, h + 60)))
                }
            }
            for shape in shapes {
                points += Self.edgePoints(&rng, shape, width: w, dyadic: dyadic, count: 60)
            }
            if rng.chance(0.3), let p = points.first { points += Array(repeating: p, count: 5) }  // duplicates
            let bandHeight: Double? = rng.pick([nil, 1.5, 37.25, 100, 1000, h * 2])
            let index = try PointIndex(points: points, grid: grid, bandHeight: bandHeight)
            #expect(index.count == points.count)
            for shape in shapes {
                footprints += 1
                if let n = try Self.check(
                    index, points, shape, "round \(round) on \(grid), band \(String(describing: bandHeight))",
                    onEdge: &onEdge)
                {
                    hits += n
                } else {
                    failures += 1
                    if failures > 5 { return }
                }
            }
        }
        #expect(footprints == 288)
        #expect(hits > 5000)
        // Points exactly on an edge or corner (by the footprint's own projections), where closedness decides.
        #expect(onEdge > 500, "\(onEdge) hits on an edge")
        print("point index dyadic=\(dyadic): \(footprints) footprints, \(hits) hits, \(onEdge) exactly on an edge")
    }

    @Test func axisAlignedFootprintsWithLatticePointsOnEveryEdge() throws {
        // Axis-aligned footprints with dyadic edges, and a lattice of points (step 1/4) that lands exactly on
        // every edge and corner, and just outside them, across x = width.
        let grid = TileGrid.marsViking
        let w = grid.width
        var rng = SplitMix64(seed: 0x9017_0003)
        var onEdge = 0
        for _ in 0..<40 {
            let heading = rng.pick([0.0, 90, 180, 270])
            let origin = PixelPoint(
                x: rng.pick([w - 20, 20, 5000]) + Double(rng.int(-8...8)) / 4,
                y: rng.pick([Double(rng.int(1200...20000)) / 4, 128 * Double(rng.int(3...40))]))
            let along = Interval(-Double(rng.int(0...64)) / 4, Double(rng.int(0...64)) / 4)
            let across = Interval(-Double(rng.int(0...64)) / 4, Double(rng.int(0...64)) / 4)
            let f = Footprint(origin: origin, heading: heading, along: along, across: across)
            let box = f.corners.bounds
            var points: [PixelPoint] = []
            var y = box.minY - 1
            while y <= box.maxY + 1 {
                var x = box.minX - 1
                while x <= box.maxX + 1 {
                    points.append(PixelPoint(x: x >= w ? x - w : x, y: y))  // given wrapped when past the seam
                    x += 0.25
                }
                y += 0.25
            }
            for bandHeight in [nil, 0.25, 3.0, 128] as [Double?] {
                let index = try PointIndex(points: points, grid: grid, bandHeight: bandHeight)
                try Self.check(index, points, f, "lattice, band \(String(describing: bandHeight))", onEdge: &onEdge)
            }
            // The lattice count is known: (along span·4 + 1) × (across span·4 + 1).
            let expected = Int((along.upper - along.lower) * 4 + 1) * Int((across.upper - across.lower) * 4 + 1)
            #expect(try PointIndex(points: points, grid: grid).count(in: f) == expected)
        }
        #expect(onEdge > 1000)
    }

    @Test func footprintsWiderThanTheWorldFindEveryCopy() throws {
        // XYZ zoom 0: one 256 px tile. A 1000 px wide footprint holds each point's copies 3 or 4 times.
        let grid = try TileGrid.xyz(level: 0)
        let points = [PixelPoint(x: 0, y: 100), PixelPoint(x: 100.5, y: 50), PixelPoint(x: 255.75, y: 200)]
        let index = try PointIndex(points: points, grid: grid)
        let f = Footprint(
            origin: PixelPoint(x: 0, y: 128), heading: 90, along: Interval(-500, 500),
            across: Interval(-100, 100))
        // Heading 90: x ∈ [−500, 500], y ∈ [28, 228]. Copies every 256 px:
        // x = 0 → −256, 0, 256 (−512 and 512 are out): 3; x = 100.5 → −411.5, −155.5, 100.5, 356.5: 4;
        // x = 255.75 → −256.25, −0.25, 255.75 (−512.25 and 511.75 are out): 3. Total 10.
        let hits = try Self.listed(index, f)
        #expect(hits.filter { $0.index == 0 }.map(\.x) == [-256, 0, 256])
        #expect(hits.filter { $0.index == 1 }.map(\.x) == [-411.5, -155.5, 100.5, 356.5])
        #expect(hits.filter { $0.index == 2 }.map(\.x) == [-256.25, -0.25, 255.75])
        #expect(try index.count(in: f) == 10)
        var onEdge = 0
        try Self.check(index, points, f, "wide", onEdge: &onEdge)
    }

    @Test func emptyIndexAndSinglePoint() throws {
        let grid = TileGrid.marsViking
        let f = Footprint(
            origin: PixelPoint(x: 11500, y: 2688), heading: 90, along: Interval(-160, 160),
            across: Interval(-240, 240))
        let empty = try PointIndex(points: [], grid: grid)
        #expect(empty.count == 0)
        #expect(try empty.count(in: f) == 0)
        var calls = 0
        try empty.forEachPoint(in: f) { _, _ in calls += 1 }
        #expect(calls == 0)

        // One point at x = 20: inside the footprint [11340, 11660] × [2448, 2928] as its ghost at 11540.
        let one = try PointIndex(points: [PixelPoint(x: 20, y: 2500)], grid: grid)
        #expect(try one.count(in: f) == 1)
        #expect(try Self.listed(one, f) == [Hit(index: 0, x: 11540, y: 2500)])
        // On the corner (11660, 2928) = ghost of (140, 2928): the closed rectangle holds it.
        let corner = try PointIndex(points: [PixelPoint(x: 140, y: 2928)], grid: grid)
        #expect(try Self.listed(corner, f) == [Hit(index: 0, x: 11660, y: 2928)])
        // Just past the corner: none. (In y: a hair past x = 140 would round back to 11660 in the ghost copy.)
        let past = try PointIndex(points: [PixelPoint(x: 140, y: 2928.nextUp)], grid: grid)
        #expect(try past.count(in: f) == 0)
        #expect(try PointIndex(points: [PixelPoint(x: 140.001, y: 2928)], grid: grid).count(in: f) == 0)
        // Same point given unwrapped (x = 11540 + 11520): found once.
        let unwrapped = try PointIndex(points: [PixelPoint(x: 23060, y: 2500)], grid: grid)
        #expect(try Self.listed(unwrapped, f) == [Hit(index: 0, x: 11540, y: 2500)])
        // A degenerate footprint (a single point) finds a point exactly there.
        let dot = Footprint(
            origin: PixelPoint(x: 20, y: 2500), heading: 0, along: Interval(0, 0), across: Interval(0, 0))
        #expect(try one.count(in: dot) == 1)
    }

    /// Regression: a footprint whose bottom edge is nearly horizontal (heading 180° − 1e-13°) with its lowest
    /// corner exactly on a band boundary, y = 2119.5 = 1413 × 1.5, and the edge's other end a hair above it in the
    /// band before. A point on that edge, built with point(along:across:), rounds to y = 2119.5 and so falls in
    /// band 1413, and the closed footprint holds it. The index used to clip each band's search strip to the bounding
    /// box: for band 1413 that left the single line y = 2119.5, where only the corner's x lies, so the point in the
    /// middle of the edge was missed. (Fixed by widening the strip by the same slack as the band range.)
    @Test func edgePointRoundedIntoTheNextBandIsFound() throws {
        let f = Footprint(
            origin: PixelPoint(x: 4167.0203540522, y: 1999.3848496877058), heading: 179.9999999999999,
            along: Interval(-209.19971894884034, 120.11515031229374),
            across: Interval(-2.3371975103828047, 263.3377569067172))
        let p = PixelPoint(x: 3907.596990327098, y: 2119.5)
        #expect(f.contains(p))
        #expect(f.corners.bounds.maxY == 2119.5)
        let index = try PointIndex(points: [p], grid: .marsViking, bandHeight: 1.5)
        #expect(try index.count(in: f) == 1)
        #expect(try Self.listed(index, f) == [Hit(index: 0, x: p.x, y: p.y)])
        // The same with the edge's own points: every one of them, wherever it rounds, is found.
        var points: [PixelPoint] = []
        for i in 0...1000 {
            let q = f.across.lower + Double(i) / 1000 * (f.across.upper - f.across.lower)
            points.append(f.point(along: f.along.lower, across: q))
            points.append(f.point(along: f.along.upper, across: q))
        }
        var onEdge = 0
        for band in [1.5, 0.5, 128] {
            try Self.check(
                try PointIndex(points: points, grid: .marsViking, bandHeight: band), points, f, "band \(band)",
                onEdge: &onEdge)
        }
    }

    @Test func invalidInputThrows() {
        #expect(throws: StencilError.self) { try PointIndex(points: [PixelPoint(x: .nan, y: 0)], grid: .marsViking) }
        #expect(throws: StencilError.self) {
            try PointIndex(points: [PixelPoint(x: 0, y: .infinity)], grid: .marsViking)
        }
        #expect(throws: StencilError.self) { try PointIndex(points: [], grid: .marsViking, bandHeight: 0) }
        #expect(throws: StencilError.self) { try PointIndex(points: [], grid: .marsViking, bandHeight: -1) }
        #expect(throws: StencilError.self) { try PointIndex(points: [], grid: .marsViking, bandHeight: .nan) }
    }
}
