/// A rectangle in terrain pixels aligned with a heading: the points `origin + p·ahead + q·right` for p in
/// ``along`` and q in ``across``. A pose's screen footprint (the geometry model's *Screen footprint* (§4)) and a leg's
/// swept corridor are both one.
public struct Footprint: Sendable, Hashable {
    /// The reference point the extents are measured from (the aircraft, for a pose's footprint).
    public var origin: PixelPoint
    /// The heading in degrees clockwise from north that the rectangle is aligned with. Constant, like the
    /// ``ahead`` and ``right`` vectors derived from it: make a new footprint for another heading.
    public let heading: Double
    /// The unit vector ahead, u(heading).
    public let ahead: PixelPoint
    /// The unit vector to the right, r(heading).
    public let right: PixelPoint
    /// Extent along the heading (ahead positive), in terrain pixels from ``origin``.
    public var along: Interval
    /// Extent across the heading (right positive), in terrain pixels from ``origin``.
    public var across: Interval

    /// Creates the rectangle.
    @inlinable
    public init(origin: PixelPoint, heading: Double, along: Interval, across: Interval) {
        let (sin, cos) = Degrees.sinCos(heading)
        self.origin = origin
        self.heading = heading
        self.ahead = PixelPoint(x: sin, y: -cos)
        self.right = PixelPoint(x: cos, y: sin)
        self.along = along
        self.across = across
    }

    /// The terrain point at along-track `p` and across-track `q`.
    @inlinable
    public func point(along p: Double, across q: Double) -> PixelPoint {
        PixelPoint(x: origin.x + p * ahead.x + q * right.x, y: origin.y + p * ahead.y + q * right.y)
    }

    /// The four corners in order around the rectangle: rear-left, front-left, front-right, rear-right.
    @inlinable
    public var corners: Quad {
        Quad(
            point(along: along.lower, across: across.lower), point(along: along.upper, across: across.lower),
            point(along: along.upper, across: across.upper), point(along: along.lower, across: across.upper))
    }

    /// Whether the closed rectangle holds `point`.
    @inlinable
    public func contains(_ point: PixelPoint) -> Bool {
        let d = point - origin
        return along.contains(d.dot(ahead)) && across.contains(d.dot(right))
    }
}

/// Four points in order around a convex quadrilateral.
public struct Quad: Sendable, Hashable {
    /// The corners, in order around the quadrilateral.
    public var a: PixelPoint, b: PixelPoint, c: PixelPoint, d: PixelPoint

    /// Creates a quadrilateral from its corners in order.
    @inlinable
    public init(_ a: PixelPoint, _ b: PixelPoint, _ c: PixelPoint, _ d: PixelPoint) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
    }

    /// The corner `i` (0…3).
    @inlinable
    public subscript(i: Int) -> PixelPoint {
        switch i & 3 {
        case 0: return a
        case 1: return b
        case 2: return c
        default: return d
        }
    }

    /// The closed axis-aligned bounding box: [min x, max x] × [min y, max y] over the four corners.
    /// - Complexity: O(1).
    @inlinable
    public var bounds: PixelBounds {
        PixelBounds(
            minX: min(min(a.x, b.x), min(c.x, d.x)), minY: min(min(a.y, b.y), min(c.y, d.y)),
            maxX: max(max(a.x, b.x), max(c.x, d.x)), maxY: max(max(a.y, b.y), max(c.y, d.y)))
    }
}

/// The former name of the closed bounding box, now ``/MercatorMath/PixelBounds`` (MercatorMath, re-exported): one
/// pixel rectangle type whose members say whether they read it closed or half-open.
@available(*, deprecated, renamed: "PixelBounds")
public typealias Bounds = PixelBounds
