import MercatorMath

/// A projective map of the plane (a 3 × 3 matrix, row-major): (x, y) ↦ ((m₀x + m₁y + m₂)/w, (m₃x + m₄y + m₅)/w)
/// with w = m₆x + m₇y + m₈. A perspective camera's ground → screen map (``PerspectiveCamera/homography``) is one; a
/// renderer uploads its coefficients as a 3 × 3 matrix (column-major there: transpose).
public struct Homography: Sendable, Hashable {
    /// The nine coefficients m₀ … m₈, row by row.
    public let m: [Double]

    /// The map with coefficients m₀ … m₈, row by row.
    public init(
        _ m0: Double, _ m1: Double, _ m2: Double, _ m3: Double, _ m4: Double, _ m5: Double, _ m6: Double,
        _ m7: Double, _ m8: Double
    ) {
        m = [m0, m1, m2, m3, m4, m5, m6, m7, m8]
    }

    /// The image of p, or nil where w ≤ 0 (at or behind the eye, for a camera's map).
    /// - Complexity: O(1).
    public func apply(to p: PixelPoint) -> PixelPoint? {
        let w = m[6] * p.x + m[7] * p.y + m[8]
        guard w > 0 else { return nil }
        return PixelPoint(x: (m[0] * p.x + m[1] * p.y + m[2]) / w, y: (m[3] * p.x + m[4] * p.y + m[5]) / w)
    }

    /// The inverse map (the adjugate over the determinant: its w at an image point is 1/w of the point it came from,
    /// so positive for a point in front of a camera), or nil for a singular matrix.
    /// - Complexity: O(1).
    public func inverted() -> Homography? {
        let a = m
        let c0 = a[4] * a[8] - a[5] * a[7]
        let c1 = a[2] * a[7] - a[1] * a[8]
        let c2 = a[1] * a[5] - a[2] * a[4]
        let c3 = a[5] * a[6] - a[3] * a[8]
        let c4 = a[0] * a[8] - a[2] * a[6]
        let c5 = a[2] * a[3] - a[0] * a[5]
        let c6 = a[3] * a[7] - a[4] * a[6]
        let c7 = a[1] * a[6] - a[0] * a[7]
        let c8 = a[0] * a[4] - a[1] * a[3]
        let det = a[0] * c0 + a[1] * c3 + a[2] * c6
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        return Homography(c0 * k, c1 * k, c2 * k, c3 * k, c4 * k, c5 * k, c6 * k, c7 * k, c8 * k)
    }
}
