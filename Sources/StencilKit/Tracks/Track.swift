/// How a track closes (the geometry model's *Tracks: routes of any shape* (§7)).
public enum TrackClosure: String, Sendable, Hashable, CaseIterable {
    /// Flown once from the first waypoint to the last; no turn at either end.
    case oneWay
    /// A circuit: a leg from the last waypoint back to the first closes it, and every waypoint turns.
    case loop
    /// The §3 racetrack: out A→B, a U-turn, back B→A, a U-turn.
    case racetrack

    /// Whether the track is flown lap after lap (a loop or a racetrack).
    public var isClosed: Bool { self != .oneWay }
}

/// A route of any shape (the geometry model's *Tracks: routes of any shape* (§7)): a chain of straight and turn pieces,
/// each starting where the previous one
/// ends at the heading it ends with, together with the screen and lateral band that decide which tiles it needs.
///
/// Every route shape is a track; build one with ``init(racetrack:)`` (the A→B loop with a U-turn at each end),
/// ``init(waypoints:on:screen:legs:turnRadius:closure:tolerance:lateralBand:)`` or
/// ``init(start:heading:steps:on:screen:lateralBand:closure:)`` (pieces by hand). Along-track arc length s is the
/// distance flown from the start; a pivot adds none (its poses are addressed by piece and angle). How a plan
/// measures position along the track is its ``planMeasure``.
public struct Track: Sendable, Hashable {
    /// The tile grid flown over.
    public let grid: TileGrid
    /// The screen and how it shows the terrain.
    public let screen: Screen
    /// The band d ≥ 0 in terrain pixels the pilot may steer to either side of the track.
    public let lateralBand: Double
    /// The pieces in flying order.
    public let pieces: [TrackPiece]
    /// How the track closes.
    public let closure: TrackClosure
    /// The arc length at the start of each piece, plus the total at the end (`pieces.count + 1` values).
    public let pieceStarts: [Double]
    /// How a plan measures position along the track (``PlanMeasure/arcLength`` unless the builder says otherwise:
    /// the racetrack measures its legs by their projection on u(θ)).
    public let planMeasure: PlanMeasure
    /// The index of the first piece of each leg, ascending, starting at 0 (the geometry model's *Ground units and
    /// time*, §12, counts legs for per-leg speeds): a leg's turn at its end belongs to it. A track through n + 1
    /// waypoints has n legs one way and n + 1 as a loop (the closing leg last); the racetrack has two (outbound and
    /// its U-turn at B, the return and its U-turn at A); a track chained by hand has one.
    public let legStarts: [Int]

    /// The most pieces a track may have, 2²⁰ (a route longer than that is refused as too large to hold).
    public static let maximumPieces = 1 << 20

    /// Total arc length in pixels.
    public var length: Double { pieceStarts[pieces.count] }

    /// Checks and stores a chain of pieces.
    /// - Throws: ``StencilError/tooLarge(what:value:limit:advice:)`` for more than ``maximumPieces`` pieces or a
    ///   footprint over ``FootprintLimits/maximumTilesPerFrame``; ``StencilError/outOfRange(field:value:valid:)`` for
    ///   a track reaching past ``FootprintLimits/maximumExtent`` or a footprint too narrow to draw a tile (a side
    ///   under 4·e_draw at twice the track's farthest reach; see ``FootprintLimits``);
    ///   ``StencilError/nonFinite(field:value:)``.
    init(
        pieces: [TrackPiece], grid: TileGrid, screen: Screen, lateralBand: Double, closure: TrackClosure,
        planMeasure: PlanMeasure = .arcLength, legStarts: [Int] = [0]
    ) throws(StencilError) {
        try StencilError.requireNonNegative(lateralBand, "Lateral band")
        guard !pieces.isEmpty else {
            throw .outOfRange(field: "Track pieces", value: 0, valid: "at least one piece")
        }
        guard pieces.count <= Self.maximumPieces else {
            throw .tooLarge(
                what: "Track pieces", value: Double(pieces.count), limit: Double(Self.maximumPieces),
                advice: "split the route, or raise the great-circle tolerance")
        }
        let reach = Self.footprintReach(screen: screen, lateralBand: lateralBand)
        try Self.checkFootprintSize(screen: screen, lateralBand: lateralBand, grid: grid)
        var farthest = 0.0
        var starts: [Double] = []
        starts.reserveCapacity(pieces.count + 1)
        var s = 0.0
        for piece in pieces {
            starts.append(s)
            let extra: Double
            switch piece {
            case .straight(let p):
                extra = Swift.max(abs(p.start.x), abs(p.start.y), abs(p.end.x), abs(p.end.y))
            case .turn(let p):
                extra = Swift.max(abs(p.center.x), abs(p.center.y)) + p.radius
            }
            guard extra.isFinite, piece.length.isFinite else {
                throw .nonFinite(field: "Track piece geometry", value: extra.isFinite ? piece.length : extra)
            }
            farthest = Swift.max(farthest, extra)
            s += piece.length
        }
        starts.append(s)
        try FootprintLimits.requireExtent(farthest + reach, of: "track")
        // At twice the farthest reach, so that every pose of the track passes a view's own check with margin.
        try FootprintLimits.requireDrawable(
            along: screen.along, across: screen.across, reaching: 2 * (farthest + reach), on: grid, of: "track")
        self.init(
            unchecked: pieces, starts: starts, grid: grid, screen: screen, lateralBand: lateralBand, closure: closure,
            planMeasure: planMeasure, legStarts: legStarts)
    }

