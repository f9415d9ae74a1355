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
    /// - Throws: ``StencilError`` for a negative or non-finite band.
    public init(route: PixelRoute, screen: Screen, turn: Turn = .pivot, lateralBand: Double = 0)
        throws(StencilError)
    {
        try StencilError.requireNonNegative(lateralBand, "Lateral band")
        let along = screen.along
        let across = screen.across
        let reach = Swift.max(-along.lower, along.upper, -across.lower, across.upper) + lateralBand + 2 * turn.radius
        let farthest = reach + Swift.max(abs(route.start.x), abs(route.start.y), abs(route.end.x), abs(route.end.y))
        guard farthest <= Self.maximumExtent else {
            throw .outOfRange(
                field: "Flight extent (route, screen × zoom, band and turns, in px)", value: farthest,
                valid: "at most \(Self.maximumExtent) px from the image origin")
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
            unchecked: route.reversed, screen: screen,
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
