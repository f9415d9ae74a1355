import Foundation
import MercatorMath
import StencilKit

/// A view file: a grid (or a map zoom), a screen, a centre, a bearing and a prefetch ring width.
///
/// ```json
/// {"grid": {"xyz": 12}, "screen": {"width": 1024, "height": 768, "scale": 1}, "center": {"x": 550476.8,
///  "y": 375219.2}, "bearing": 30, "ring": 256}
/// {"map": {"zoom": 12.4, "tileSize": 256, "levelBias": 0, "minLevel": 0, "maxLevel": 30},
///  "screen": {"width": 390, "height": 844}, "center": {"lon": 8.5417, "lat": 47.3769}, "bearing": 37, "ring": 256}
/// ```
/// `grid` and `screen` are a scenario's blocks (``GridSpec``, ``ScreenSpec``); with `map` the level and the scale
/// come from the map zoom ("Views and levels of detail", its section on XYZ levels and map zooms) and `screen.scale`
/// must be absent. `center` is `{"lon", "lat"}` or `{"x", "y"}` in pixels of the grid (of the level, for a map).
/// `bearing` defaults to 0, `ring` to 0 (no ring); `name` and `description` are optional. Any other field is an
/// error.
///
/// A view with `"camera": {"pitch", "fov", "horizon"}` (``ViewCameraSpec``) is pitched (the geometry model's
/// "Perspective views", §11): it needs `map` (the levels by depth come from its zoom, bias and level range), its
/// screen anchor must be the centre and it has no ring (``PitchedViewSetup``). A pitched view may also look over
/// terrain (`"terrain"`, ``TerrainSpec``; the geometry model's "Covers over terrain", §14), its eye then anchored by
/// the camera's `centerElevation` or `eyeAltitude` (or the datum).
package struct ViewScenario: Sendable {
    /// Where the tiles come from.
    package enum Source: Sendable {
        /// A grid, as a scenario gives it.
        case grid(GridSpec)
        /// A Web Mercator pyramid at fractional map zoom Z ("Views and levels of detail").
        case map(zoom: Double, tileSize: Int, levelBias: Double, minLevel: Int, maxLevel: Int)
    }

    /// The view's centre.
    package enum Center: Sendable {
        /// A longitude and latitude in degrees.
        case geographic(lon: Double, lat: Double)
        /// Pixels of the grid (of the level, for a map).
        case pixel(x: Double, y: Double)
    }

    package var name: String?
    package var summary: String?
    /// Where it came from, for error messages.
    package var source: String
    package var tiles: Source
    /// The screen; its scale is nil with a map (the map zoom sets it).
    package var screen: ScreenSpec
    /// The view's centre.
    package var center: Center
    /// The bearing in degrees, clockwise from north.
    package var bearing: Double
    /// The prefetch ring's width in terrain px (0: no ring).
    package var ring: Double
    /// The perspective camera of a pitched view; nil for a view straight down.
    package var camera: ViewCameraSpec?
    /// The terrain a pitched view looks over; nil for the flat datum.
    package var terrain: TerrainSpec?

    /// Reads a view from JSON text; `folder` resolves a relative DEM path (the folder of the file).
    /// - Throws: ``ViewError`` of kind `syntax` for invalid JSON, `field` for a missing, unknown or invalid field.
    package init(json text: String, source: String, folder: String = ".") throws(ViewError) {
        let root: JSONValue
        do { root = try JSONValue.parse(text) } catch { throw ViewError(.syntax, "\(source): \(error)") }
        do {
            try self.init(root, source: source, folder: folder)
        } catch {
            throw ViewError(.field, error.description)
        }
    }

    private init(_ root: JSONValue, source: String, folder: String) throws(ScenarioError) {
        let top = try FieldReader(root, path: "", source: source)
        try top.allow([
            "name", "description", "grid", "map", "screen", "center", "bearing", "ring", "camera", "terrain",
        ])
        name = try top.optionalString("name")
        summary = try top.optionalString("description")
        self.source = source

        switch (top.has("grid"), top.has("map")) {
        case (true, true): throw ScenarioError("\(source): give \"grid\" or \"map\", not both")
        case (false, false): throw ScenarioError("\(source): missing field \"grid\" (or \"map\")")
        case (true, false): tiles = .grid(try GridSpec(top.object("grid")))
        case (false, true): tiles = try Self.map(top.object("map"))
        }

        let fromMap: Bool
        if case .map = tiles { fromMap = true } else { fromMap = false }
        screen = try ScreenSpec(top.object("screen"), scaleFromMap: fromMap)

        let c = try top.object("center")
        if c.has("lon") || c.has("lat") {
            let point = try c.coordinate()
            center = .geographic(lon: point.lon, lat: point.lat)
        } else {
            try c.allow(["x", "y"])
            center = .pixel(x: try c.number("x"), y: try c.number("y"))
        }
        bearing = try top.number("bearing", default: 0)
        ring = try top.number("ring", default: 0, atLeast: 0)
        if let c = try top.optionalObject("camera") { camera = try ViewCameraSpec(c) }
        if let t = try top.optionalObject("terrain") {
            guard camera != nil else {
                throw ScenarioError(
                    "\(source): field \"terrain\" needs a \"camera\" (a cover over terrain is a perspective view's)")
            }
            terrain = try TerrainSpec(t, folder: folder)
        }
        if camera != nil {
            guard fromMap else {
                throw ScenarioError(
                    "\(source): field \"camera\" needs \"map\" in place of \"grid\" (a pitched view draws levels by "
                        + "depth from the map zoom, bias and level range of a Web Mercator pyramid)")
            }
            try top.requireCentredAnchor(screen)
            guard ring == 0 else {
                throw top.invalid(
                    "ring",
                    "must be absent or 0 with a \"camera\": a pitched view has no prefetch ring (got "
                        + "\(JSONValue.format(ring)))")
            }
        }
    }

    /// The map's level of detail (tile size, bias, level range), or nil for a grid.
    package var levels: (tileSize: Int, levelBias: Double, minLevel: Int, maxLevel: Int)? {
        guard case .map(_, let tileSize, let bias, let minLevel, let maxLevel) = tiles else { return nil }
        return (tileSize, bias, minLevel, maxLevel)
    }

    private static func map(_ m: FieldReader) throws(ScenarioError) -> Source {
        try m.allow(["zoom", "tileSize", "levelBias", "minLevel", "maxLevel"])
        let mapZoom = try m.number("zoom", atLeast: 0)
        guard mapZoom <= 64 else { throw m.invalid("zoom", "must lie in [0, 64] (got \(MessageNumber.text(mapZoom)))") }
        let tileSize = try m.integer("tileSize", default: 256, atLeast: 1)
        let bias = try m.number("levelBias", default: 0, atLeast: 0)
        guard bias < 1 else {
            throw m.invalid(
                "levelBias", "must lie in [0, 1): 0 takes the floor, 0.5 rounds (got \(MessageNumber.text(bias)))")
        }
        let minLevel = try m.integer("minLevel", default: 0, atLeast: 0)
        let maxLevel = try m.integer("maxLevel", default: 30, atLeast: 0)
        guard maxLevel <= 30 else { throw m.invalid("maxLevel", "must be a level in 0…30 (got \(maxLevel))") }
        guard minLevel <= maxLevel else {
            throw m.invalid("minLevel", "must not exceed maxLevel \(maxLevel) (got \(minLevel))")
        }
        return .map(zoom: mapZoom, tileSize: tileSize, levelBias: bias, minLevel: minLevel, maxLevel: maxLevel)
    }
}

