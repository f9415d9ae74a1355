import Foundation
import MercatorMath
import StencilKit

/// A MapLibre view file: a camera and a source described in MapLibre GL JS's terms, whose cover is the tiles
/// MapLibre requests (``/StencilKit/MapLibreCamera``).
///
/// ```json
/// {"maplibre": {"center": [8.5417, 47.3769], "zoom": 14.3, "bearing": 30, "pitch": 70, "width": 1280,
///  "height": 800, "tileSize": 512, "minzoom": 0, "maxzoom": 14, "type": "vector"}}
/// ```
/// `center` is `[lng, lat]` in degrees and `zoom` MapLibre's (a 512-px world); `width` and `height` are the canvas's
/// CSS px. `bearing` and `pitch` default to 0, `tileSize` to 512, `minzoom` to 0, `maxzoom` to 22, `type` to
/// `"vector"` (floors the zoom; `"raster"` rounds it) and `fov` to MapLibre's 36.87°. `name` and `description`
/// are optional at the top; any other field is an error. The camera's ranges are the library's: a value out of range
/// is refused with the valid range.
package struct MapLibreViewScenario: Sendable {
    package var name: String?
    package var summary: String?
    /// Where it came from, for error messages.
    package var source: String
    package var longitude, latitude, zoom, bearing, pitch, width, height: Double
    /// The field of view in degrees; nil for MapLibre's default.
    package var fieldOfView: Double?
    package var tileSize, minZoom, maxZoom: Int
    package var kind: MapLibreSourceKind

    /// Whether the JSON text is a MapLibre view (an object with a `maplibre` field at the top).
    package static func isMapLibre(_ text: String) -> Bool {
        guard let root = try? JSONValue.parse(text) else { return false }
        return root["maplibre"] != nil
    }

    /// Reads a MapLibre view from JSON text.
    /// - Throws: ``ViewError`` of kind `syntax` for invalid JSON, `field` for a missing, unknown or invalid field.
    package init(json text: String, source: String) throws(ViewError) {
        let root: JSONValue
        do { root = try JSONValue.parse(text) } catch { throw ViewError(.syntax, "\(source): \(error)") }
        do {
            try self.init(root, source: source)
        } catch {
            throw ViewError(.field, error.description)
        }
    }

    private init(_ root: JSONValue, source: String) throws(ScenarioError) {
        let top = try FieldReader(root, path: "", source: source)
        try top.allow(["name", "description", "maplibre"])
        name = try top.optionalString("name")
        summary = try top.optionalString("description")
        self.source = source
        let m = try top.object("maplibre")
        try m.allow([
            "center", "zoom", "bearing", "pitch", "width", "height", "tileSize", "minzoom", "maxzoom", "fov", "type",
        ])
        let center = try m.array("center")
        guard center.count == 2, let lng = center[0].number, let lat = center[1].number else {
            throw m.invalid("center", "must be [lng, lat], two numbers in degrees")
        }
        (longitude, latitude) = (lng, lat)
        zoom = try m.number("zoom")
        bearing = try m.number("bearing", default: 0)
        pitch = try m.number("pitch", default: 0)
        width = try m.number("width")
        height = try m.number("height")
        fieldOfView = m.has("fov") ? try m.number("fov") : nil
        tileSize = try m.integer("tileSize", default: 512)
        minZoom = try m.integer("minzoom", default: 0)
        maxZoom = try m.integer("maxzoom", default: 22)
        let type = m.has("type") ? try m.string("type") : "vector"
        switch type {
        case "vector": kind = .vector
        case "raster": kind = .raster
        default: throw m.invalid("type", "must be \"raster\" or \"vector\" (got \"\(type)\")")
        }
    }
}
