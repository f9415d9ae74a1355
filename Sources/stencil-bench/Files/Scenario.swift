import Foundation
import MercatorMath
import StencilKit

/// One benchmark scenario: a flight on a tile grid, its memory budget and how fast it is flown.
///
/// Scenarios are read from JSON (README.md, "Scenario files", lists every field) by a strict reader: an unknown
/// field, a missing required field, a value of the wrong kind or out of range is an error naming the field.
struct Scenario: Sendable {
    /// Short name, used on the command line and in results.
    var name: String
    /// Optional one-line description.
    var summary: String?
    /// Where it came from, for error messages: `built-in scenario NAME` or `scenario FILE`.
    var source: String
    /// The tile grid: explicit sizes or a Web Mercator XYZ level.
    var grid: GridSpec
    /// The route: the racetrack between two points ("Route and flight loop"), or a waypoint track ("Tracks: routes
    /// of any shape").
    var route: RouteSpec
    /// The screen: size, scale, anchor and margin.
    var screen: ScreenSpec
    /// The turn radius ρ in terrain px (0: pivots); with waypoints, the fly-by radius at every waypoint.
    var turnRadius: Double
    /// The racetrack's turn direction.
    var turnDirection: TurnDirection
    /// The lateral band d in terrain px: how far the pilot may steer either side of the track.
    var lateralBand: Double
    /// Bytes per tile texture; defaults to tileSize² × 4 (RGBA8).
    var bytesPerTile: Int
    /// Texture budget in bytes; nil means unlimited (a single segment).
    var budgetBytes: Int?
    /// The swap policy at split points.
    var policy: LoadPolicy
    /// Whether rows past the terrain are dropped instead of refusing the flight.
    var clipToTerrain: Bool
    /// Terrain pixels per second along the track.
    var speed: Double
    /// Frames per second.
    var fps: Double
    /// Degrees per second for pivot turns (ρ = 0).
    var turnRate: Double
    /// The loader of the streaming schedule (`"loader": {"latency": λ, "throughput": μ}`), if given.
    var loader: (latency: Double, throughput: Double)?

    /// Reads a scenario from JSON text; `source` names it in error messages (e.g. `scenario foo.json`).
    init(json text: String, source: String) throws(ScenarioError) {
        let root: JSONValue
        do { root = try JSONValue.parse(text) } catch { throw ScenarioError("\(source): \(error)") }
        let top = try FieldReader(root, path: "", source: source)
        try top.allow([
            "name", "description", "grid", "route", "screen", "turn", "lateralBand", "bytesPerTile", "budgetBytes",
            "policy", "clipToTerrain", "flight", "loader",
        ])
        name = try top.string("name")
        guard !name.isEmpty else { throw top.invalid("name", "must not be empty") }
        summary = try top.optionalString("description")
        self.source = source

        grid = try GridSpec(top.object("grid"))
        route = try RouteSpec(try top.object("route"))
        screen = try ScreenSpec(top.object("screen"))

        if let t = try top.optionalObject("turn") {
            try t.allow(["radius", "direction"])
            turnRadius = try t.number("radius", default: 0, atLeast: 0)
            turnDirection = try t.choice("direction", default: .right)
        } else {
            turnRadius = 0
            turnDirection = .right
        }
        lateralBand = try top.number("lateralBand", default: 0, atLeast: 0)

        if top.has("bytesPerTile") {
            bytesPerTile = try top.integer("bytesPerTile", atLeast: 1)
        } else {
            // The RGBA8 default tileSize² × 4, computed only when needed and checked: a tile size of 2·10⁹ px
            // (valid with an explicit bytesPerTile) makes it 1.6·10¹⁹, past Int.max.
            let tileSize = grid.tileSize
            let (square, overflow1) = tileSize.multipliedReportingOverflow(by: tileSize)
            let (bytes, overflow2) = square.multipliedReportingOverflow(by: 4)
            guard !overflow1, !overflow2 else {
                throw top.invalid(
                    "bytesPerTile",
                    "is missing, and its default tileSize² × 4 = \(JSONValue.format(4 * Double(tileSize) * Double(tileSize))) "
                        + "does not fit in a 64-bit integer (at most \(Int.max)); give bytesPerTile explicitly")
            }
            bytesPerTile = bytes
        }
        budgetBytes = top.has("budgetBytes") ? try top.integer("budgetBytes", atLeast: 0) : nil
        policy = try top.choice("policy", default: .pause)
        clipToTerrain = try top.bool("clipToTerrain", default: false)

        if let f = try top.optionalObject("flight") {
            try f.allow(["speed", "fps", "turnRate"])
            speed = try f.number("speed", default: 240, greaterThan: 0)
            fps = try f.number("fps", default: 60, greaterThan: 0)
            turnRate = try f.number("turnRate", default: 90, greaterThan: 0)
        } else {
            speed = 240
            fps = 60
            turnRate = 90
        }
        if let l = try top.optionalObject("loader") {
            try l.allow(["latency", "throughput"])
            loader = (try l.number("latency", atLeast: 0), try l.number("throughput", greaterThan: 0))
        }
    }
}

