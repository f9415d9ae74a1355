/// A spherical body of radius ``radius`` metres on which Mercator coordinates and rhumb lines are computed.
public struct Body: Sendable, Hashable, CustomStringConvertible {
    /// The sphere's radius in metres.
    public let radius: Double

    /// Creates a sphere of the given radius in metres; it must be finite and positive.
    public init(radius: Double) throws(MercatorError) {
        try MercatorError.requirePositive(radius, "Body radius")
        self.radius = radius
    }

    private init(uncheckedRadius: Double) { radius = uncheckedRadius }

    /// Mars as USGS Mars mosaics model it: a sphere of 3,396,190 m.
    public static let mars = Body(uncheckedRadius: 3_396_190)

    /// The sphere of Web Mercator (EPSG:3857): 6,378,137 m.
    public static let earth = Body(uncheckedRadius: 6_378_137)

    /// A short description such as `sphere R = 3396190.0 m`.
    public var description: String { "sphere R = \(radius) m" }
}
