/// A longitude–latitude box in degrees (mercantile's `LngLatBbox`, MapLibre's `LatLngBounds`): west ≤ east,
/// south ≤ north, the edges λ_w, φ_s, λ_e and φ_n. It does not cross the antimeridian: a tile's box never does.
public typealias GeoBounds = CompassBounds<Degrees>

extension GeoBounds {
    /// Whether the box holds a coordinate, edges included: west ≤ λ ≤ east and south ≤ φ ≤ north.
    @inlinable
    public func contains(_ coordinate: GeoCoordinate) -> Bool {
        coordinate.longitude >= west && coordinate.longitude <= east && coordinate.latitude >= south
            && coordinate.latitude <= north
    }
}

extension Degrees: CompassBoundsUnit {
    /// `λ [west°, east°] × φ [south°, north°]`.
    public static func description(of bounds: GeoBounds) -> String {
        "λ [\(bounds.west)°, \(bounds.east)°] × φ [\(bounds.south)°, \(bounds.north)°]"
    }
}
