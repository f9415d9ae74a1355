/// A circular arc traced by a point rotating about a centre by sign·β for β ∈ [0, sweep]: the path of a corner
/// (or of an envelope point) of a rectangle swept by a turn.
///
/// Every test here is trig-free: whether a direction lies on the arc is decided with two cross products
/// (one for an arc of at most a half turn, the complement's two for a longer one), and the circle's pieces inside a
/// box are ordered by a pseudo-angle, a monotone function of the true angle made of one division.
struct Arc: Sendable, Hashable {
    /// The centre of rotation.
    let center: PixelPoint
    /// The starting point relative to the centre.
    let start: PixelPoint
    /// The end point relative to the centre: `start` rotated by sign·sweep.
    let end: PixelPoint
    /// +1 to rotate like a right turn (heading increasing), −1 like a left turn.
    let sign: Double
    /// The radius, |start|.
    let radius: Double
    /// How far the arc turns.
    let extent: ArcExtent

    /// The arc from `start` turned by `rotation` (the sweep's precomputed rotation by sign·sweep).
    init(center: PixelPoint, start: PixelPoint, sign: Double, rotation: SweepRotation) {
        self.center = center
        self.start = start
        self.sign = sign
        self.end = rotation.apply(to: start)
        self.radius = start.length
        self.extent = rotation.extent
    }

    /// Whether the direction `v` (relative to the centre; any length) is reached by the arc: O(1), no trigonometry.
    ///
    /// For an arc of at most a half turn, v lies on it iff it is not behind the start (σ·(s × v) ≥ 0) and not past
    /// the end (σ·(v × e) ≥ 0); a half turn has e = −s exactly, and both conditions become one. A longer arc holds v
    /// iff v is outside the open complementary arc from e to s, which is shorter than a half turn.
    @inlinable
    func covers(_ v: PixelPoint) -> Bool {
        switch extent {
        case .full:
            return true
        case .minor:
            return sign * Self.cross(start, v) >= 0 && sign * Self.cross(v, end) >= 0
        case .major:
            return !(sign * Self.cross(end, v) > 0 && sign * Self.cross(v, start) > 0)
        }
    }

    @inlinable
    static func cross(_ a: PixelPoint, _ b: PixelPoint) -> Double { a.x * b.y - a.y * b.x }

    /// Whether the arc passes through the interior of the open box `box`.
    ///
    /// The circle's crossings with the box's four edge lines (on the box's closed edges) cut the circle into open
    /// pieces that each lie wholly inside or wholly outside the open box. When neither end of the arc is inside the
    /// box, the arc meets the box exactly when it holds the middle of an inside piece. Cost: O(1) (at most eight
    /// crossings, sorted on the stack), no trigonometry.
    func meetsInterior(of box: PixelBounds) -> Bool {
        let (near, far) = box.distanceRange(from: center)
        guard near < radius, radius < far else { return false }
        if box.interiorContains(center + start) || box.interiorContains(center + end) { return true }
        return withUnsafeTemporaryAllocation(of: PixelPoint.self, capacity: 8) { points in
            var count = 0
            let r2 = radius * radius
            // The crossings with an edge line, x = c.x + d when `vertical`, else y = c.y + d: the points ±h along
            // the line (h = √(r² − d²)) that lie on the box's closed edge.
            func crossings(ofEdgeAt line: Double, vertical: Bool) {
                let d = line - (vertical ? center.x : center.y)
                guard abs(d) < radius else { return }
                let h = (r2 - d * d).squareRoot()
                let (c, low, high) = vertical ? (center.y, box.minY, box.maxY) : (center.x, box.minX, box.maxX)
                func keep(_ t: Double) {
                    guard c + t <= high && c + t >= low else { return }
                    points[count] = vertical ? PixelPoint(x: d, y: t) : PixelPoint(x: t, y: d)
                    count += 1
                }
                keep(h)
                keep(-h)
            }
            crossings(ofEdgeAt: box.minX, vertical: true)
            crossings(ofEdgeAt: box.maxX, vertical: true)
            crossings(ofEdgeAt: box.minY, vertical: false)
            crossings(ofEdgeAt: box.maxY, vertical: false)
            guard count > 0 else { return false }
            // Insertion sort by pseudo-angle (counter-clockwise in x, y numbers), dropping exact repeats.
            var unique = 0
            for i in 0..<count {
                let p = points[i]
                let key = PseudoAngle.of(p)
                var j = unique - 1
                var repeated = false
                while j >= 0 {
                    let other = PseudoAngle.of(points[j])
                    if other == key { repeated = true }
                    guard other > key else { break }
                    j -= 1
                }
                if repeated { continue }
                var k = unique
                while k > j + 1 {
                    points[k] = points[k - 1]
                    k -= 1
                }
                points[j + 1] = p
                unique += 1
            }
            for i in 0..<unique {
                let a = points[i]
                let b = points[(i + 1) % unique]
                let middle = Self.middle(from: a, to: b, radius: radius, only: unique == 1)
                if box.interiorContains(center + middle) && covers(middle) { return true }
            }
            return false
        }
    }

