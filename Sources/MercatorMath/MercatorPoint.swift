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
public struct SphericalMercator: Sendable, Hashable {
    /// The sphere projected.
    public let body: Body

    /// Creates the projection for `body`.
    public init(body: Body) { self.body = body }

    /// The Mercator metres of a coordinate.
    public func project(_ coordinate: GeoCoordinate) -> MercatorPoint {
        MercatorPoint(
            x: body.radius * coordinate.longitude * .pi / 180,
            y: body.radius * Mercator.isometricLatitude(coordinate.latitude))
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

/// The isometric-latitude functions shared by every Mercator computation.
public enum Mercator {
    /// ψ = asinh(tan φ) in radians, for φ in degrees.
    @inlinable
    public static func isometricLatitude(_ latitude: Double) -> Double {
        asinh(tan(latitude * .pi / 180))
    }

    /// φ = atan(sinh ψ) in degrees, for ψ in radians. Always strictly inside ±90° for finite ψ
    /// of magnitude below about 19 (beyond that φ rounds to ±90°).
    @inlinable
    public static func latitude(isometric psi: Double) -> Double {
        atan(sinh(psi)) * 180 / .pi
    }
}
