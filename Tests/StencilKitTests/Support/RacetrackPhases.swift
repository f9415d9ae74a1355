@testable import StencilKit

/// The tests' names for the racetrack's pieces (``Track/init(racetrack:)`` builds them in this flying order:
/// outbound leg, U-turn at B, return leg, U-turn at A), so racetrack tests read as the model's *Route and flight
/// loop* article does. The library has one pose type, ``TrackPose``; a phase here is only its piece index.
enum LoopPhase: Int, CaseIterable, CustomStringConvertible {
    case outbound, turnAtEnd, inbound, turnAtStart

    /// Whether the phase is a U-turn (its parameter is an angle).
    var isTurn: Bool { self == .turnAtEnd || self == .turnAtStart }

    var description: String {
        switch self {
        case .outbound: return "outbound"
        case .turnAtEnd: return "turn at B"
        case .inbound: return "inbound"
        case .turnAtStart: return "turn at A"
        }
    }
}

/// The library's racetrack description, by its name in these tests.
typealias Flight = Racetrack
/// A pose of a racetrack's track.
typealias Pose = TrackPose
/// The frames of a track.
typealias FrameSequence = TrackFrames

extension Racetrack {
    /// ``FootprintLimits/maximumExtent``.
    static var maximumExtent: Double { FootprintLimits.maximumExtent }
    /// ``FootprintLimits/maximumTilesPerFrame``.
    static var maximumTilesPerFrame: Int { FootprintLimits.maximumTilesPerFrame }
}

extension TrackPose {
    /// The racetrack phase of a pose of a racetrack's track.
    var phase: LoopPhase { LoopPhase(rawValue: piece)! }

    /// A hand-made pose on a racetrack piece (arc length taken as the parameter on a leg, 0 in a turn).
    init(phase: LoopPhase, parameter: Double, position: PixelPoint, heading: Double) {
        self.init(
            piece: phase.rawValue, parameter: parameter, arcLength: phase.isTurn ? 0 : parameter, position: position,
            heading: heading)
    }
}

/// The racetrack's track addressed by phase: what the tests called a flight loop.
struct FlightLoop {
    /// The racetrack's track.
    let track: Track
    private let racetrack: Racetrack?

    init(_ flight: Racetrack) {
        racetrack = flight
        track = Track(racetrack: flight)
    }

    /// The loop of a racetrack's track (a plan's, say), whose racetrack description is not at hand.
    init(track: Track) {
        racetrack = nil
        self.track = track
    }

    /// The racetrack the loop was built from (only for a loop built from one).
    var flight: Racetrack { racetrack! }
    private var outbound: StraightPiece {
        guard case .straight(let piece) = track.pieces[0] else { fatalError("not a racetrack") }
        return piece
    }
    private func turn(_ index: Int) -> TurnPiece {
        guard case .turn(let piece) = track.pieces[index] else { fatalError("not a racetrack") }
        return piece
    }

    var legLength: Double { outbound.length }
    var turnLength: Double { turn(1).length }
    var length: Double { track.length }
    var startTurnCenter: PixelPoint { turn(3).center }
    var endTurnCenter: PixelPoint { turn(1).center }

    func pose(_ phase: LoopPhase, at parameter: Double) throws(StencilError) -> TrackPose {
        try track.pose(piece: phase.rawValue, parameter: parameter)
    }
    func pose(atArcLength s: Double) throws(StencilError) -> TrackPose { try track.pose(atArcLength: s) }
    func pose(atTime t: Double, timing: FlightTiming) throws(StencilError) -> TrackPose {
        try track.pose(atTime: t, timing: timing)
    }
    func duration(at timing: FlightTiming) -> Double { track.duration(at: timing) }
    func turnDuration(at timing: FlightTiming) -> Double { track.pieces[1].duration(at: timing) }
    func frames(at timing: FlightTiming) throws(StencilError) -> TrackFrames { try track.frames(at: timing) }
    func footprint(of pose: TrackPose, lateralOffset: Double = 0) throws(StencilError) -> Footprint {
        try track.footprint(of: pose, lateralOffset: lateralOffset)
    }
    @discardableResult
    func cull(
        _ pose: TrackPose, lateralOffset: Double = 0, order: TileOrder = .rowMajor, into tiles: inout [VisibleTile]
    ) throws(StencilError) -> FrameView {
        try track.cull(pose, lateralOffset: lateralOffset, order: order, into: &tiles)
    }
    /// The along-track position as the racetrack's plan measures it: the projection on u(θ) from P_A.
    func alongTrackPosition(of pose: TrackPose) -> Double {
        (pose.position - outbound.start).dot(outbound.ahead)
    }
    /// The rectangle swept by one leg over the along-track positions [s0, s1], over the whole band.
    func corridor(outbound isOutbound: Bool, from s0: Double, to s1: Double) -> Footprint {
        let along = track.screen.along
        let across = track.screen.across.widened(by: track.lateralBand)
        let leg = outbound
        if isOutbound {
            return Footprint(
                origin: leg.start, heading: leg.heading, along: Interval(s0 + along.lower, s1 + along.upper),
                across: across)
        }
        guard case .straight(let back) = track.pieces[2] else { fatalError("not a racetrack") }
        return Footprint(
            origin: back.start, heading: back.heading,
            along: Interval(leg.length - s1 + along.lower, leg.length - s0 + along.upper), across: across)
    }
}

extension Stencil {
    /// The stencil of a racetrack's track.
    init(flight: Racetrack, clipToTerrain: Bool = false) throws(StencilError) {
        try self.init(track: Track(racetrack: flight), clipToTerrain: clipToTerrain)
    }
}

extension BudgetPlan {
    /// The plan of a racetrack's track.
    init(
        flight: Racetrack, budget: MemoryBudget, format: TextureFormat? = nil, policy: LoadPolicy = .pause,
        clipToTerrain: Bool = false
    ) throws(StencilError) {
        try self.init(
            track: Track(racetrack: flight), budget: budget, format: format, policy: policy,
            clipToTerrain: clipToTerrain)
    }
}
