import Foundation
import MercatorMath
import StencilKit
import StencilScenarios

/// `stencil-bench corridor FILE [--json]`: the tiles within b metres of the file's route over levels n₀…n₁
/// (``/StencilKit/Corridor``; the file is `{"route": {...}, "corridor": {"metres": b, "levels": [n0, n1]}}`,
/// Benchmarks/FORMAT.md). Prints the tiles per level and the half-width d at each level; with `--json`
/// `{"tiles": [[n, x, y], …]}` (each real tile once, by level, then row-major), or the error object and exit status 2.
enum CorridorCommand {
    /// Runs the command on the words after `corridor`; exit status 0, or a thrown refusal.
    static func run(_ words: [String]) throws -> Int32 {
        let args = try Arguments(words, command: "corridor", spec: .init(switches: ["--json"]))
        let path = try args.single("corridor FILE", command: "corridor")
        guard let file = try CorridorFile.load(path: path) else {
            throw UsageError(
                "'corridor' needs a corridor file, {\"route\": {...}, \"corridor\": {\"metres\": b, \"levels\": "
                    + "[n0, n1]}} (no such file, or no \"corridor\" field in it): \(path)")
        }
        let corridor = try file.makeCorridor()
        let tiles = try corridor.tiles()
        if args.has("--json") {
            let document = JSONValue.object([("tiles", .array(tiles.map { .array($0.jsonFields) }))])
            print(document.rendered(), terminator: "")
            return 0
        }
        print(
            "\(file.name): \(Figures.count(tiles.count)) tiles within \(MessageNumber.text(file.metres)) m over "
                + "levels \(file.levels.lowerBound)…\(file.levels.upperBound)")
        for level in file.levels {
            let count = tiles.lazy.filter { $0.level == level }.count
            print(
                "  level \(level): \(Figures.count(count)) tiles, d = "
                    + "\(MessageNumber.text(corridor.distance(atLevel: level))) px")
        }
        return 0
    }
}
