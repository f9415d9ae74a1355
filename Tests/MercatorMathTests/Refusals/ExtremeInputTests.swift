import Foundation
import MercatorMath
import Testing

/// Extreme but finite inputs that MercatorMath used to accept and answer wrongly (x = ∞, a route of length 0, a
/// longitude west of 180° in column 0, a sphere that maps every longitude to 0): each now gets a typed error that
/// names the limit, or the right answer.
@Suite("Extreme inputs: body radius, map width, the east edge, the shortest route")
struct ExtremeInputTests {
    // MARK: Body radius

    /// A sphere of 5·10⁻³²⁴ m (the least subnormal) made R·λ underflow to 0 and metres ÷ R overflow.
    @Test("a body's radius must lie in [1 mm, 10¹⁵ m]")
    func bodyRadiusLimits() throws {
        for r in [Double.leastNonzeroMagnitude, 1e-300, 9.99e-4, 1.0000001e15, 1e300, Double.greatestFiniteMagnitude] {
            let error = thrown(try Body(radius: r))
            #expect(error == .outOfRange(field: "Body radius in metres", value: r, range: 1e-3...1e15), "r = \(r)")
            expectDescription(of: error, mentions: ["Body radius", "0.001", "1000000000000000"])
        }
        // The limits themselves, and the unit sphere, are accepted; so are the presets.
        #expect(try Body(radius: 1e-3).radius == 1e-3)
        #expect(try Body(radius: 1e15).radius == 1e15)
        #expect(try Body(radius: 1).radius == 1)
        #expect(Body.validRadii.contains(Body.mars.radius) && Body.validRadii.contains(Body.earth.radius))
        // On the smallest sphere a degree of longitude is still 1 mm·π/180 of Mercator x, not 0.
        let tiny = SphericalMercator(body: try Body(radius: 1e-3))
        let x = tiny.project(geo(0, 1)).x
        #expect(abs(x - 1e-3 * Double.pi / 180) <= 1e-19)
    }

    // MARK: Map width

