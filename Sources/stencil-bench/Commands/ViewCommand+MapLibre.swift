import Foundation
import MercatorMath
import StencilKit
import StencilScenarios

/// `stencil-bench view VIEW [--json]` for a MapLibre view (a view file with `"maplibre"`): the tiles MapLibre GL JS
/// 5.x requests for the camera and source (``/StencilKit/MapLibreCamera``).
///
/// With `--json` it prints `{"level": n, "cover": [[n, i, y], ...], "drawn": [n, ...]}`: MapLibre's nominal level
/// min(covering level, maxzoom), the data tiles as unwrapped ids (n, i, y) in MapLibre's order, and for each the
/// level it is drawn at (above n only for a vector source's tile overzoomed past maxzoom).
extension ViewCommand {
    /// `{"level": n, "cover": [[n, i, y], ...], "drawn": [n, ...]}`.
    static func mapLibreJSON(_ setup: MapLibreViewSetup) -> JSONValue {
        .object([
            ("level", .int(setup.camera.nominalLevel)),
            ("cover", .array(setup.cover.map { .levelTile($0.tile) })),
            ("drawn", .array(setup.cover.map { .int($0.overscaledLevel) })),
        ])
    }

    /// A short summary: the camera as MapLibre holds it, the counts per level, then the tiles in MapLibre's order.
    static func mapLibreText(_ setup: MapLibreViewSetup) -> String {
        let c = setup.camera
        let name = setup.scenario.name ?? setup.scenario.source
        var out =
            "\(name): MapLibre \(c.source == .raster ? "raster" : "vector") source, \(c.tileSize)-px tiles, "
            + "levels \(c.minZoom)…\(c.maxZoom); centre (\(fmt(c.mapLongitude, decimals: 6)), "
            + "\(fmt(c.mapLatitude, decimals: 6))), zoom \(fmt(c.mapZoom, decimals: 4)), bearing \(fmt(c.bearing))°, "
            + "pitch \(fmt(c.pitch))°, fov \(fmt(c.fieldOfView, decimals: 4))°, canvas \(fmt(c.width))×\(fmt(c.height)) "
            + "CSS px\n"
        out +=
            "  cover: \(setup.cover.count) tiles (\(PitchedLevels.text(PitchedLevels.counts(setup.cover.map(\.level)))))\n"
        out += "  in MapLibre's order: " + setup.cover.map(\.description).joined(separator: " ") + "\n"
        return out
    }
}
