import Foundation
import MercatorMath
import Testing

/// Ground units (the geometry model's *Ground units and time*, §12, and its example 8): κ(φ) = k / (R·cos φ) px per
/// metre, its inverse (what mercantile and MapLibre call metres per pixel), rhumb-line metres of a straight piece of
/// image and the pixels flown after a ground distance. Expected values are the model's figures (RhumbSolve's) or
/// independent formulas written here.
struct GroundScaleTests {
    static let level8 = try! TileGrid.xyz(level: 8)

    /// Example 8: κ(51.47°) = 2.625251584·10⁻³ px per metre at level 8, so a 500 m buffer is 1.312625792 px.
    @Test func example8Scale() {
        let kappa = Self.level8.pixelsPerMetre(atLatitude: 51.47, on: .earth)
        #expect(abs(kappa - 2.625251584e-3) < 5e-13)
        #expect(abs(500 * kappa - 1.312625792) < 5e-10)
        #expect(abs(Self.level8.metresPerPixel(atLatitude: 51.47, on: .earth) * kappa - 1) < 1e-15)
    }

    /// MapLibre's and mercantile's resolution, 2πR·cos φ / (256·2ᶻ) metres per pixel, at every level and a sweep of
    /// latitudes on both bodies, to a few ulps.
    @Test func metresPerPixelIsTheSlippyMapResolution() throws {
        for z in [0, 1, 5, 8, 12, 16, 22, 30] {
            let grid = try TileGrid.xyz(level: z)
            for latitude in stride(from: -85.0, through: 85.0, by: 2.5) {
                for body in [Body.earth, .mars] {
                    let expected = 2 * Double.pi * body.radius * cos(latitude * .pi / 180) / (256 * pow(2, Double(z)))
                    let got = grid.metresPerPixel(atLatitude: latitude, on: body)
                    #expect(abs(got - expected) <= 8 * expected.ulp, "z \(z) φ \(latitude)")
                }
            }
        }
    }

    /// XYZ levels are on Earth, the Mars grids on Mars.
    @Test func gridsHaveTheirBodies() throws {
        #expect(try TileGrid.xyz(level: 12).defaultBody == .earth)
        #expect(try TileGrid.xyz(level: 3, tileSize: 512).defaultBody == .earth)
        #expect(TileGrid.marsViking.defaultBody == .mars)
        #expect(TileGrid.marsVikingDouble.defaultBody == .mars)
        #expect(try TileGrid(columns: 16, rows: 16, tileSize: 128).defaultBody == .mars)
    }

    /// Example 8's rhumb distance, 5,765,091.720973 m from JFK to LHR (RhumbSolve), from the straight piece between
    /// their pixels at level 8; and the pixels flown after half of it land on the model's midpoint pixel.
    @Test func example8RhumbMetresAndPixels() throws {
        let grid = Self.level8
        let a = try grid.pixel(of: GeoCoordinate(latitude: 40.6413, longitude: -73.7781))
        let b = try grid.pixel(of: GeoCoordinate(latitude: 51.47, longitude: -0.4543))
        let pixels = (b - a).length
        let metres = grid.rhumbMetres(pixels: pixels, fromLatitude: 40.6413, toLatitude: 51.47, on: .earth)
        #expect(abs(metres - 5_765_091.720973) < 1e-5)
        let heading = atan2(b.x - a.x, -(b.y - a.y)) * 180 / .pi
        #expect(abs(heading - 77.930743677) < 1e-9)
        let half = grid.rhumbPixels(metres: 5_765_091.720973 / 2, fromLatitude: 40.6413, heading: heading, on: .earth)
        let u = PixelPoint(x: (b.x - a.x) / pixels, y: (b.y - a.y) / pixels)
        let mid = PixelPoint(x: a.x + half * u.x, y: a.y + half * u.y)
        #expect(abs(mid.x - 25682.753516840) < 1e-6 && abs(mid.y - 23300.612611273) < 1e-6, "\(mid)")
    }

    /// Near due east or west the divided difference keeps the pixels flown accurate: against the closed form
    /// s = g·κ(φ₀) at exactly 90°, and against a high-order quadrature of ds = κ(φ(g))·dg a hair off it.
    @Test func rhumbPixelsNearDueEastAndWest() {
        let grid = Self.level8
        for latitude in [-84.9, -60.0, -10.0, 0.0, 33.3, 70.0, 85.0] {
            for g in [1.0, 1e3, 1e6] {
                for heading in [90.0, 270.0] {
                    let s = grid.rhumbPixels(metres: g, fromLatitude: latitude, heading: heading, on: .earth)
                    let expected = g * grid.pixelsPerMetre(atLatitude: latitude, on: .earth)
                    #expect(abs(s - expected) <= 4 * expected.ulp)
                }
                for heading in [89.999999, 90.000001, 269.9999999] {
                    let s = grid.rhumbPixels(metres: g, fromLatitude: latitude, heading: heading, on: .earth)
                    // ds/dg = κ(φ(g)), φ(g) = φ₀ + g·cos θ / R (degrees), by 64-point composite Simpson.
                    let c = cos(heading * .pi / 180)
                    let n = 64
                    var sum = 0.0
                    for i in 0...n {
                        let gi = g * Double(i) / Double(n)
                        let phi = latitude + gi * c / Body.earth.radius * 180 / .pi
                        let w = i == 0 || i == n ? 1.0 : (i % 2 == 1 ? 4.0 : 2.0)
                        sum += w * grid.pixelsWide / (2 * .pi * Body.earth.radius * cos(phi * .pi / 180))
                    }
                    let expected = sum * g / Double(n) / 3
                    #expect(abs(s - expected) <= 1e-9 * expected, "φ \(latitude) θ \(heading) g \(g)")
                }
            }
        }
    }
}

extension TileGrid {
    /// The image width in pixels (for the test's own κ).
    fileprivate var pixelsWide: Double { width }
}

/// The fuzzer found two points 3.794·10⁻³²¹° apart on a 1 mm sphere accepted with a rhumb distance of 0 (the
/// separation in radians did not underflow, R·angle did): such points coincide at that scale and are refused.
struct RhumbUnderflowTests {
    @Test func aDistanceThatUnderflowsIsRefusedAsCoincident() throws {
        let a = try GeoCoordinate(latitude: 0, longitude: 0)
        let b = try GeoCoordinate(latitude: 0, longitude: 0x300p-1074)  // 3.794·10⁻³²¹ = 768·2⁻¹⁰⁷⁴, exactly
        let tiny = try Body(radius: 0.001)
        guard case .coincidentEndpoints? = thrown(try RhumbLine(from: a, to: b, on: tiny)) else {
            Issue.record("a 0 m rhumb line was accepted")
            return
        }
        // On Earth the same points are 4·10⁻³¹⁵ m apart, not 0: accepted.
        #expect(try RhumbLine(from: a, to: b, on: .earth).distance > 0)
    }
}
