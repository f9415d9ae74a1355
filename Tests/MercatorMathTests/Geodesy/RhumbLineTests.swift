import Foundation
import MercatorMath
import TestSupport
import Testing

/// Rhumb-line properties that hold exactly or to rounding, independent of the reference data.
@Suite("RhumbLine: exact cases, conventions and round trips")
struct RhumbLineTests {
    @Test(
        "due east/west: distance is R·cos φ·|Δλ| to rounding, heading exactly 90 or 270",
        arguments: [Body.mars, Body.earth])
    func dueEastWest(body: Body) throws {
        var rng = SplitMix64(seed: 0xEA57)
        var ran = 0
        for i in 0..<2000 {
            let lat = i == 0 ? 0 : rng.uniform(-89.9, 89.9)
            // Multiples of 2⁻³⁰ degrees, so λ₁ + Δλ and its normalisation are exact and Δλ is the true difference.
            let lon1 = (rng.uniform(-180, 180) * 0x1p30).rounded() * 0x1p-30
            let dLon = (rng.uniform(-179.9, 179.9) * 0x1p30).rounded() * 0x1p-30
            guard dLon != 0 else { continue }
            ran += 1
            let line = try RhumbLine(from: geo(lat, lon1), to: geo(lat, lon1 + dLon), on: body)
            #expect(line.heading == (dLon > 0 ? 90 : 270))
            // cos φ from the exact co-latitude where it matters (|φ| ≥ 45°), so the expected value is itself good
            // to a few ulps: cos(φ·π/180) would be off by tan φ times the rounding of φ·π/180 (500 ulps at 89.9°).
            let cosine = abs(lat) >= 45 ? sin((90 - abs(lat)) * .pi / 180) : cos(lat * .pi / 180)
            let expected = body.radius * cosine * abs(dLon) * .pi / 180
            #expect(abs(line.distance - expected) <= 8 * expected.ulp, "lat \(lat) Δλ \(dLon)")
        }
        // Δλ rounds to 0 only for a draw within 2⁻³¹° of 0, about once in 4·10¹¹ draws: every line runs.
        #expect(ran >= 2000, "\(ran) of 2000 lines with Δλ ≠ 0")
    }

    @Test("due north/south: heading exactly 0 or 180, distance R·|Δφ|", arguments: [Body.mars, Body.earth])
    func dueNorthSouth(body: Body) throws {
        var rng = SplitMix64(seed: 0x5057)
        for _ in 0..<2000 {
            let lon = rng.uniform(-180, 180)
            let lat1 = rng.uniform(-89.9, 89.9)
            let lat2 = rng.uniform(-89.9, 89.9)
            let line = try RhumbLine(from: geo(lat1, lon), to: geo(lat2, lon), on: body)
            #expect(line.heading == (lat2 > lat1 ? 0 : 180))
            let expected = body.radius * abs(lat2 - lat1) * .pi / 180
            #expect(abs(line.distance - expected) <= 1e-12 * expected + 1e-9)
        }
    }

    @Test("direct along the axes keeps the other coordinate exactly")
    func directAlongAxes() throws {
        let start = geo(37.5, -12.25)
        for heading in [90.0, 270.0, -90.0, 450.0] {
            let end = try RhumbLine(from: start, heading: heading, distance: 1_234_567, on: .mars).end
            #expect(end.latitude == 37.5)
        }
        for heading in [0.0, 180.0, 360.0, -180.0] {
            let end = try RhumbLine(from: start, heading: heading, distance: 1_234_567, on: .mars).end
            #expect(end.longitude == -12.25)
        }
    }

