/// An error raised by StencilKit for input that cannot describe a flight, a pose or a budget.
///
/// Every case's `description` says what was wrong and what would be valid.
public enum StencilError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A coordinate, image or route error from MercatorMath.
    case geometry(MercatorError)
    /// A value that must be finite was NaN or infinite.
    case nonFinite(field: String, value: Double)
    /// A value outside the range it must lie in.
    case outOfRange(field: String, value: Double, valid: String)
    /// The flight's sweep leaves the terrain above row 0 or below the last row: `rows` are the rows it needs past
    /// that edge, `latitudeReached` the latitude of its farthest point there.
    case leavesTerrain(rows: ClosedRange<Int>, gridRows: Int, latitudeReached: Double, latitudeLimit: Double)
    /// A lateral offset outside the flight's band.
    case offsetOutsideBand(offset: Double, band: Double)
    /// A memory budget too small for any split of the route.
    case budgetTooSmall(budgetBytes: Int, bytesPerTile: Int, capacity: Int, minimumTiles: Int)
    /// Work or memory past what the library holds: `what` measured `value` against `limit`.
    case tooLarge(what: String, value: Double, limit: Double, advice: String)
    /// A waypoint route with fewer than two waypoints.
    case tooFewWaypoints(count: Int)
    /// Two consecutive waypoints (indices `first`, `second`; the closing leg of a loop pairs the last with 0) at
    /// the same place.
    case coincidentWaypoints(first: Int, second: Int, latitude: Double, longitude: Double)
    /// A fly-by radius too large for the leg from waypoint `from` to waypoint `to`; `largestRadius` fits the whole
    /// route.
    case radiusTooLarge(from: Int, to: Int, radius: Double, largestRadius: Double)
    /// An exact reversal at a waypoint with a fly-by radius ρ > 0 (only a pivot can reverse).
    case reversalWithRadius(waypoint: Int, radius: Double)
    /// A great-circle tolerance ε that is not a finite number greater than 0.
    case badTolerance(value: Double)
    /// No stall-free streaming schedule fits the capacity with the loader (the geometry model's *Streaming schedule*
    /// (§9)): the payload names why,
    /// the least capacity and the least throughput that work.
    case infeasibleSchedule(ScheduleInfeasibility)

    /// A sentence naming what was wrong and what would be valid.
    public var description: String {
        switch self {
        case .geometry(let error):
            return error.description
        case .nonFinite(let field, let value):
            return "\(field) is \(value); it must be a finite number."
        case .outOfRange(let field, let value, let valid):
            return "\(field) is \(value); it must be \(valid)."
        case .leavesTerrain(let rows, let gridRows, let latitude, let limit):
            return
                "The flight's sweep needs tile rows \(rows.lowerBound)…\(rows.upperBound), outside the terrain's rows "
                + "0…\(gridRows - 1): it reaches latitude \(Self.format(latitude))°, past the terrain's limit of "
                + "±\(Self.format(limit))°. Move the route away from the edge, shrink the screen or its scale, "
                + "or ask to clip to the terrain."
        case .offsetOutsideBand(let offset, let band):
            return "Lateral offset \(offset) px is outside the flight's band; it must lie in [-\(band), \(band)] px."
        case .budgetTooSmall(let budget, let bytesPerTile, let capacity, let minimum):
            let (needed, overflow) = minimum.multipliedReportingOverflow(by: bytesPerTile)
            let advice =
                overflow
                ? "it would take more than Int.max (\(Int.max)) bytes, so choose a smaller texture format"
                : "a budget of at least \(needed) bytes would work"
            return "A budget of \(budget) bytes holds \(capacity) tiles of \(bytesPerTile) bytes, but the smallest "
                + "split of this flight needs \(minimum) resident tiles: \(advice)."
        case .tooLarge(let what, let value, let limit, let advice):
            return "\(what) is \(Self.format(value)), past the limit of \(Self.format(limit)): \(advice)."
        case .tooFewWaypoints(let count):
            return "A waypoint route needs at least 2 waypoints; it has \(count)."
        case .coincidentWaypoints(let first, let second, let latitude, let longitude):
            return "Waypoints \(first) and \(second) are the same place (lat \(latitude)°, lon \(longitude)°); "
                + "consecutive waypoints must differ (two points at ±180° with the same latitude are the same point)."
        case .radiusTooLarge(let from, let to, let radius, let largest):
            return "A fly-by radius of \(Self.format(radius)) px does not fit the leg from waypoint \(from) to "
                + "waypoint \(to): its turns need more than the leg's length. The largest radius that fits the whole "
                + "route is \(largest) px."
        case .reversalWithRadius(let waypoint, let radius):
            return "The route reverses at waypoint \(waypoint), where a fly-by of radius \(Self.format(radius)) px "
                + "cannot turn; use a radius of 0 (a pivot) or move the waypoint."
        case .badTolerance(let value):
            return "The great-circle tolerance is \(value) px; it must be a finite number greater than 0 "
                + "(the default is 0.5 px)."
        case .infeasibleSchedule(let reason):
            return reason.description
        }
    }

    /// A short name for the kind of error, for machine-readable output: `offTerrain`, `tooFewWaypoints`,
    /// `coincidentWaypoints`, `radiusTooLarge`, `reversalWithRadius`, `badTolerance`, `budgetTooSmall`, `tooLarge`,
    /// `offsetOutsideBand`, `infeasible` or `badParameter`.
    public var kind: String {
        switch self {
        case .geometry(let error):
            if case .latitudeOutOfRange = error { return "offTerrain" }
            if case .coincidentEndpoints = error { return "coincidentWaypoints" }
            return "badParameter"
        case .nonFinite, .outOfRange: return "badParameter"
        case .leavesTerrain: return "offTerrain"
        case .offsetOutsideBand: return "offsetOutsideBand"
        case .budgetTooSmall: return "budgetTooSmall"
        case .tooLarge: return "tooLarge"
        case .tooFewWaypoints: return "tooFewWaypoints"
        case .coincidentWaypoints: return "coincidentWaypoints"
        case .radiusTooLarge: return "radiusTooLarge"
        case .reversalWithRadius: return "reversalWithRadius"
        case .badTolerance: return "badTolerance"
        case .infeasibleSchedule: return "infeasible"
        }
    }

    /// `value` to 4 decimals, a whole number as an integer (39822, not 39822.0; whole numbers below 2⁵³ only).
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 0x1p53 { return "\(Int64(value))" }
        let scaled = (value * 10_000).rounded() / 10_000
        guard scaled.isFinite else { return "\(value)" }
        if scaled == scaled.rounded(), abs(scaled) < 0x1p53 { return "\(Int64(scaled))" }
        return "\(scaled)"
    }
}

extension StencilError {
    static func requireFinite(_ value: Double, _ field: String) throws(StencilError) {
        guard value.isFinite else { throw .nonFinite(field: field, value: value) }
    }

    static func requirePositive(_ value: Double, _ field: String) throws(StencilError) {
        try requireFinite(value, field)
        guard value > 0 else { throw .outOfRange(field: field, value: value, valid: "greater than 0") }
    }

    static func requireNonNegative(_ value: Double, _ field: String) throws(StencilError) {
        try requireFinite(value, field)
        guard value >= 0 else { throw .outOfRange(field: field, value: value, valid: "0 or more") }
    }

    static func requireUnit(_ value: Double, _ field: String) throws(StencilError) {
        try requireFinite(value, field)
        guard (0...1).contains(value) else { throw .outOfRange(field: field, value: value, valid: "in [0, 1]") }
    }
}
