import Foundation
import MercatorMath
import StencilKit

/// One benchmark scenario: a flight on a tile grid, its memory budget and how fast it is flown.
///
/// Scenarios are read from JSON (see `Benchmarks/README-bench.md` for every field) by a strict reader: an unknown
/// field, a missing required field, a value of the wrong kind or out of range is an error naming the field.
struct Scenario: Sendable {
    /// The tile grid: explicit sizes or a Web Mercator XYZ level.
    enum GridSpec: Sendable {
        case tiles(columns: Int, rows: Int, tileSize: Int)
        case xyz(scale: Int)
    }

    /// Short name, used on the command line and in results.
    var name: String
    /// Optional one-line description.
    var summary: String?
    /// Where it came from, for error messages: `built-in scenario NAME` or `scenario FILE`.
    var source: String
    var grid: GridSpec
    /// The route: the §3 racetrack between two points, or a waypoint track (§7).
    var route: RouteSpec
    var screenWidth: Double
    var screenHeight: Double
    var scale: Double
    var anchor: (x: Double, y: Double)
    var margin: Double
    var turnRadius: Double
    var turnDirection: TurnDirection
    var lateralBand: Double
    /// Bytes per tile texture; defaults to tileSize² × 4 (RGBA8).
    var bytesPerTile: Int
    /// Texture budget in bytes; nil means unlimited (a single segment).
    var budgetBytes: Int?
    var policy: LoadPolicy
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

        let g = try top.object("grid")
        if g.has("xyz") {
            try g.allow(["xyz"])
            let z = try g.integer("xyz")
            guard (0...30).contains(z) else { throw g.invalid("xyz", "must be a zoom level in 0…30 (got \(z))") }
            grid = .xyz(scale: z)
        } else {
            try g.allow(["columns", "rows", "tileSize"])
            let columns = try g.integer("columns", atLeast: 1)
            let rows = try g.integer("rows", atLeast: 1)
            let tileSize = try g.integer("tileSize", atLeast: 1)
            grid = .tiles(columns: columns, rows: rows, tileSize: tileSize)
        }

        route = try RouteSpec(try top.object("route"))
        let s = try top.object("screen")
        try s.allow(["width", "height", "zoom", "anchor", "margin"])
        screenWidth = try s.number("width", greaterThan: 0)
        screenHeight = try s.number("height", greaterThan: 0)
        scale = try s.number("zoom", default: 1, greaterThan: 0)
        if let a = try s.optionalObject("anchor") {
            try a.allow(["x", "y"])
            anchor = (try a.number("x", unit: true), try a.number("y", unit: true))
        } else {
            anchor = (0.5, 0.5)
        }
        margin = try s.number("margin", default: 0, atLeast: 0)

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
            let tileSize: Int
            switch grid {
            case .tiles(_, _, let t): tileSize = t
            case .xyz: tileSize = 256
            }
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

/// A scenario's route: `route.from`/`route.to` (and `way`) make the §3 racetrack; `route.waypoints` (each
/// `{"lon", "lat"}`) with `legs` (`"rhumb"` default or `"greatCircle"`), `closure` (`"oneWay"` default or
/// `"loop"`) and `tolerance` (ε in px, default 0.5) make a waypoint track (MODEL.md §7).
enum RouteSpec: Sendable {
    case racetrack(from: (lon: Double, lat: Double), to: (lon: Double, lat: Double), way: RouteWay)
    case waypoints(points: [(lon: Double, lat: Double)], legs: LegKind, closure: TrackClosure, tolerance: Double)

    init(_ r: FieldReader) throws(ScenarioError) {
        func point(_ p: FieldReader) throws(ScenarioError) -> (lon: Double, lat: Double) {
            try p.allow(["lon", "lat"])
            let lat = try p.number("lat")
            guard abs(lat) < 90 else { throw p.invalid("lat", "must lie strictly inside ±90° (got \(lat))") }
            return (try p.number("lon"), lat)
        }
        if r.has("waypoints") {
            try r.allow(["waypoints", "legs", "closure", "tolerance"])
            let items = try r.array("waypoints")
            var points: [(lon: Double, lat: Double)] = []
            points.reserveCapacity(items.count)
            for (i, item) in items.enumerated() {
                points.append(try point(FieldReader(item, path: r.fieldPath("waypoints[\(i)]"), source: r.source)))
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
                from: try point(r.object("from")), to: try point(r.object("to")),
                way: try r.choice("way", default: .short))
        }
    }