    /// A track of pieces chained by hand from `start` at `heading`: each step is flown from where the previous
    /// one ends, at the heading it ends with.
    /// - Throws: ``StencilError`` for non-finite or out-of-range steps (a straight length ≤ 0, a radius < 0, a turn
    ///   angle of 0 or past ±360°), and the size limits of a track.
    public init(
        start: PixelPoint, heading: Double, steps: [TrackStep], on grid: TileGrid, screen: Screen,
        lateralBand: Double = 0, closure: TrackClosure = .oneWay
    ) throws(StencilError) {
        try StencilError.requireFinite(start.x, "Start x")
        try StencilError.requireFinite(start.y, "Start y")
        try StencilError.requireFinite(heading, "Start heading")
        guard steps.count <= Self.maximumPieces else {
            throw .tooLarge(
                what: "Track pieces", value: Double(steps.count), limit: Double(Self.maximumPieces),
                advice: "split the route")
        }
        var position = start
        var theta = Degrees.normalizedHeading(heading)
        var pieces: [TrackPiece] = []
        pieces.reserveCapacity(steps.count)
        for step in steps {
            switch step {
            case .straight(let length):
                try StencilError.requirePositive(length, "Straight length")
                let piece = StraightPiece(
                    start: position, end: position + length * PixelPoint.ahead(heading: theta), heading: theta,
                    length: length)
                pieces.append(.straight(piece))
                position = piece.end
            case .turn(let radius, let degrees):
                try StencilError.requireNonNegative(radius, "Turn radius")
                try StencilError.requireFinite(degrees, "Turn angle")
                guard degrees != 0, abs(degrees) <= 360 else {
                    throw .outOfRange(field: "Turn angle", value: degrees, valid: "non-zero, within ±360°")
                }
                let piece = TurnPiece(start: position, heading: theta, radius: radius, angle: degrees)
                pieces.append(.turn(piece))
                position = piece.end
                theta = piece.endHeading
            }
        }
        try self.init(pieces: pieces, grid: grid, screen: screen, lateralBand: lateralBand, closure: closure)
    }

    /// The farthest a footprint corner lies from its pose, band included: √(max|p|² + (max|q| + d)²).
    static func footprintReach(screen: Screen, lateralBand: Double) -> Double {
        FootprintLimits.reach(along: screen.along, across: screen.across, band: lateralBand)
    }

    /// Refuses a footprint, widened by the band, whose bounding square covers more than
    /// ``FootprintLimits/maximumTilesPerFrame`` tiles.
    static func checkFootprintSize(screen: Screen, lateralBand: Double, grid: TileGrid) throws(StencilError) {
        try FootprintLimits.requireTileCount(
            reach: footprintReach(screen: screen, lateralBand: lateralBand), on: grid, of: "track")
    }

    /// The same track flown backwards: pieces in reverse order, each flown the other way (a right turn becomes a
    /// left one about the same centre). Its plan measure runs the other way too.
    public func reversed() -> Track {
        var reversedPieces: [TrackPiece] = []
        reversedPieces.reserveCapacity(pieces.count)
        for piece in pieces.reversed() {
            switch piece {
            case .straight(let p):
                reversedPieces.append(
                    .straight(
                        StraightPiece(
                            start: p.end, end: p.start, heading: Degrees.normalizedHeading(p.heading + 180),
                            length: p.length)))
            case .turn(let p):
                reversedPieces.append(
                    .turn(
                        TurnPiece(
                            start: p.end, heading: Degrees.normalizedHeading(p.endHeading + 180), center: p.center,
                            radius: p.radius, angle: -p.angle, takesTime: p.takesTime)))
            }
        }
        var starts = [0.0]
        for piece in reversedPieces { starts.append(starts[starts.count - 1] + piece.length) }
        return Track(
            unchecked: reversedPieces, starts: starts, grid: grid, screen: screen, lateralBand: lateralBand,
            closure: closure, planMeasure: planMeasure.reversed(length: length),
            legStarts: Self.reversedLegStarts(legStarts, pieces: pieces.count))
    }

    /// Stores a chain of pieces and their arc-length starts as given, unchecked (the checked initializer and
    /// ``reversed()``, whose inputs are already valid, end here).
    init(
        unchecked pieces: [TrackPiece], starts: [Double], grid: TileGrid, screen: Screen, lateralBand: Double,
        closure: TrackClosure, planMeasure: PlanMeasure, legStarts: [Int] = [0]
    ) {
        self.pieces = pieces
        pieceStarts = starts
        self.grid = grid
        self.screen = screen
        self.lateralBand = lateralBand
        self.closure = closure
        self.planMeasure = planMeasure
        self.legStarts = legStarts
    }

    /// The number of legs, `legStarts.count`.
    public var legCount: Int { legStarts.count }

    /// The leg a piece belongs to: the last leg starting at or before it.
    /// - Complexity: O(log legs).
    public func leg(ofPiece index: Int) -> Int {
        Swift.max(0, legStarts.partitioningIndex { $0 > index } - 1)
    }

    /// The leg starts of the same pieces in reverse order: a leg [a, b) becomes [n − b, n − a).
    static func reversedLegStarts(_ starts: [Int], pieces n: Int) -> [Int] {
        let ends = Array(starts.dropFirst()) + [n]
        return ends.reversed().map { n - $0 }
    }
}

/// A step of a track built by hand (``Track/init(start:heading:steps:on:screen:lateralBand:closure:)``).
public enum TrackStep: Sendable, Hashable {
    /// Fly straight ahead for a length in pixels (> 0).
    case straight(length: Double)
    /// Turn by a signed angle in degrees (positive right, 0 < |angle| ≤ 360) on a radius in pixels (0: a pivot).
    case turn(radius: Double, degrees: Double)
}