/// A scenario's route: `route.from`/`route.to` (and `way`) make the racetrack; `route.waypoints` (each
/// `{"lon", "lat"}`) with `legs` (`"rhumb"` default or `"greatCircle"`), `closure` (`"oneWay"` default or
/// `"loop"`) and `tolerance` (ε in px, default 0.5) make a waypoint track (the geometry model's "Tracks: routes of any
/// shape").
enum RouteSpec: Sendable {
    case racetrack(from: (lon: Double, lat: Double), to: (lon: Double, lat: Double), way: RouteWay)
    case waypoints(points: [(lon: Double, lat: Double)], legs: LegKind, closure: TrackClosure, tolerance: Double)

    init(_ r: FieldReader) throws(ScenarioError) {
        if r.has("waypoints") {
            try r.allow(["waypoints", "legs", "closure", "tolerance"])
            let items = try r.array("waypoints")
            var points: [(lon: Double, lat: Double)] = []
            points.reserveCapacity(items.count)
            for (i, item) in items.enumerated() {
                let point = try FieldReader(item, path: r.fieldPath("waypoints[\(i)]"), source: r.source)
                points.append(try point.coordinate())
            }
            let closure: TrackClosure = try r.choice("closure", default: .oneWay)
            guard closure != .racetrack else {
                throw r.invalid(
                    "closure", "must be \"oneWay\" or \"loop\" (use route.from and route.to for a racetrack)")
            }
            self = .waypoints(
                points: points, legs: try r.choice("legs", default: .rhumb), closure: closure,
                tolerance: try r.number("tolerance", default: 0.5))
        } else {
            try r.allow(["from", "to", "way"])
            self = .racetrack(
                from: try r.object("from").coordinate(), to: try r.object("to").coordinate(),
                way: try r.choice("way", default: .short))
        }
    }

    /// Whether the route is the racetrack.
    var isRacetrack: Bool {
        if case .racetrack = self { return true }
        return false
    }
}

/// A scenario that cannot be read or set up; the message names the scenario and the problem.
struct ScenarioError: Error, Sendable, CustomStringConvertible {
    let message: String
    /// The kind of problem for machine-readable output (``StencilError/kind`` for library errors).
    let kind: String
    /// Figures the message names, for machine-readable output (e.g. `largestRadius`, `minimumTiles`).
    let figures: [(key: String, value: Double)]
    init(_ message: String, kind: String = "badParameter", figures: [(key: String, value: Double)] = []) {
        self.message = message
        self.kind = kind
        self.figures = figures
    }

    /// The scenario error for a library error: its kind and figures.
    init(_ source: String, _ error: StencilError) {
        self.init("\(source): \(error)", kind: error.kind, figures: Self.figures(of: error))
    }

    static func figures(of error: StencilError) -> [(key: String, value: Double)] {
        switch error {
        case .tooFewWaypoints(let count): return [("count", Double(count))]
        case .coincidentWaypoints(let first, let second, let latitude, let longitude):
            return [("first", Double(first)), ("second", Double(second)), ("lat", latitude), ("lon", longitude)]
        case .radiusTooLarge(let from, let to, let radius, let largest):
            return [("from", Double(from)), ("to", Double(to)), ("radius", radius), ("largestRadius", largest)]
        case .reversalWithRadius(let waypoint, let radius): return [("waypoint", Double(waypoint)), ("radius", radius)]
        case .badTolerance(let value): return [("tolerance", value)]
        case .leavesTerrain(let rows, _, let reached, let limit):
            return [
                ("firstRow", Double(rows.lowerBound)), ("lastRow", Double(rows.upperBound)),
                ("latitudeReached", reached),
                ("latitudeLimit", limit),
            ]
        case .budgetTooSmall(let budget, let bytesPerTile, let capacity, let minimum):
            return [
                ("budgetBytes", Double(budget)), ("bytesPerTile", Double(bytesPerTile)), ("capacity", Double(capacity)),
                ("minimumTiles", Double(minimum)),
            ]
        case .tooLarge(_, let value, let limit, _): return [("value", value), ("limit", limit)]
        case .outOfRange(_, let value, _), .nonFinite(_, let value): return [("value", value)]
        case .offsetOutsideBand(let offset, let band): return [("offset", offset), ("band", band)]
        case .infeasibleSchedule(let reason):
            // No throughput can: NaN, written as null.
            return [
                ("smallestCapacity", Double(reason.smallestCapacity)),
                ("smallestThroughput", reason.smallestThroughput ?? .nan),
            ]
        case .geometry: return []
        }
    }
    var description: String { message }
}
