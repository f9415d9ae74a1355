import Foundation

/// The scenarios compiled into the binary, as the JSON text that `stencil-bench scenarios --write` also saves under
/// `Benchmarks/scenarios/NAME.json` (the same reader parses both, so the files and the binary agree).
enum BuiltinScenarios {
    /// Name and JSON text of every built-in scenario `run` measures, in run order.
    static let all: [(name: String, json: String)] = racetracks + TrackScenarios.all

    /// The built-in scenarios with a chase camera (the geometry model's "Perspective views", §11), for `stencil`,
    /// `frames`, `schedule` and `svg`: `run` measures their pitched covers on its own, not as a flat screen's flight.
    static let pitched: [(name: String, json: String)] = [TrackScenarios.jfkToHeathrowChase()]

    /// Every built-in scenario: ``all``, then ``pitched`` (what `scenarios` lists and writes).
    static let listed: [(name: String, json: String)] = all + pitched

    /// The racetrack scenarios ("Route and flight loop").
    static let racetracks: [(name: String, json: String)] = [
        (
            "example1",
            """
            { "name": "example1",
              "description": "The geometry model's example 1: due east along the equator on Mars Viking, pivots (94-tile stencil)",
              "grid": {"columns": 90, "rows": 42, "tileSize": 128},
              "route": {"from": {"lon": -147.0, "lat": 0.0}, "to": {"lon": -86.25, "lat": 0.0}, "way": "short"},
              "screen": {"width": 480, "height": 320, "scale": 1.0, "anchor": {"x": 0.5, "y": 0.5}, "margin": 0},
              "turn": {"radius": 0, "direction": "right"},
              "lateralBand": 0,
              "bytesPerTile": 65536, "budgetBytes": 27000000,
              "flight": {"speed": 240, "fps": 60, "turnRate": 90} }
            """
        ),
        (
            "example2",
            """
            { "name": "example2",
              "description": "The geometry model's example 2: across the antimeridian, ghost columns 90…95 (52 tiles)",
              "grid": {"columns": 90, "rows": 42, "tileSize": 128},
              "route": {"from": {"lon": 172.5, "lat": 0.0}, "to": {"lon": -168.75, "lat": 0.0}, "way": "short"},
              "screen": {"width": 480, "height": 320, "scale": 1.0, "anchor": {"x": 0.5, "y": 0.5}, "margin": 0},
              "turn": {"radius": 0, "direction": "right"},
              "lateralBand": 0,
              "bytesPerTile": 65536, "budgetBytes": 27000000,
              "flight": {"speed": 240, "fps": 60, "turnRate": 90} }
            """
        ),
        (
            "example3-clipped",
            """
            { "name": "example3-clipped",
              "description": "The geometry model's example 3: due east at 63.5°N, pivot disc leaves the terrain; clipped to it",
              "grid": {"columns": 90, "rows": 42, "tileSize": 128},
              "route": {"from": {"lon": 0.0, "lat": 63.5}, "to": {"lon": 10.0, "lat": 63.5}, "way": "short"},
              "screen": {"width": 480, "height": 320, "scale": 1.0, "anchor": {"x": 0.5, "y": 0.5}, "margin": 0},
              "turn": {"radius": 0, "direction": "right"},
              "lateralBand": 0,
              "bytesPerTile": 65536, "budgetBytes": 27000000,
              "clipToTerrain": true,
              "flight": {"speed": 240, "fps": 60, "turnRate": 90} }
            """
        ),
        (
            "quarter-diagonal",
            """
            { "name": "quarter-diagonal",
              "description": "A quarter of the map diagonal (3178 px), along the diagonal, on Mars Viking 90×42",
              "grid": {"columns": 90, "rows": 42, "tileSize": 128},
              "route": {"from": {"lon": -45.0, "lat": 20.546}, "to": {"lon": 45.0, "lat": -20.546}, "way": "short"},
              "screen": {"width": 480, "height": 320, "scale": 1.0, "anchor": {"x": 0.5, "y": 0.5}, "margin": 0},
              "turn": {"radius": 0, "direction": "right"},
              "lateralBand": 0,
              "bytesPerTile": 65536, "budgetBytes": 27000000,
              "flight": {"speed": 240, "fps": 60, "turnRate": 90} }
            """
        ),
        (
            "half-world-double",
            """
            { "name": "half-world-double",
              "description": "Half the world (Δλ = 180°, 11520 px, not shifted) at 10°N on Mars Viking double 180×84",
              "grid": {"columns": 180, "rows": 84, "tileSize": 128},
              "route": {"from": {"lon": -90.0, "lat": 10.0}, "to": {"lon": 90.0, "lat": 10.0}, "way": "short"},
              "screen": {"width": 480, "height": 320, "scale": 1.0, "anchor": {"x": 0.5, "y": 0.5}, "margin": 0},
              "turn": {"radius": 0, "direction": "right"},
              "lateralBand": 0,
              "bytesPerTile": 65536, "budgetBytes": 100000000,
              "flight": {"speed": 240, "fps": 60, "turnRate": 90} }
            """
        ),
        (
            "antimeridian-diagonal",
            """
            { "name": "antimeridian-diagonal",
              "description": "Diagonal route crossing ±180° (160°E 30°N to 155°W 10°S, the short way east)",
              "grid": {"columns": 90, "rows": 42, "tileSize": 128},
              "route": {"from": {"lon": 160.0, "lat": 30.0}, "to": {"lon": -155.0, "lat": -10.0}, "way": "short"},
              "screen": {"width": 480, "height": 320, "scale": 1.0, "anchor": {"x": 0.5, "y": 0.5}, "margin": 0},
              "turn": {"radius": 0, "direction": "right"},
              "lateralBand": 0,
              "bytesPerTile": 65536, "budgetBytes": 27000000,
              "flight": {"speed": 240, "fps": 60, "turnRate": 90} }
            """
        ),
        (
            "latitude-limit",
            """
            { "name": "latitude-limit",
              "description": "Near the terrain's 64.0042° limit without leaving it: the pivot at 59.5°N needs row 0",
              "grid": {"columns": 90, "rows": 42, "tileSize": 128},
              "route": {"from": {"lon": -30.0, "lat": 59.5}, "to": {"lon": 30.0, "lat": 52.0}, "way": "short"},
              "screen": {"width": 480, "height": 320, "scale": 1.0, "anchor": {"x": 0.5, "y": 0.5}, "margin": 0},
              "turn": {"radius": 0, "direction": "right"},
              "lateralBand": 0,
              "bytesPerTile": 65536, "budgetBytes": 27000000,
              "flight": {"speed": 240, "fps": 60, "turnRate": 90} }
            """
        ),
        (
            "turn-right-band",
            """
            { "name": "turn-right-band",
              "description": "Right U-turns of radius 200 px, ±64 px band, look-ahead anchor, zoom 1.5, margin 8",
              "grid": {"columns": 90, "rows": 42, "tileSize": 128},
              "route": {"from": {"lon": -60.0, "lat": -10.0}, "to": {"lon": -20.0, "lat": 15.0}, "way": "short"},
              "screen": {"width": 480, "height": 320, "scale": 1.5, "anchor": {"x": 0.5, "y": 0.75}, "margin": 8},
              "turn": {"radius": 200, "direction": "right"},
              "lateralBand": 64,
              "bytesPerTile": 65536, "budgetBytes": 27000000,
              "flight": {"speed": 240, "fps": 60, "turnRate": 90} }
            """
        ),
        (
            "turn-left-band",
            """
            { "name": "turn-left-band",
              "description": "The same flight with left U-turns: the return leg lies 400 px to the left",
              "grid": {"columns": 90, "rows": 42, "tileSize": 128},
              "route": {"from": {"lon": -60.0, "lat": -10.0}, "to": {"lon": -20.0, "lat": 15.0}, "way": "short"},
              "screen": {"width": 480, "height": 320, "scale": 1.5, "anchor": {"x": 0.5, "y": 0.75}, "margin": 8},
              "turn": {"radius": 200, "direction": "left"},
              "lateralBand": 64,
              "bytesPerTile": 65536, "budgetBytes": 27000000,
              "flight": {"speed": 240, "fps": 60, "turnRate": 90} }
            """
        ),
        (
            "modern-z12",
            """
            { "name": "modern-z12",
              "description": "A 2796 × 1290 screen on 256 px Web Mercator tiles at z = 12 (Berlin area, 3247 px leg)",
              "grid": {"xyz": 12},
              "route": {"from": {"lon": 13.0, "lat": 52.6}, "to": {"lon": 14.0, "lat": 52.3}, "way": "short"},
              "screen": {"width": 2796, "height": 1290, "scale": 1.0, "anchor": {"x": 0.5, "y": 0.5}, "margin": 0},
              "turn": {"radius": 0, "direction": "right"},
              "lateralBand": 0,
              "bytesPerTile": 262144, "budgetBytes": 268435456,
              "flight": {"speed": 480, "fps": 60, "turnRate": 90} }
            """
        ),
        (
            "budget-split",
            """
            { "name": "budget-split",
              "description": "A 90° route on Mars Viking whose 2.5 MB budget (38 tiles) forces the route into segments",
              "grid": {"columns": 90, "rows": 42, "tileSize": 128},
              "route": {"from": {"lon": -150.0, "lat": 5.0}, "to": {"lon": -60.0, "lat": -5.0}, "way": "short"},
              "screen": {"width": 480, "height": 320, "scale": 1.0, "anchor": {"x": 0.5, "y": 0.5}, "margin": 0},
              "turn": {"radius": 0, "direction": "right"},
              "lateralBand": 0,
              "bytesPerTile": 65536, "budgetBytes": 2500000,
              "flight": {"speed": 240, "fps": 60, "turnRate": 90} }
            """
        ),
    ]

