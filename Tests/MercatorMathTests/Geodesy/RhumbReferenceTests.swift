import MercatorMath
import Testing

extension RhumbInverseCase: CustomTestStringConvertible {
    var testDescription: String { "\(note) (\(lat1), \(lon1)) → (\(lat2), \(lon2))" }
}

extension RhumbDirectCase: CustomTestStringConvertible {
    var testDescription: String { "\(note) (\(lat1), \(lon1)) az \(azimuth) s \(distance)" }
}

/// Our rhumb lines against GeographicLib RhumbSolve 2.1.2 on spheres (RhumbReference.swift).
///
/// Conventions mapped: RhumbSolve prints azimuths in (-180, 180], ours are in [0, 360) (negative + 360);
/// RhumbSolve reduces lon2 to [-180, 180], ours to [-180, 180) (its 180 is our −180). Ties at |Δλ| = 180° agree.
@Suite("RhumbLine vs GeographicLib RhumbSolve")
struct RhumbReferenceTests {
    static func isCoincident(_ c: RhumbInverseCase) -> Bool { c.lat1 == c.lat2 && c.lon1 == c.lon2 }

    /// Inputs with a raw longitude of exactly 180: GeoCoordinate normalises it to −180 but keeps it as given, and
    /// the tie at Δλ = ±180° follows the given longitudes, as RhumbSolve does (``rawLongitude180Cases(_:)``).
    static func hasRawLongitude180(_ c: RhumbInverseCase) -> Bool { c.lon1 == 180 || c.lon2 == 180 }

    static let comparableInverse = RhumbReference.inverse.filter { !isCoincident($0) }

    /// The body of a reference case; the two radii are exactly our presets.
    static func body(_ radius: Double) -> Body {
        radius == Body.mars.radius ? .mars : radius == Body.earth.radius ? .earth : try! Body(radius: radius)
    }

    @Test("the reference holds the cases these tests rely on")
    func referenceShape() {
        #expect(RhumbReference.inverse.count == 78)
        #expect(RhumbReference.direct.count == 34)
        #expect(RhumbReference.inverse.filter(Self.isCoincident).count == 2)
        #expect(RhumbReference.inverse.filter(Self.hasRawLongitude180).count == 2)
        #expect(Self.comparableInverse.count == 76)
        #expect(Body.mars.radius == 3_396_190 && Body.earth.radius == 6_378_137)
    }

    @Test(
        "inverse: heading to 1e-9° (1e-7° for the noisy short cases), distance to 1 mm",
        arguments: comparableInverse)
    func inverse(_ c: RhumbInverseCase) throws {
        let line = try RhumbLine(from: geo(c.lat1, c.lon1), to: geo(c.lat2, c.lon2), on: Self.body(c.radius))
        let expectedHeading = c.azimuth < 0 ? c.azimuth + 360 : c.azimuth
        // RhumbSolve's own azimuth is off by up to 1.4e-8° on the "short" cases (see RhumbReference.swift).
        let tolerance = c.note.contains("short") ? 1e-7 : 1e-9
        #expect(line.heading >= 0 && line.heading < 360)
        #expect(
            abs(angleDifference(line.heading, expectedHeading)) <= tolerance,
            "heading \(line.heading) vs \(expectedHeading)")
        #expect(abs(line.distance - c.distance) <= 1e-3, "distance \(line.distance) vs \(c.distance)")
        #expect(line.body.radius == c.radius)
    }

    @Test(
        "inverse: coincident reference points throw coincidentEndpoints",
        arguments: RhumbReference.inverse.filter(isCoincident))
    func coincident(_ c: RhumbInverseCase) {
        let error = thrown(try RhumbLine(from: geo(c.lat1, c.lon1), to: geo(c.lat2, c.lon2), on: Self.body(c.radius)))
        #expect(error == .coincidentEndpoints(longitude: c.lon1, latitude: c.lat1))
    }

    @Test(
        "inverse: a raw input longitude of 180 ties at Δλ = ±180° exactly as RhumbSolve does",
        arguments: RhumbReference.inverse.filter(hasRawLongitude180))
    func rawLongitude180Cases(_ c: RhumbInverseCase) throws {
        let start = geo(c.lat1, c.lon1)
        let end = geo(c.lat2, c.lon2)
        // 180 is stored as −180, so the normalised longitudes alone would pick the other side.
        #expect(abs(end.longitude - start.longitude) == 180)
        #expect((end.longitude - start.longitude > 0) != (c.azimuth > 0), "these cases exist because of the flip")
        let line = try RhumbLine(from: start, to: end, on: Self.body(c.radius))
        #expect(abs(line.distance - c.distance) <= 1e-3)
        let expected = c.azimuth < 0 ? c.azimuth + 360 : c.azimuth
        #expect(abs(angleDifference(line.heading, expected)) <= 1e-9, "heading \(line.heading) vs \(expected)")
    }

    @Test("direct: end point to 1e-9°", arguments: RhumbReference.direct)
    func direct(_ c: RhumbDirectCase) throws {
        let line = try RhumbLine(
            from: geo(c.lat1, c.lon1), heading: c.azimuth, distance: c.distance,
            on: Self.body(c.radius))
        #expect(line.heading >= 0 && line.heading < 360)
        #expect(abs(angleDifference(line.heading, c.azimuth)) <= 1e-12)
        let end = try line.end
        #expect(abs(end.latitude - c.lat2) <= 1e-9, "lat \(end.latitude) vs \(c.lat2)")
        #expect(end.longitude >= -180 && end.longitude < 180)
        #expect(abs(angleDifference(end.longitude, c.lon2)) <= 1e-9, "lon \(end.longitude) vs \(c.lon2)")
        #expect(try line.point(atDistance: c.distance) == end)
    }
}
