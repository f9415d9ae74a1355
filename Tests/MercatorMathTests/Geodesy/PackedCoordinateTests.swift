import MercatorMath
import TestSupport
import Testing

/// The OzRunways six-byte codec: 24-bit latitude and longitude codes, big-endian.
@Suite("PackedCoordinate")
struct PackedCoordinateTests {
    @Test("documented bounds are half a cell: 180°/2²⁵ and 360°/2²⁵")
    func bounds() {
        #expect(PackedCoordinate.codeCount == 16_777_216)
        #expect(PackedCoordinate.maximumLatitudeError == 180.0 / 33_554_432)
        #expect(PackedCoordinate.maximumLongitudeError == 360.0 / 33_554_432)
        // About 0.60 m of latitude and 1.19 m of longitude at the equator on Earth's sphere.
        let metresPerDegree = Body.earth.radius * .pi / 180
        #expect(abs(PackedCoordinate.maximumLatitudeError * metresPerDegree - 0.597) < 0.001)
        #expect(abs(PackedCoordinate.maximumLongitudeError * metresPerDegree - 1.194) < 0.001)
    }

    @Test("random round trips stay within the documented bound, through the bytes too")
    func randomRoundTrips() throws {
        var rng = SplitMix64(seed: 0x0_2CA7)
        for _ in 0..<20_000 {
            let c = geo(rng.uniform(-89.99999, 89.99999), rng.uniform(-180, 180))
            let packed = PackedCoordinate(c)
            let bytes = packed.bytes
            #expect(bytes.count == 6)
            let unpacked = try PackedCoordinate(bytes: bytes)
            #expect(unpacked == packed)
            let back = unpacked.coordinate
            #expect(abs(back.latitude - c.latitude) <= PackedCoordinate.maximumLatitudeError * (1 + 1e-9))
            #expect(
                abs(angleDifference(back.longitude, c.longitude))
                    <= PackedCoordinate.maximumLongitudeError * (1 + 1e-9))
            // Decoding is idempotent: a cell centre packs to its own cell.
            #expect(PackedCoordinate(back) == packed)
        }
    }

    @Test(
        "extremes: latitude ±89.999999, longitude −180 and 179.9999999",
        arguments: [
            (89.999999, -180.0), (-89.999999, -180.0), (89.999999, 179.9999999), (-89.999999, 179.9999999),
            (0.0, 0.0), (89.9999999999, 180.0),
        ])
    func extremes(latitude: Double, longitude: Double) throws {
        let c = geo(latitude, longitude)
        let packed = PackedCoordinate(c)
        #expect(packed.latitudeCode < PackedCoordinate.codeCount)
        #expect(packed.longitudeCode < PackedCoordinate.codeCount)
        let back = try PackedCoordinate(bytes: packed.bytes).coordinate
        #expect(abs(back.latitude - c.latitude) <= PackedCoordinate.maximumLatitudeError * (1 + 1e-9))
        #expect(
            abs(angleDifference(back.longitude, c.longitude)) <= PackedCoordinate.maximumLongitudeError * (1 + 1e-9))
        #expect(abs(back.latitude) < 90)
    }

    @Test("the extreme codes decode to the outermost cell centres")
    func extremeCodes() throws {
        let top = PackedCoordinate(geo(89.999999, 179.9999999))
        #expect(top.latitudeCode == 0xFF_FFFF && top.longitudeCode == 0xFF_FFFF)
        #expect(top.bytes == [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        #expect(top.coordinate.latitude == 90 - PackedCoordinate.maximumLatitudeError)
        #expect(top.coordinate.longitude == 180 - PackedCoordinate.maximumLongitudeError)
        let bottom = PackedCoordinate(geo(-89.999999, -180))
        #expect(bottom.bytes == [0, 0, 0, 0, 0, 0])
        #expect(bottom.coordinate.latitude == -90 + PackedCoordinate.maximumLatitudeError)
        #expect(bottom.coordinate.longitude == -180 + PackedCoordinate.maximumLongitudeError)
    }

    @Test("byte layout: latitude code then longitude code, each big-endian")
    func byteLayout() throws {
        let origin = PackedCoordinate(geo(0, 0))
        #expect(origin.latitudeCode == 0x80_0000 && origin.longitudeCode == 0x80_0000)
        #expect(origin.bytes == [0x80, 0x00, 0x00, 0x80, 0x00, 0x00])
        let decoded = try PackedCoordinate(bytes: [0x12, 0x34, 0x56, 0xAB, 0xCD, 0xEF])
        #expect(decoded.latitudeCode == 0x12_3456 && decoded.longitudeCode == 0xAB_CDEF)
        #expect(decoded.bytes == [0x12, 0x34, 0x56, 0xAB, 0xCD, 0xEF])
        // Any collection of bytes will do.
        let slice = ([0, 0x12, 0x34, 0x56, 0xAB, 0xCD, 0xEF, 0] as [UInt8])[1..<7]
        #expect(try PackedCoordinate(bytes: slice) == decoded)
    }

    @Test("a wrong byte count throws, naming the count and the 6 expected", arguments: [0, 1, 5, 7, 12])
    func wrongCount(count: Int) {
        let error = thrown(try PackedCoordinate(bytes: [UInt8](repeating: 0x41, count: count)))
        guard case .invalidPackedCoordinate? = error else {
            Issue.record("expected invalidPackedCoordinate, got \(String(describing: error))")
            return
        }
        expectDescription(of: error, mentions: ["expected 6 bytes", "got \(count)"])
    }
}
