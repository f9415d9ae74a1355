/// A validated geographic coordinate in degrees: finite, latitude strictly inside ±90°,
/// longitude normalised to [-180, 180).
///
/// The longitude as given is kept as well (``givenLongitude``): λ = 180 and λ = −180 name the same point, but a
/// rhumb line or route whose ends are exactly 180° apart goes east or west by the sign of the given difference,
/// as in GeographicLib (see ``Degrees/difference(from:to:)``). Two coordinates are equal only when their given
/// longitudes are equal too, since such a tie can tell them apart.
public struct GeoCoordinate: Sendable, Hashable, CustomStringConvertible {
    /// Latitude φ in degrees, strictly inside (-90, 90).
    public let latitude: Double
    /// Longitude λ in degrees, in [-180, 180). An input of 180 (or 540, or -180) becomes -180.
    public let longitude: Double
    /// The longitude exactly as given to the initialiser (finite, any magnitude); it equals ``longitude`` modulo
    /// 360° and decides only ties at |Δλ| = 180°.
    public let givenLongitude: Double

    /// Creates a coordinate, normalising the longitude to [-180, 180) and keeping it as given in ``givenLongitude``.
    /// - Throws: ``MercatorError`` for a non-finite value or a latitude at or past ±90°.
    public init(latitude: Double, longitude: Double) throws(MercatorError) {
        try MercatorError.requireFinite(latitude, "Latitude")
        try MercatorError.requireFinite(longitude, "Longitude")
        guard abs(latitude) < 90 else {
            throw .latitudeOutOfRange(field: "Latitude", latitude: latitude, limit: 90)
        }
        self.latitude = latitude
        self.longitude = Degrees.normalizedLongitude(longitude)
        self.givenLongitude = longitude
    }

    /// `lat, lon` in degrees.
    public var description: String { "(lat \(latitude)°, lon \(longitude)°)" }
}
