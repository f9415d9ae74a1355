import Foundation

/// A corridor computed by brute force, apart from the library: every tile of a window around the centreline is
/// tested by the distance from its square to each piece, written here as segment–segment distances against the
/// square's four edges (the library clips instead), and arcs as fine chords with the chord error as an undecided
/// band.
struct CorridorOracle {
    /// A straight piece, from (x0, y0) to (x1, y1) in px of the finest level.
    typealias Segment = (x0: Double, y0: Double, x1: Double, y1: Double)
    /// A fly-by arc: centre, start point, signed sweep in radians (positive clockwise on the image, y down).
    typealias Arc = (cx: Double, cy: Double, sx: Double, sy: Double, sweep: Double)

    var segments: [Segment]
    var arcs: [Arc]

    /// A tile's verdict: in, out, or too close to the threshold for the arcs' chords to decide.
    enum Verdict { case inside, outside, undecided }

    static func pointSegment(_ px: Double, _ py: Double, _ s: Segment) -> Double {
        let dx = s.x1 - s.x0
        let dy = s.y1 - s.y0
        let length2 = dx * dx + dy * dy
        var t = length2 == 0 ? 0 : ((px - s.x0) * dx + (py - s.y0) * dy) / length2
        t = min(1, max(0, t))
        let ex = s.x0 + t * dx - px
        let ey = s.y0 + t * dy - py
        return (ex * ex + ey * ey).squareRoot()
    }

    static func orientation(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ cx: Double, _ cy: Double)
        -> Double
    {
        (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    }

    static func onSegment(_ px: Double, _ py: Double, _ s: Segment) -> Bool {
        px >= min(s.x0, s.x1) && px <= max(s.x0, s.x1) && py >= min(s.y0, s.y1) && py <= max(s.y0, s.y1)
    }

    /// Whether two closed segments meet (orientation tests, collinear overlaps included).
    static func intersect(_ a: Segment, _ b: Segment) -> Bool {
        let o1 = orientation(a.x0, a.y0, a.x1, a.y1, b.x0, b.y0)
        let o2 = orientation(a.x0, a.y0, a.x1, a.y1, b.x1, b.y1)
        let o3 = orientation(b.x0, b.y0, b.x1, b.y1, a.x0, a.y0)
        let o4 = orientation(b.x0, b.y0, b.x1, b.y1, a.x1, a.y1)
        if ((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0)) { return true }
        if o1 == 0 && onSegment(b.x0, b.y0, a) { return true }
        if o2 == 0 && onSegment(b.x1, b.y1, a) { return true }
        if o3 == 0 && onSegment(a.x0, a.y0, b) { return true }
        if o4 == 0 && onSegment(a.x1, a.y1, b) { return true }
        return false
    }

    /// Segment–segment distance: 0 when they meet, else the least of the four end-to-segment distances.
    static func segmentSegment(_ a: Segment, _ b: Segment) -> Double {
        if intersect(a, b) { return 0 }
        return min(
            pointSegment(a.x0, a.y0, b), pointSegment(a.x1, a.y1, b), pointSegment(b.x0, b.y0, a),
            pointSegment(b.x1, b.y1, a))
    }

    /// The distance from the square [x0, x0 + side] × [y0, y0 + side] to the segment: 0 when an end lies inside,
    /// else the least distance to the square's four edges.
    static func squareSegment(_ x0: Double, _ y0: Double, _ side: Double, _ s: Segment) -> Double {
        let x1 = x0 + side
        let y1 = y0 + side
        if s.x0 >= x0 && s.x0 <= x1 && s.y0 >= y0 && s.y0 <= y1 { return 0 }
        return min(
            segmentSegment((x0, y0, x1, y0), s), segmentSegment((x1, y0, x1, y1), s),
            segmentSegment((x1, y1, x0, y1), s), segmentSegment((x0, y1, x0, y0), s))
    }

    /// The verdict for the square at distance `d` (px), with every piece scaled by `factor`.
    func verdict(x0: Double, y0: Double, side: Double, d: Double, factor: Double) -> Verdict {
        var best = Double.infinity
        for s in segments {
            let t: Segment = (s.x0 * factor, s.y0 * factor, s.x1 * factor, s.y1 * factor)
            // Skip a segment whose box lies farther than d from the square (a prefilter, not the test).
            if min(t.x0, t.x1) > x0 + side + d || max(t.x0, t.x1) < x0 - d || min(t.y0, t.y1) > y0 + side + d
                || max(t.y0, t.y1) < y0 - d
            {
                continue
            }
            best = min(best, Self.squareSegment(x0, y0, side, t))
            if best < d { return .inside }
        }
        var undecided = false
        for arc in arcs {
            let radius = hypot(arc.sx - arc.cx, arc.sy - arc.cy) * factor
            // Chords with sagitta ≤ 10⁻⁴ px: every arc point within it of the chords and back.
            let tolerance = 1e-4
            let count = max(8, Int((abs(arc.sweep) * (radius / (8 * tolerance)).squareRoot()).rounded(.up)))
            let error = radius * (1 - cos(abs(arc.sweep) / Double(count) / 2))
            let cx = arc.cx * factor
            let cy = arc.cy * factor
            let vx = arc.sx * factor - cx
            let vy = arc.sy * factor - cy
            var previous = (cx + vx, cy + vy)
            var nearest = Double.infinity
            for k in 1...count {
                let a = arc.sweep * Double(k) / Double(count)
                let next = (cx + vx * cos(a) - vy * sin(a), cy + vx * sin(a) + vy * cos(a))
                nearest = min(nearest, Self.squareSegment(x0, y0, side, (previous.0, previous.1, next.0, next.1)))
                previous = next
            }
            if nearest < d - error - 1e-9 { return .inside }
            if nearest <= d + error + 1e-9 { undecided = true }
        }
        return undecided ? .undecided : .outside
    }

    /// Every piece's bounding box, in px of the finest level.
    var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        var b = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        func add(_ x: Double, _ y: Double) { b = (min(b.0, x), min(b.1, y), max(b.2, x), max(b.3, y)) }
        for s in segments {
            add(s.x0, s.y0)
            add(s.x1, s.y1)
        }
        for a in arcs {
            let r = hypot(a.sx - a.cx, a.sy - a.cy)
            add(a.cx - r, a.cy - r)
            add(a.cx + r, a.cy + r)
        }
        return b
    }
}
