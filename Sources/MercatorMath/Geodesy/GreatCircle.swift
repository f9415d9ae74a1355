import Foundation

/// The great circle between two points of a sphere (the shortest path on the body), as unit vectors: points by
/// fraction of the central angle (spherical linear interpolation) and the azimuth of travel at each.
///
/// The path does not depend on the sphere's radius, so no ``Body`` is needed; multiply ``centralAngle`` by R for
/// a distance. On a Mercator image the azimuth is also the pixel heading (the projection is conformal). Along a
/// great circle dα/ds = sin α·tan φ / R, so the heading turns one way in each hemisphere and changes sense only where
/// the path crosses the equator (``equatorCrossing``).
public struct GreatCircle: Sendable, Hashable {
    /// The start, as given.
    public let start: GeoCoordinate
    /// The end, as given.
    public let end: GeoCoordinate
    /// The central angle Ω between the ends, in radians (0 < Ω < π).
    public let centralAngle: Double
    /// The ends as unit vectors, a = v(start) and b = v(end).
    let a, b: Vector3
    /// The unit normal of the circle's plane, a × b / |a × b|.
    let normal: Vector3

    /// The great circle from `start` to `end`.
    /// - Throws: ``MercatorError/coincidentEndpoints(longitude:latitude:)`` for the same point;
    ///   ``MercatorError/antipodalEndpoints(longitude:latitude:)`` for antipodes (every great circle through them
    ///   is as short, so the path is undefined).
    public init(from start: GeoCoordinate, to end: GeoCoordinate) throws(MercatorError) {
        let a = Vector3(start)
        let b = Vector3(end)
        let cross = a.cross(b)
        let sine = cross.length
        let cosine = a.dot(b)
        guard sine > 1e-15 || cosine < 0 else {
            throw .coincidentEndpoints(longitude: start.longitude, latitude: start.latitude)
        }
        guard sine > 1e-15 else {
            throw .antipodalEndpoints(longitude: start.longitude, latitude: start.latitude)
        }
        self.start = start
        self.end = end
        self.a = a
        self.b = b
        normal = cross.scaled(1 / sine)
        centralAngle = atan2(sine, cosine)
    }

    /// The unit vector at fraction `f` of the central angle: (sin((1 − f)Ω)·a + sin(fΩ)·b) / sin Ω, renormalised.
    func vector(at f: Double) -> Vector3 {
        if f <= 0 { return a }
        if f >= 1 { return b }
        let omega = centralAngle
        let v = a.scaled(sin((1 - f) * omega)).adding(b.scaled(sin(f * omega)))
        return v.scaled(1 / v.length)
    }

    /// The point at fraction `f` ∈ [0, 1] of the way (0 the start, 1 the end, exactly).
    public func coordinate(at f: Double) -> (latitude: Double, longitude: Double) {
        if f <= 0 { return (start.latitude, start.longitude) }
        if f >= 1 { return (end.latitude, end.longitude) }
        return vector(at: f).coordinate
    }

    /// The azimuth of travel at fraction `f`, degrees clockwise from north in [0, 360): the direction of
    /// n × p at the point p, in the point's east and north.
    public func azimuth(at f: Double) -> Double {
        let p = vector(at: f)
        let t = normal.cross(p)
        let h = (p.x * p.x + p.y * p.y).squareRoot()  // cos φ, > 0 away from the poles
        guard h > 0 else { return 0 }
        // east = (−sin λ, cos λ, 0), north = (−sin φ cos λ, −sin φ sin λ, cos φ).
        let east = (-p.y * t.x + p.x * t.y) / h
        let north = -p.z * (p.x * t.x + p.y * t.y) / h + h * t.z
        return Degrees.normalizedHeading(Degrees.atan2(east, north))
    }

    /// The fraction where the path crosses the equator strictly between its ends, or nil when it does not.
    /// Solved from sin((1 − f)Ω)·a_z + sin(fΩ)·b_z = 0: tan(fΩ) = sin Ω·a_z / (cos Ω·a_z − b_z).
    public var equatorCrossing: Double? {
        guard (a.z > 0 && b.z < 0) || (a.z < 0 && b.z > 0) else { return nil }
        let omega = centralAngle
        var x = atan2(sin(omega) * a.z, cos(omega) * a.z - b.z)
        if x < 0 { x += .pi }
        let f = x / omega
        return f > 0 && f < 1 ? f : nil
    }
}

/// A point of the unit sphere (x towards λ = 0 on the equator, z towards the north pole).
struct Vector3: Sendable, Hashable {
    var x: Double, y: Double, z: Double

    init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The unit vector of a coordinate.
    init(_ c: GeoCoordinate) {
        let (sinPhi, cosPhi) = Degrees.sinCos(c.latitude)
        let (sinLambda, cosLambda) = Degrees.sinCos(c.longitude)
        self.init(x: cosPhi * cosLambda, y: cosPhi * sinLambda, z: sinPhi)
    }

    func dot(_ o: Vector3) -> Double { x * o.x + y * o.y + z * o.z }
    func cross(_ o: Vector3) -> Vector3 { Vector3(x: y * o.z - z * o.y, y: z * o.x - x * o.z, z: x * o.y - y * o.x) }
    func scaled(_ k: Double) -> Vector3 { Vector3(x: k * x, y: k * y, z: k * z) }
    func adding(_ o: Vector3) -> Vector3 { Vector3(x: x + o.x, y: y + o.y, z: z + o.z) }
    var length: Double { dot(self).squareRoot() }

    /// Latitude and longitude in degrees.
    var coordinate: (latitude: Double, longitude: Double) {
        (Degrees.atan2(z, (x * x + y * y).squareRoot()), Degrees.atan2(y, x))
    }
}