    /// The middle of the open piece of the circle from `a` to `b` (distinct directions, or `only` for the whole
    /// circle but `a`), turning the way the x, y angle grows.
    @inlinable
    static func middle(from a: PixelPoint, to b: PixelPoint, radius: Double, only: Bool) -> PixelPoint {
        if only { return PixelPoint(x: -a.x, y: -a.y) }
        let c = cross(a, b)
        let sum = a + b
        let length = sum.length
        if c == 0 || length == 0 {
            // Opposite points (distinct directions with no cross product): the middle is a turned a quarter turn
            // the way the angle grows.
            return PixelPoint(x: -a.y, y: a.x)
        }
        let scale = radius / length
        let bisector = PixelPoint(x: sum.x * scale, y: sum.y * scale)
        return c > 0 ? bisector : PixelPoint(x: -bisector.x, y: -bisector.y)
    }
}

/// How far an arc turns: at most a half turn, more, or a whole turn.
enum ArcExtent: Sendable, Hashable {
    /// 0 < sweep ≤ 180°.
    case minor
    /// 180° < sweep < 360°.
    case major
    /// sweep ≥ 360°: every direction.
    case full
}

/// A rotation by sign·sweep degrees, its sine and cosine computed once per sweep (exact at multiples of 90°).
struct SweepRotation: Sendable, Hashable {
    /// cos(sweep).
    let cos: Double
    /// sign·sin(sweep).
    let sin: Double
    /// The sweep's class.
    let extent: ArcExtent

    /// The rotation by `sign`·`degrees` (0 < degrees ≤ 360).
    init(degrees: Double, sign: Double) {
        let (s, c) = Degrees.sinCos(degrees)
        cos = c
        sin = sign * s
        extent = degrees >= 360 ? .full : (degrees > 180 ? .major : .minor)
    }

    /// `v` rotated: u(θ) becomes u(θ + sign·sweep).
    @inlinable
    func apply(to v: PixelPoint) -> PixelPoint {
        PixelPoint(x: v.x * cos - v.y * sin, y: v.x * sin + v.y * cos)
    }
}

/// A monotone stand-in for the angle of a vector, atan2(y, x) mod 2π mapped onto [0, 4) without trigonometry:
/// the "diamond angle" y/(|x| + |y|), shifted per half plane.
enum PseudoAngle {
    /// The pseudo-angle of a non-zero vector: increasing with atan2(v.y, v.x) taken in [0, 2π).
    @inlinable
    static func of(_ v: PixelPoint) -> Double {
        let t = v.y / (abs(v.x) + abs(v.y))
        if v.x >= 0 { return v.y >= 0 ? t : 4 + t }
        return 2 - t
    }
}

extension PixelBounds {
    /// Whether `p` lies strictly inside the box: the open rectangle (minX, maxX) × (minY, maxY), no edge of either
    /// reading.
    @inlinable
    func interiorContains(_ p: PixelPoint) -> Bool {
        p.x > minX && p.x < maxX && p.y > minY && p.y < maxY
    }

    /// The nearest and farthest distances from `p` to the closed box [minX, maxX] × [minY, maxY].
    @inlinable
    func distanceRange(from p: PixelPoint) -> (near: Double, far: Double) {
        let nx = max(minX - p.x, 0, p.x - maxX)
        let ny = max(minY - p.y, 0, p.y - maxY)
        let fx = max(abs(minX - p.x), abs(maxX - p.x))
        let fy = max(abs(minY - p.y), abs(maxY - p.y))
        return ((nx * nx + ny * ny).squareRoot(), (fx * fx + fy * fy).squareRoot())
    }
}

/// Line-segment tests against open boxes and circles (a geometric segment, not a plan's ``RouteSegment``).
enum LineSegment {
    /// Whether the closed segment a–b meets the open box.
    @inlinable
    static func meetsInterior(_ a: PixelPoint, _ b: PixelPoint, of box: PixelBounds) -> Bool {
        var lo = -Double.infinity
        var hi = Double.infinity
        func clip(_ start: Double, _ delta: Double, _ minV: Double, _ maxV: Double) -> Bool {
            if delta == 0 { return start > minV && start < maxV }
            let t0 = (minV - start) / delta
            let t1 = (maxV - start) / delta
            lo = max(lo, min(t0, t1))
            hi = min(hi, max(t0, t1))
            return true
        }
        guard clip(a.x, b.x - a.x, box.minX, box.maxX), clip(a.y, b.y - a.y, box.minY, box.maxY) else { return false }
        return lo < hi && lo < 1 && hi > 0
    }

    /// Calls `body` with the points where the segment a–b crosses the circle about `center` of `radius`, until it
    /// returns true; returns whether it did.
    @inlinable
    static func circleCrossings(
        _ a: PixelPoint, _ b: PixelPoint, center: PixelPoint, radius: Double, _ body: (PixelPoint) -> Bool
    ) -> Bool {
        let d = b - a
        let f = a - center
        let dd = d.dot(d)
        guard dd > 0 else { return false }
        let fd = f.dot(d)
        let disc = fd * fd - dd * (f.dot(f) - radius * radius)
        guard disc >= 0 else { return false }
        let root = disc.squareRoot()
        let t0 = (-fd - root) / dd
        let t1 = (-fd + root) / dd
        if t0 >= 0 && t0 <= 1 && body(a + t0 * d) { return true }
        return t1 >= 0 && t1 <= 1 && body(a + t1 * d)
    }
}
