/// A cheap test that a box misses a turn sweep, used before the exact test (``TurnSweep/needs(_:)``).
///
/// Every point X of a sweep by Δ is a point of the start rectangle R₀ turned by some α ∈ [0, Δ]: turning it back
/// by α (when α ≤ Δ/2) or on by Δ − α (otherwise) lands in R₀ or in the end rectangle R_Δ, moving it along a
/// circle of radius |X − C| ≤ r_hi by at most 2·r_hi·sin(Δ/4) ≤ r_hi·Δ/2 (Δ in radians). So a box farther than
/// that reach from both R₀ and R_Δ misses the sweep. The distance is bounded from below by the gap between the
/// box's and a rectangle's projections on the four axes x, y, u(θ) and r(θ) (a separating axis), and a slack far
/// above rounding keeps the test conservative: it never rejects a box the exact test accepts. Cost: O(1), about
/// thirty flops, no square root.
struct NearEndsBound: Sendable, Hashable {
    /// The turn centre.
    let center: PixelPoint
    /// The reach plus the slack; infinite when the bound would not help (turns past about 115°).
    let limit: Double
    /// Each rectangle's axis unit vectors and its extents along them, relative to the centre.
    let startAhead: PixelPoint, startRight: PixelPoint
    let endAhead: PixelPoint, endRight: PixelPoint
    let along: Interval, across: Interval
    /// Each rectangle's bounding box, relative to the centre.
    let startBox: PixelBounds, endBox: PixelBounds

    /// The bound for the sweep of `start` (origin at the centre, corners `startCorners`) to `endCorners` by
    /// `rotation` through `degrees`, whose points lie within `outerRadius` of the centre.
    init(
        start: Footprint, startCorners: Quad, endCorners: Quad, rotation: SweepRotation, degrees: Double,
        outerRadius: Double
    ) {
        let c = start.origin
        center = c
        let reach = outerRadius * degrees * Double.pi / 360
        let slack = 1 + 1e-9 * (abs(c.x) + abs(c.y) + outerRadius)
        limit = reach < outerRadius ? reach + slack : .infinity
        startAhead = start.ahead
        startRight = start.right
        endAhead = rotation.apply(to: start.ahead)
        endRight = rotation.apply(to: start.right)
        along = start.along
        across = start.across
        func relative(_ b: PixelBounds) -> PixelBounds {
            PixelBounds(minX: b.minX - c.x, minY: b.minY - c.y, maxX: b.maxX - c.x, maxY: b.maxY - c.y)
        }
        startBox = relative(startCorners.bounds)
        endBox = relative(endCorners.bounds)
    }

    /// Whether the closed box surely misses the sweep (false: it may meet it).
    @inlinable
    func misses(_ box: PixelBounds) -> Bool {
        guard limit.isFinite else { return false }
        let minX = box.minX - center.x
        let maxX = box.maxX - center.x
        let minY = box.minY - center.y
        let maxY = box.maxY - center.y
        let middle = PixelPoint(x: (minX + maxX) / 2, y: (minY + maxY) / 2)
        let hx = (maxX - minX) / 2
        let hy = (maxY - minY) / 2
        func apart(_ rect: PixelBounds, _ ahead: PixelPoint, _ right: PixelPoint) -> Bool {
            if rect.minX - maxX > limit || minX - rect.maxX > limit || rect.minY - maxY > limit
                || minY - rect.maxY > limit
            {
                return true
            }
            let p = middle.dot(ahead)
            let hp = hx * abs(ahead.x) + hy * abs(ahead.y)
            if along.lower - (p + hp) > limit || (p - hp) - along.upper > limit { return true }
            let q = middle.dot(right)
            let hq = hx * abs(right.x) + hy * abs(right.y)
            return across.lower - (q + hq) > limit || (q - hq) - across.upper > limit
        }
        return apart(startBox, startAhead, startRight) && apart(endBox, endAhead, endRight)
    }
}
