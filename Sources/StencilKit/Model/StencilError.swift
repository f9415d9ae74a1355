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
    /// An error at one level of a ``PyramidStencil``: `error` is what that level's stencil (or its scaled track)
    /// raised, `level` the XYZ level it was refused at.
    indirect case atPyramidLevel(level: Int, error: StencilError)
    /// An error on the leg of a waypoint route from waypoint `from` to waypoint `to` (a great circle between
    /// antipodes, or a chain past the limits): `error` is what the leg raised.
    indirect case onLeg(from: Int, to: Int, error: StencilError)

    /// A sentence naming what was wrong and what would be valid; numbers printed by one rule (`40`, not
    /// `40.0`; `1e-9`, not `0`).
    public var description: String {
        let n = MessageNumber.text
        switch self {
        case .geometry(let error):
            return error.description
        case .nonFinite(let field, let value):
            return "\(field) is \(n(value)); it must be a finite number."
        case .outOfRange(let field, let value, let valid):
            return "\(field) is \(n(value)); it must be \(valid)."
        case .leavesTerrain(let rows, let gridRows, let latitude, let limit):
            return
                "The flight's sweep needs tile rows \(rows.lowerBound)…\(rows.upperBound), outside the terrain's rows "
                + "0…\(gridRows - 1): it reaches latitude \(n(latitude))°, past the terrain's limit of "
                + "±\(n(limit))°. Move the route away from the edge, shrink the screen or its scale, "
                + "or ask to clip to the terrain."
        case .offsetOutsideBand(let offset, let band):
            return
                "Lateral offset \(n(offset)) px is outside the flight's band; it must lie in [-\(n(band)), \(n(band))] px."
        case .budgetTooSmall(let budget, let bytesPerTile, let capacity, let minimum):
            let (needed, overflow) = minimum.multipliedReportingOverflow(by: bytesPerTile)
            let advice =
                overflow
                ? "it would take more than Int.max (\(Int.max)) bytes, so choose a smaller texture format"
                : "a budget of at least \(needed) bytes would work"
            return "A budget of \(budget) bytes holds \(capacity) tiles of \(bytesPerTile) bytes, but the smallest "
                + "split of this flight needs \(minimum) resident tiles: \(advice)."
        case .tooLarge(let what, let value, let limit, let advice):
            return "\(what) is \(n(value)), past the limit of \(n(limit)): \(advice)."
        case .tooFewWaypoints(let count):
            return "A waypoint route needs at least 2 waypoints; it has \(count)."
        case .coincidentWaypoints(let first, let second, let latitude, let longitude):
            return "Waypoints \(first) and \(second) are the same place (lat \(n(latitude))°, lon \(n(longitude))°); "
                + "consecutive waypoints must differ (two points at ±180° with the same latitude are the same point); "
                + "Track.droppingRepeatedWaypoints(_:closure:) drops repeated ones."
        case .radiusTooLarge(let from, let to, let radius, let largest):
            return "A fly-by radius of \(n(radius)) px does not fit the leg from waypoint \(from) to "
                + "waypoint \(to): its turns need more than the leg's length. The largest radius that fits the whole "
                + "route is \(n(largest)) px."
        case .reversalWithRadius(let waypoint, let radius):
            return "The route reverses at waypoint \(waypoint), where a fly-by of radius \(n(radius)) px "
                + "cannot turn; use a radius of 0 (a pivot) or move the waypoint."
        case .badTolerance(let value):
            return "The great-circle tolerance is \(n(value)) px; it must be a finite number greater than 0 "
                + "(the default is 0.5 px)."
        case .infeasibleSchedule(let reason):
            return reason.description
        case .atPyramidLevel(let level, let error):
            return "At pyramid level \(level): \(error.description)"
        case .onLeg(let from, let to, let error):
            return "On the leg from waypoint \(from) to waypoint \(to): \(error.description)"
        }
    }

    /// A short name for the kind of error, for machine-readable output: `offTerrain`, `tooFewWaypoints`,
    /// `coincidentWaypoints`, `radiusTooLarge`, `reversalWithRadius`, `badTolerance`, `budgetTooSmall`, `tooLarge`,
    /// `offsetOutsideBand`, `infeasible` or `badParameter`; an error at a pyramid level or on a leg has the kind of
    /// the error it holds.
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
        case .atPyramidLevel(_, let error), .onLeg(_, _, let error): return error.kind
        }
    }

    /// `value` as every message prints it (MessageNumber).
    static func format(_ value: Double) -> String { MessageNumber.text(value) }
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