    @Test("Δφ = 1e-10° over Δλ = 100°: distance within 1 mm of R·cos φ·Δλ", arguments: [Body.mars, Body.earth])
    func nearlyEqualLatitudes(body: Body) throws {
        for lat in [-75.0, -30.0, 0.0, 30.0, 60.0] {
            for (lon1, dLon) in [(10.0, 100.0), (100.0, -100.0), (130.0, 100.0)] {
                let start = geo(lat, lon1)
                let end = geo(lat + 1e-10, lon1 + dLon)
                let line = try RhumbLine(from: start, to: end, on: body)
                let flat = body.radius * cos(lat * .pi / 180) * abs(dLon) * .pi / 180
                #expect(abs(line.distance - flat) <= 1e-3, "lat \(lat) lon1 \(lon1)")
                #expect(abs(angleDifference(line.heading, dLon > 0 ? 90 : 270)) < 1e-8)
                // Reversing the line gives the same length and the opposite heading.
                let back = try RhumbLine(from: end, to: start, on: body)
                #expect(abs(back.distance - line.distance) <= 1e-6)
                #expect(abs(angleDifference(back.heading, line.heading + 180)) <= 1e-9)
            }
        }
    }

    @Test("Δλ of exactly ±180°: the sign of λ₂ − λ₁ as given decides, as in GeographicLib (RhumbTieTests has more)")
    func halfTurnRule() throws {
        let east = try RhumbLine(from: geo(10, -90), to: geo(10, 90), on: .mars)
        #expect(east.heading == 90)
        let west = try RhumbLine(from: geo(10, 90), to: geo(10, -90), on: .mars)
        #expect(west.heading == 270)
        // 180 and −180 are the same meridian, but the longitude as given decides: 0 → 180 is +180, east.
        #expect(try RhumbLine(from: geo(0, 0), to: geo(0, 180), on: .mars).heading == 90)
        #expect(try RhumbLine(from: geo(0, 180), to: geo(0, 0), on: .mars).heading == 270)
        #expect(try RhumbLine(from: geo(0, 0), to: geo(0, -180), on: .mars).heading == 270)
        // Off the parallel the rule still picks the side, mirrored about the meridian.
        let ne = try RhumbLine(from: geo(20, -30), to: geo(10, 150), on: .earth)
        let nw = try RhumbLine(from: geo(20, 150), to: geo(10, -30), on: .earth)
        #expect(ne.heading > 90 && ne.heading < 180)
        #expect(abs(nw.heading - (360 - ne.heading)) < 1e-12)
        #expect(ne.distance == nw.distance)
    }

    @Test("the short way: |Δλ| never exceeds 180°")
    func shortWay() throws {
        let line = try RhumbLine(from: geo(0, 170), to: geo(0, -170), on: .mars)
        #expect(line.heading == 90)
        #expect(abs(line.distance - Body.mars.radius * 20 * .pi / 180) < 1e-6)
        let back = try RhumbLine(from: geo(0, -170), to: geo(0, 170), on: .mars)
        #expect(back.heading == 270)
    }

    @Test("coincident endpoints throw, including λ = 180 against λ = −180")
    func coincidentEndpoints() {
        let same = thrown(try RhumbLine(from: geo(33, 44), to: geo(33, 44), on: .mars))
        #expect(same == .coincidentEndpoints(longitude: 44, latitude: 33))
        expectDescription(of: same, mentions: ["44", "33"])
        let wrapped = thrown(try RhumbLine(from: geo(-12, 180), to: geo(-12, -180), on: .earth))
        #expect(wrapped == .coincidentEndpoints(longitude: -180, latitude: -12))
        #expect(thrown(try RhumbLine(from: geo(5, 20), to: geo(5, 380), on: .earth)) != nil)
    }

    @Test("direct then inverse round trip", arguments: [Body.mars, Body.earth])
    func directInverseRoundTrip(body: Body) throws {
        var rng = SplitMix64(seed: 0xD1_2EC7 ^ UInt64(body.radius))
        for _ in 0..<5000 {
            let start = geo(rng.uniform(-70, 70), rng.uniform(-180, 180))
            let heading = rng.uniform(0, 360)
            let distance = rng.uniform(1000, 0.25 * body.radius)
            let line = try RhumbLine(from: start, heading: heading, distance: distance, on: body)
            let end = try line.end
            let solved = try RhumbLine(from: start, to: end, on: body)
            #expect(abs(angleDifference(solved.heading, heading)) <= 1e-9, "heading \(heading) s \(distance)")
            #expect(abs(solved.distance - distance) <= 1e-6, "heading \(heading) s \(distance)")
            let again = try solved.end
            #expect(abs(again.latitude - end.latitude) <= 1e-9)
            #expect(abs(angleDifference(again.longitude, end.longitude)) <= 1e-9)
        }
    }

