/// A straight piece of a track (the geometry model's *Tracks: routes of any shape* (§7)): a rhumb leg flown at one
/// heading. Poses are
/// `start + s·u(heading)`, s ∈ [0, ``length``].
public struct StraightPiece: Sendable, Hashable {
    /// Where the piece starts, in unwrapped terrain pixels.
    public let start: PixelPoint
    /// Where it ends (the next piece starts here exactly).
    public let end: PixelPoint
    /// Heading θ in degrees clockwise from north, in [0, 360).
    public let heading: Double
    /// Length ℓ > 0 in pixels.
    public let length: Double
    /// The unit vector ahead, u(θ).
    public let ahead: PixelPoint
    /// The unit vector to the right, r(θ).
    public let right: PixelPoint

    init(start: PixelPoint, end: PixelPoint, heading: Double, length: Double) {
        self.start = start
        self.end = end
        self.heading = heading
        self.length = length
        ahead = PixelPoint.ahead(heading: heading)
        right = PixelPoint.right(heading: heading)
    }

    /// The straight piece from `start` to `end` (distinct points), heading along the segment.
    init(from start: PixelPoint, to end: PixelPoint) {
        let d = end - start
        self.init(
            start: start, end: end, heading: Degrees.normalizedHeading(Degrees.atan2(d.x, -d.y)), length: d.length)
    }
}

/// A turn piece of a track (the geometry model's *Tracks: routes of any shape* (§7)): radius ρ ≥ 0 and signed angle Δ,
/// 0 < |Δ| ≤ 360° (Δ > 0 turns right).
/// With σ = sign Δ the centre is C = P + σρ·r(θ); after turning by α ∈ [0, |Δ|] the position is
/// C − σρ·r(θ + σα) and the heading θ + σα. A radius of 0 is a pivot: the position stays while the heading turns.
public struct TurnPiece: Sendable, Hashable {
    /// Where the turn starts, in unwrapped terrain pixels.
    public let start: PixelPoint
    /// The heading at the start, in [0, 360).
    public let heading: Double
    /// The turn centre C = P + σρ·r(θ) (the start itself for a pivot).
    public let center: PixelPoint
    /// Turn radius ρ ≥ 0 in pixels.
    public let radius: Double
    /// Signed angle Δ in degrees: positive turns right (clockwise on the image), 0 < |Δ| ≤ 360.
    public let angle: Double
    /// Whether flying the turn takes time: false for the joints inside a great-circle chain, which only
    /// approximate a continuous turn (the geometry model's *Tracks: routes of any shape* (§7)).
    public let takesTime: Bool

    /// σ = +1 for a right turn, −1 for a left one.
    public var sign: Double { angle > 0 ? 1 : -1 }
    /// The angle turned, |Δ| in degrees.
    public var degrees: Double { abs(angle) }
    /// Arc length ρ·|Δ| in pixels (0 for a pivot).
    public var length: Double { radius * degrees * .pi / 180 }
    /// Whether the turn is a pivot in place (ρ = 0).
    public var isPivot: Bool { radius == 0 }
    /// The heading at the end, θ + Δ, in [0, 360).
    public var endHeading: Double { Degrees.normalizedHeading(heading + angle) }

    /// The position after turning by `alpha` degrees (0…|Δ|): C − σρ·r(θ + σα).
    public func position(at alpha: Double) -> PixelPoint {
        guard radius > 0 else { return center }
        let h = Degrees.normalizedHeading(heading + sign * alpha)
        return center - (sign * radius) * PixelPoint.right(heading: h)
    }

    /// The heading after turning by `alpha` degrees: θ + σα, in [0, 360).
    public func heading(at alpha: Double) -> Double { Degrees.normalizedHeading(heading + sign * alpha) }

    /// Where the turn ends.
    public var end: PixelPoint { position(at: degrees) }
}

// In an extension, so that the memberwise initializer (every stored property, in order) stays.
extension TurnPiece {
    /// The turn starting at `start` with `heading`, its centre computed as P + σρ·r(θ).
    init(start: PixelPoint, heading: Double, radius: Double, angle: Double, takesTime: Bool = true) {
        let sign: Double = angle > 0 ? 1 : -1
        let center = radius == 0 ? start : start + (sign * radius) * PixelPoint.right(heading: heading)
        self.init(start: start, heading: heading, center: center, radius: radius, angle: angle, takesTime: takesTime)
    }
}

/// One piece of a track: a straight rhumb leg or a turn, starting where the previous piece ends, at the heading
/// the previous piece ends with (the geometry model's *Tracks: routes of any shape* (§7)).
public enum TrackPiece: Sendable, Hashable {
    /// A straight piece.
    case straight(StraightPiece)
    /// A turn (a pivot when its radius is 0).
    case turn(TurnPiece)

    /// Arc length in pixels (0 for a pivot).
    public var length: Double {
        switch self {
        case .straight(let piece): return piece.length
        case .turn(let piece): return piece.length
        }
    }

    /// Where the piece starts.
    public var start: PixelPoint {
        switch self {
        case .straight(let piece): return piece.start
        case .turn(let piece): return piece.start
        }
    }

    /// Where the piece ends.
    public var end: PixelPoint {
        switch self {
        case .straight(let piece): return piece.end
        case .turn(let piece): return piece.end
        }
    }

    /// The heading at the start, in [0, 360).
    public var startHeading: Double {
        switch self {
        case .straight(let piece): return piece.heading
        case .turn(let piece): return piece.heading
        }
    }

    /// The heading at the end, in [0, 360).
    public var endHeading: Double {
        switch self {
        case .straight(let piece): return piece.heading
        case .turn(let piece): return piece.endHeading
        }
    }

    /// The largest parameter: the length of a straight piece in pixels, |Δ| in degrees for a turn.
    public var parameterLimit: Double {
        switch self {
        case .straight(let piece): return piece.length
        case .turn(let piece): return piece.degrees
        }
    }

    /// The position and heading at `parameter` (pixels along a straight piece, degrees through a turn).
    public func placement(at parameter: Double) -> (position: PixelPoint, heading: Double) {
        switch self {
        case .straight(let piece): return (piece.start + parameter * piece.ahead, piece.heading)
        case .turn(let piece): return (piece.position(at: parameter), piece.heading(at: parameter))
        }
    }

    /// The arc length flown after `parameter`: the parameter itself on a straight piece, ρ·α on a turn.
    func arcLength(at parameter: Double) -> Double {
        switch self {
        case .straight: return parameter
        case .turn(let piece): return piece.radius * parameter * .pi / 180
        }
    }

    /// Seconds the piece takes at `timing`: ℓ/v, ρ|Δ|/v, |Δ|/turn rate for a pivot that takes time, else 0.
    public func duration(at timing: FlightTiming) -> Double {
        switch self {
        case .straight(let piece): return piece.length / timing.speed
        case .turn(let piece):
            if piece.radius > 0 { return piece.length / timing.speed }
            return piece.takesTime ? piece.degrees / timing.turnRate : 0
        }
    }

    /// The parameter reached `seconds` into the piece (clamped to the piece).
    func parameter(afterSeconds seconds: Double, timing: FlightTiming) -> Double {
        if case .straight(let piece) = self { return Swift.min(Swift.max(seconds * timing.speed, 0), piece.length) }
        let span = duration(at: timing)
        guard span > 0 else { return 0 }
        return Swift.min(Swift.max(seconds / span, 0), 1) * parameterLimit
    }
}
