import Foundation
import StencilKit
import StencilKitIO
import StencilScenarios

/// `stencil-bench extract SCENARIO --source SRC --levels n0...n1 --out OUT.pmtiles [--overfetch 0.05]
/// [--in-flight N] [--timeout S] [--retries N] [--json]`: the tiles of the scenario's pyramid stencil over n₀…n₁
/// copied from SRC into OUT byte for byte. SRC is a PMTiles archive, local or `http(s)://…` (planned, coalesced reads:
/// ``/StencilKitIO/RouteExtract``), or an `http(s)://…/{z}/{x}/{y}.png` template (one GET a tile, N at a time:
/// ``/StencilKitIO/SourceExtract``). Prints tiles, bytes, missing, reads and bytes read, and requests and retries;
/// with `--json` `{"tiles", "bytes", "missing", "reads", "bytesRead", "requests", "retries"}` for an archive
/// (requests and retries 0 for a local one), `{"tiles", "bytes", "missing", "requests", "retries"}` for a template, or
/// `{"error": {"kind", "message"}}` and exit status 2 (the message on standard error too). Given a corridor file
/// instead of a scenario (``CorridorFile``), the corridor's tiles over its own levels are copied (`--levels` is then
/// refused: the file names them).
enum ExtractCommand {
    /// Runs the command on the words after `extract`; exit status 0, or 2 for a refusal.
    static func run(_ words: [String]) -> Int32 {
        let json = words.contains("--json")
        return ArchiveCommandError.reporting(json: json) {
            let args = try Arguments(
                words, command: "extract",
                spec: .init(
                    valued: ["--source", "--levels", "--out", "--overfetch"] + httpOptions, switches: ["--json"]))
            guard let sourcePath = args.string("--source") else {
                throw UsageError("'extract' needs --source SRC.pmtiles")
            }
            guard let outPath = args.string("--out") else { throw UsageError("'extract' needs --out OUT.pmtiles") }
            let overfetch = try args.double("--overfetch", "a fraction ≥ 0 (0.05 is 5 %)") { $0 >= 0 } ?? 0.05
            let http = try httpSettings(args)
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
            if isHTTP(sourcePath) && sourcePath.contains("{") {
                return try extractTemplate(
                    wanted, source: sourcePath, http: http, out: outPath, json: json,
                    label: "\(name), levels \(levels.lowerBound)…\(levels.upperBound)")
            }
            let source: PMTilesReader
            if isHTTP(sourcePath) {
                guard let url = URL(string: sourcePath) else { throw HTTPSourceError.badURL(sourcePath) }
                source = try PMTilesReader(url: url, settings: http)
            } else {
                source = try PMTilesReader(path: sourcePath)
            }
            let extract = try RouteExtract(wanted, from: source, overfetch: overfetch)
            let r = extract.report
            let traffic = source.httpStatistics ?? HTTPStatistics()
            if r.tiles > 0 { try extract.writer.write(toPath: outPath) }
            if json {
                let document = JSONValue.object([
                    ("tiles", .integer(r.tiles)), ("bytes", .integer(Int(r.bytes))), ("missing", .integer(r.missing)),
                    ("reads", .integer(r.reads)), ("bytesRead", .integer(Int(r.bytesRead))),
                    ("requests", .integer(traffic.requests)), ("retries", .integer(traffic.retries)),
                ])
                print(document.rendered(), terminator: "")
            } else {
                print(
                    "\(name), levels \(levels.lowerBound)…\(levels.upperBound): "
                        + "\(Figures.count(r.tiles)) tiles (\(Figures.count(Int(r.bytes))) bytes) copied to "
                        + (r.tiles > 0 ? outPath : "nothing (no wanted tile is in the source)") + ", "
                        + "\(Figures.count(r.missing)) missing from the source; \(Figures.count(r.reads)) reads "
                        + "(\(Figures.count(r.runs)) runs of consecutive offsets) of \(Figures.count(Int(r.bytesRead))) "
                        + "bytes at over-fetch \(overfetch)"
                        + (isHTTP(sourcePath)
                            ? "; \(Figures.count(traffic.requests)) HTTP requests (\(traffic.retries) retries)" : ""))
            }
            return 0
        }
    }

    /// The extract from an HTTP URL template: one GET a tile, `http.requestsInFlight` at a time.
    static func extractTemplate(
        _ tiles: [TileID], source: String, http: HTTPSettings, out: String, json: Bool, label: String
    ) throws -> Int32 {
        let template = try HTTPTileTemplate(TileURLTemplate(source), settings: http)
        let extract = try SourceExtract(tiles, from: template, concurrency: http.requestsInFlight)
        let traffic = template.statistics
        if extract.tiles > 0 { try extract.writer.write(toPath: out) }
        if json {
            let document = JSONValue.object([
                ("tiles", .integer(extract.tiles)), ("bytes", .integer(Int(extract.bytes))),
                ("missing", .integer(extract.missing)), ("requests", .integer(traffic.requests)),
                ("retries", .integer(traffic.retries)),
            ])
            print(document.rendered(), terminator: "")
        } else {
            print(
                "\(label): \(Figures.count(extract.tiles)) tiles (\(Figures.count(Int(extract.bytes))) bytes) copied to "
                    + (extract.tiles > 0 ? out : "nothing (the server has no wanted tile)") + ", "
                    + "\(Figures.count(extract.missing)) missing (404); \(Figures.count(traffic.requests)) HTTP requests "
                    + "(\(traffic.retries) retries)")
        }
        return 0
    }
}