    /// A map 10³⁰⁸ px wide computed (λ + 180)·width = ∞ and gave x = ∞.
    @Test("a map's width must lie in [1, 2⁵³] px")
    func mapWidthLimits() throws {
        for width in [1e308, 0x1p53 * 1.0000001, 0.5, Double.leastNonzeroMagnitude] {
            let error = thrown(try MapImage(width: width, latitudeLimit: 60))
            #expect(
                error == .outOfRange(field: "Map width in px", value: width, range: 1...0x1p53), "width \(width)")
            expectDescription(of: error, mentions: ["Map width", "9007199254740992"])
        }
        // The widest map still gives finite pixels: the east edge at λ = 179.999° is 2⁵³·359.999/360.
        let widest = try MapImage(width: 0x1p53, latitudeLimit: 60)
        let p = try widest.pixel(of: geo(59, 179.999))
        #expect(p.x.isFinite && p.y.isFinite)
        #expect(abs(p.x - 0x1p53 * 359.999 / 360) <= 2)
        #expect(p.x < 0x1p53)
        #expect(try MapImage(width: 1, latitudeLimit: 60).width == 1)
    }

    // MARK: The east edge

    /// λ = 179.99999999999997 (the Double below 180) rounded to x = 256 = the width on a z = 0 grid, and to
    /// x = 11520 (column 90, i.e. real column 0) on Mars Viking, although it lies west of 180°.
    @Test("a longitude just west of 180° stays inside the image, in the last column")
    func longitudeJustWestOfTheAntimeridian() throws {
        let lon = 180.0.nextDown
        #expect(lon == 179.99999999999997)
        // z = 0: the true x is 256 − 256·(180 − lon)/360 = 256 − 2.02·10⁻¹⁴, whose nearest Double is 256 − 2⁻⁴⁵
        // (the spacing below 256 is 2⁻⁴⁵ = 2.84·10⁻¹⁴, and 2.02 is nearer 2.84 than 0): 256.nextDown.
        let z0 = try TileGrid.xyz(level: 0)
        let p0 = try z0.pixel(of: geo(0, lon))
        #expect(p0.x == 256 - 0x1p-45)
        #expect(p0.x < z0.width)
        #expect(try z0.tile(of: geo(0, lon)) == TileIndex(column: 0, row: 0))
        // Mars Viking: columns are 4° wide, so λ ∈ [176°, 180°) is column 89.
        let viking = TileGrid.marsViking
        let p = try viking.pixel(of: geo(0, lon))
        #expect(p.x < 11520 && p.x > 11520 - 1e-9)
        #expect(try viking.tile(of: geo(0, lon)) == TileIndex(column: 89, row: 21))
        #expect(try viking.tile(containing: p).column == 89)
        // 180° itself is −180°: x = 0, column 0, as before.
        #expect(try viking.pixel(of: geo(0, 180)).x == 0)
        #expect(try viking.tile(of: geo(0, 180)).column == 0)
        // Grids with tile sizes that are not powers of two: the last longitude below 180° is in the last column.
        for (columns, size) in [(3, 3), (7, 5), (90, 100), (1000, 255), (12345, 1999)] {
            let grid = try TileGrid(columns: columns, rows: 2, tileSize: size)
            let tile = try grid.tile(of: geo(0, lon))
            #expect(tile.column == columns - 1, "\(columns) × \(size)")
            #expect(try grid.pixel(of: geo(0, lon)).x < grid.width)
        }
        // The map image keeps its x below its width too.
        let map = try MapImage(width: 2048, latitudeLimit: 60)
        #expect(try map.pixel(of: geo(0, lon)).x < 2048)
    }

    // MARK: The shortest route

    /// Distinct pixels 10⁻¹⁸³ px apart squared their difference to 10⁻³⁶⁶ = 0 and made a route of length 0.
    @Test("a route shorter than 10⁻¹⁴ of the width is refused, naming the minimum")
    func tooShortRoutes() throws {
        let grid = TileGrid.marsViking
        let minimum = 1e-14 * 11520
        #expect(PixelRoute.minimumLength(on: grid) == minimum)
        let a = PixelPoint(x: 0, y: 0)
        for gap in [1e-183, 1e-160, Double.leastNonzeroMagnitude, minimum / 2, minimum.nextDown] {
            let error = thrown(try PixelRoute(start: a, end: PixelPoint(x: gap, y: 0), on: grid))
            #expect(
                error
                    == .outOfRange(
                        field: "Route length in px (the endpoints are too close together)", value: gap,
                        range: minimum...Double.greatestFiniteMagnitude), "gap \(gap)")
            expectDescription(of: error, mentions: ["too close", "\(minimum)"])
        }
        // A diagonal gap: |(3, 4)·s| = 5·s, measured without underflow (3² s² would underflow for s = 10⁻¹⁶⁰).
        let diagonal = thrown(try PixelRoute(start: a, end: PixelPoint(x: 3e-160, y: 4e-160), on: grid))
        guard case .outOfRange(_, let length, _)? = diagonal else {
            Issue.record("expected outOfRange, got \(String(describing: diagonal))")
            return
        }
        #expect(abs(length - 5e-160) <= 1e-174)
        // At the minimum the route is accepted, with its true length.
        let shortest = try PixelRoute(start: a, end: PixelPoint(x: minimum, y: 0), on: grid)
        #expect(shortest.length == minimum && shortest.heading == 90)
        // Far apart: a difference that overflows to ∞ is refused too, and a huge finite one keeps its length.
        let far = thrown(
            try PixelRoute(start: PixelPoint(x: -1e308, y: 0), end: PixelPoint(x: 1e308, y: 0), on: grid))
        expectDescription(of: far, mentions: ["too far apart"])
        let huge = try PixelRoute(start: a, end: PixelPoint(x: 3e200, y: 4e200), on: grid)
        #expect(abs(huge.length - 5e200) <= 1e186)
        // From coordinates: two longitudes 10⁻¹³° apart on Mars Viking are 3.2·10⁻¹² px apart, under the minimum.
        let close = thrown(try PixelRoute(from: geo(0, 10), to: geo(0, 10 + 1e-13), on: grid))
        expectDescription(of: close, mentions: ["too close"])
    }

    // MARK: Rhumb lines between nearly coincident points

    /// Found by `Fuzz/run.sh api`: Δλ = 2.2·10⁻³⁰⁸° squared to 0 in √(Δλ² + Δψ²), so two distinct points were 0 m
    /// apart; and points 5·10⁻³²⁴° apart underflow to 0 rad, which is no distance at any scale.
    @Test("rhumb distances do not underflow to 0 between distinct points")
    func rhumbDistancesOfTinySeparations() throws {
        let body = try Body(radius: 53_032.516_113_281_25)
        let east = try RhumbLine(from: geo(0, 0), to: geo(0, 2.2250738585072014e-308), on: body)
        // Due east on the equator: R·Δλ in radians, 53032.5…·2.2250738585072014e-308·π/180 = 2.0595…·10⁻³⁰⁴ m.
        let expected = 53_032.516_113_281_25 * (2.2250738585072014e-308 * Double.pi / 180)
        #expect(east.distance > 0)
        #expect(abs(east.distance - expected) <= 1e-12 * expected)
        #expect(east.heading == 90)
        // 5·10⁻³²⁴° of latitude is 8.6·10⁻³²⁶ rad: below the least subnormal, so the points coincide.
        let tiny = thrown(try RhumbLine(from: geo(0, 0), to: geo(Double.leastNonzeroMagnitude, 0), on: body))
        #expect(tiny == .coincidentEndpoints(longitude: 0, latitude: 0))
    }
}
