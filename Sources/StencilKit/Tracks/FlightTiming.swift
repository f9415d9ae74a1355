/// How fast a track is flown in time: speed along the track, frame rate, and turn rate for pivots.
public struct FlightTiming: Sendable, Hashable {
    /// Speed in terrain pixels per second (turns with ρ > 0 are flown at v/ρ).
    public let speed: Double
    /// Frames per second.
    public let framesPerSecond: Double
    /// Turn rate in degrees per second for pivots (ρ = 0).
    public let turnRate: Double

    /// The range each of speed (px/s), frame rate (1/s) and turn rate (°/s) must lie in, 10⁻⁹ … 10¹²: a track of any
    /// length the limits allow then lasts a finite time (a speed of 10⁻³²⁰ px/s made it infinite).
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
