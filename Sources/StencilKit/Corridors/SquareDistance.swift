import MercatorMath

/// Exact distances in pixels from the pieces of a centreline (a segment, a circular arc) to a tile's closed square,
/// for the corridor's rule "a tile is in when its square lies at distance < d" (``Corridor``).
///
/// Why each is exact: two disjoint compact convex sets are nearest at a vertex of one and a point of the other, so a
/// segment that misses the square is nearest at one of its ends (against the square) or at a corner of the square
/// (against the segment). An arc that misses the square is nearest at one of its ends, at the arc point nearest a
/// corner (the corner's radial projection, when the arc reaches that direction), or at an arc point facing an edge
/// squarely: there the nearest pair is perpendicular to the edge and radial to the arc, so it is one of the circle's
/// four axis-extreme points. Each candidate is an actual pair of points, so the least of them is the distance.
enum SquareDistance {
    /// The distance from `p` to the closed box: √(dx² + dy²) with dx, dy the overshoots past its edges.
    /// - Complexity: O(1).
    @inlinable
    static func point(_ p: PixelPoint, _ box: PixelBounds) -> Double {
        let dx = Swift.max(box.minX - p.x, 0, p.x - box.maxX)
        let dy = Swift.max(box.minY - p.y, 0, p.y - box.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The distance from `p` to the closed segment a–b (the foot of the perpendicular clamped to the segment).
    /// - Complexity: O(1).
    @inlinable
    static func point(_ p: PixelPoint, segment a: PixelPoint, _ b: PixelPoint) -> Double {
        let d = b - a
        let dd = d.dot(d)
        let t = dd > 0 ? Swift.min(1, Swift.max(0, (p - a).dot(d) / dd)) : 0
        return (p - (a + t * d)).length
    }

    /// Whether the closed segment a–b meets the closed box (Liang–Barsky clipping of t ∈ [0, 1]).
    /// - Complexity: O(1).
    @inlinable
    static func segmentMeets(_ a: PixelPoint, _ b: PixelPoint, _ box: PixelBounds) -> Bool {
        var low = 0.0
        var high = 1.0
        func clip(_ start: Double, _ delta: Double, _ minimum: Double, _ maximum: Double) -> Bool {
            if delta == 0 { return start >= minimum && start <= maximum }
            let t0 = (minimum - start) / delta
            let t1 = (maximum - start) / delta
            low = Swift.max(low, Swift.min(t0, t1))
            high = Swift.min(high, Swift.max(t0, t1))
            return low <= high
        }
        return clip(a.x, b.x - a.x, box.minX, box.maxX) && clip(a.y, b.y - a.y, box.minY, box.maxY)
    }

    /// The distance from the closed segment a–b (a point when a = b) to the closed box: 0 when they meet, else the
    /// least of its ends' distances to the box and the box's corners' distances to it.
    /// - Complexity: O(1).
    static func segment(_ a: PixelPoint, _ b: PixelPoint, _ box: PixelBounds) -> Double {
        if segmentMeets(a, b, box) { return 0 }
        let (x0, y0, x1, y1) = (box.minX, box.minY, box.maxX, box.maxY)
        return Swift.min(
            point(a, box), point(b, box), point(PixelPoint(x: x0, y: y0), segment: a, b),
            point(PixelPoint(x: x1, y: y0), segment: a, b), point(PixelPoint(x: x0, y: y1), segment: a, b),
            point(PixelPoint(x: x1, y: y1), segment: a, b))
    }

    /// The distance from `arc` to the closed box: 0 when an end lies in the box or the circle crosses one of its
    /// edges where the arc passes; else the least over the candidates named in the type's comment.
    /// - Complexity: O(1), no trigonometry (the arc's direction test is two cross products).
    static func arc(_ arc: Arc, _ box: PixelBounds) -> Double {
        let c = arc.center
        let r = arc.radius
        var best = Swift.min(point(c + arc.start, box), point(c + arc.end, box))
        if best == 0 { return 0 }
        // The circle's crossings with the box's closed edges, where the arc passes: then the arc meets the box.
        let r2 = r * r
        func crosses(_ line: Double, vertical: Bool) -> Bool {
            let d = line - (vertical ? c.x : c.y)
            guard abs(d) <= r else { return false }
            let h = Swift.max(0, r2 - d * d).squareRoot()
            let (middle, low, high) = vertical ? (c.y, box.minY, box.maxY) : (c.x, box.minX, box.maxX)
            for t in [h, -h] where middle + t >= low && middle + t <= high {
                if arc.covers(vertical ? PixelPoint(x: d, y: t) : PixelPoint(x: t, y: d)) { return true }
            }
            return false
        }
        if crosses(box.minX, vertical: true) || crosses(box.maxX, vertical: true)
            || crosses(box.minY, vertical: false) || crosses(box.maxY, vertical: false)
        {
            return 0
        }
        // A corner against the arc: its radial projection when the arc reaches its direction (else an end is
        // nearest, already counted).
        func corner(_ x: Double, _ y: Double) {
            let v = PixelPoint(x: x - c.x, y: y - c.y)
            let length = v.length
            if length == 0 {
                best = Swift.min(best, r)
            } else if arc.covers(v) {
                best = Swift.min(best, abs(length - r))
            }
        }
        corner(box.minX, box.minY)
        corner(box.maxX, box.minY)
        corner(box.minX, box.maxY)
        corner(box.maxX, box.maxY)
        // The circle's axis-extreme points the arc passes, against the box.
        func extreme(_ v: PixelPoint) {
            if arc.covers(v) { best = Swift.min(best, point(c + v, box)) }
        }
        extreme(PixelPoint(x: r, y: 0))
        extreme(PixelPoint(x: -r, y: 0))
        extreme(PixelPoint(x: 0, y: r))
        extreme(PixelPoint(x: 0, y: -r))
        return best
    }
}
