/// The racetrack (the geometry model's *Route and flight loop*): a route A→B flown out, a U-turn at B, flown back
/// offset by 2ρ to the turn side, and a U-turn at A — the shape a racetrack ``Track`` is built from, together with
/// the screen and lateral band that decide which tiles it needs.
///
/// It is a way to build a track, nothing more: poses, frames, culling, stencils, plans and schedules are the
/// track's (``Track/init(racetrack:)``). Its pieces are, in flying order, the outbound leg (piece 0), the U-turn at
/// B (1), the return leg (2) and the U-turn at A (3); its plan measure is the legs' projection on u(θ).
public struct Racetrack: Sendable, Hashable {
    /// The route A→B in terrain pixels (with its grid).
    public let route: PixelRoute
    /// The screen and how it shows the terrain.
    public let screen: Screen
    /// The U-turn flown at each end.
    public let turn: Turn
    /// The band d ≥ 0 in terrain pixels the pilot may steer to either side of the track.
    public let lateralBand: Double

    /// Creates a racetrack along `route`.
    ///
    /// Every footprint the loop can show must stay within ``FootprintLimits/maximumExtent`` of the image origin:
    /// the route's farthest endpoint coordinate plus the reach of a footprint's corner from the track — the
    /// half-diagonal √(along² + across²) of the screen's extents (a corner, at any heading), plus the band, plus 2ρ
    /// for the turns.
    /// - Throws: ``StencilError`` for a negative or non-finite band, a racetrack reaching past
    ///   ``FootprintLimits/maximumExtent``, a footprint covering more than ``FootprintLimits/maximumTilesPerFrame``
    ///   tiles, or one too narrow to draw a tile (see ``FootprintLimits``).
    public init(route: PixelRoute, screen: Screen, turn: Turn = .pivot, lateralBand: Double = 0)
        throws(StencilError)
    {
        try StencilError.requireNonNegative(lateralBand, "Lateral band")
        let reach = FootprintLimits.reach(along: screen.along, across: screen.across, band: lateralBand)
        let farthest =
            reach + 2 * turn.radius
            + Swift.max(abs(route.start.x), abs(route.start.y), abs(route.end.x), abs(route.end.y))
        try FootprintLimits.requireExtent(farthest, of: "racetrack")
        // At twice the farthest reach, so that every pose of the loop passes a view's own check with margin.
        try FootprintLimits.requireDrawable(
            along: screen.along, across: screen.across, reaching: 2 * farthest, on: route.grid, of: "racetrack")
        // One frame's sweep across the band covers at most this many tiles: the bounding square of the footprint
        // widened by the band, whatever the heading.
        try FootprintLimits.requireTileCount(reach: reach, on: route.grid, of: "racetrack")
        self.route = route
        self.screen = screen
        self.turn = turn
        self.lateralBand = lateralBand
    }

    /// Creates a racetrack between two coordinates on `grid`.
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

    /// The tile grid flown over.
    public var grid: TileGrid { route.grid }

    /// The centre of the U-turn at A, C_A = P_A + σρ·r(θ).
    public var startTurnCenter: PixelPoint { route.start + turnOffset }
    /// The centre of the U-turn at B, C_B = P_B + σρ·r(θ).
    public var endTurnCenter: PixelPoint { route.end + turnOffset }
    private var turnOffset: PixelPoint { turn.direction.sign * turn.radius * route.right }

    /// The same racetrack from B back to A.
    ///
    /// With `keepingTrack` the turn direction flips too, so the loop runs along the same two tracks (only the
    /// direction of travel changes); otherwise the turns keep their direction and the loop is the original one
    /// turned half round about the route's midpoint.
    public func reversed(keepingTrack: Bool = false) -> Racetrack {
        let direction = keepingTrack ? turn.direction.opposite : turn.direction
        return Racetrack(
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

/// The racetrack's former name.
@available(*, deprecated, renamed: "Racetrack")
public typealias Flight = Racetrack

extension Track {
    /// The racetrack's track (the geometry model's *Tracks*): straight (P_A, θ, L), turn (ρ, σ·180°), straight
    /// (P_B + 2σρ·r(θ), θ + 180°, L), turn (ρ, σ·180°), closed as ``TrackClosure/racetrack``, with the plan measure
    /// of the *Stencil, culling and budget* article: both legs over positions [0, L] (the outbound forward, the
    /// return backward: a pose's position projected on u(θ) from P_A), the U-turn at B held whole at L and the one
    /// at A at 0 — so the first segment of a plan owns the turn at A and the last the turn at B.
    /// - Complexity: O(1).
    public init(racetrack: Racetrack) {
        let route = racetrack.route
        let sign = racetrack.turn.direction.sign
        let rho = racetrack.turn.radius
        let theta = route.heading
        let back = Degrees.normalizedHeading(theta + 180)
        let returnStart = route.end + 2 * sign * rho * route.right
        let returnEnd = route.start + 2 * sign * rho * route.right
        let pieces: [TrackPiece] = [
            .straight(StraightPiece(start: route.start, end: route.end, heading: theta, length: route.length)),
            .turn(
                TurnPiece(
                    start: route.end, heading: theta, center: racetrack.endTurnCenter, radius: rho,
                    angle: sign * 180, takesTime: true)),
            .straight(StraightPiece(start: returnStart, end: returnEnd, heading: back, length: route.length)),
            .turn(
                TurnPiece(
                    start: returnEnd, heading: back, center: racetrack.startTurnCenter, radius: rho,
                    angle: sign * 180, takesTime: true)),
        ]
        var starts = [0.0]
        for piece in pieces { starts.append(starts[starts.count - 1] + piece.length) }
        let length = route.length
        let measure = PlanMeasure.pieceSpans(
            [
                .init(Interval(0, length), .forward), .init(Interval(length, length), .whole),
                .init(Interval(0, length), .backward), .init(Interval(0, 0), .whole),
            ], length: length)
        self.init(
            unchecked: pieces, starts: starts, grid: racetrack.grid, screen: racetrack.screen,
            lateralBand: racetrack.lateralBand, closure: .racetrack, planMeasure: measure, legStarts: [0, 2])
    }
}
