import Foundation
import StencilKitIO
import StencilScenarios

/// `stencil-bench archive SRC.pmtiles [--in-flight N] [--timeout S] [--retries N] [--json]` (SRC local or
/// `http(s)://…`): a PMTiles archive's header and what its directories hold (walked,
/// not taken from the header): root entries, leaf directories, tile entries, addressed tiles, contents, tiles per
/// level. Refusals as `extract`'s.
enum ArchiveCommand {
    /// Runs the command on the words after `archive`; exit status 0, or 2 for a refusal.
    static func run(_ words: [String]) -> Int32 {
        let json = words.contains("--json")
        return ArchiveCommandError.reporting(json: json) {
            let args = try Arguments(words, command: "archive", spec: .init(valued: httpOptions, switches: ["--json"]))
            let path = try args.single("SRC.pmtiles", command: "archive")
            let reader: PMTilesReader
            if isHTTP(path) {
                guard let url = URL(string: path) else { throw HTTPSourceError.badURL(path) }
                reader = try PMTilesReader(url: url, settings: httpSettings(args))
            } else {
                reader = try PMTilesReader(path: path)
            }
            let h = reader.header
            let s = try reader.statistics()
            let levels = s.tilesPerLevel.keys.sorted()
            let header: [(key: String, value: JSONValue)] = [
                ("size", .integer(Int(reader.source.size))), ("rootOffset", .integer(Int(h.rootOffset))),
                ("rootLength", .integer(Int(h.rootLength))), ("metadataOffset", .integer(Int(h.metadataOffset))),
                ("metadataLength", .integer(Int(h.metadataLength))),
                ("leafDirectoriesOffset", .integer(Int(h.leafDirectoriesOffset))),
                ("leafDirectoriesLength", .integer(Int(h.leafDirectoriesLength))),
                ("tileDataOffset", .integer(Int(h.tileDataOffset))),
                ("tileDataLength", .integer(Int(h.tileDataLength))),
                ("addressedTiles", .integer(Int(h.addressedTiles))), ("tileEntries", .integer(Int(h.tileEntries))),
                ("tileContents", .integer(Int(h.tileContents))), ("clustered", .bool(h.isClustered)),
                ("internalCompression", .string("\(h.internalCompression)")),
                ("tileCompression", .string("\(h.tileCompression)")), ("tileType", .string("\(h.tileType)")),
                ("minZoom", .integer(Int(h.minZoom))), ("maxZoom", .integer(Int(h.maxZoom))),
                (
                    "bounds",
                    .array(
                        [h.minLongitudeE7, h.minLatitudeE7, h.maxLongitudeE7, h.maxLatitudeE7].map {
                            .number(Double($0) / 1e7)
                        })
                ),
                (
                    "center",
                    .array([
                        .number(Double(h.centerLongitudeE7) / 1e7), .number(Double(h.centerLatitudeE7) / 1e7),
                        .integer(Int(h.centerZoom)),
                    ])
                ),
            ]
            let directories: [(key: String, value: JSONValue)] = [
                ("rootEntries", .integer(s.rootEntries)), ("leafDirectories", .integer(s.leafDirectories)),
                ("tileEntries", .integer(s.tileEntries)), ("addressedTiles", .integer(Int(s.addressedTiles))),
                ("tileContents", .integer(s.tileContents)),
                ("tilesPerLevel", .object(levels.map { ("\($0)", .integer(Int(s.tilesPerLevel[$0]!))) })),
            ]
            if json {
                print(
                    JSONValue.object([("header", .object(header)), ("directories", .object(directories))]).rendered(),
                    terminator: "")
                return 0
            }
            print("\(path): PMTiles v3, \(Figures.count(Int(reader.source.size))) bytes")
            // The header and the walked directories share three counts (tileEntries, addressedTiles, tileContents):
            // each is printed once, from the walk, with the header's figure beside it only where the two differ.
            let shared = ["tileEntries", "addressedTiles", "tileContents"]
            for (key, value) in header where !shared.contains(key) { print("  \(key): \(value.rendered(.line))") }
            for (key, value) in directories.dropLast() {
                let stated = header.first { $0.key == key }?.value.rendered(.line)
                let walked = value.rendered(.line)
                print(
                    "  \(key): \(walked)" + (stated != nil && stated != walked ? " (the header says \(stated!))" : ""))
            }
            print(
                "  tiles per level: "
                    + levels.map { "\($0): \(Figures.count(Int(s.tilesPerLevel[$0]!)))" }.joined(separator: ", "))
            return 0
        }
    }
}
