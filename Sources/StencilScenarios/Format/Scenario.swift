import Foundation
import MercatorMath
import StencilKit

/// One benchmark scenario: a flight on a tile grid, its memory budget and how fast it is flown.
///
/// Scenarios are read from JSON (Benchmarks/FORMAT.md lists every field) by a strict reader: an unknown
/// field, a missing required field, a value of the wrong kind or out of range is an error naming the field.
package struct Scenario: Sendable {
    /// Short name, used on the command line and in results.
    package var name: String
    /// Optional one-line description.
    package var summary: String?
    /// Where it came from, for error messages: `built-in scenario NAME` or `scenario FILE`.
    package var source: String
    /// The tile grid: explicit sizes or a Web Mercator XYZ level.
    package var grid: GridSpec
    /// The route: the racetrack between two points ("Route and flight loop"), or a waypoint track ("Tracks: routes
    /// of any shape").
    package var route: RouteSpec
    /// The screen: size, scale, anchor and margin.
    package var screen: ScreenSpec
    /// The turn radius ρ in terrain px (0: pivots); with waypoints, the fly-by radius at every waypoint.
    package var turnRadius: Double
    /// The racetrack's turn direction.
    package var turnDirection: TurnDirection
    /// The lateral band d in terrain px: how far the pilot may steer either side of the track.
    package var lateralBand: Double
    /// The lateral band in metres on the ground (`lateralBandMetres`, in place of `lateralBand`): the track's band
    /// becomes the px band that is at least this wide everywhere (``/StencilKit/Track/withLateralBand(metres:on:)``).
    package var lateralBandMetres: Double?
    /// The sphere metres are measured on (`"body"`: `"earth"`, `"mars"` or `{"radius": R}`); nil for the grid's own
    /// (``/MercatorMath/TileGrid/defaultBody``).
    package var body: Body?
    /// Bytes per tile texture; defaults to tileSize² × 4 (RGBA8).
    package var bytesPerTile: Int
    /// Texture budget in bytes; nil means unlimited (a single segment).
    package var budgetBytes: Int?
    /// The swap policy at split points.
    package var policy: LoadPolicy
    /// Whether rows past the terrain are dropped instead of refusing the flight.
    package var clipToTerrain: Bool
    /// Terrain pixels per second along the track (unused when ``groundSpeeds`` is given).
    package var speed: Double
    /// Ground speeds in metres per second, one for the whole track or one per leg (the geometry model's "Ground units
    /// and time", §12), from `flight.groundSpeed`, or `flight.knots` or `flight.kmh` converted; nil when the track is
    /// flown at the px/s ``speed``.
    package var groundSpeeds: [Double]?
    /// Frames per second.
    package var fps: Double
    /// Degrees per second for pivot turns (ρ = 0).
    package var turnRate: Double
    /// The loader of the streaming schedule (`"loader": {"latency": λ, "throughput": μ}`), if given.
    package var loader: (latency: Double, throughput: Double)?
    /// A chase camera flown along the track (`"camera"`, ``ChaseCameraSpec``; the geometry model's "Perspective
    /// views", §11): `stencil`, `frames`, `schedule` and `svg` then show its pitched covers; nil for the screen
    /// straight down.
    package var camera: ChaseCameraSpec?
    /// The terrain the chase camera flies over (`"terrain"`, ``TerrainSpec``; the geometry model's "Covers over
    /// terrain", §14); nil for the flat datum.
    package var terrain: TerrainSpec?

    /// Reads a scenario from JSON text; `source` names it in error messages (e.g. `scenario foo.json`), `folder`
    /// resolves a relative DEM path (the folder of the file).
    package init(json text: String, source: String, folder: String = ".") throws(ScenarioError) {
        let root: JSONValue
        do { root = try JSONValue.parse(text) } catch { throw ScenarioError("\(source): \(error)") }
        let top = try FieldReader(root, path: "", source: source)
        try top.allow([
            "name", "description", "grid", "route", "screen", "turn", "lateralBand", "lateralBandMetres", "body",
            "bytesPerTile", "budgetBytes", "policy", "clipToTerrain", "flight", "loader", "camera", "terrain",
        ])
        name = try top.string("name")
        guard !name.isEmpty else { throw top.invalid("name", "must not be empty") }
        summary = try top.optionalString("description")
        self.source = source

        grid = try GridSpec(top.object("grid"))
        route = try RouteSpec(try top.object("route"))
        if let c = try top.optionalObject("camera") {
            guard case .xyz = grid else {
                throw ScenarioError(
                    "\(source): field \"camera\" needs an XYZ grid, \"grid\": {\"xyz\": n} (a chase camera draws "
                        + "the levels of a Web Mercator pyramid; got \(grid.description))")
            }
            camera = try ChaseCameraSpec(c)
            screen = try ScreenSpec(
                top.object("screen"), scaleFromMap: true,
                scaleSetter: "with a \"camera\" (its \"zoom\" or \"altitude\" sets the scale)")
            try top.requireCentredAnchor(screen)
        } else {
            screen = try ScreenSpec(top.object("screen"))
        }
        if let t = try top.optionalObject("terrain") {
            guard camera != nil else {
                throw ScenarioError(
                    "\(source): field \"terrain\" needs a \"camera\" (a cover over terrain is a chase camera's)")
            }
            terrain = try TerrainSpec(t, folder: folder)
        }

        if let t = try top.optionalObject("turn") {
            try t.allow(["radius", "direction"])
            turnRadius = try t.number("radius", default: 0, atLeast: 0)
            turnDirection = try t.choice("direction", default: .right)
        } else {
            turnRadius = 0
            turnDirection = .right
        }
        if top.has("lateralBand") && top.has("lateralBandMetres") {
            throw ScenarioError(
                "\(source): fields \"lateralBand\" (px) and \"lateralBandMetres\" (m) both give the lateral band: "
                    + "give one of them")
        }
        lateralBand = try top.number("lateralBand", default: 0, atLeast: 0)
        lateralBandMetres = top.has("lateralBandMetres") ? try top.number("lateralBandMetres", atLeast: 0) : nil
        body = try Self.body(top)

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
                    "is missing, and its default tileSize² × 4 = \(MessageNumber.text(4 * Double(tileSize) * Double(tileSize))) "
                        + "does not fit in a 64-bit integer (at most \(Int.max)); give bytesPerTile explicitly")
            }
            bytesPerTile = bytes
        }
        budgetBytes = top.has("budgetBytes") ? try top.integer("budgetBytes", atLeast: 0) : nil
        policy = try top.choice("policy", default: .pause)
        clipToTerrain = try top.bool("clipToTerrain", default: false)

        if let f = try top.optionalObject("flight") {
            try f.allow(["speed", "groundSpeed", "knots", "kmh", "fps", "turnRate"])
            speed = try f.number("speed", default: 240, greaterThan: 0)
            groundSpeeds = try Self.groundSpeeds(f, route: route)
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

    /// The ground speeds of a `flight` block in m/s: `groundSpeed` (m/s), `knots` or `kmh`, each a number or a list
    /// of one per leg of `route`; nil when none is given.
    /// - Throws: ``ScenarioError`` naming the fields for two ground speeds or a ground speed with the px `speed`, a
    ///   speed that is not a finite number in ``/StencilKit/GroundTiming/validSpeeds`` m/s, or a list that has
    ///   neither one speed nor one per leg (naming the count the route needs).
    package static func groundSpeeds(_ f: FieldReader, route: RouteSpec) throws(ScenarioError) -> [Double]? {
        let units: [(key: String, unit: String, metresPerSecond: (Double) -> Double)] = [
            ("groundSpeed", "m/s", { $0 }),
            ("knots", "kn", { GroundTiming.metresPerSecond(knots: $0) }),
            ("kmh", "km/h", { GroundTiming.metresPerSecond(kilometresPerHour: $0) }),
        ]
        let given = units.filter { f.has($0.key) }
        guard let field = given.first else { return nil }
        let path = { (key: String) in "\"\(f.fieldPath(key))\"" }
        if given.count > 1 {
            throw ScenarioError(
                "\(f.source): fields \(given.map { path($0.key) }.joined(separator: " and ")) both give the ground "
                    + "speed: give one of them")
        }
        if f.has("speed") {
            throw ScenarioError(
                "\(f.source): fields \(path("speed")) (px/s) and \(path(field.key)) (a ground speed) both give the "
                    + "speed: give one of them (a ground speed flies the track in metres per second, §12)")
        }
        let value = try f.value(field.key)
        let items: [(key: String, value: JSONValue)]
        switch value {
        case .number, .integer: items = [(field.key, value)]
        case .array(let list): items = list.enumerated().map { ("\(field.key)[\($0.offset)]", $0.element) }
        default:
            throw f.invalid(field.key, "must be a speed in \(field.unit) or a list of one per leg, not \(value.kind)")
        }
        var speeds: [Double] = []
        for item in items {
            guard let v = item.value.number else {
                throw f.invalid(item.key, "must be a speed in \(field.unit), not \(item.value.kind)")
            }
            guard v > 0, v.isFinite else {
                throw f.invalid(
                    item.key, "must be a finite speed greater than 0 \(field.unit) (got \(MessageNumber.text(v)))")
            }
            let metres = field.metresPerSecond(v)
            guard metres.isFinite, GroundTiming.validSpeeds.contains(metres) else {
                throw f.invalid(
                    item.key,
                    "must lie in [1e-06, 1e+09] m/s (got \(MessageNumber.text(v)) \(field.unit) = "
                        + "\(MessageNumber.text(metres)) m/s)")
            }
            speeds.append(metres)
        }
        let legs = route.legs
        guard speeds.count == 1 || speeds.count == legs.count else {
            let choice =
                legs.count == 1
                ? "one speed" : "one speed for the whole track, or \(legs.count), one per leg in flying order"
            throw f.invalid(field.key, "has \(speeds.count) speeds; \(legs.description): give \(choice)")
        }
        return speeds
    }

    /// The `"body"` field: `"earth"`, `"mars"` or `{"radius": R}` (metres, in ``/MercatorMath/Body/validRadii``);
    /// nil when absent.
    package static func body(_ top: FieldReader) throws(ScenarioError) -> Body? {
        guard top.has("body") else { return nil }
        let valid = "must be \"earth\", \"mars\" or {\"radius\": R} (R in metres, 0.001 … 1e+15)"
        switch try top.value("body") {
        case .string("earth"): return .earth
        case .string("mars"): return .mars
        case .string(let s): throw top.invalid("body", "\(valid) (got \"\(s)\")")
        case .object:
            let b = try top.object("body")
            try b.allow(["radius"])
            let radius = try b.number("radius", greaterThan: 0)
            guard let body = try? Body(radius: radius) else {
                throw b.invalid("radius", "must lie in [0.001, 1e+15] metres (got \(MessageNumber.text(radius)))")
            }
            return body
        case let other: throw top.invalid("body", "\(valid), not \(other.kind)")
        }
    }
}

