import Foundation

/// Great circles on the unit sphere written again for the tests, from textbook formulas: points by spherical
/// linear interpolation of unit vectors, the azimuth of travel by the forward-azimuth formula
/// tan α = sin Δλ·cos φ₂ / (cos φ₁·sin φ₂ − sin φ₁·cos φ₂·cos Δλ) towards the far end of the arc, and the Mercator
/// pixel of a point from MODEL.md §1 (``TrackGeometry/pixel(latitude:longitude:on:)``).
enum GreatCircleMath {
    typealias Vector = (x: Double, y: Double, z: Double)

    static func vector(_ latitude: Double, _ longitude: Double) -> Vector {
        let phi = latitude * .pi / 180
        let lambda = longitude * .pi / 180
        return (cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
    }

    static func dot(_ a: Vector, _ b: Vector) -> Double { a.x * b.x + a.y * b.y + a.z * b.z }

    static func cross(_ a: Vector, _ b: Vector) -> Vector {
        (a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }

    static func norm(_ a: Vector) -> Double { dot(a, a).squareRoot() }

    /// (latitude, longitude) in degrees of a unit vector.
    static func coordinate(_ v: Vector) -> (latitude: Double, longitude: Double) {
        (atan2(v.z, hypot(v.x, v.y)) * 180 / .pi, atan2(v.y, v.x) * 180 / .pi)
    }

    /// The central angle between two unit vectors, atan2(|a × b|, a · b).
    static func angle(_ a: Vector, _ b: Vector) -> Double { atan2(norm(cross(a, b)), dot(a, b)) }

    /// The point at fraction f of the arc a → b: (sin((1 − f)Ω)·a + sin(fΩ)·b) / sin Ω.
    static func slerp(_ a: Vector, _ b: Vector, _ f: Double) -> Vector {
        let omega = angle(a, b)
        let s = sin(omega)
        let ka = sin((1 - f) * omega) / s
        let kb = sin(f * omega) / s
        let v = (ka * a.x + kb * b.x, ka * a.y + kb * b.y, ka * a.z + kb * b.z)
        let n = norm(v)
        return (v.0 / n, v.1 / n, v.2 / n)
    }

    /// The forward azimuth (degrees clockwise from north, [0, 360)) from `p` towards `q` along their great circle.
    static func forwardAzimuth(
        from p: (latitude: Double, longitude: Double), to q: (latitude: Double, longitude: Double)
    )
        -> Double
    {
        let phi1 = p.latitude * .pi / 180
        let phi2 = q.latitude * .pi / 180
        let dl = (q.longitude - p.longitude) * .pi / 180
        let y = sin(dl) * cos(phi2)
        let x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(dl)
        var a = atan2(y, x) * 180 / .pi
        if a < 0 { a += 360 }
        return a >= 360 ? 0 : a
    }

    /// The azimuth of travel at fraction f of the arc a → b: towards b from the first half, away from a (the
    /// reverse azimuth plus 180°) on the second, so the far end is always at least half the arc away.
    static func azimuth(_ a: Vector, _ b: Vector, _ f: Double) -> Double {
        let p = coordinate(slerp(a, b, f))
        if f <= 0.5 { return forwardAzimuth(from: p, to: coordinate(b)) }
        let back = forwardAzimuth(from: p, to: coordinate(a)) + 180
        return back >= 360 ? back - 360 : back
    }

    /// The largest |latitude| along the arc, sampled at 257 points (degrees).
    static func maxLatitude(from a: (Double, Double), to b: (Double, Double)) -> Double {
        let va = vector(a.0, a.1)
        let vb = vector(b.0, b.1)
        var best = max(abs(a.0), abs(b.0))
        for i in 1..<256 { best = max(best, abs(coordinate(slerp(va, vb, Double(i) / 256)).latitude)) }
        return best
    }
}
