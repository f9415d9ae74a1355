/// How fast a track is flown on the ground (the geometry model's *Ground units and time*, §12): a ground speed in
/// metres per second for the whole track or one per leg, the frame rate, the turn rate of pivots, and the body the
/// metres are measured on.
///
/// A piece takes its ground length divided by its leg's speed: a straight piece its rhumb-line distance, a turn of
/// radius ρ px ρ·|Δ| / κ(φ_C) (κ the px per metre at its centre's latitude), a pivot |Δ| / turn rate (the joints of a
/// great-circle chain none). The px/s timing of ``FlightTiming`` keeps its meaning; on a Mercator image a constant
/// ground speed is not a constant px speed: it changes by 1 / cos φ.
public struct GroundTiming: Sendable, Hashable {
    /// Ground speeds in metres per second: one for the whole track, or one per leg (``Track/legStarts``).
    public let speeds: [Double]
    /// Frames per second.
    public let framesPerSecond: Double
    /// Turn rate in degrees per second for pivots (ρ = 0).
    public let turnRate: Double
    /// The sphere the metres are measured on; nil for the grid's own (``/MercatorMath/TileGrid/defaultBody``:
    /// Earth for XYZ levels, Mars for the Mars grids).
    public let body: Body?

    /// The range a ground speed must lie in, 10⁻⁶ … 10⁹ m/s: a track of any length the limits allow then lasts a
    /// finite time (its frame count is still bounded by ``TrackFrames/maximumCount``).
    public static let validSpeeds: ClosedRange<Double> = 1e-6...1e9

    /// One ground speed for the whole track, in metres per second.
    /// - Throws: ``StencilError`` for a speed, frame rate or turn rate that is not finite and positive, a speed outside
    ///   ``validSpeeds`` or rates outside ``FlightTiming/validRates``.
    public init(speed: Double, framesPerSecond: Double = 60, turnRate: Double = 90, body: Body? = nil)
        throws(StencilError)
    {
        try self.init(legSpeeds: [speed], framesPerSecond: framesPerSecond, turnRate: turnRate, body: body)
    }

    /// One ground speed per leg, in metres per second (n for a one-way track through W₀…Wₙ, n + 1 for a loop, the
    /// closing leg last, two for a racetrack: outbound and return). A leg's fly-by turn at its end is flown at its
    /// speed.
    /// - Throws: as ``init(speed:framesPerSecond:turnRate:body:)``, naming the leg; an empty list.
    public init(legSpeeds: [Double], framesPerSecond: Double = 60, turnRate: Double = 90, body: Body? = nil)
        throws(StencilError)
    {
        guard !legSpeeds.isEmpty else {
            throw .outOfRange(field: "Ground speeds", value: 0, valid: "one speed, or one per leg")
        }
        for (leg, speed) in legSpeeds.enumerated() {
            let field = legSpeeds.count == 1 ? "Ground speed (m/s)" : "Ground speed of leg \(leg) (m/s)"
            try StencilError.requirePositive(speed, field)
            guard Self.validSpeeds.contains(speed) else {
                throw .outOfRange(field: field, value: speed, valid: "in [1e-06, 1e+09] m/s")
            }
        }
        for (value, field) in [(framesPerSecond, "Frame rate"), (turnRate, "Turn rate")] {
            try StencilError.requirePositive(value, field)
            guard FlightTiming.validRates.contains(value) else {
                throw .outOfRange(field: field, value: value, valid: "in [1e-09, 1e+12]")
            }
        }
        speeds = legSpeeds
        self.framesPerSecond = framesPerSecond
        self.turnRate = turnRate
        self.body = body
    }

    /// Metres per second of a speed in knots (1 kn = 1852 / 3600 m/s).
    public static func metresPerSecond(knots: Double) -> Double { knots * 1852 / 3600 }

    /// Metres per second of a speed in kilometres per hour (1 km/h = 1 / 3.6 m/s).
    public static func metresPerSecond(kilometresPerHour: Double) -> Double { kilometresPerHour / 3.6 }

    /// Seconds per frame, 1 / fps.
    public var frameInterval: Double { 1 / framesPerSecond }
}
