import Foundation
import MercatorMath
import StencilKit

/// How a scenario is flown: at a px/s speed (the geometry model's "Streaming schedule", §9) or at ground speeds in
/// metres per second ("Ground units and time", §12).
package enum ScenarioTiming: Sendable {
    case pixels(FlightTiming)
    case ground(GroundTiming)

    /// Frames per second.
    package var framesPerSecond: Double {
        switch self {
        case .pixels(let timing): return timing.framesPerSecond
        case .ground(let timing): return timing.framesPerSecond
        }
    }

    /// Seconds per frame, 1 / fps.
    package var frameInterval: Double { 1 / framesPerSecond }

    /// Degrees per second of pivots.
    package var turnRate: Double {
        switch self {
        case .pixels(let timing): return timing.turnRate
        case .ground(let timing): return timing.turnRate
        }
    }

    /// The px/s timing, or nil at ground speeds.
    package var pixels: FlightTiming? {
        if case .pixels(let timing) = self { return timing }
        return nil
    }

    /// The ground timing, or nil at a px/s speed.
    package var ground: GroundTiming? {
        if case .ground(let timing) = self { return timing }
        return nil
    }

    /// The timetable of `track` at this timing.
    /// - Throws: the errors of ``/StencilKit/TrackTimetable/init(track:timing:)-(_,GroundTiming)``.
    package func timetable(of track: Track) throws(StencilError) -> TrackTimetable {
        switch self {
        case .pixels(let timing): return TrackTimetable(track: track, timing: timing)
        case .ground(let timing): return try TrackTimetable(track: track, timing: timing)
        }
    }
}

