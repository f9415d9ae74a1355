import MercatorMath

/// A projective map of the plane (a 3 × 3 matrix, row-major): (x, y) ↦ ((m₀x + m₁y + m₂)/w, (m₃x + m₄y + m₅)/w)
/// with w = m₆x + m₇y + m₈. A perspective camera's ground → screen map (``PerspectiveCamera/homography``) is one; a
/// renderer uploads its coefficients as a 3 × 3 matrix (column-major there: transpose).
///
/// The coefficients are stored inline (no array), so making and applying one allocates nothing.
public struct Homography: Sendable, Hashable {
    let m0: Double, m1: Double, m2: Double, m3: Double, m4: Double, m5: Double, m6: Double, m7: Double, m8: Double

    /// The nine coefficients m₀ … m₈, row by row (a new array on each call).
    public var m: [Double] { [m0, m1, m2, m3, m4, m5, m6, m7, m8] }

    /// The map with coefficients m₀ … m₈, row by row.
    public init(
        _ m0: Double, _ m1: Double, _ m2: Double, _ m3: Double, _ m4: Double, _ m5: Double, _ m6: Double,
        _ m7: Double, _ m8: Double
    ) {
        (self.m0, self.m1, self.m2, self.m3, self.m4, self.m5, self.m6, self.m7, self.m8) =
            (m0, m1, m2, m3, m4, m5, m6, m7, m8)
    }

    /// The image of p, or nil where w ≤ 0 (at or behind the eye, for a camera's map).
    /// - Complexity: O(1).
    public func apply(to p: PixelPoint) -> PixelPoint? {
        let w = m6 * p.x + m7 * p.y + m8
        guard w > 0 else { return nil }
        return PixelPoint(x: (m0 * p.x + m1 * p.y + m2) / w, y: (m3 * p.x + m4 * p.y + m5) / w)
    }

    /// The inverse map (the adjugate over the determinant: its w at an image point is 1/w of the point it came from,
    /// so positive for a point in front of a camera), or nil for a singular matrix.
    /// - Complexity: O(1).
    public func inverted() -> Homography? {
        let c0 = m4 * m8 - m5 * m7
        let c1 = m2 * m7 - m1 * m8
        let c2 = m1 * m5 - m2 * m4
        let c3 = m5 * m6 - m3 * m8
        let c4 = m0 * m8 - m2 * m6
        let c5 = m2 * m3 - m0 * m5
        let c6 = m3 * m7 - m4 * m6
        let c7 = m1 * m6 - m0 * m7
        let c8 = m0 * m4 - m1 * m3
        let det = m0 * c0 + m1 * c3 + m2 * c6
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        return Homography(c0 * k, c1 * k, c2 * k, c3 * k, c4 * k, c5 * k, c6 * k, c7 * k, c8 * k)
    }
}
