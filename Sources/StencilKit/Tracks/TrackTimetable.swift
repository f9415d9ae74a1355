/// When a track flown at one timing reaches each piece (the geometry model's *Streaming schedule*, §9, and *Ground
/// units and time*, §12): the start time of every piece, so that the pose at a time is found in O(log pieces), and
/// the time (an ETA) and the ground distance flown at any pose.
///
/// At a px/s ``FlightTiming`` straight pieces and turns of radius ρ > 0 are flown at the speed, pivots at the turn
/// rate. At a ``GroundTiming`` each piece is flown at its leg's ground speed: on a straight piece from latitude φ₀ at
/// heading θ, after g metres the latitude is φ₀ + g·cos θ / R and the pixels flown s = g·(k/R)·q(φ₀, φ), the rhumb
/// direct problem (``/MercatorMath/TileGrid/rhumbPixels(metres:fromLatitude:heading:on:)``), so the pose at time t
/// is where the aircraft is; through a turn the angle advances uniformly in time.
public struct TrackTimetable: Sendable {
    /// The track.
    public let track: Track
    /// The start time of each piece in seconds, plus the total (`pieces.count + 1` values).
    public let pieceStarts: [Double]
    /// Frames per second of the timing.
    public let framesPerSecond: Double
    /// The ground distance in metres at the start of each piece, plus the total, at a ground timing; nil at a px/s
    /// timing.
    public let groundStarts: [Double]?
    private let mode: Mode

    private enum Mode: Sendable {
        case pixels(FlightTiming)
        case ground(Ground)
    }

    /// A ground timing resolved onto the pieces.
    private struct Ground: Sendable {
        let body: Body
        /// Each piece's speed in m/s (its leg's).
        let speeds: [Double]
        /// Each piece's starting latitude in degrees.
        let latitudes: [Double]
        let turnRate: Double
    }

    /// The timetable of `track` at a px/s timing.
    /// - Complexity: O(pieces).
    public init(track: Track, timing: FlightTiming) {
        self.track = track
        framesPerSecond = timing.framesPerSecond
        groundStarts = nil
        mode = .pixels(timing)
        var starts: [Double] = []
        starts.reserveCapacity(track.pieces.count + 1)
        var t = 0.0
        for piece in track.pieces {
            starts.append(t)
            t += piece.duration(at: timing)
        }
        starts.append(t)
        pieceStarts = starts
    }

    /// The timetable of `track` at a ground timing.
    /// - Complexity: O(pieces), a rhumb-line distance per straight piece.
    /// - Throws: ``StencilError/outOfRange(field:value:valid:)`` when the timing has neither one speed nor one per
    ///   leg of the track; ``StencilError/leavesTerrain(rows:gridRows:latitudeReached:latitudeLimit:)`` when a
    ///   piece's end or a turn's centre lies past the image's top or bottom row (no latitude, no ground length
    ///   there); ``StencilError/tooLarge(what:value:limit:advice:)`` when the duration is not finite.
    public init(track: Track, timing: GroundTiming) throws(StencilError) {
        guard timing.speeds.count == 1 || timing.speeds.count == track.legCount else {
            throw .outOfRange(
                field: "Ground speeds (one per leg)", value: Double(timing.speeds.count),
                valid: "1, or \(track.legCount): one per leg of this track")
        }
        let grid = track.grid
        let body = timing.body ?? grid.defaultBody
        // Ground lengths need latitudes: every piece's ends (and a turn's centre) on the image's rows.
        for piece in track.pieces {
            var ys = [piece.start.y, piece.end.y]
            if case .turn(let turn) = piece { ys.append(turn.center.y) }
            for y in ys where !(y >= 0 && y <= grid.height) {
                let row = (y / grid.tileLength).rounded(.down)
                let reached = Int(Swift.max(Swift.min(row, 1e15), -1e15))
                let top = y < 0
                throw .leavesTerrain(
                    rows: top ? reached...(-1) : grid.rows...Swift.max(grid.rows, reached), gridRows: grid.rows,
                    latitudeReached: grid.latitude(atPixelY: y), latitudeLimit: grid.latitudeLimit)
            }
        }
        var speeds: [Double] = []
        var latitudes: [Double] = []
        var starts: [Double] = []
        var grounds: [Double] = []
        speeds.reserveCapacity(track.pieces.count)
        latitudes.reserveCapacity(track.pieces.count)
        starts.reserveCapacity(track.pieces.count + 1)
        grounds.reserveCapacity(track.pieces.count + 1)
        var t = 0.0
        var g = 0.0
        for (index, piece) in track.pieces.enumerated() {
            let speed = timing.speeds.count == 1 ? timing.speeds[0] : timing.speeds[track.leg(ofPiece: index)]
            let latitude = grid.latitude(atPixelY: piece.start.y)
            speeds.append(speed)
            latitudes.append(latitude)
            starts.append(t)
            grounds.append(g)
            let metres = Self.groundLength(of: piece, from: latitude, on: grid, body: body)
            g += metres
            switch piece {
            case .turn(let turn) where turn.radius == 0:
                t += turn.takesTime ? turn.degrees / timing.turnRate : 0
            default:
                t += metres / speed
            }
        }
        starts.append(t)
        grounds.append(g)
        guard t.isFinite else {
            throw .tooLarge(
                what: "Track duration (ground length ÷ speed, in s)", value: t, limit: Double.greatestFiniteMagnitude,
                advice: "raise the speed")
        }
        self.track = track
        framesPerSecond = timing.framesPerSecond
        pieceStarts = starts
        groundStarts = grounds
        mode = .ground(Ground(body: body, speeds: speeds, latitudes: latitudes, turnRate: timing.turnRate))
    }

