/// A box in spherical Mercator metres, x = R·λ and y = R·asinh(tan φ) (north positive) — on the Earth sphere
/// these are Web Mercator (EPSG:3857) metres; mercantile's `xy_bounds` (left, bottom, right, top).
public struct MercatorBounds: Sendable, Hashable, CustomStringConvertible {
    /// The western edge x_w in metres.
    public var west: Double
    /// The southern edge y_s in metres.
    public var south: Double
    /// The eastern edge x_e in metres.
    public var east: Double
    /// The northern edge y_n in metres.
    public var north: Double

    /// Creates a box from its four edges in metres.
    @inlinable
    public init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// `[west, east] × [south, north]` in metres.
    public var description: String { "x [\(west), \(east)] m × y [\(south), \(north)] m" }
}
