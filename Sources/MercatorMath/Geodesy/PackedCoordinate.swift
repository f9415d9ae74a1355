/// A coordinate packed into six bytes, as OzRunways stores positions: latitude and longitude each in a
/// 24-bit code (big-endian), three bytes apiece.
///
/// Each code names a cell of 180°/2²⁴ ≈ 1.0729e-5° of latitude (about 1.19 m on Earth's sphere, 0.64 m on
/// Mars) or 360°/2²⁴ ≈ 2.1458e-5° of longitude; decoding returns the cell's centre, so the round-trip error is
/// at most half a cell: ``maximumLatitudeError`` (≈ 0.60 m on Earth) and ``maximumLongitudeError``
/// (≈ 1.19 m·cos φ on Earth).
public struct PackedCoordinate: Sendable, Hashable {
    /// Number of distinct codes per axis, 2²⁴.
    public static let codeCount: UInt32 = 1 << 24
    /// Width of a latitude cell in degrees, 180 / 2²⁴.
    public static let latitudeStep = 180.0 / Double(codeCount)
    /// Width of a longitude cell in degrees, 360 / 2²⁴.
    public static let longitudeStep = 360.0 / Double(codeCount)
    /// The largest latitude error of a round trip, in degrees (half a cell).
    public static let maximumLatitudeError = latitudeStep / 2
    /// The largest longitude error of a round trip, in degrees (half a cell).
    public static let maximumLongitudeError = longitudeStep / 2

    /// The 24-bit latitude code, 0 at the south pole.
    public let latitudeCode: UInt32
    /// The 24-bit longitude code, 0 at -180°.
    public let longitudeCode: UInt32

    /// Packs a coordinate.
    public init(_ coordinate: GeoCoordinate) {
        let lat = ((coordinate.latitude + 90) / Self.latitudeStep).rounded(.down)
        latitudeCode = UInt32(min(max(lat, 0), Double(Self.codeCount - 1)))
        let lon = ((coordinate.longitude + 180) / Self.longitudeStep).rounded(.down)
        longitudeCode = UInt32(min(max(lon, 0), Double(Self.codeCount - 1)))
    }

    /// Unpacks six bytes: three of latitude code, then three of longitude code, big-endian.
    /// - Throws: ``MercatorError/invalidPackedCoordinate(reason:)`` unless there are exactly six bytes.
    public init(bytes: some Collection<UInt8>) throws(MercatorError) {
        guard bytes.count == 6 else {
            throw .invalidPackedCoordinate(reason: "expected 6 bytes (3 latitude, 3 longitude), got \(bytes.count)")
        }
        let codes = bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        latitudeCode = UInt32(truncatingIfNeeded: codes >> 24)
        longitudeCode = UInt32(truncatingIfNeeded: codes & 0xFF_FFFF)
    }

    /// The six bytes: latitude code then longitude code, each big-endian.
    public var bytes: [UInt8] {
        let codes = UInt64(latitudeCode) << 24 | UInt64(longitudeCode)
        return (0..<6).map { UInt8(truncatingIfNeeded: codes >> (40 - 8 * UInt64($0))) }
    }

    /// The centre of the coded cell, within half a cell of the packed coordinate.
    public var coordinate: GeoCoordinate {
        // Cell centres lie strictly inside ±90° and in [-180, 180), so this cannot throw.
        // swift-format-ignore
        try! GeoCoordinate(
            latitude: (Double(latitudeCode) + 0.5) * Self.latitudeStep - 90,
            longitude: (Double(longitudeCode) + 0.5) * Self.longitudeStep - 180)
    }
}
