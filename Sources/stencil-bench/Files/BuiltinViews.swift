import Foundation

/// The view files compiled into the binary (`stencil-bench view NAME`, `svg NAME`), and the views `run` measures.
/// `scenarios --write` does not write them; `view NAME --json` prints what each shows.
enum BuiltinViews {
    /// The 1024 × 768-px rectangle of the peers' benchmark at XYZ z = 12, centre tile (2150.3, 1465.7), i.e. pixel
    /// (550476.8, 375219.2), at one of the headings 0°, 30°, 45°, 73°, with a 256-px prefetch ring.
    static func z12(heading: Int) -> String {
        """
        { "name": "view-z12-h\(heading)",
          "description": "1024 × 768 px at XYZ z = 12, centre tile (2150.3, 1465.7), heading \(heading)°, 256-px ring",
          "grid": {"xyz": 12},
          "screen": {"width": 1024, "height": 768, "scale": 1, "anchor": {"x": 0.5, "y": 0.5}, "margin": 0},
          "center": {"x": 550476.8, "y": 375219.2},
          "bearing": \(heading), "ring": 256 }
        """
    }

    /// Name and JSON text of every built-in view.
    static let all: [(name: String, json: String)] =
        [0, 30, 45, 73].map { ("view-z12-h\($0)", z12(heading: $0)) } + [
            (
                "view-viking",
                """
                { "name": "view-viking",
                  "description": "480 × 320 on Mars Viking 90 × 42 × 128 px near example 1's midpoint, bearing 30°",
                  "grid": {"columns": 90, "rows": 42, "tileSize": 128},
                  "screen": {"width": 480, "height": 320, "scale": 1},
                  "center": {"x": 2028.3, "y": 2688.7},
                  "bearing": 30, "ring": 128 }
                """
            ),
            (
                "view-example5",
                """
                { "name": "view-example5",
                  "description": "The geometry model's example 5: Zurich at map zoom 12.4 (level 12), 390 × 844 at bearing 37°",
                  "map": {"zoom": 12.4, "tileSize": 256, "levelBias": 0, "minLevel": 0, "maxLevel": 22},
                  "screen": {"width": 390, "height": 844, "anchor": {"x": 0.5, "y": 0.5}},
                  "center": {"lon": 8.5417, "lat": 47.3769},
                  "bearing": 37, "ring": 256 }
                """
            ),
        ] + pitched

    /// The pitched views (the geometry model's "Perspective views", §11): a cockpit-like 1920 × 1080 view at pitch 75°
    /// over the Bernese Alps, and the model's example 7, a 1024 × 768 map at pitch 60° (32 tiles, levels 13–14).
    static let pitched: [(name: String, json: String)] = [
        (
            "alps-cockpit",
            """
            { "name": "alps-cockpit",
              "description": "A cockpit-like 1920 × 1080 view at pitch 75° over the Bernese Alps (46.5°N 8.0°E), map zoom 13, looking SSW",
              "map": {"zoom": 13, "tileSize": 256, "levelBias": 0, "minLevel": 0, "maxLevel": 22},
              "screen": {"width": 1920, "height": 1080},
              "center": {"lon": 8.0, "lat": 46.5},
              "bearing": 200,
              "camera": {"pitch": 75, "fov": 36.87, "horizon": 89.25} }
            """
        ),
        (
            "map-pitch60",
            """
            { "name": "map-pitch60",
              "description": "The geometry model's example 7: Zurich at map zoom 14.3, 1024 × 768 at bearing 37°, pitch 60° (32 tiles, levels 13–14)",
              "map": {"zoom": 14.3, "tileSize": 256, "levelBias": 0, "minLevel": 0, "maxLevel": 22},
              "screen": {"width": 1024, "height": 768},
              "center": {"lon": 8.5417, "lat": 47.3769},
              "bearing": 37,
              "camera": {"pitch": 60, "fov": 36.87, "horizon": 89.25} }
            """
        ),
    ]

    /// Whether `argument` names a view: a built-in view, or a JSON file whose top level has a `center` field.
    static func isView(_ argument: String) -> Bool {
        if all.contains(where: { $0.name == argument }) { return true }
        guard let text = try? String(contentsOfFile: argument, encoding: .utf8),
            let root = try? JSONValue.parse(text)
        else { return false }
        return root["center"] != nil
    }

    /// The built-in view called `argument`, else the view file at that path.
    /// - Throws: ``ViewError`` of kind `file` when there is no such view or file, or the errors of reading it.
    static func resolve(_ argument: String) throws(ViewError) -> ViewScenario {
        if let entry = all.first(where: { $0.name == argument }) {
            return try ViewScenario(json: entry.json, source: "built-in view \(argument)")
        }
        let label = "view \((argument as NSString).lastPathComponent)"
        guard FileManager.default.fileExists(atPath: argument) else {
            let names = all.map(\.name).joined(separator: ", ")
            throw ViewError(.file, "\(label): no such file \(argument) (built-in views: \(names))")
        }
        guard let text = try? String(contentsOfFile: argument, encoding: .utf8) else {
            throw ViewError(.file, "\(label): cannot read \(argument) as UTF-8 text")
        }
        return try ViewScenario(json: text, source: label)
    }
}
