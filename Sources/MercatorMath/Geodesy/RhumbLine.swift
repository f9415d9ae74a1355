import Foundation

/// A rhumb line (loxodrome, constant heading) between two points on a sphere, solved with divided differences
/// so that nearly equal latitudes, due east-west and due north-south lines are exact to rounding.
///
/// Agrees with GeographicLib's `RhumbSolve -e R 0` to well under a millimetre and 1e-9°, ties at |Δλ| = 180°
/// included (see ``init(from:to:on:)``).
public struct RhumbLine: Sendable, Hashable {
    /// The sphere the line lies on.
    public let body: Body
    /// The starting point.
    public let start: GeoCoordinate
    /// Heading in degrees clockwise from north, in [0, 360).
    public let heading: Double
    /// Length in metres along the rhumb line.
    public let distance: Double
    /// The end point of a line solved from its two ends (``init(from:to:on:)``), exactly as given; nil for a line
    /// given by heading and distance.
    ///
    /// Kept because the direct problem cannot always give it back: (0°, 0°) → (89.99999999999999°, 0°) has a
    /// distance whose Δφ = s·cos θ/R rounds to 90.00000000000001°, past the pole. Part of the line's equality, like
    /// every stored property.
    private let solvedEnd: GeoCoordinate?

    /// Solves the inverse problem: the rhumb line from `start` to `end`, taking the short way around (|Δλ| ≤ 180°).
    ///
    /// Δλ = ``Degrees/difference(from:to:)`` of the longitudes as given (``GeoCoordinate/givenLongitude``), which is
    /// GeographicLib's convention for the tie: when the ends are exactly 180° apart in longitude the line goes east
    /// if λ_end − λ_start as given is positive and west if it is negative. So (0°, 0°) → (0°, 180°) heads 90° and
    /// (0°, 180°) → (0°, 0°) heads 270°, as in RhumbSolve, although 180 and −180 are the same meridian.
    /// Then θ = atan2(Δλ, Δψ) and s = R·√(Δλ² + Δψ²)/q with q = Δψ/Δφ (`DividedDifference`).
    ///
    /// The line keeps `end`: ``end`` is exactly the coordinate given and never throws, even for an end so near a
    /// pole that flying θ for s would round past it.
    /// - Throws: ``MercatorError/coincidentEndpoints(longitude:latitude:)`` when the two points coincide, or lie so
    ///   close (10⁻³²⁴° apart) that their separation in radians, or in metres on the body, underflows to 0.
    /// - Complexity: O(1).
    public init(from start: GeoCoordinate, to end: GeoCoordinate, on body: Body) throws(MercatorError) {
        let dLon = Degrees.difference(from: start.givenLongitude, to: end.givenLongitude)
        guard dLon != 0 || end.latitude != start.latitude else {
            throw .coincidentEndpoints(longitude: start.longitude, latitude: start.latitude)
        }
        let (dPsi, q) = DividedDifference.isometricLatitude(from: start.latitude, to: end.latitude)
        let dLambda = dLon * .pi / 180
        self.body = body
        self.start = start
        self.heading = Degrees.normalizedHeading(Degrees.atan2(dLambda, dPsi))
        // √(Δλ² + Δψ²) unless the squares underflow (points 10⁻³⁰⁸° apart gave a distance of 0) or overflow.
        let squared = dLambda * dLambda + dPsi * dPsi
        let angle = squared.isNormal ? squared.squareRoot() : hypot(dLambda, dPsi)
        // Points a few subnormals of a degree apart still underflow to 0 in radians: they coincide at any scale.
        guard angle > 0 else { throw .coincidentEndpoints(longitude: start.longitude, latitude: start.latitude) }
        let distance = body.radius * angle / q
        // On a tiny body the metres can underflow where the radians did not (10⁻³²¹° on a 1 mm sphere): the points
        // coincide at that scale.
        guard distance > 0 else { throw .coincidentEndpoints(longitude: start.longitude, latitude: start.latitude) }
        self.distance = distance
        self.solvedEnd = end
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
        self.solvedEnd = nil
    }

    /// The point at `distance` metres along the line (the direct problem): Δφ = s·cos θ/R, then
    /// Δλ = s·sin θ·q/R with the divided difference q = Δψ/Δφ taken at φ₂ = φ₁ + Δφ exactly (not at φ₂ rounded),
    /// so near a pole, where ψ changes fast, the longitude keeps its accuracy: within 10⁻¹¹° of the exact value at
    /// 89.99° (10 km on Mars), and the point within a micrometre of the exact one for distances up to 10⁸ m.
    ///
    /// On a line solved from its two ends, every point from 0 to ``distance`` lies on it: the latitude, linear in
    /// s, is kept between the two ends' (rounding can carry it a few ulps past an end near a pole), and the point at
    /// ``distance`` is ``end`` itself.
    /// - Throws: ``MercatorError/passesPole(latitude:)`` if the line would reach a pole first.
    /// - Complexity: O(1).
    public func point(atDistance s: Double) throws(MercatorError) -> GeoCoordinate {
        try MercatorError.requireFinite(s, "Distance")
        if s == distance, let solvedEnd { return solvedEnd }
        let (sinH, cosH) = Degrees.sinCos(heading)
        var dLatDegrees = s * cosH / body.radius * 180 / .pi
        var lat2 = start.latitude + dLatDegrees
        if let solvedEnd, s >= 0, s <= distance {
            let low = Swift.min(start.latitude, solvedEnd.latitude)
            let high = Swift.max(start.latitude, solvedEnd.latitude)
            if lat2 < low || lat2 > high {
                lat2 = Swift.min(Swift.max(lat2, low), high)
                dLatDegrees = lat2 - start.latitude
            }
        }
        guard abs(lat2) < 90 else { throw .passesPole(latitude: lat2) }
        let q = DividedDifference.quotient(from: start.latitude, by: dLatDegrees)
        let dLonDegrees = s * sinH * q / body.radius * 180 / .pi
        return try GeoCoordinate(latitude: lat2, longitude: start.longitude + dLonDegrees)
    }

    /// The end point of the line: for a line solved from its two ends (``init(from:to:on:)``) exactly the end it was
    /// given, which never throws; for a line given by heading and distance the direct problem's answer at
    /// ``distance`` (its longitude λ_start + Δλ, not normalised in ``GeoCoordinate/givenLongitude``).
    /// - Throws: ``MercatorError/passesPole(latitude:)`` only for a line given by heading and distance that would
    ///   reach a pole first.
    public var end: GeoCoordinate {
        get throws(MercatorError) {
            if let solvedEnd { return solvedEnd }
            return try point(atDistance: distance)
        }
    }
}
