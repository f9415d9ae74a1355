/// A validated geographic coordinate in degrees: finite, latitude strictly inside ±90°,
/// longitude normalised to [-180, 180).
public struct GeoCoordinate: Sendable, Hashable, CustomStringConvertible {
    /// Latitude φ in degrees, strictly inside (-90, 90).
    public let latitude: Double
    /// Longitude λ in degrees, in [-180, 180). An input of 180 (or 540, or -180) becomes -180.
    public let longitude: Double

    /// Creates a coordinate, normalising the longitude to [-180, 180).
    /// - Throws: ``MercatorError`` for a non-finite value or a latitude at or past ±90°.
    public init(latitude: Double, longitude: Double) throws(MercatorError) {
        try MercatorError.requireFinite(latitude, "Latitude")
        try MercatorError.requireFinite(longitude, "Longitude")
        guard abs(latitude) < 90 else {
            throw .latitudeOutOfRange(field: "Latitude", latitude: latitude, limit: 90)
        }
        self.latitude = latitude
        self.longitude = Degrees.normalizedLongitude(longitude)
    }

    /// `lat, lon` in degrees.
    public var description: String { "(lat \(latitude)°, lon \(longitude)°)" }
}
