import Foundation
import MercatorMath
import StencilKit

/// A corridor file: `{"route": {...}, "corridor": {"metres": b, "levels": [n0, n1]}}` — everything within b metres
/// of a route over XYZ levels n₀…n₁ (``/StencilKit/Corridor``), for `stencil-bench corridor` and `extract`.
///
/// `route` is a scenario's waypoint route (`waypoints`, `legs`, `closure` `"oneWay"` or `"loop"`, `tolerance` in px
/// of level n₁, `dropRepeated`); `corridor` has `metres` (b > 0), `levels` ([n0, n1], 0 ≤ n0 ≤ n1 ≤ 30) and
/// optionally `turnRadius` (ρ ≥ 0 in px of level n₁, default 0: round joins) and `tileSize` (default 256). Optional
/// top-level `name`, `description` and `body` (as in scenario files). Benchmarks/FORMAT.md lists every field.
package struct CorridorFile: Sendable {
    /// Short name for messages (the file's `name`, else the file name).
    package var name: String
    /// Where it came from, for error messages: `corridor FILE`.
    package var source: String
    /// The route's waypoints, repeated ones dropped when `dropRepeated` asks.
    package var waypoints: [GeoCoordinate]
    /// How the legs run.
    package var legs: LegKind
    /// One way or a loop.
    package var closure: TrackClosure
    /// ε in px of level n₁ for great-circle legs.
    package var tolerance: Double
    /// The buffer b in metres.
    package var metres: Double
    /// n₀…n₁.
    package var levels: ClosedRange<Int>
    /// The fly-by radius ρ in px of level n₁.
    package var turnRadius: Double
    /// The tile size in px.
    package var tileSize: Int
    /// The sphere of the metres; nil for Earth.
    package var body: Body?

    /// Reads a corridor file from JSON text; `source` names it in error messages.
    /// - Throws: ``ScenarioError`` naming the field for an unknown, missing or invalid field.
    package init(json text: String, source: String) throws(ScenarioError) {
        let root: JSONValue
        do { root = try JSONValue.parse(text) } catch { throw ScenarioError("\(source): \(error)") }
        try self.init(root, source: source)
    }

    /// Reads the parsed document `root`.
    package init(_ root: JSONValue, source: String) throws(ScenarioError) {
        let top = try FieldReader(root, path: "", source: source)
        try top.allow(["name", "description", "route", "corridor", "body"])
        self.source = source
        name = try top.optionalString("name") ?? source
        let routeBlock = try top.object("route")
        guard routeBlock.has("waypoints") else {
            throw routeBlock.invalid(
                "waypoints", "is missing: a corridor's route is a list of waypoints (\"route\": {\"waypoints\": […]})")
        }
        guard case .waypoints(let points, let legs, let closure, let tolerance, _) = try RouteSpec(routeBlock) else {
            throw routeBlock.invalid("waypoints", "is missing")
        }
        guard points.count >= 2 else {
            throw routeBlock.invalid("waypoints", "must hold at least 2 points (got \(points.count))")
        }
        var coordinates: [GeoCoordinate] = []
        for (index, point) in points.enumerated() {
            do { coordinates.append(try GeoCoordinate(latitude: point.lat, longitude: point.lon)) } catch {
                throw ScenarioError("\(source): route.waypoints[\(index)]: \(error)")
            }
        }
        waypoints = coordinates
        self.legs = legs
        self.closure = closure
        self.tolerance = tolerance
        let c = try top.object("corridor")
        try c.allow(["metres", "levels", "turnRadius", "tileSize"])
        metres = try c.number("metres", greaterThan: 0)
        let items = try c.array("levels")
        let numbers = items.compactMap { item -> Int? in
            if case .integer(let n) = item { return n }
            return nil
        }
        guard numbers.count == 2, items.count == 2, numbers[0] >= 0, numbers[0] <= numbers[1],
            numbers[1] <= TileID.maximumLevel
        else {
            throw c.invalid("levels", "must be [n0, n1], whole numbers with 0 ≤ n0 ≤ n1 ≤ 30")
        }
        levels = numbers[0]...numbers[1]
        turnRadius = try c.number("turnRadius", default: 0, atLeast: 0)
        tileSize = try c.integer("tileSize", default: 256, atLeast: 1)
        body = try Scenario.body(top)
    }

    /// The corridor the file describes.
    /// - Throws: ``ScenarioError`` with the library's message when it refuses the route or the buffer.
    package func makeCorridor() throws(ScenarioError) -> Corridor {
        do {
            return try Corridor(
                waypoints: waypoints, legs: legs, turnRadius: turnRadius, closure: closure, tolerance: tolerance,
                metres: metres, levels: levels, tileSize: tileSize, body: body)
        } catch { throw ScenarioError(source, error) }
    }

    /// The largest corridor file read, 16 MiB (as scenario files).
    package static let maximumFileSize = 16 << 20

    /// The corridor file at `path`, or nil when the file is not one (its top-level object has no `"corridor"`, or
    /// it is not a readable JSON file): a scenario file then.
    /// - Throws: ``ScenarioError`` for a corridor file that cannot be read.
    package static func load(path: String) throws(ScenarioError) -> CorridorFile? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return nil
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= Self.maximumFileSize,
            let text = try? String(contentsOfFile: path, encoding: .utf8),
            let root = try? JSONValue.parse(text), case .object(let pairs) = root,
            pairs.contains(where: { $0.key == "corridor" })
        else { return nil }
        return try CorridorFile(root, source: "corridor \((path as NSString).lastPathComponent)")
    }
}
