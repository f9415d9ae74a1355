import Foundation
import MercatorMath
import StencilKit
import StencilKitIO
import StencilScenarios

/// `stencil-bench extract SCENARIO --source SRC.pmtiles --levels n0...n1 --out OUT.pmtiles [--overfetch 0.05]
/// [--json]`: the tiles of the scenario's pyramid stencil over n₀…n₁ copied from SRC into OUT byte for byte, by
/// planned reads (``/StencilKitIO/RouteExtract``). Given a corridor file instead (``CorridorFile``), the corridor's
/// tiles over its own levels are copied (`--levels` is then refused: the file names them). Prints tiles, bytes, missing, reads and bytes read; with `--json`
/// `{"tiles", "bytes", "missing", "reads", "bytesRead"}` or `{"error": {"kind", "message"}}` and exit status 2.
enum ExtractCommand {
    /// Runs the command on the words after `extract`; exit status 0, or 2 for a refusal.
    static func run(_ words: [String]) -> Int32 {
        let json = words.contains("--json")
        return ArchiveCommandError.reporting(json: json) {
            let args = try Arguments(
                words, command: "extract",
                spec: .init(valued: ["--source", "--levels", "--out", "--overfetch"], switches: ["--json"]))
            guard let sourcePath = args.string("--source") else {
                throw UsageError("'extract' needs --source SRC.pmtiles")
            }
            guard let outPath = args.string("--out") else { throw UsageError("'extract' needs --out OUT.pmtiles") }
            let overfetch = try args.double("--overfetch", "a fraction ≥ 0 (0.05 is 5 %)") { $0 >= 0 } ?? 0.05
            let wanted: [TileID]
            let name: String
            let levels: ClosedRange<Int>
            if let path = args.positionals.first, args.positionals.count == 1,
                let file = try CorridorFile.load(path: path)
            {
                guard args.string("--levels") == nil else {
                    throw UsageError("'extract' of a corridor file takes its levels from the file: drop --levels")
                }
                wanted = try file.makeCorridor().tiles()
                (name, levels) = (file.name, file.levels)
            } else {
                levels = try args.levels()
                let setup = try ScenarioSetup(args, command: "extract")
                wanted = try setup.pyramid(levels: levels).tileIDs
                name = setup.scenario.name
            }
            let source = try PMTilesReader(path: sourcePath)
            let extract = try RouteExtract(wanted, from: source, overfetch: overfetch)
            let r = extract.report
            if r.tiles > 0 { try extract.writer.write(toPath: outPath) }
            if json {
                let document = JSONValue.object([
                    ("tiles", .integer(r.tiles)), ("bytes", .integer(Int(r.bytes))), ("missing", .integer(r.missing)),
                    ("reads", .integer(r.reads)), ("bytesRead", .integer(Int(r.bytesRead))),
                ])
                print(document.rendered(), terminator: "")
            } else {
                print(
                    "\(name), levels \(levels.lowerBound)…\(levels.upperBound): "
                        + "\(Figures.count(r.tiles)) tiles (\(Figures.count(Int(r.bytes))) bytes) copied to "
                        + (r.tiles > 0 ? outPath : "nothing (no wanted tile is in the source)") + ", "
                        + "\(Figures.count(r.missing)) missing from the source; \(Figures.count(r.reads)) reads "
                        + "(\(Figures.count(r.runs)) runs of consecutive offsets) of \(Figures.count(Int(r.bytesRead))) "
                        + "bytes at over-fetch \(overfetch)")
            }
            return 0
        }
    }
}
