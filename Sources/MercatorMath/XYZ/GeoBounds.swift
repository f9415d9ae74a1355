/// A longitude–latitude box in degrees (mercantile's `LngLatBbox`, MapLibre's `LatLngBounds`): west ≤ east,
/// south ≤ north. It does not cross the antimeridian: a tile's box never does.
public struct GeoBounds: Sendable, Hashable, CustomStringConvertible {
    /// The western edge λ_w in degrees.
    public var west: Double
    /// The southern edge φ_s in degrees.
    public var south: Double
    /// The eastern edge λ_e in degrees.
    public var east: Double
    /// The northern edge φ_n in degrees.
    public var north: Double

    /// Creates a box from its four edges in degrees.
    @inlinable
    public init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// Whether the box holds a coordinate, edges included: west ≤ λ ≤ east and south ≤ φ ≤ north.
    @inlinable
    public func contains(_ coordinate: GeoCoordinate) -> Bool {
        coordinate.longitude >= west && coordinate.longitude <= east && coordinate.latitude >= south
            && coordinate.latitude <= north
    }

    /// `[west, east] × [south, north]` in degrees.
    public var description: String { "λ [\(west)°, \(east)°] × φ [\(south)°, \(north)°]" }
}