/// A view file turned into library values: the grid, its XYZ level if it has one, and the viewport.
package struct ViewSetup: Sendable {
    package let scenario: ViewScenario
    package let grid: TileGrid
    /// The XYZ level: given by `map` or `grid.xyz`, or n when the grid is 2ⁿ × 2ⁿ tiles; nil otherwise.
    package let level: Int?
    package let viewport: Viewport

    /// - Throws: ``ViewError`` of kind `nonFinite`, `outOfRange` or `geometry` when the library refuses the view, or
    ///   `refused` for a pitched view (``PitchedViewSetup`` sets those up).
    package init(_ scenario: ViewScenario) throws(ViewError) {
        self.scenario = scenario
        guard scenario.camera == nil else {
            throw ViewError(.refused, "\(scenario.source): a pitched view (with \"camera\") has no flat viewport")
        }
        do {
            var mapScale: Double?
            switch scenario.tiles {
            case .grid(let spec):
                grid = try spec.makeGrid()
                switch spec {
                case .tiles(let c, let r, _): level = c == r && c.nonzeroBitCount == 1 ? c.trailingZeroBitCount : nil
                case .xyz(let z): level = z
                }
            case .map(let z, let tileSize, let bias, let minLevel, let maxLevel):
                // MercatorMath's level of detail: n = clamp(⌊Z + b⌋, min, max), scale 2^(n − Z) ("Views and levels of detail").
                let draw = try LevelOfDetail(
                    tileSize: tileSize, levelBias: bias, minLevel: minLevel, maxLevel: maxLevel
                )
                .drawLevel(forMapZoom: z)
                grid = draw.grid
                level = draw.level
                mapScale = draw.scale
            }
            let screen = try scenario.screen.makeScreen(scale: mapScale)
            switch scenario.center {
            case .geographic(let lon, let lat):
                viewport = try Viewport(
                    grid: grid, center: GeoCoordinate(latitude: lat, longitude: lon), bearing: scenario.bearing,
                    screen: screen)
            case .pixel(let x, let y):
                viewport = try Viewport(
                    grid: grid, center: PixelPoint(x: x, y: y), bearing: scenario.bearing, screen: screen)
            }
            // The ring's own limits, checked up front so a refused ring is a refused view.
            var probe: [VisibleTile] = []
            try viewport.prefetchRing(width: scenario.ring, into: &probe)
        } catch {
            throw ViewError(library: error, source: scenario.source)
        }
    }
}

/// Why a view file was not shown: its kind (for `{"error": {"kind", "message"}}`) and a sentence.
package struct ViewError: Error, Sendable, CustomStringConvertible {
    /// The kinds of refusal.
    package enum Kind: String, Sendable {
        /// A command-line mistake.
        case usage
        /// The file cannot be found or read.
        case file
        /// The file is not valid JSON.
        case syntax
        /// A field is missing, unknown, of the wrong kind or out of range.
        case field
        /// The library refused a value that must be finite.
        case nonFinite
        /// The library refused a value out of range (reach, size in tiles, ring width…).
        case outOfRange
        /// A coordinate or grid error from MercatorMath.
        case geometry
        /// Any other refusal.
        case refused
    }

    package let kind: Kind
    package let message: String

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The refusal of `source`'s view for an error the library threw setting it up: a ``/StencilKit/StencilError``
    /// or a ``/MercatorMath/MercatorError`` by its kind, any other as `refused`.
    package init(library error: any Error, source: String) {
        message = "\(source): \(error)"
        switch error {
        case StencilError.nonFinite: kind = .nonFinite
        case StencilError.outOfRange: kind = .outOfRange
        case StencilError.geometry, is MercatorError: kind = .geometry
        default: kind = .refused
        }
    }

    package var description: String { message }

    /// `{"error": {"kind": K, "message": "..."}}`.
    package var json: JSONValue {
        .object([("error", .object([("kind", .string(kind.rawValue)), ("message", .string(message))]))])
    }
}
