import Foundation
import MercatorMath
import TestSupport
import Testing

@Suite("Spherical Mercator forward and inverse")
struct SphericalMercatorTests {
    @Test("forward: x = R·λ, y = R·asinh(tan φ)", arguments: [Body.mars, Body.earth])
    func forward(body: Body) {
        let projection = SphericalMercator(body: body)
        var rng = SplitMix64(seed: 0x3E7C)
        for _ in 0..<1000 {
            let lat = rng.uniform(-89.9, 89.9)
            let lon = rng.uniform(-180, 180)
            let p = projection.project(geo(lat, lon))
            let x = body.radius * lon * .pi / 180
            // The radians-first form is off by about sec φ times the rounding of φ·π/180 (MercatorPrecisionTests
            // checks ours against 80-digit values); allow for that here.
            let y = body.radius * asinh(tan(lat * .pi / 180))
            let radiansFirst = body.radius * 4e-16 / cos(lat * .pi / 180)
            #expect(abs(p.x - x) <= 1e-15 * abs(x) + 1e-9)
            #expect(abs(p.y - y) <= 1e-15 * abs(y) + 1e-9 + radiansFirst)
            // The textbook form agrees where it is well conditioned.
            let textbook = body.radius * log(tan(.pi / 4 + lat * .pi / 360))
            #expect(abs(p.y - textbook) <= 1e-9 * body.radius)
        }
    }

    @Test("known values: the equator, ±45° and the Web Mercator limit")
    func knownValues() {
        let earth = SphericalMercator(body: .earth)
        #expect(earth.project(geo(0, 0)) == MercatorPoint(x: 0, y: 0))
        // 180° east on Web Mercator's sphere is half its 40,075,016.686 m equator.
        #expect(abs(earth.project(geo(0, 179.999999999)).x - 20_037_508.342789244) < 1e-3)
        // At φ = 85.0511287798° (atan sinh π) the square world ends: y = R·π.
        #expect(abs(earth.project(geo(85.0511287798066, 0)).y - 6_378_137 * Double.pi) < 1e-3)
        let psi45 = Mercator.isometricLatitude(45)
        #expect(abs(psi45 - asinh(1)) < 1e-15)
        #expect(Mercator.isometricLatitude(-45) == -psi45)
    }

    @Test("round trips hold to 1e-9° for |φ| ≤ 89.9°", arguments: [Body.mars, Body.earth])
    func roundTrip(body: Body) throws {
        let projection = SphericalMercator(body: body)
        var rng = SplitMix64(seed: 0x5EED ^ UInt64(body.radius))
        var worst = 0.0
        for i in 0..<20_000 {
            // Include the band's ends and the equator, then random points.
            let lat: Double
            switch i {
            case 0: lat = 89.9
            case 1: lat = -89.9
            case 2: lat = 0
            default: lat = rng.uniform(-89.9, 89.9)
            }
            let lon = rng.uniform(-180, 180)
            let back = try projection.unproject(projection.project(geo(lat, lon)))
            worst = max(worst, abs(back.latitude - lat), abs(angleDifference(back.longitude, lon)))
            #expect(abs(back.latitude - lat) <= 1e-9)
            #expect(abs(angleDifference(back.longitude, lon)) <= 1e-9)
        }
        #expect(worst <= 1e-9)
    }

    @Test("isometric latitude and its inverse round trip in ψ as well")
    func isometricRoundTrip() {
        var rng = SplitMix64(seed: 0x150)
        for _ in 0..<5000 {
            let psi = rng.uniform(-7, 7)  // |φ| up to 89.8°
            let back = Mercator.isometricLatitude(Mercator.latitude(isometric: psi))
            #expect(abs(back - psi) <= 1e-12)
        }
    }

    @Test("x wraps: unproject normalises longitude")
    func unprojectWraps() throws {
        let mars = SphericalMercator(body: .mars)
        let r = Body.mars.radius
        #expect(try mars.unproject(MercatorPoint(x: r * .pi, y: 0)).longitude == -180)
        let c = try mars.unproject(MercatorPoint(x: r * 3 * .pi / 2, y: 0))  // 270° east = 90° west
        #expect(abs(c.longitude + 90) < 1e-12)
    }

    @Test("unproject refuses non-finite metres and points beyond the poles")
    func unprojectErrors() {
        let mars = SphericalMercator(body: .mars)
        for (x, y, field) in [(Double.nan, 0.0, "Mercator x"), (0, .infinity, "Mercator y")] {
            let error = thrown(try mars.unproject(MercatorPoint(x: x, y: y)))
            guard case .nonFinite(let f, _)? = error else {
                Issue.record("expected nonFinite, got \(String(describing: error))")
                continue
            }
            #expect(f == field)
            expectDescription(of: error, mentions: [field, "finite"])
        }
        // y/R = 50 rounds to φ = 90°, which is no valid latitude.
        let error = thrown(try mars.unproject(MercatorPoint(x: 0, y: 50 * Body.mars.radius)))
        guard case .latitudeOutOfRange(_, let lat, let limit)? = error else {
            Issue.record("expected latitudeOutOfRange, got \(String(describing: error))")
            return
        }
        #expect(lat == 90 && limit == 90)
    }
}
