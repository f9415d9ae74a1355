import MercatorMath
import TestSupport
import Testing

@Suite("GeoCoordinate: validation and longitude normalisation")
struct GeoCoordinateTests {
    @Test(
        "longitudes normalise to [-180, 180)",
        arguments: [
            (180.0, -180.0), (-180.0, -180.0), (540.0, -180.0), (-190.0, 170.0), (190.0, -170.0),
            (360.0, 0.0), (720.5, 0.5), (-360.0, 0.0), (179.999, 179.999), (-540.0, -180.0),
        ])
    func longitudeNormalisation(input: Double, expected: Double) throws {
        let c = try GeoCoordinate(latitude: 12.5, longitude: input)
        #expect(c.longitude == expected)
        #expect(c.latitude == 12.5)
    }

    @Test("latitudes strictly inside ±90° are accepted unchanged")
    func latitudesInside() throws {
        for lat in [-89.999999999, -45.0, 0.0, 45.0, 89.999999999] {
            #expect(try GeoCoordinate(latitude: lat, longitude: 0).latitude == lat)
        }
    }

    @Test("a latitude at or past a pole is refused, naming it and ±90°")
    func poles() {
        for lat in [90.0, -90.0, 90.5, -123.0] {
            let error = thrown(try GeoCoordinate(latitude: lat, longitude: 0))
            #expect(error == .latitudeOutOfRange(field: "Latitude", latitude: lat, limit: 90))
            expectDescription(of: error, mentions: [printed(lat), "90"])
        }
    }

    @Test("non-finite latitude or longitude is refused, naming the field and value")
    func nonFinite() {
        for (lat, lon, field) in [
            (Double.nan, 0.0, "Latitude"), (.infinity, 0, "Latitude"), (-.infinity, 0, "Latitude"),
            (0, .nan, "Longitude"), (0, .infinity, "Longitude"), (0, -.infinity, "Longitude"),
        ] {
            let error = thrown(try GeoCoordinate(latitude: lat, longitude: lon))
            guard case .nonFinite(let f, let value)? = error else {
                Issue.record("expected nonFinite for (\(lat), \(lon)), got \(String(describing: error))")
                continue
            }
            #expect(f == field)
            let bad = field == "Latitude" ? lat : lon
            #expect(value.isNaN ? bad.isNaN : value == bad)
            expectDescription(of: error, mentions: [field, "\(bad)", "finite"])
        }
    }
}
