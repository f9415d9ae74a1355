/// A spherical body of radius ``radius`` metres on which Mercator coordinates and rhumb lines are computed.
public struct Body: Sendable, Hashable, CustomStringConvertible {
    /// The sphere's radius in metres.
    public let radius: Double

    /// The radii a body may have, ``minimumRadius``…``maximumRadius`` metres.
    public static let validRadii: ClosedRange<Double> = minimumRadius...maximumRadius
    /// The smallest radius, 1 mm: below it metres ÷ R overflow for ordinary distances and R·λ underflows (a sphere
    /// of 5·10⁻³²⁴ m maps every longitude to x = 0).
    public static let minimumRadius = 1e-3
    /// The largest radius, 10¹⁵ m (about 7,000 times the Earth's distance from the Sun): R·ψ and R·λ stay finite
    /// far beyond it, and a Mercator metre stays far coarser than the ulp of a coordinate.
    public static let maximumRadius = 1e15

    /// Creates a sphere of the given radius in metres.
    /// - Throws: ``MercatorError/nonFinite(field:value:)`` for NaN or ±∞, ``MercatorError/nonPositive(field:value:)``
    ///   for 0 or less, ``MercatorError/outOfRange(field:value:range:)`` outside ``validRadii`` (1 mm … 10¹⁵ m).
    public init(radius: Double) throws(MercatorError) {
        try MercatorError.requirePositive(radius, "Body radius")
        guard Self.validRadii.contains(radius) else {
            throw .outOfRange(field: "Body radius in metres", value: radius, range: Self.validRadii)
        }
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