    @Test("points along the line: 0 is the start, the whole distance is the end, halves compose")
    func pointsAlong() throws {
        let line = try RhumbLine(from: geo(-20, 170), to: geo(35, -150), on: .mars)
        #expect(try line.point(atDistance: 0) == line.start)
        let end = try line.end
        #expect(abs(end.latitude - 35) < 1e-9 && abs(angleDifference(end.longitude, -150)) < 1e-9)
        let middle = try line.point(atDistance: line.distance / 2)
        let secondHalf = try RhumbLine(from: middle, heading: line.heading, distance: line.distance / 2, on: .mars)
        let viaMiddle = try secondHalf.end
        #expect(abs(viaMiddle.latitude - end.latitude) < 1e-9)
        #expect(abs(angleDifference(viaMiddle.longitude, end.longitude)) < 1e-9)
    }

    @Test("a direct problem that would pass a pole throws passesPole, naming the latitude reached")
    func passesPole() throws {
        let north = try RhumbLine(from: geo(80, 0), heading: 0, distance: 1_000_000, on: .mars)
        let error = thrown(try north.end)
        guard case .passesPole(let lat)? = error else {
            Issue.record("expected passesPole, got \(String(describing: error))")
            return
        }
        let expected = 80 + 1_000_000 / Body.mars.radius * 180 / .pi
        #expect(abs(lat - expected) < 1e-9)
        expectDescription(of: error, mentions: ["\(lat)", "±90"])
        // Southward and slanted, and a point beyond the pole on a line whose start is fine.
        let south = try RhumbLine(from: geo(-60, 10), heading: 135, distance: 5_000_000, on: .earth)
        guard case .passesPole(let southLat)? = thrown(try south.end) else {
            Issue.record("expected passesPole")
            return
        }
        #expect(southLat < -90)
        let near = try RhumbLine(from: geo(89.5, 0), heading: 10, distance: 1, on: .earth)
        #expect(thrown(try near.point(atDistance: 60_000)) != nil)
        #expect(thrown(try near.point(atDistance: 50_000)) == nil)
    }

    @Test("the direct problem refuses non-finite heading or distance and a negative distance")
    func directErrors() throws {
        let start = geo(1, 2)
        let heading = thrown(try RhumbLine(from: start, heading: .nan, distance: 1, on: .mars))
        guard case .nonFinite(let field, _)? = heading else {
            Issue.record("expected nonFinite, got \(String(describing: heading))")
            return
        }
        #expect(field == "Heading")
        expectDescription(of: heading, mentions: ["Heading", "nan", "finite"])
        #expect(
            thrown(try RhumbLine(from: start, heading: 10, distance: .infinity, on: .mars))
                == .nonFinite(field: "Distance", value: .infinity))
        let negative = thrown(try RhumbLine(from: start, heading: 10, distance: -1, on: .mars))
        guard case .outOfRange(let f, let value, let range)? = negative else {
            Issue.record("expected outOfRange, got \(String(describing: negative))")
            return
        }
        #expect(f == "Distance" && value == -1 && range.lowerBound == 0)
        expectDescription(of: negative, mentions: ["-1", "[0"])
        let line = try RhumbLine(from: start, heading: 10, distance: 1, on: .mars)
        #expect(thrown(try line.point(atDistance: .nan)) != nil)
    }

    @Test("headings normalise to [0, 360) in the direct problem")
    func headingNormalisation() throws {
        let start = geo(1, 2)
        #expect(try RhumbLine(from: start, heading: -90, distance: 1, on: .mars).heading == 270)
        #expect(try RhumbLine(from: start, heading: 360, distance: 1, on: .mars).heading == 0)
        #expect(try RhumbLine(from: start, heading: 725, distance: 1, on: .mars).heading == 5)
    }
}