    /// The ground length of a piece in metres: a straight piece's rhumb distance, ρ·|Δ| / κ(φ_C) for a turn (φ_C
    /// the latitude of its centre), 0 for a pivot.
    static func groundLength(of piece: TrackPiece, from latitude: Double, on grid: TileGrid, body: Body) -> Double {
        switch piece {
        case .straight(let p):
            return grid.rhumbMetres(
                pixels: p.length, fromLatitude: latitude, toLatitude: grid.latitude(atPixelY: p.end.y), on: body)
        case .turn(let p):
            guard p.radius > 0 else { return 0 }
            return p.length / grid.pixelsPerMetre(atLatitude: grid.latitude(atPixelY: p.center.y), on: body)
        }
    }

    /// The duration D in seconds (one lap of a closed track).
    public var duration: Double { pieceStarts[pieceStarts.count - 1] }

    /// The ground length in metres (one lap of a closed track), at a ground timing.
    public var groundLength: Double? { groundStarts.map { $0[$0.count - 1] } }

    /// The pose at `t` seconds: on a closed track taken modulo the lap's duration; on a one-way track clamped to
    /// [0, duration]. Within a piece's time span [start, next start) the pose is on that piece; at the very end, the
    /// last pose.
    /// - Complexity: O(log pieces), no allocation.
    /// - Throws: ``StencilError/nonFinite(field:value:)`` for a NaN or infinite `t` (no pose is meant: a loop has
    ///   no phase at infinity).
    public func pose(atTime t: Double) throws(StencilError) -> TrackPose {
        try StencilError.requireFinite(t, "Time")
        return pose(atFiniteTime: t)
    }

    /// ``pose(atTime:)`` for a finite `t` (a frame's k / fps).
    package func pose(atFiniteTime t: Double) -> TrackPose {
        let total = duration
        var t = t
        if track.closure.isClosed && total > 0 {
            t = t.truncatingRemainder(dividingBy: total)
            if t < 0 { t += total }
        } else {
            t = Swift.min(Swift.max(t, 0), total)
        }
        let pieces = track.pieces
        let starts = pieceStarts
        // The first piece ending after t.
        let after = pieces.indices.partitioningIndex { !(starts[$0 + 1] <= t) }
        var index = Swift.min(after, pieces.count - 1)
        while index < pieces.count - 1 && starts[index + 1] <= t { index += 1 }
        if t >= starts[index + 1] {
            index = pieces.count - 1
            return track.uncheckedPose(piece: index, parameter: pieces[index].parameterLimit)
        }
        return track.uncheckedPose(piece: index, parameter: parameter(ofPiece: index, afterSeconds: t - starts[index]))
    }

    /// The parameter of piece `index` reached `seconds` into it (clamped to the piece).
    private func parameter(ofPiece index: Int, afterSeconds seconds: Double) -> Double {
        let piece = track.pieces[index]
        switch mode {
        case .pixels(let timing):
            return piece.parameter(afterSeconds: seconds, timing: timing)
        case .ground(let ground):
            if case .straight(let p) = piece {
                let metres = Swift.max(seconds, 0) * ground.speeds[index]
                let pixels = track.grid.rhumbPixels(
                    metres: metres, fromLatitude: ground.latitudes[index], heading: p.heading, on: ground.body)
                return Swift.min(Swift.max(pixels, 0), p.length)
            }
            let span = pieceStarts[index + 1] - pieceStarts[index]
            guard span > 0 else { return 0 }
            return Swift.min(Swift.max(seconds / span, 0), 1) * piece.parameterLimit
        }
    }

    /// The time at which `pose` (a pose of the track) is flown, in seconds from the start of the lap: an ETA.
    /// - Complexity: O(1).
    public func time(at pose: TrackPose) -> Double {
        let index = pose.piece
        let piece = track.pieces[index]
        let span = pieceStarts[index + 1] - pieceStarts[index]
        switch (mode, piece) {
        case (.pixels(let timing), .straight):
            return pieceStarts[index] + pose.parameter / timing.speed
        case (.ground(let ground), .straight):
            return pieceStarts[index] + metresInto(index, parameter: pose.parameter) / ground.speeds[index]
        case (_, .turn(let turn)):
            return pieceStarts[index] + (turn.degrees > 0 ? pose.parameter / turn.degrees : 0) * span
        }
    }

    /// The ground distance in metres flown from the start of the lap to `pose`, at a ground timing.
    /// - Complexity: O(1).
    public func groundDistance(at pose: TrackPose) -> Double? {
        guard let groundStarts else { return nil }
        return groundStarts[pose.piece] + metresInto(pose.piece, parameter: pose.parameter)
    }

    /// The metres flown into piece `index` at `parameter` (0 at a px/s timing).
    private func metresInto(_ index: Int, parameter: Double) -> Double {
        guard case .ground(let ground) = mode else { return 0 }
        let grid = track.grid
        switch track.pieces[index] {
        case .straight(let p):
            let end = p.start + parameter * p.ahead
            return grid.rhumbMetres(
                pixels: parameter, fromLatitude: ground.latitudes[index], toLatitude: grid.latitude(atPixelY: end.y),
                on: ground.body)
        case .turn(let p):
            guard p.radius > 0 else { return 0 }
            let arc = p.radius * parameter * .pi / 180
            return arc / grid.pixelsPerMetre(atLatitude: grid.latitude(atPixelY: p.center.y), on: ground.body)
        }
    }
}
