/// Which way the aircraft turns at each end of the route.
public enum TurnDirection: String, Sendable, Hashable, CaseIterable {
    /// Clockwise seen from above (heading increases); the return leg lies to the right of the outbound leg.
    case right
    /// Counter-clockwise (heading decreases); the return leg lies to the left.
    case left

    /// σ = +1 for a right turn, −1 for a left one.
    @inlinable
    public var sign: Double { self == .right ? 1 : -1 }

    /// The other direction.
    public var opposite: TurnDirection { self == .right ? .left : .right }
}

/// The U-turn flown at each end of the route: a half circle of `radius` terrain pixels (0 for a pivot in place).
public struct Turn: Sendable, Hashable {
    /// Turn radius ρ in terrain pixels, 0 or more.
    public let radius: Double
    /// Turn direction.
    public let direction: TurnDirection

    /// Creates a turn.
    /// - Throws: ``StencilError`` for a negative or non-finite radius.
    public init(radius: Double = 0, direction: TurnDirection = .right) throws(StencilError) {
        try StencilError.requireNonNegative(radius, "Turn radius")
        self.radius = radius
        self.direction = direction
    }

    /// A pivot in place (ρ = 0), turning right.
    public static let pivot = Turn(uncheckedRadius: 0, direction: .right)

    init(uncheckedRadius: Double, direction: TurnDirection) {
        self.radius = uncheckedRadius
        self.direction = direction
    }
}
