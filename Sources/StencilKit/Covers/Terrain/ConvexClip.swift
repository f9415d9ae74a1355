/// A convex polygon of at most 8 vertices in the camera's frame (a, b, d), on the stack: a face of a box clipped by
/// the four planes of a view volume (4 vertices, at most one more per plane).
struct ClipPolygon {
    var a = SIMD8<Double>()
    var b = SIMD8<Double>()
    var d = SIMD8<Double>()
    var count = 0

    @inline(__always)
    mutating func append(_ x: Double, _ y: Double, _ z: Double) {
        a[count] = x
        b[count] = y
        d[count] = z
        count += 1
    }

    /// The polygon's part where `plane` ≥ 0 (Sutherland–Hodgman; a vertex on the plane is kept, a crossing edge
    /// gives the point where the plane's value interpolates to 0).
    @inline(__always)
    mutating func clip(by plane: VolumePlane) {
        guard count > 0 else { return }
        var out = ClipPolygon()
        var fi = plane.value(a[0], b[0], d[0])
        for i in 0..<count {
            let j = i + 1 == count ? 0 : i + 1
            let fj = plane.value(a[j], b[j], d[j])
            if fi >= 0, out.count < 8 { out.append(a[i], b[i], d[i]) }
            if (fi >= 0) != (fj >= 0), out.count < 8 {
                let t = fi / (fi - fj)
                out.append(a[i] + t * (a[j] - a[i]), b[i] + t * (b[j] - b[i]), d[i] + t * (d[j] - d[i]))
            }
            fi = fj
        }
        self = out
    }

    /// Clipped by all four planes.
    @inline(__always)
    mutating func clip(by planes: (VolumePlane, VolumePlane, VolumePlane, VolumePlane)) {
        clip(by: planes.0)
        clip(by: planes.1)
        clip(by: planes.2)
        clip(by: planes.3)
    }

    /// The least of sin p·a + cos p·d over the vertices (+∞ when empty).
    @inline(__always)
    func leastDepth(sinPitch s: Double, cosPitch c: Double) -> Double {
        var least = Double.infinity
        for i in 0..<count { least = min(least, s * a[i] + c * d[i]) }
        return least
    }
}
