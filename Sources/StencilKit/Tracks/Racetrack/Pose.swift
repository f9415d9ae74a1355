/// The four parts of the racetrack loop (MODEL.md §3), in flying order.
public enum LoopPhase: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The outbound leg P_A → P_B; the parameter is the distance flown in pixels, 0…L.
    case outbound
    /// The U-turn at B; the parameter is the angle turned in degrees, 0…180.
    case turnAtEnd
    /// The return leg back towards A (offset by 2ρ to the turn side); the parameter is the distance flown, 0…L.
    case inbound
    /// The U-turn at A; the parameter is the angle turned in degrees, 0…180.
    case turnAtStart

    /// Whether the phase is a U-turn (its parameter is an angle).
    public var isTurn: Bool { self == .turnAtEnd || self == .turnAtStart }

    /// The phase's name.
    public var description: String {
        switch self {
        case .outbound: return "outbound"
        case .turnAtEnd: return "turn at B"
        case .inbound: return "inbound"
        case .turnAtStart: return "turn at A"
        }
    }
}

/// Where the aircraft is and which way it points, at one point of the loop.
public struct Pose: Sendable, Hashable {
    /// The part of the loop.
    public let phase: LoopPhase
    /// Distance along the leg in pixels, or angle through the turn in degrees.
    public let parameter: Double
    /// The aircraft's position in unwrapped terrain pixels (on the track, before any lateral offset).
    public let position: PixelPoint
    /// Heading in degrees clockwise from north, in [0, 360).
    public let heading: Double

    /// Creates a pose.
    public init(phase: LoopPhase, parameter: Double, position: PixelPoint, heading: Double) {
        self.phase = phase
        self.parameter = parameter
        self.position = position
        self.heading = heading
    }

    /// The position moved `offset` pixels to the pilot's right: position + δ·r(heading).
    public func position(lateralOffset offset: Double) -> PixelPoint {
        position + offset * PixelPoint.right(heading: heading)
    }
}