    /// The built-in scenario called `name`, parsed.
    static func named(_ name: String) throws(ScenarioError) -> Scenario? {
        guard let entry = listed.first(where: { $0.name == name }) else { return nil }
        return try Scenario(json: entry.json, source: "built-in scenario \(name)")
    }

    /// Every built-in scenario `run` measures (``all``), or with `listed` every one (``listed``), parsed.
    static func parsedAll(listed includePitched: Bool = false) throws(ScenarioError) -> [Scenario] {
        var result: [Scenario] = []
        for entry in includePitched ? listed : all {
            result.append(try Scenario(json: entry.json, source: "built-in scenario \(entry.name)"))
        }
        return result
    }

    /// The largest scenario file read, 16 MiB.
    static let maximumFileSize = 16 << 20

    /// A built-in name, or else a path to a scenario file.
    /// - Throws: ``ScenarioError`` for an unknown name, an unreadable file or an invalid scenario.
    static func resolve(_ argument: String) throws(ScenarioError) -> Scenario {
        if let builtin = try named(argument) { return builtin }
        let label = "scenario \((argument as NSString).lastPathComponent)"
        guard FileManager.default.fileExists(atPath: argument) else {
            if argument.hasSuffix(".json") || argument.contains("/") {
                throw ScenarioError("\(label): no such file \(argument)")
            }
            let names = listed.map(\.name).joined(separator: ", ")
            throw ScenarioError("unknown scenario \"\(argument)\": not a built-in name (\(names)) nor a file")
        }
        // A scenario is a few hundred bytes; refuse to read a huge file (or a device) into memory.
        let size = (try? FileManager.default.attributesOfItem(atPath: argument)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maximumFileSize else {
            throw ScenarioError(
                "\(label): the file is \(Figures.count(size)) bytes; a scenario file may be at most "
                    + "\(Figures.count(maximumFileSize)) bytes")
        }
        let text: String
        do { text = try String(contentsOfFile: argument, encoding: .utf8) } catch {
            throw ScenarioError("\(label): cannot read \(argument) as UTF-8 text")
        }
        return try Scenario(json: text, source: label)
    }
}
