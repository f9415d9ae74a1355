import Foundation
import TestSupport
import Testing

@testable import MercatorMath

/// `GreatCircle` against formulas written here: the haversine central angle, points along the arc by the
/// intermediate-point formula (Vincenty's "direct" on the sphere: the destination at angle fΩ on the initial
/// bearing), the forward azimuth towards the far end, the equator crossing from the points' latitudes, and the
/// errors for coincident and antipodal ends.
@Suite("GreatCircle: points, azimuths and equator crossings")
struct GreatCircleTests {
    static func radians(_ d: Double) -> Double { d * .pi / 180 }
    static func degrees(_ r: Double) -> Double { r * 180 / .pi }

    /// Haversine central angle in radians.
    static func centralAngle(_ a: GeoCoordinate, _ b: GeoCoordinate) -> Double {
        let dphi = radians(b.latitude - a.latitude)
        let dl = radians(b.longitude - a.longitude)
        let h =
            sin(dphi / 2) * sin(dphi / 2) + cos(radians(a.latitude)) * cos(radians(b.latitude)) * sin(dl / 2)
            * sin(dl / 2)
        return 2 * atan2(h.squareRoot(), (1 - h).squareRoot())
    }

    /// Forward azimuth in degrees [0, 360) from (φ₁, λ₁) towards (φ₂, λ₂).
    static func azimuth(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let p1 = radians(lat1)
        let p2 = radians(lat2)
        let dl = radians(lon2 - lon1)
        let a = degrees(atan2(sin(dl) * cos(p2), cos(p1) * sin(p2) - sin(p1) * cos(p2) * cos(dl)))
        return a < 0 ? a + 360 : a
    }

    /// The point at angle δ (radians) from (φ, λ) on initial bearing θ (degrees).
    static func destination(_ lat: Double, _ lon: Double, bearing: Double, angle d: Double) -> (Double, Double) {
        let p = radians(lat)
        let t = radians(bearing)
        let p2 = asin(sin(p) * cos(d) + cos(p) * sin(d) * cos(t))
        let l2 = radians(lon) + atan2(sin(t) * sin(d) * cos(p), cos(d) - sin(p) * sin(p2))
        return (degrees(p2), degrees(l2))
    }

    static func randomPair(_ g: inout SplitMix64) -> (GeoCoordinate, GeoCoordinate) {
        while true {
            let a = geo(g.uniform(-80, 80), g.uniform(-180, 180))
            let b = geo(g.uniform(-80, 80), g.uniform(-180, 180))
            let omega = centralAngle(a, b)
            if omega > 1e-3 && omega < .pi - 1e-3 { return (a, b) }
        }
    }

    @Test func endsAreExactAndPointsFollowTheInitialBearing() throws {
        var g = SplitMix64(seed: 0x6743_0001)
        for _ in 0..<300 {
            let (a, b) = Self.randomPair(&g)
            let circle = try GreatCircle(from: a, to: b)
            let omega = Self.centralAngle(a, b)
            #expect(abs(circle.centralAngle - omega) <= 1e-12)
            let start = circle.coordinate(at: 0)
            let end = circle.coordinate(at: 1)
            #expect(start.latitude == a.latitude && start.longitude == a.longitude)
            #expect(end.latitude == b.latitude && end.longitude == b.longitude)
            let bearing = Self.azimuth(a.latitude, a.longitude, b.latitude, b.longitude)
            for f in [0.1, 0.25, 0.5, 0.75, 0.9] {
                let p = circle.coordinate(at: f)
                let q = Self.destination(a.latitude, a.longitude, bearing: bearing, angle: f * omega)
                #expect(abs(p.latitude - q.0) <= 1e-9, "\(a) → \(b) at \(f)")
                #expect(abs(angleDifference(p.longitude, q.1)) <= 1e-9 / max(cos(Self.radians(q.0)), 1e-3))
                // The azimuth at the point, towards the far end (or away from the start past the middle).
                let expected =
                    f <= 0.5
                    ? Self.azimuth(p.latitude, p.longitude, b.latitude, b.longitude)
                    : Self.azimuth(p.latitude, p.longitude, a.latitude, a.longitude) + 180
                #expect(abs(angleDifference(circle.azimuth(at: f), expected)) <= 1e-8, "\(a) → \(b) at \(f)")
                let az = circle.azimuth(at: f)
                #expect(az >= 0 && az < 360)
            }
            #expect(abs(angleDifference(circle.azimuth(at: 0), bearing)) <= 1e-8)
        }
    }

    @Test func equatorCrossingIsWhereTheLatitudeIsZero() throws {
        var g = SplitMix64(seed: 0x6743_0002)
        var crossings = 0
        for _ in 0..<300 {
            let (a, b) = Self.randomPair(&g)
            let circle = try GreatCircle(from: a, to: b)
            let crosses = (a.latitude > 0 && b.latitude < 0) || (a.latitude < 0 && b.latitude > 0)
            guard let f = circle.equatorCrossing else {
                #expect(!crosses, "\(a) → \(b) crosses the equator")
                continue
            }
            crossings += 1
            #expect(crosses)
            #expect(f > 0 && f < 1)
            #expect(abs(circle.coordinate(at: f).latitude) <= 1e-9)
        }
        #expect(crossings > 50)
        // Along the equator, and from the equator: no crossing strictly between the ends.
        #expect(try GreatCircle(from: geo(0, 10), to: geo(0, 50)).equatorCrossing == nil)
        #expect(try GreatCircle(from: geo(0, 10), to: geo(30, 50)).equatorCrossing == nil)
        // (−30°, 0°) → (30°, 0°): a meridian, crossing at its middle.
        let meridian = try GreatCircle(from: geo(-30, 0), to: geo(30, 0))
        #expect(abs(meridian.equatorCrossing! - 0.5) <= 1e-12)
        #expect(meridian.azimuth(at: 0.3) == 0 || abs(angleDifference(meridian.azimuth(at: 0.3), 0)) <= 1e-12)
    }

    @Test func coincidentAndAntipodalEndsAreRefused() {
        #expect(throws: MercatorError.coincidentEndpoints(longitude: 10, latitude: 20)) {
            try GreatCircle(from: geo(20, 10), to: geo(20, 10))
        }
        // ±180° is the same meridian.
        #expect(throws: MercatorError.self) { try GreatCircle(from: geo(20, 180), to: geo(20, -180)) }
        guard case .antipodalEndpoints = thrown(try GreatCircle(from: geo(20, 10), to: geo(-20, -170))) else {
            Issue.record("antipodes not refused")
            return
        }
        expectDescription(of: thrown(try GreatCircle(from: geo(20, 10), to: geo(-20, -170))), mentions: ["20"])
    }
}
