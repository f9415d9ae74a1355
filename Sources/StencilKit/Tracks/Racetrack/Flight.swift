/// Everything that decides which tiles a flight needs (MODEL.md §3–§4): the route on a tile grid, the screen,
/// the U-turns and the lateral steering band.
public struct Flight: Sendable, Hashable {
    /// The route A→B in terrain pixels (with its grid).
    public let route: PixelRoute
    /// The screen and how it shows the terrain.
    public let screen: Screen
    /// The U-turn flown at each end.
    public let turn: Turn
    /// The band d ≥ 0 in terrain pixels the pilot may steer to either side of the track.
    public let lateralBand: Double

    /// Creates a flight along `route`.
    ///
    /// Every footprint the loop can show must stay within ``maximumExtent`` of the image origin: the route's
    /// farthest endpoint coordinate plus the reach of a footprint's corner from the track — the half-diagonal
    /// √(along² + across²) of the screen's extents (a corner, at any heading), plus the band, plus 2ρ for the turns.
    /// - Throws: ``StencilError`` for a negative or non-finite band, a flight reaching past ``maximumExtent``, a
    ///   footprint covering more than ``maximumTilesPerFrame`` tiles, or one too narrow to draw a tile: a side under
    ///   4·(2e + 16·ulp(2m)), e = ``/MercatorMath/TileGrid/tieTolerance`` and m the flight's farthest reach (see ``Viewport``).
    public init(route: PixelRoute, screen: Screen, turn: Turn = .pivot, lateralBand: Double = 0)
        throws(StencilError)
    {
        try StencilError.requireNonNegative(lateralBand, "Lateral band")
        let along = screen.along
        let across = screen.across
        let ahead = Swift.max(abs(along.lower), abs(along.upper))
        let aside = Swift.max(abs(across.lower), abs(across.upper))
        let reach = (ahead * ahead + aside * aside).squareRoot() + lateralBand + 2 * turn.radius
        let farthest = reach + Swift.max(abs(route.start.x), abs(route.start.y), abs(route.end.x), abs(route.end.y))
        guard farthest <= Self.maximumExtent else {
            throw .outOfRange(
                field: "Flight extent (route, screen × zoom, band and turns, in px)", value: farthest,
                valid: "at most \(Self.maximumExtent) px from the image origin")
        }
        // At twice the farthest reach, so that every pose of the loop passes a view's own check with margin.
        try Viewport.requireDrawable(
            along: along, across: across, reaching: 2 * farthest, on: route.grid, what: "Flight")
        // One frame's sweep across the band covers at most this many tiles: the bounding square of the footprint
        // widened by the band, whatever the heading.
        let wide = aside + lateralBand
        let side = 2 * (ahead * ahead + wide * wide).squareRoot() / route.grid.tileLength + 2
        guard side * side <= Double(Self.maximumTilesPerFrame) else {
            throw .outOfRange(
                field: "Footprint size in tiles (screen × zoom and band / tile size, squared)",
                value: (side * side).rounded(),
                valid:
                    "at most \(Self.maximumTilesPerFrame) tiles per frame; lower the zoom, the screen size or the band")
        }
        self.route = route
        self.screen = screen
        self.turn = turn
        self.lateralBand = lateralBand
    }

    /// Creates a flight between two coordinates on `grid`.
    /// - Throws: ``StencilError/geometry(_:)`` for endpoints past the terrain's limit or coincident, or the
    ///   errors of ``init(route:screen:turn:lateralBand:)``.
    public init(
        from a: GeoCoordinate, to b: GeoCoordinate, on grid: TileGrid, way: RouteWay = .short, screen: Screen,
        turn: Turn = .pivot, lateralBand: Double = 0
    ) throws(StencilError) {
        let route: PixelRoute
        do { route = try PixelRoute(from: a, to: b, on: grid, way: way) } catch { throw .geometry(error) }
        try self.init(route: route, screen: screen, turn: turn, lateralBand: lateralBand)
    }

    /// The most tiles one frame's footprint may cover, 2²⁰ (its bounding square at any heading, in tiles, with a
    /// tile of slack on every side): a screen that needs more is a zoom error, not a frame to draw.
    public static let maximumTilesPerFrame = 1 << 20

    /// The largest distance in pixels from the image origin that any part of a flight may reach, 2⁴⁰.
    public static let maximumExtent: Double = 1_099_511_627_776

    /// The tile grid flown over.
    public var grid: TileGrid { route.grid }

    /// The same flight from B back to A.
    ///
    /// With `keepingTrack` the turn direction flips too, so the loop runs along the same two tracks (only the
    /// direction of travel changes); otherwise the turns keep their direction and the loop is the original one
    /// turned half round about the route's midpoint.
    public func reversed(keepingTrack: Bool = false) -> Flight {
        let direction = keepingTrack ? turn.direction.opposite : turn.direction
        return Flight(
            unchecked: route.reversed(), screen: screen,
            turn: keepingTrack ? Turn(uncheckedRadius: turn.radius, direction: direction) : turn,
            lateralBand: lateralBand)
    }

    private init(unchecked route: PixelRoute, screen: Screen, turn: Turn, lateralBand: Double) {
        self.route = route
        self.screen = screen
        self.turn = turn
        self.lateralBand = lateralBand
    }
}