/// A scenario's route: `route.from`/`route.to` (and `way`) make the racetrack; `route.waypoints` (each
/// `{"lon", "lat"}`) with `legs` (`"rhumb"` default or `"greatCircle"`), `closure` (`"oneWay"` default or
/// `"loop"`), `tolerance` (ε in px, default 0.5) and `dropRepeated` (default false: drop each waypoint at the place
/// of the one before it, and a loop's last ones at the first's place, with ``Track/droppingRepeatedWaypoints(_:closure:)``,
/// instead of refusing them) make a waypoint track (the geometry model's "Tracks: routes of any shape").
/// `dropped` holds the indices (in the file's list) of the waypoints dropped.
package enum RouteSpec: Sendable {
    case racetrack(from: (lon: Double, lat: Double), to: (lon: Double, lat: Double), way: RouteWay)
    case waypoints(
        points: [(lon: Double, lat: Double)], legs: LegKind, closure: TrackClosure, tolerance: Double, dropped: [Int])

    package init(_ r: FieldReader) throws(ScenarioError) {
        if r.has("waypoints") {
            try r.allow(["waypoints", "legs", "closure", "tolerance", "dropRepeated"])
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
            var dropped: [Int] = []
            if try r.bool("dropRepeated", default: false) {
                // Every point was checked above (finite, |lat| < 90), so each makes a coordinate.
                let coordinates = points.compactMap { try? GeoCoordinate(latitude: $0.lat, longitude: $0.lon) }
                dropped = Track.droppingRepeatedWaypoints(coordinates, closure: closure).dropped
                let gone = Set(dropped)
                points = points.enumerated().filter { !gone.contains($0.offset) }.map(\.element)
            }
            self = .waypoints(
                points: points, legs: try r.choice("legs", default: .rhumb), closure: closure,
                tolerance: try r.number("tolerance", default: 0.5), dropped: dropped)
        } else {
            try r.allow(["from", "to", "way"])
            self = .racetrack(
                from: try r.object("from").coordinate(), to: try r.object("to").coordinate(),
                way: try r.choice("way", default: .short))
        }
    }

    /// The legs of the route as the geometry model's "Ground units and time" (§12) counts them for per-leg speeds:
    /// the count a list of speeds may have besides 1, and a description for messages. A one-way route through n + 1
    /// waypoints has n legs, a loop n + 1 (the closing leg last), the racetrack 2 (outbound, return).
    package var legs: (count: Int, description: String) {
        switch self {
        case .racetrack:
            return (2, "a racetrack has 2 legs (outbound with the U-turn at B, return with the U-turn at A)")
        case .waypoints(let points, _, let closure, _, _):
            let n = points.count
            return closure == .loop
                ? (n, "this loop through \(n) waypoints has \(n) legs (the closing leg last)")
                : (
                    max(1, n - 1),
                    "this one-way route through \(n) waypoints has \(max(1, n - 1)) leg\(n > 2 ? "s" : "")"
                )
        }
    }
}

