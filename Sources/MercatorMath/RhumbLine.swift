import Foundation

/// A rhumb line (loxodrome, constant heading) between two points on a sphere, solved with divided differences
/// so that nearly equal latitudes, due east-west and due north-south lines are exact to rounding.
///
/// Agrees with GeographicLib's `RhumbSolve -e R 0` to well under a millimetre and 1e-9°.
public struct RhumbLine: Sendable, Hashable {
    /// The sphere the line lies on.
    public let body: Body
    /// The starting point.
    public let start: GeoCoordinate
    /// Heading in degrees clockwise from north, in [0, 360).
    public let heading: Double
    /// Length in metres along the rhumb line.
    public let distance: Double

    /// Solves the inverse problem: the rhumb line from `start` to `end`, taking the short way
    /// around (|Δλ| ≤ 180°). At exactly 180° apart the sign of λ_end − λ_start (of the normalised
    /// longitudes) decides, as in GeographicLib: east when positive, west when negative.
    /// - Throws: ``MercatorError/coincidentEndpoints(longitude:latitude:)`` when the two points coincide, or lie so
    ///   close (10⁻³²⁴° apart) that their separation in radians underflows to 0.
    public init(from start: GeoCoordinate, to end: GeoCoordinate, on body: Body) throws(MercatorError) {
        // IEEE remainder is exact and, at exactly ±180°, keeps the sign of the difference (its quotient is 0).
        let dLon = (end.longitude - start.longitude).remainder(dividingBy: 360)
        let dLat = end.latitude - start.latitude
        guard dLon != 0 || dLat != 0 else {
            throw .coincidentEndpoints(longitude: start.longitude, latitude: start.latitude)
        }
        let q = DividedDifference.isometricLatitude(end.latitude * .pi / 180, start.latitude * .pi / 180)
        let dLambda = dLon * .pi / 180
        let dPsi = q * dLat * .pi / 180
        self.body = body
        self.start = start
        self.heading = Degrees.normalizedHeading(Degrees.atan2(dLambda, dPsi))
        // √(Δλ² + Δψ²) unless the squares underflow (points 10⁻³⁰⁸° apart gave a distance of 0) or overflow.
        let squared = dLambda * dLambda + dPsi * dPsi
        let angle = squared.isNormal ? squared.squareRoot() : hypot(dLambda, dPsi)
        // Points a few subnormals of a degree apart still underflow to 0 in radians: they coincide at any scale.
        guard angle > 0 else { throw .coincidentEndpoints(longitude: start.longitude, latitude: start.latitude) }
        self.distance = body.radius * angle / q
    }

    /// The line of the given heading and length from `start` (the direct problem's input).
    /// - Throws: ``MercatorError`` for a non-finite heading or distance, or a negative distance.
    public init(from start: GeoCoordinate, heading: Double, distance: Double, on body: Body) throws(MercatorError) {
        try MercatorError.requireFinite(heading, "Heading")
        try MercatorError.requireNonNegative(distance, "Distance")
        self.body = body
        self.start = start
        self.heading = Degrees.normalizedHeading(heading)
        self.distance = distance
    }

    /// The point at `distance` metres along the line (the direct problem).
    /// - Throws: ``MercatorError/passesPole(latitude:)`` if the line would reach a pole first.
    public func point(atDistance s: Double) throws(MercatorError) -> GeoCoordinate {
        try MercatorError.requireFinite(s, "Distance")
        let (sinH, cosH) = Degrees.sinCos(heading)
        let dLatDegrees = s * cosH / body.radius * 180 / .pi
        let lat2 = start.latitude + dLatDegrees
        guard abs(lat2) < 90 else { throw .passesPole(latitude: lat2) }
        let q = DividedDifference.isometricLatitude(lat2 * .pi / 180, start.latitude * .pi / 180)
        let dLonDegrees = s * sinH * q / body.radius * 180 / .pi
        return try GeoCoordinate(latitude: lat2, longitude: start.longitude + dLonDegrees)
    }

    /// The end point of the line.
    public var end: GeoCoordinate {
        get throws(MercatorError) { try point(atDistance: distance) }
    }
}
