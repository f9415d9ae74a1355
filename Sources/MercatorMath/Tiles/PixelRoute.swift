import Foundation

/// Which way around the world a route between two longitudes goes.
public enum RouteWay: String, Sendable, Hashable, CaseIterable {
    /// The short way: |Δλ| ≤ 180°, B shifted by ± the image width when |px_B − px_A| > width/2. At exactly half the
    /// width the route goes the way the rhumb line does (``RhumbLine/init(from:to:on:)``): east when the longitude
    /// difference as given, ``Degrees/difference(from:to:)``, is +180°, west when it is −180°.
    case short
    /// Straight across the image as the pixels lie, never crossing ±180°.
    case direct
}

/// A route A→B in terrain pixels (the geometry model's *Route and flight loop* (§3)): a straight line on the Mercator
/// image, which is a rhumb line.
public struct PixelRoute: Sendable, Hashable {
    /// The tile grid the pixels belong to.
    public let grid: TileGrid
    /// P_A, the start pixel.
    public let start: PixelPoint
    /// P_B, the end pixel, unwrapped (shifted by ± width for the short way when needed).
    public let end: PixelPoint
    /// Leg length L = |P_B − P_A| in pixels.
    public let length: Double
    /// Heading θ in degrees clockwise from north (north is −y), in [0, 360); equals the rhumb heading.
    public let heading: Double
    /// The unit vector ahead, u(θ) = (sin θ, −cos θ).
    public let ahead: PixelPoint
    /// The unit vector to the right, r(θ) = (cos θ, sin θ).
    public let right: PixelPoint

    /// The route between two coordinates.
    ///
    /// The short way ties at |px_B − px_A| = width/2 as the rhumb line does, by the sign of the longitude
    /// difference as given (GeographicLib's convention): (0°, 0°) → (0°, 180°) runs east to x = width, although
    /// 180° and −180° are the same meridian and B's own pixel is x = 0; (0°, 180°) → (0°, 0°) runs west. This is
    /// the "not shifted at exactly half the width" of the geometry model's *Route and flight loop* (§3), with λ = 180
    /// at px = width, as §1's formula puts it.
    /// - Throws: ``MercatorError`` if either end lies past the terrain's latitude limit, or the ends coincide or lie
    ///   closer than ``minimumLength(on:)``.
    /// - Complexity: O(1).
    public init(from a: GeoCoordinate, to b: GeoCoordinate, on grid: TileGrid, way: RouteWay = .short)
        throws(MercatorError)
    {
        let pa = try grid.pixel(of: a)
        var pb = try grid.pixel(of: b)
        if way == .short {
            let dx = pb.x - pa.x
            let half = grid.width / 2
            if dx > half {
                pb.x -= grid.width
            } else if dx < -half {
                pb.x += grid.width
            } else if abs(dx) == half {
                let east = Degrees.difference(from: a.givenLongitude, to: b.givenLongitude) > 0
                if east && dx < 0 { pb.x += grid.width } else if !east && dx > 0 { pb.x -= grid.width }
            }
        }
        guard pa != pb else { throw .coincidentEndpoints(longitude: a.longitude, latitude: a.latitude) }
        try Self.requireMinimumLength(from: pa, to: pb, on: grid)
        self.init(grid: grid, start: pa, end: pb)
    }

    /// The route between two terrain pixels, taken as given (x unwrapped, no short-way shift).
    /// - Throws: ``MercatorError`` for non-finite or coincident pixels, or pixels closer than
    ///   ``minimumLength(on:)`` or so far apart that their distance is not finite.
    public init(start: PixelPoint, end: PixelPoint, on grid: TileGrid) throws(MercatorError) {
        for (value, name) in [(start.x, "Start x"), (start.y, "Start y"), (end.x, "End x"), (end.y, "End y")] {
            try MercatorError.requireFinite(value, name)
        }
        guard start != end else {
            throw .coincidentEndpoints(
                longitude: start.x * 360 / grid.width - 180, latitude: grid.latitude(atPixelY: start.y))
        }
        try Self.requireMinimumLength(from: start, to: end, on: grid)
        self.init(grid: grid, start: start, end: end)
    }

    /// The shortest route on a grid, 10⁻¹⁴ of its width (1.152·10⁻¹⁰ px on Mars Viking, 2.7·10⁻³ px at Web Mercator
    /// z = 30): the rounding scale of the grid's largest coordinates, the width term of ``TileGrid/tieTolerance``.
    /// Shorter legs have a heading set by rounding, and below about 10⁻¹⁵⁴ px |P_B − P_A| would underflow to 0
    /// (distinct points 10⁻¹⁸³ px apart made a route of length 0).
    public static func minimumLength(on grid: TileGrid) -> Double { 1e-14 * grid.width }

    /// Throws unless ``minimumLength(on:)`` ≤ |end − start| < ∞, measured without underflow or overflow.
    private static func requireMinimumLength(from start: PixelPoint, to end: PixelPoint, on grid: TileGrid)
        throws(MercatorError)
    {
        let d = end - start
        let length = Foundation.hypot(d.x, d.y)
        let minimum = minimumLength(on: grid)
        guard length >= minimum, length <= .greatestFiniteMagnitude else {
            let problem = length < minimum ? "too close together" : "too far apart"
            throw .outOfRange(
                field: "Route length in px (the endpoints are \(problem))", value: length,
                range: minimum...Double.greatestFiniteMagnitude)
        }
    }

    private init(grid: TileGrid, start: PixelPoint, end: PixelPoint) {
        self.grid = grid
        self.start = start
        self.end = end
        let d = end - start
        // √(x² + y²) as everywhere else, unless the squares overflow or underflow: then the careful hypot.
        let squared = d.dot(d)
        length = squared.isNormal ? squared.squareRoot() : Foundation.hypot(d.x, d.y)
        heading = Degrees.normalizedHeading(Degrees.atan2(d.x, -d.y))
        ahead = PixelPoint.ahead(heading: heading)
        right = PixelPoint.right(heading: heading)
    }

    /// The same route flown B→A.
    public func reversed() -> PixelRoute { PixelRoute(grid: grid, start: end, end: start) }
}

extension PixelPoint {
    /// The unit vector ahead for a heading in degrees: u(θ) = (sin θ, −cos θ), exact at multiples of 90°.
    @inlinable
    public static func ahead(heading: Double) -> PixelPoint {
        let (s, c) = Degrees.sinCos(heading)
        return PixelPoint(x: s, y: -c)
    }

    /// The unit vector to the right for a heading in degrees: r(θ) = (cos θ, sin θ), exact at multiples of 90°.
    @inlinable
    public static func right(heading: Double) -> PixelPoint {
        let (s, c) = Degrees.sinCos(heading)
        return PixelPoint(x: c, y: s)
    }
}
