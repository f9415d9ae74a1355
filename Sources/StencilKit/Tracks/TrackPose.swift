/// Where the aircraft is and which way it points at one point of a track (the geometry model's *Tracks: routes of any
/// shape* (§7)).
public struct TrackPose: Sendable, Hashable {
    /// The index of the piece in ``Track/pieces``.
    public let piece: Int
    /// Pixels along a straight piece, or degrees through a turn.
    public let parameter: Double
    /// Along-track arc length s: the distance flown from the track's start (a pivot adds none).
    public let arcLength: Double
    /// The position in unwrapped terrain pixels (on the track, before any lateral offset).
    public let position: PixelPoint
    /// Heading in degrees clockwise from north, in [0, 360).
    public let heading: Double

    /// Creates a pose.
    public init(piece: Int, parameter: Double, arcLength: Double, position: PixelPoint, heading: Double) {
        self.piece = piece
        self.parameter = parameter
        self.arcLength = arcLength
        self.position = position
        self.heading = heading
    }

    /// The position moved `offset` pixels to the pilot's right: position + δ·r(heading).
    public func position(lateralOffset offset: Double) -> PixelPoint {
        position + offset * PixelPoint.right(heading: heading)
    }
}

extension Track {
    /// The pose on piece `piece` at `parameter` (pixels along a straight piece, degrees through a turn): every
    /// pose of a pivot is addressable this way.
    /// - Throws: ``StencilError/outOfRange(field:value:valid:)`` for a piece index outside the track or a
    ///   parameter outside 0…ℓ (straight) or 0…|Δ| (turn); ``StencilError/nonFinite(field:value:)``.
    public func pose(piece: Int, parameter: Double) throws(StencilError) -> TrackPose {
        guard pieces.indices.contains(piece) else {
            throw .outOfRange(field: "Piece index", value: Double(piece), valid: "in 0…\(pieces.count - 1)")
        }
        try StencilError.requireFinite(parameter, "Piece parameter")
        let limit = pieces[piece].parameterLimit
        guard parameter >= 0, parameter <= limit else {
            throw .outOfRange(
                field: "Piece \(piece) parameter", value: parameter, valid: "in [0, \(StencilError.format(limit))]")
        }
        return uncheckedPose(piece: piece, parameter: parameter)
    }

    func uncheckedPose(piece index: Int, parameter: Double) -> TrackPose {
        let piece = pieces[index]
        let (position, heading) = piece.placement(at: parameter)
        return TrackPose(
            piece: index, parameter: parameter, arcLength: pieceStarts[index] + piece.arcLength(at: parameter),
            position: position, heading: heading)
    }

    /// The pose at along-track arc length `s`: on a closed track taken modulo ``length``; on a one-way track `s`
    /// must lie in [0, length]. The pose is on the first piece, in flying order, whose arc-length range
    /// [start, start + length) holds s (the last piece's end for s = length): pivots have none, so reach their
    /// headings with ``pose(piece:parameter:)`` or ``pose(atTime:timing:)-(_,FlightTiming)``.
    /// - Complexity: O(log pieces).
    /// - Throws: ``StencilError/nonFinite(field:value:)``; ``StencilError/outOfRange(field:value:valid:)`` for a
    ///   one-way track outside [0, length].
    public func pose(atArcLength s: Double) throws(StencilError) -> TrackPose {
        try StencilError.requireFinite(s, "Arc length")
        var s = s
        let total = length
        if closure.isClosed {
            if total > 0 {
                s = s.truncatingRemainder(dividingBy: total)
                if s < 0 { s += total }
            } else {
                s = 0
            }
        } else {
            guard s >= 0, s <= total else {
                throw .outOfRange(
                    field: "Arc length", value: s, valid: "in [0, \(StencilError.format(total))] px on a one-way track")
            }
        }
        // The first piece with positive length whose range holds s: from the first piece ending after s.
        let after = pieces.indices.partitioningIndex { !(pieceStarts[$0 + 1] <= s) }
        var index = Swift.min(after, pieces.count - 1)
        while index < pieces.count - 1 && pieces[index].length == 0 { index += 1 }
        if pieces[index].length == 0 || s >= pieceStarts[index + 1] {
            // s at the very end: the last pose of the track.
            index = pieces.count - 1
            return uncheckedPose(piece: index, parameter: pieces[index].parameterLimit)
        }
        let local = s - pieceStarts[index]
        switch pieces[index] {
        case .straight(let piece):
            return uncheckedPose(piece: index, parameter: Swift.min(local, piece.length))
        case .turn(let piece):
            return uncheckedPose(piece: index, parameter: Swift.min(local / piece.length, 1) * piece.degrees)
        }
    }

    /// Seconds the track takes at `timing` (one lap for a closed track): straight pieces and turns of radius
    /// ρ > 0 at the speed, pivots at the turn rate, and the joints inside a great-circle chain in no time.
    /// - Complexity: O(pieces).
    public func duration(at timing: FlightTiming) -> Double {
        pieces.reduce(0) { $0 + $1.duration(at: timing) }
    }

    /// The pose at time `t` seconds after the start: on a closed track taken modulo the lap's duration; on a
    /// one-way track clamped to [0, duration].
    /// - Complexity: O(pieces); step a ``TrackFrames`` sequence, or keep a ``TrackTimetable``, for O(log pieces).
    /// - Throws: ``StencilError/nonFinite(field:value:)`` for a non-finite `t`.
    public func pose(atTime t: Double, timing: FlightTiming) throws(StencilError) -> TrackPose {
        try TrackTimetable(track: self, timing: timing).pose(atTime: t)
    }

    /// The pose at time `t` seconds after the start, flown at a ground timing (see ``TrackTimetable``).
    /// - Complexity: O(pieces); keep a ``TrackTimetable`` for O(log pieces).
    /// - Throws: ``StencilError/nonFinite(field:value:)`` for a non-finite `t`; the errors of
    ///   ``TrackTimetable/init(track:timing:)-(_,GroundTiming)``.
    public func pose(atTime t: Double, timing: GroundTiming) throws(StencilError) -> TrackPose {
        try TrackTimetable(track: self, timing: timing).pose(atTime: t)
    }

    /// Seconds the track takes at a ground timing (one lap for a closed track).
    /// - Complexity: O(pieces).
    /// - Throws: the errors of ``TrackTimetable/init(track:timing:)-(_,GroundTiming)``.
    public func duration(at timing: GroundTiming) throws(StencilError) -> Double {
        try TrackTimetable(track: self, timing: timing).duration
    }

    /// The ground length of the track in metres on `body` (the grid's default body when nil): rhumb distances of its
    /// straight pieces and ρ·|Δ| / κ(φ_C) of its turns.
    /// - Complexity: O(pieces).
    public func groundLength(on body: Body? = nil) -> Double {
        let body = body ?? grid.defaultBody
        return pieces.reduce(0) {
            $0 + TrackTimetable.groundLength(of: $1, from: grid.latitude(atPixelY: $1.start.y), on: grid, body: body)
        }
    }
}
