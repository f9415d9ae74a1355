/// The racetrack loop of a flight (MODEL.md §3): the outbound leg, a U-turn at B, the return leg and a U-turn
/// at A, with the pose at any point and the footprint of any pose.
public struct FlightLoop: Sendable, Hashable {
    /// The flight flown.
    public let flight: Flight
    /// The centre of the U-turn at A, C_A = P_A + σρ·r(θ).
    public let startTurnCenter: PixelPoint
    /// The centre of the U-turn at B, C_B = P_B + σρ·r(θ).
    public let endTurnCenter: PixelPoint

    /// Creates the loop of a flight.
    public init(_ flight: Flight) {
        self.flight = flight
        let offset = flight.turn.direction.sign * flight.turn.radius * flight.route.right
        startTurnCenter = flight.route.start + offset
        endTurnCenter = flight.route.end + offset
    }

    /// Leg length L in pixels.
    public var legLength: Double { flight.route.length }
    /// Arc length of one U-turn, πρ (0 for a pivot).
    public var turnLength: Double { .pi * flight.turn.radius }
    /// Arc length of the whole loop, 2L + 2πρ.
    public var length: Double { 2 * legLength + 2 * turnLength }

    private var sign: Double { flight.turn.direction.sign }
    private var heading: Double { flight.route.heading }

    /// The pose at a phase and its parameter (pixels along a leg, degrees through a turn).
    /// - Throws: ``StencilError`` for a non-finite parameter or one outside 0…L (legs) or 0…180 (turns).
    public func pose(_ phase: LoopPhase, at parameter: Double) throws(StencilError) -> Pose {
        try StencilError.requireFinite(parameter, "Loop parameter")
        let limit = phase.isTurn ? 180 : legLength
        guard parameter >= 0, parameter <= limit else {
            throw .outOfRange(field: "\(phase) parameter", value: parameter, valid: "in [0, \(limit)]")
        }
        return uncheckedPose(phase, parameter)
    }

    func uncheckedPose(_ phase: LoopPhase, _ parameter: Double) -> Pose {
        let route = flight.route
        switch phase {
        case .outbound:
            return Pose(
                phase: phase, parameter: parameter, position: route.start + parameter * route.ahead,
                heading: heading)
        case .inbound:
            let start = route.end + 2 * sign * flight.turn.radius * route.right
            return Pose(
                phase: phase, parameter: parameter, position: start - parameter * route.ahead,
                heading: Degrees.normalizedHeading(heading + 180))
        case .turnAtEnd, .turnAtStart:
            let base = phase == .turnAtEnd ? heading : heading + 180
            let center = phase == .turnAtEnd ? endTurnCenter : startTurnCenter
            let h = Degrees.normalizedHeading(base + sign * parameter)
            let position = center - (sign * flight.turn.radius) * PixelPoint.right(heading: h)
            return Pose(phase: phase, parameter: parameter, position: position, heading: h)
        }
    }

    /// The pose at arc length `s` from A, taken modulo ``length``. Pivots (ρ = 0) take no arc length: use
    /// ``pose(_:at:)`` or ``pose(atTime:timing:)`` to reach their intermediate headings.
    /// - Throws: ``StencilError/nonFinite(field:value:)`` for a non-finite `s`.
    public func pose(atArcLength s: Double) throws(StencilError) -> Pose {
        try StencilError.requireFinite(s, "Arc length")
        return pose(walking: s, legSpan: legLength, turnSpan: turnLength)
    }

    /// The pose at time `t` seconds after leaving A, taken modulo the loop's duration.
    /// - Throws: ``StencilError/nonFinite(field:value:)`` for a non-finite `t`.
    public func pose(atTime t: Double, timing: FlightTiming) throws(StencilError) -> Pose {
        try StencilError.requireFinite(t, "Time")
        return uncheckedPose(atTime: t, timing: timing)
    }

    func uncheckedPose(atTime t: Double, timing: FlightTiming) -> Pose {
        pose(walking: t, legSpan: legLength / timing.speed, turnSpan: turnDuration(at: timing))
    }

    /// The pose after walking `amount` round the loop (modulo its size), where each leg measures `legSpan` and
    /// each U-turn `turnSpan` — arc lengths, or seconds. A zero-length turn is passed through at its start.
    private func pose(walking amount: Double, legSpan: Double, turnSpan: Double) -> Pose {
        let total = 2 * legSpan + 2 * turnSpan
        var rest = amount.truncatingRemainder(dividingBy: total)
        if rest < 0 { rest += total }
        for phase in LoopPhase.allCases {
            let span = phase.isTurn ? turnSpan : legSpan
            guard rest < span || phase == .turnAtStart else {
                rest -= span
                continue
            }
            let fraction = span > 0 ? Swift.min(rest / span, 1) : 0
            if phase.isTurn { return uncheckedPose(phase, fraction * 180) }
            // Walking by arc length, the distance along the leg is the remainder itself, exactly.
            return uncheckedPose(phase, legSpan == legLength ? Swift.min(rest, legLength) : fraction * legLength)
        }
        return uncheckedPose(.turnAtStart, 180)  // not reached: the last phase always returns
    }

    /// Seconds one U-turn takes: πρ/v, or 180°/turn rate for a pivot.
    public func turnDuration(at timing: FlightTiming) -> Double {
        flight.turn.radius > 0 ? turnLength / timing.speed : 180 / timing.turnRate
    }