    /// Whether the route is the §3 racetrack.
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

/// Reads the fields of one JSON object strictly, naming fields by their dotted path (`screen.scale`).
struct FieldReader {
    let source: String
    let path: String
    let pairs: [(key: String, value: JSONValue)]

    init(_ value: JSONValue, path: String, source: String) throws(ScenarioError) {
        self.source = source
        self.path = path
        guard case .object(let pairs) = value else {
            let what = path.isEmpty ? "the scenario" : "field \"\(path)\""
            throw ScenarioError("\(source): \(what) must be an object, not \(value.kind)")
        }
        self.pairs = pairs
    }

    func fieldPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func invalid(_ key: String, _ problem: String) -> ScenarioError {
        ScenarioError("\(source): field \"\(fieldPath(key))\" \(problem)")
    }

    /// Throws for the first key not in `allowed`.
    func allow(_ allowed: [String]) throws(ScenarioError) {
        for pair in pairs where !allowed.contains(pair.key) {
            throw ScenarioError("\(source): unknown field \"\(fieldPath(pair.key))\"")
        }
    }

    func has(_ key: String) -> Bool { pairs.contains { $0.key == key } }

    func value(_ key: String) throws(ScenarioError) -> JSONValue {
        guard let v = pairs.first(where: { $0.key == key })?.value else {
            throw ScenarioError("\(source): missing field \"\(fieldPath(key))\"")
        }
        return v
    }

    func object(_ key: String) throws(ScenarioError) -> FieldReader {
        try FieldReader(value(key), path: fieldPath(key), source: source)
    }

    func optionalObject(_ key: String) throws(ScenarioError) -> FieldReader? {
        has(key) ? try object(key) : nil
    }

    func string(_ key: String) throws(ScenarioError) -> String {
        let v = try value(key)
        guard case .string(let s) = v else { throw invalid(key, "must be a string, not \(v.kind)") }
        return s
    }

    func array(_ key: String) throws(ScenarioError) -> [JSONValue] {
        let v = try value(key)
        guard case .array(let items) = v else { throw invalid(key, "must be an array, not \(v.kind)") }
        return items
    }

    func optionalString(_ key: String) throws(ScenarioError) -> String? {
        has(key) ? try string(key) : nil
    }

    func bool(_ key: String, default fallback: Bool) throws(ScenarioError) -> Bool {
        guard has(key) else { return fallback }
        let v = try value(key)
        guard case .bool(let b) = v else { throw invalid(key, "must be true or false, not \(v.kind)") }
        return b
    }

    func number(
        _ key: String, default fallback: Double? = nil, greaterThan low: Double? = nil, atLeast min: Double? = nil,
        unit: Bool = false
    ) throws(ScenarioError) -> Double {
        if let fallback, !has(key) { return fallback }
        let v = try value(key)
        guard case .number(let n) = v else { throw invalid(key, "must be a number, not \(v.kind)") }
        if let low, !(n > low) {
            throw invalid(key, "must be greater than \(JSONValue.format(low)) (got \(JSONValue.format(n)))")
        }
        if let min, !(n >= min) {
            throw invalid(key, "must be \(JSONValue.format(min)) or more (got \(JSONValue.format(n)))")
        }
        if unit, !(0...1).contains(n) { throw invalid(key, "must lie in [0, 1] (got \(JSONValue.format(n)))") }
        return n
    }

    func integer(_ key: String, default fallback: Int? = nil, atLeast min: Int? = nil) throws(ScenarioError) -> Int {
        if let fallback, !has(key) { return fallback }
        let v = try value(key)
        guard case .number(let n) = v else { throw invalid(key, "must be a whole number, not \(v.kind)") }
        guard n == n.rounded(), abs(n) <= 9e15 else {
            throw invalid(key, "must be a whole number (got \(JSONValue.format(n)))")
        }
        let i = Int(n)
        if let min, i < min { throw invalid(key, "must be \(min) or more (got \(i))") }
        return i
    }

    func choice<T: RawRepresentable & CaseIterable>(_ key: String, default fallback: T) throws(ScenarioError) -> T
    where T.RawValue == String {
        guard has(key) else { return fallback }
        let s = try string(key)
        guard let c = T(rawValue: s) else {
            let options = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
            throw invalid(key, "must be \(options) (got \"\(s)\")")
        }
        return c
    }
}
