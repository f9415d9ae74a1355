import Foundation

/// A half circle traced by a point rotating by sign·β, β ∈ [0, π], about a centre.
struct Arc: Sendable, Hashable {
    /// The centre of rotation.
    let center: PixelPoint
    /// The starting point relative to the centre.
    let start: PixelPoint
    /// +1 to rotate like a right turn (heading increasing), −1 like a left turn.
    let sign: Double
    /// The radius, |start|.
    let radius: Double

    init(center: PixelPoint, start: PixelPoint, sign: Double) {
        self.center = center
        self.start = start
        self.sign = sign
        self.radius = start.length
    }

    /// The rotation angle β in (−π, π] that carries `start` to the direction of `vector` (relative to the centre).
    @inlinable
    func angle(of vector: PixelPoint) -> Double {
        Rotation.angle(from: start, to: vector, sign: sign)
    }

    /// Whether the point `vector` (relative to the centre, on the circle) is on the arc.
    @inlinable
    func covers(_ vector: PixelPoint) -> Bool {
        let beta = angle(of: vector)
        return beta >= 0 || beta == -.pi
    }

    /// The point at rotation β.
    @inlinable
    func point(at beta: Double) -> PixelPoint {
        center + Rotation.rotate(start, by: sign * beta)
    }

    /// Whether the arc passes through the interior of the open box `box`.
    func meetsInterior(of box: Bounds) -> Bool {
        let (near, far) = box.distanceRange(from: center)
        guard near < radius, radius < far else { return false }
        if box.interiorContains(point(at: 0)) || box.interiorContains(point(at: .pi)) { return true }
        // Angles where the circle crosses the box's four edge lines cut the arc into pieces that lie wholly
        // inside or wholly outside the open box; test each piece at its middle.
        var breaks: [Double] = [0, .pi]
        breaks.reserveCapacity(10)
        func add(_ v: PixelPoint) {
            let beta = angle(of: v)
            if beta > 0 && beta < .pi { breaks.append(beta) }
        }
        for x in [box.minX, box.maxX] {
            let dx = x - center.x
            if abs(dx) < radius {
                let h = (radius * radius - dx * dx).squareRoot()
                add(PixelPoint(x: dx, y: h))
                add(PixelPoint(x: dx, y: -h))
            }
        }
        for y in [box.minY, box.maxY] {
            let dy = y - center.y
            if abs(dy) < radius {
                let h = (radius * radius - dy * dy).squareRoot()
                add(PixelPoint(x: h, y: dy))
                add(PixelPoint(x: -h, y: dy))
            }
        }
        breaks.sort()
        for i in 0..<(breaks.count - 1) where breaks[i + 1] > breaks[i] {
            if box.interiorContains(point(at: (breaks[i] + breaks[i + 1]) / 2)) { return true }
        }
        return false
    }
}

/// Plane rotations in pixel coordinates, where rotating by +β turns a heading's vectors as the heading grows.
enum Rotation {
    /// `v` rotated by `angle` radians: u(θ) rotated by β is u(θ + β).
    @inlinable
    static func rotate(_ v: PixelPoint, by angle: Double) -> PixelPoint {
        let c = cos(angle)
        let s = sin(angle)
        return PixelPoint(x: v.x * c - v.y * s, y: v.x * s + v.y * c)
    }

    /// The angle in (−π, π] by which rotating `from` by sign·angle points it along `to`.
    @inlinable
    static func angle(from a: PixelPoint, to b: PixelPoint, sign: Double) -> Double {
        atan2(sign * (a.x * b.y - a.y * b.x), a.x * b.x + a.y * b.y)
    }
}

extension Bounds {
    /// Whether `p` lies strictly inside the box.
    @inlinable
    func interiorContains(_ p: PixelPoint) -> Bool {
        p.x > minX && p.x < maxX && p.y > minY && p.y < maxY
    }

    /// The nearest and farthest distances from `p` to the closed box.
    @inlinable
    func distanceRange(from p: PixelPoint) -> (near: Double, far: Double) {
        let nx = max(minX - p.x, 0, p.x - maxX)
        let ny = max(minY - p.y, 0, p.y - maxY)
        let fx = max(abs(minX - p.x), abs(maxX - p.x))
        let fy = max(abs(minY - p.y), abs(maxY - p.y))
        return ((nx * nx + ny * ny).squareRoot(), (fx * fx + fy * fy).squareRoot())
    }
}

/// Segment tests against open boxes and circles.
enum Segment {
    /// Whether the closed segment a–b meets the open box.
    @inlinable
    static func meetsInterior(_ a: PixelPoint, _ b: PixelPoint, of box: Bounds) -> Bool {
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

    /// The parameters t in [0, 1] where the segment a–b crosses the circle about `center` of `radius`.
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
        for t in [(-fd - root) / dd, (-fd + root) / dd] where t >= 0 && t <= 1 {
            if body(a + t * d) { return true }
        }
        return false
    }
}
