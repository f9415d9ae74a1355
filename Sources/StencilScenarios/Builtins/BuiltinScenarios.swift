import Foundation

/// The built-in scenarios, by name: the files `Scenarios/NAME.json` (``BuiltinFile``).
package enum BuiltinScenarios {
    /// Every built-in scenario `run` measures, in run order: the racetracks ("Route and flight loop"), then the
    /// tracks ("Tracks: routes of any shape"): example 4 of "Worked examples 4–6", JFK→LHR at z = 8 and at z = 12 at
    /// ground speeds ("Ground units and time"), a 2,000-point GPX-like track at z = 14, a closed circuit across ±180°
    /// on Mars Viking, one-way versions of racetrack routes and the 5 × 50-tile corridor at z = 12 at four headings.
    package static let all = [
        "example1", "example2", "example3-clipped", "quarter-diagonal", "half-world-double", "antimeridian-diagonal",
        "latitude-limit", "turn-right-band", "turn-left-band", "modern-z12", "budget-split", "example4-pivot",
        "example4-flyby", "jfk-lhr", "jfk-lhr-ground", "jfk-lhr-climb", "gpx-z14", "viking-circuit", "example1-oneway",
        "quarter-diagonal-oneway", "modern-z12-oneway", "corridor-z12-0", "corridor-z12-30", "corridor-z12-45",
        "corridor-z12-73",
    ]

    /// The built-in scenarios with a chase camera (the geometry model's "Perspective views", §11), for `stencil`,
    /// `frames`, `schedule` and `svg`: `run` measures their pitched covers on its own, not as a flat screen's flight.
    package static let pitched = ["jfk-lhr-chase"]

    /// Every built-in scenario: ``all``, then ``pitched`` (what `scenarios` lists and writes).
    package static let listed = all + pitched

    /// The JSON text of the built-in scenario called `name`.
    /// - Throws: ``ScenarioError`` when its file is missing from the resources.
    package static func json(_ name: String) throws(ScenarioError) -> String {
        guard let text = BuiltinFile.text(name, in: "Scenarios") else {
            throw ScenarioError(BuiltinFile.missing(name, in: "Scenarios"), kind: "file")
        }
        return text
    }

    /// The built-in scenario called `name`, parsed, or nil when no built-in has that name.
    package static func named(_ name: String) throws(ScenarioError) -> Scenario? {
        guard listed.contains(name) else { return nil }
        return try Scenario(json: json(name), source: "built-in scenario \(name)")
    }

    /// Every built-in scenario `run` measures (``all``), or with `listed` every one (``listed``), parsed.
    package static func parsedAll(listed includePitched: Bool = false) throws(ScenarioError) -> [Scenario] {
        var result: [Scenario] = []
        for name in includePitched ? listed : all {
            result.append(try Scenario(json: json(name), source: "built-in scenario \(name)"))
        }
        return result
    }

    /// The largest scenario file read, 16 MiB.
    package static let maximumFileSize = 16 << 20

    /// A built-in name, or else a path to a scenario file.
    /// - Throws: ``ScenarioError`` for an unknown name, an unreadable file or an invalid scenario.
    package static func resolve(_ argument: String) throws(ScenarioError) -> Scenario {
        if let builtin = try named(argument) { return builtin }
        let label = "scenario \((argument as NSString).lastPathComponent)"
        guard FileManager.default.fileExists(atPath: argument) else {
            if argument.hasSuffix(".json") || argument.contains("/") {
                throw ScenarioError("\(label): no such file \(argument)")
            }
            throw ScenarioError(
                "unknown scenario \"\(argument)\": not a built-in name (\(listed.joined(separator: ", "))) nor a file")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ScenarioError("\(label): \(argument) is a directory; give a scenario's .json file or a built-in name")
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
        let folder = (argument as NSString).deletingLastPathComponent
        return try Scenario(json: text, source: label, folder: folder.isEmpty ? "." : folder)
    }
}