/// A ``Scenario`` turned into library values: grid, track (and the racetrack it was built from, for a racetrack
/// scenario), timing, frames, texture format and budget.
package struct ScenarioSetup: Sendable {
    package let scenario: Scenario
    package let grid: TileGrid
    /// The track flown: the track of ``racetrack``, or the waypoint track.
    package let track: Track
    /// The racetrack, for a racetrack scenario.
    package let racetrack: Racetrack?
    /// The px/s timing, or the ground timing when the scenario gives ground speeds.
    package let timing: ScenarioTiming
    /// The poses of one lap (closed tracks) or of the whole flight (one-way), one per frame, at ``timing``.
    package let frames: TrackFrames
    package let format: TextureFormat
    package let budget: MemoryBudget
    /// The chase camera of a scenario with `"camera"` (§11), else nil.
    package let chase: ChaseCamera?

    /// Builds the track; `fpsOverride` replaces the scenario's frame rate.
    /// - Throws: ``ScenarioError`` with the library's message when the geometry is invalid.
    package init(_ scenario: Scenario, fpsOverride: Double? = nil) throws(ScenarioError) {
        do {
            try self.init(checked: scenario, fpsOverride: fpsOverride)
        } catch let error as StencilError {
            throw ScenarioError(scenario.source, error)
        } catch let error as ScenarioError {
            throw error
        } catch {
            throw ScenarioError("\(scenario.source): \(error)")
        }
    }

    private init(checked scenario: Scenario, fpsOverride: Double?) throws {
        self.scenario = scenario
        let source = scenario.source
        do { grid = try scenario.grid.makeGrid() } catch { throw StencilError.geometry(error) }
        let limit = grid.latitudeLimit
        let points: [(key: String, lon: Double, lat: Double)]
        switch scenario.route {
        case .racetrack(let from, let to, _):
            points = [("route.from.lat", from.lon, from.lat), ("route.to.lat", to.lon, to.lat)]
        case .waypoints(let list, _, _, _, let dropped):
            // Fields are named by their index in the file, dropped repeats counted.
            let kept = (0..<(list.count + dropped.count)).filter { !dropped.contains($0) }
            points = list.enumerated().map {
                ("route.waypoints[\(kept[$0.offset])].lat", $0.element.lon, $0.element.lat)
            }
            if !dropped.isEmpty {
                let names = dropped.prefix(10).map { "[\($0)]" }.joined(separator: ", ")
                Notes.once(
                    "\(source): dropped \(dropped.count) repeated waypoint\(dropped.count == 1 ? "" : "s") "
                        + "(\"dropRepeated\": true): route.waypoints\(names)\(dropped.count > 10 ? ", …" : ""); "
                        + "\(list.count) of \(list.count + dropped.count) kept")
            }
        }
        for point in points where abs(point.lat) > limit {
            throw ScenarioError(
                "\(source): field \"\(point.key)\" \(MessageNumber.text(point.lat))° is past the terrain's latitude "
                    + "limit ±\(MessageNumber.text(limit))° (\(grid))", kind: "offTerrain")
        }
        let coordinates: [GeoCoordinate]
        do {
            var list: [GeoCoordinate] = []
            for point in points { list.append(try GeoCoordinate(latitude: point.lat, longitude: point.lon)) }
            coordinates = list
        } catch { throw StencilError.geometry(error) }
        let screen = try scenario.screen.makeScreen()
        if let spec = scenario.camera {
            let terrain = try scenario.terrain?.makeBounds(source: source)
            chase = try spec.makeCamera(
                tileSize: grid.tileSize, screen: scenario.screen, body: scenario.body, terrain: terrain)
        } else {
            chase = nil
        }
        switch scenario.route {
        case .racetrack(_, _, let way):
            let turn = try Turn(radius: scenario.turnRadius, direction: scenario.turnDirection)
            var racetrack = try Racetrack(
                from: coordinates[0], to: coordinates[1], on: grid, way: way, screen: screen, turn: turn,
                lateralBand: scenario.lateralBand)
            if let metres = scenario.lateralBandMetres {
                // The band in px that is `metres` wide everywhere, given to the racetrack itself so that it and its
                // track agree.
                let band = Track(racetrack: racetrack).lateralBand(metres: metres, on: scenario.body)
                racetrack = try Racetrack(
                    from: coordinates[0], to: coordinates[1], on: grid, way: way, screen: screen, turn: turn,
                    lateralBand: band)
            }
            self.racetrack = racetrack
            track = Track(racetrack: racetrack)
        case .waypoints(_, let legs, let closure, let tolerance, _):
            racetrack = nil
            let built = try Track(
                waypoints: coordinates, on: grid, screen: screen, legs: legs, turnRadius: scenario.turnRadius,
                closure: closure, tolerance: tolerance, lateralBand: scenario.lateralBand)
            track =
                try scenario.lateralBandMetres.map { try built.withLateralBand(metres: $0, on: scenario.body) } ?? built
        }
        let fps = fpsOverride ?? scenario.fps
        if let speeds = scenario.groundSpeeds {
            timing = .ground(
                try GroundTiming(
                    legSpeeds: speeds, framesPerSecond: fps, turnRate: scenario.turnRate, body: scenario.body))
        } else {
            timing = .pixels(try FlightTiming(speed: scenario.speed, framesPerSecond: fps, turnRate: scenario.turnRate))
        }
        format = try TextureFormat(bytesPerTile: scenario.bytesPerTile)
        budget = try MemoryBudget(bytes: scenario.budgetBytes ?? Int.max)
        frames = try TrackFrames(timetable: timing.timetable(of: track))
    }

    /// When the track reaches each piece at the scenario's timing: poses at a time, and ETAs and ground distances at
    /// a pose.
    package var timetable: TrackTimetable { frames.timetable }

    /// The track's stencil (clipped if the scenario asks).
    package func makeStencil() throws(StencilError) -> Stencil {
        try Stencil(track: track, clipToTerrain: scenario.clipToTerrain)
    }

    /// The track's memory plan.
    package func makePlan() throws(StencilError) -> BudgetPlan {
        try BudgetPlan(
            track: track, budget: budget, format: format, policy: scenario.policy, clipToTerrain: scenario.clipToTerrain
        )
    }

    /// The stencil, with a library error turned into a ``ScenarioError`` naming the scenario, and the plan or the
    /// library's reason for refusing it (a budget too small for any split, say): the stencil and the frames do not
    /// need the budget, so a refused plan is a finding about the scenario, not an error that stops the command.
    package func validated() throws(ScenarioError) -> (Stencil, Result<BudgetPlan, StencilError>) {
        let stencil: Stencil
        do { stencil = try makeStencil() } catch { throw ScenarioError(scenario.source, error) }
        return (stencil, Result { () throws(StencilError) in try makePlan() })
    }

    /// The stencil alone (it does not need the budget), with a library error turned into a ``ScenarioError`` naming
    /// the scenario.
    package func validatedStencil() throws(ScenarioError) -> Stencil {
        do { return try makeStencil() } catch { throw ScenarioError(scenario.source, error) }
    }

    /// The plan, with a library error turned into a ``ScenarioError`` naming the scenario.
    package func validatedPlan() throws(ScenarioError) -> BudgetPlan {
        do { return try makePlan() } catch { throw ScenarioError(scenario.source, error) }
    }

    /// The along-track position of a pose as the plan measures it (``PlanMeasure``): on any track but a racetrack
    /// the arc length; on a racetrack its position projected on u(θ) from P_A, computed from the pose's position as
    /// the model states it (the measure's own figure, L − parameter on the return leg, differs from it by ulps).
    package func alongTrackPosition(of pose: TrackPose) -> Double {
        guard let racetrack else { return track.planMeasure.position(of: pose, in: track).position }
        return (pose.position - racetrack.route.start).dot(racetrack.route.ahead)
    }

    /// A short description of a pose: its piece (or racetrack phase) and parameter.
    package func describe(_ pose: TrackPose) -> String {
        let isTurn: Bool
        if case .turn = track.pieces[pose.piece] { isTurn = true } else { isTurn = false }
        let unit = isTurn ? "°" : " px"
        // A racetrack's pieces are, in flying order, its outbound leg, the turn at B, the return and the turn at A.
        let phases = ["outbound", "turn at B", "inbound", "turn at A"]
        let name = racetrack != nil ? phases[pose.piece] : "piece \(pose.piece)"
        return "\(name) \(fmt(pose.parameter))\(unit), heading \(fmt(pose.heading))°"
    }

    /// The per-frame time budget in seconds: `overrideMs` if given, else one frame interval.
    package func frameBudget(overrideMs: Double?) -> Double { overrideMs.map { $0 / 1000 } ?? timing.frameInterval }

    /// The time of frame `k` and, at a ground timing, the ground distance flown at its pose: the `"t"` and `"g"` of
    /// `frames`.
    /// - Complexity: O(1).
    package func timeAndGround(frame k: Int, pose: TrackPose) -> (t: Double, g: Double?) {
        (frames.time(ofFrame: k), timing.ground == nil ? nil : timetable.groundDistance(at: pose))
    }

    /// The lateral offset flown at frame `k` by `run`: δ = d·sin(2πk / (4·fps)), weaving across the whole band
    /// every four seconds (0 when the band is 0).
    package func weaveOffset(frame k: Int) -> Double {
        let d = track.lateralBand
        guard d > 0 else { return 0 }
        let phase = 2 * Double.pi * Double(k) / (4 * timing.framesPerSecond)
        return max(-d, min(d, d * Foundation.sin(phase)))
    }
}
