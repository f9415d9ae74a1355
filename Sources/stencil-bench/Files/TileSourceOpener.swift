import Foundation
import MercatorMath
import StencilKitIO
import StencilScenarios

/// The tile source a command's `--source PATH` names: a PMTiles archive (a file whose name ends `.pmtiles`,
/// ``PMTilesReader``) or a `{z}/{x}/{y}.ext` directory (``TileDirectory``, its extension discovered). One function,
/// so a new kind of source is added in one place.
/// - Throws: ``ScenarioError`` of kind `badSource` (or the archive's error kind) naming the path and what would be
///   valid.
func openTileSource(path: String, http: HTTPSettings = HTTPSettings()) throws(ScenarioError) -> any TileSource {
    do { return try TileSources.open(path, http: http) } catch {
        throw ScenarioError("\(error)", kind: httpKind(of: error) ?? "badSource")
    }
}

/// The options of an HTTP source: `--in-flight N` (requests at once, 1…256), `--timeout S` (seconds per attempt),
/// `--retries N` (0…16).
let httpOptions = ["--in-flight", "--timeout", "--retries"]

/// The HTTP settings the options ``httpOptions`` give (the defaults for those not given).
func httpSettings(_ args: Arguments) throws(UsageError) -> HTTPSettings {
    var settings = HTTPSettings()
    if let n = try args.int("--in-flight", minimum: 1, maximum: 256) { settings.requestsInFlight = n }
    if let t = try args.double("--timeout", "a number of seconds in [0.01, 3600]", valid: { $0 >= 0.01 && $0 <= 3600 })
    {
        settings.timeout = t
    }
    if let n = try args.int("--retries", minimum: 0, maximum: 16) { settings.retries = n }
    return settings
}

/// Whether `path` is an `http://` or `https://` URL.
func isHTTP(_ path: String) -> Bool {
    let lower = path.prefix(8).lowercased()
    return lower.hasPrefix("http://") || lower.hasPrefix("https://")
}

/// The refusal kind of an HTTP failure inside `error` (``HTTPSourceError/kind``), or nil for another error.
func httpKind(of error: any Error) -> String? {
    switch error {
    case let e as HTTPSourceError: return e.kind
    case PMTilesError.http(let e): return e.kind
    case TileSourceOpenError.http(_, let e): return e.kind
    case TileSourceOpenError.archive(_, .http(let e)): return e.kind
    default: return nil
    }
}

/// Writes a PMTiles archive of `tiles` to `path` (one file: far faster than a file a tile), each tile's bytes its
/// id "z/x/y" padded to `bytes` bytes with its level.
func writeTemporaryArchive(_ tiles: [TileID], path: String, bytes: Int) throws {
    var writer = PMTilesWriter()
    for tile in Set(tiles) {
        var content = Array("\(tile.level)/\(tile.x)/\(tile.y)".utf8)
        while content.count < bytes { content.append(UInt8(tile.level)) }
        writer.add(Data(content), for: tile)
    }
    do { try writer.archive().write(to: URL(fileURLWithPath: path)) } catch { throw ScenarioError("\(error)") }
}