/// A scenario that cannot be read or set up; the message names the scenario and the problem.
package struct ScenarioError: Error, Sendable, CustomStringConvertible {
    package let message: String
    /// The kind of problem for machine-readable output (``StencilError/kind`` for library errors).
    package let kind: String
    /// Figures the message names, for machine-readable output (e.g. `largestRadius`, `minimumTiles`).
    package let figures: [(key: String, value: Double)]
    package init(_ message: String, kind: String = "badParameter", figures: [(key: String, value: Double)] = []) {
        self.message = message
        self.kind = kind
        self.figures = figures
    }

    /// The scenario error for a library error: its kind and figures.
    package init(_ source: String, _ error: StencilError) {
        // A file's repeated points have a switch of their own.
        var hint = ""
        if case .coincidentWaypoints = error {
            hint = " In a scenario file, \"dropRepeated\": true in \"route\" drops them."
        }
        self.init("\(source): \(error)\(hint)", kind: error.kind, figures: Self.figures(of: error))
    }

    package static func figures(of error: StencilError) -> [(key: String, value: Double)] {
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
        case .atPyramidLevel(let level, let error): return [("level", Double(level))] + figures(of: error)
        case .onLeg(let from, let to, let error):
            return [("legFrom", Double(from)), ("legTo", Double(to))] + figures(of: error)
        }
    }
    package var description: String { message }
}
