import Foundation

/// A point in spherical Mercator metres: x = R·λ, y = R·asinh(tan φ) (north positive).
public struct MercatorPoint: Sendable, Hashable {
    /// Easting in metres.
    public var x: Double
    /// Northing in metres.
    public var y: Double

    /// Creates a point from metres.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// Spherical Mercator forward and inverse on a ``Body``, in the numerically stable forms
/// y = R·asinh(tan φ) and φ = atan(sinh(y/R)).
///
/// The forward northing is rounded once from a double-double R·ψ (see ``Mercator``): within one ulp of the
/// correctly rounded value for every |φ| < 90° on any sphere.
public struct SphericalMercator: Sendable, Hashable {
    /// The sphere projected.
    public let body: Body

    /// Creates the projection for `body`.
    public init(body: Body) { self.body = body }

    /// The Mercator metres of a coordinate: x = R·λ (λ in radians), y = R·ψ(φ) rounded once.
    /// - Complexity: O(1).
    public func project(_ coordinate: GeoCoordinate) -> MercatorPoint {
        MercatorPoint(
            x: body.radius * coordinate.longitude * .pi / 180,
            y: Mercator.isometricLatitude(coordinate.latitude, scaledBy: body.radius))
    }

    /// The coordinate of a Mercator point; x may be any finite value (the longitude wraps).
    /// - Throws: ``MercatorError/nonFinite(field:value:)`` for a non-finite coordinate.
    public func unproject(_ point: MercatorPoint) throws(MercatorError) -> GeoCoordinate {
        try MercatorError.requireFinite(point.x, "Mercator x")
        try MercatorError.requireFinite(point.y, "Mercator y")
        return try GeoCoordinate(
            latitude: Mercator.latitude(isometric: point.y / body.radius),
            longitude: point.x / body.radius * 180 / .pi)
    }
}