    /// Seconds one loop takes.
    public func duration(at timing: FlightTiming) -> Double {
        2 * legLength / timing.speed + 2 * turnDuration(at: timing)
    }

    /// The footprint of a pose moved `lateralOffset` pixels to the pilot's right (MODEL.md §4).
    ///
    /// The poses of this loop always pass; a pose built by hand must keep its footprint within
    /// ``Flight/maximumExtent`` of the image origin (up to a pixel of rounding).
    /// - Throws: ``StencilError/offsetOutsideBand(offset:band:)`` unless |offset| ≤ the flight's band;
    ///   ``StencilError/nonFinite(field:value:)`` for a non-finite pose position or heading;
    ///   ``StencilError/outOfRange(field:value:valid:)`` for a footprint reaching past ``Flight/maximumExtent``.
    public func footprint(of pose: Pose, lateralOffset: Double = 0) throws(StencilError) -> Footprint {
        try StencilError.requireFinite(lateralOffset, "Lateral offset")
        guard abs(lateralOffset) <= flight.lateralBand else {
            throw .offsetOutsideBand(offset: lateralOffset, band: flight.lateralBand)
        }
        try StencilError.requireFinite(pose.position.x, "Pose x")
        try StencilError.requireFinite(pose.position.y, "Pose y")
        try StencilError.requireFinite(pose.heading, "Pose heading")
        var footprint = Footprint(
            origin: pose.position, heading: pose.heading, along: flight.screen.along, across: flight.screen.across)
        footprint.origin = pose.position + lateralOffset * footprint.right  // = pose.position(lateralOffset:)
        // A pixel of slack: the loop's own poses, computed in Double, may round a hair past a flight built right at
        // the limit; Int conversions downstream stay exact far beyond it.
        let limit = Flight.maximumExtent + 1
        let corners = footprint.corners
        for i in 0..<4 {
            let corner = corners[i]
            guard abs(corner.x) <= limit, abs(corner.y) <= limit else {
                throw .outOfRange(
                    field: "Footprint reach (pose position, screen × zoom and lateral offset, in px)",
                    value: Swift.max(abs(corner.x), abs(corner.y)),
                    valid: "at most \(Flight.maximumExtent) px from the image origin, like the flight's own")
            }
        }
        return footprint
    }

    /// The along-track position of a pose: its position projected on u(θ), measured from P_A.
    public func alongTrackPosition(of pose: Pose) -> Double {
        (pose.position - flight.route.start).dot(flight.route.ahead)
    }

    // MARK: Swept shapes

    /// The union of footprints over the poses of one leg whose along-track position lies in [s0, s1], over the
    /// whole band: one rectangle.
    func corridor(outbound: Bool, from s0: Double, to s1: Double) -> Footprint {
        let route = flight.route
        let along = flight.screen.along
        let across = flight.screen.across.widened(by: flight.lateralBand)
        if outbound {
            return Footprint(
                origin: route.start, heading: heading, along: Interval(s0 + along.lower, s1 + along.upper),
                across: across)
        }
        let origin = route.end + 2 * sign * flight.turn.radius * route.right
        let length = route.length
        return Footprint(
            origin: origin, heading: Degrees.normalizedHeading(heading + 180),
            along: Interval(length - s1 + along.lower, length - s0 + along.upper), across: across)
    }

    /// The area swept by a U-turn (at B when `atEnd`, else at A), over the whole band.
    func turnSweep(atEnd: Bool) -> TurnSweep {
        let across = flight.screen.across.widened(by: flight.lateralBand).shifted(by: -sign * flight.turn.radius)
        let start = Footprint(
            origin: atEnd ? endTurnCenter : startTurnCenter,
            heading: atEnd ? heading : Degrees.normalizedHeading(heading + 180),
            along: flight.screen.along, across: across)
        return TurnSweep(start: start, sign: sign, degrees: 180)
    }
}

/// How fast the loop is flown in time: speed along the track, frame rate, and turn rate for pivots.
public struct FlightTiming: Sendable, Hashable {
    /// Speed in terrain pixels per second (turns with ρ > 0 are flown at v/ρ).
    public let speed: Double
    /// Frames per second.
    public let framesPerSecond: Double
    /// Turn rate in degrees per second for pivots (ρ = 0).
    public let turnRate: Double

    /// The range each of speed (px/s), frame rate (1/s) and turn rate (°/s) must lie in, 10⁻⁹ … 10¹²: a loop of any
    /// length a flight allows then lasts a finite time (a speed of 10⁻³²⁰ px/s made it infinite).
    public static let validRates: ClosedRange<Double> = 1e-9...1e12

    /// Creates a timing; all three must be finite and within ``validRates``.
    /// - Throws: ``StencilError`` otherwise.
    public init(speed: Double, framesPerSecond: Double = 60, turnRate: Double = 90) throws(StencilError) {
        for (value, field) in [(speed, "Speed"), (framesPerSecond, "Frame rate"), (turnRate, "Turn rate")] {
            try StencilError.requirePositive(value, field)
            guard Self.validRates.contains(value) else {
                throw .outOfRange(field: field, value: value, valid: "in [1e-09, 1e+12]")
            }
        }
        self.speed = speed
        self.framesPerSecond = framesPerSecond
        self.turnRate = turnRate
    }

    /// Seconds per frame, 1 / fps.
    public var frameInterval: Double { 1 / framesPerSecond }
}
