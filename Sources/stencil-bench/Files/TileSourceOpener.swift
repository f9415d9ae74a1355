import Foundation
import MercatorMath
import StencilKitIO

/// The tile source a command's `--source PATH` names: a PMTiles archive (a file whose name ends `.pmtiles`,
/// ``PMTilesReader``) or a `{z}/{x}/{y}.ext` directory (``TileDirectory``, its extension discovered). One function,
/// so a new kind of source is added in one place.
/// - Throws: ``ScenarioError`` of kind `badSource` (or the archive's error kind) naming the path and what would be
///   valid.
func openTileSource(path: String) throws(ScenarioError) -> any TileSource {
    if path.hasSuffix(".pmtiles") {
        do {
            return try PMTilesReader(path: path)
        } catch {
            throw ScenarioError("\(error)", kind: "badSource")
        }
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        do {
            return try TileDirectory(path: path)
        } catch {
            throw ScenarioError("\(error)", kind: "badSource")
        }
    }
    throw ScenarioError(
        "tile source \(path) is neither a .pmtiles archive nor a {z}/{x}/{y}.ext directory (the sources a replay reads)",
        kind: "badSource")
}

/// Writes a `{z}/{x}/{y}.bin` directory under `root` holding `tiles`, each file `bytes` long (its id as text,
/// padded with its level): the generated source of `replay` without `--source`, and of the tests.
func writeTileDirectory(_ tiles: [TileID], root: String, bytes: Int) throws {
    let files = FileManager.default
    for tile in Set(tiles) {
        let folder = "\(root)/\(tile.level)/\(tile.x)"
        try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var content = Array("\(tile.level)/\(tile.x)/\(tile.y)".utf8)
        while content.count < bytes { content.append(UInt8(tile.level)) }
        try Data(content).write(to: URL(fileURLWithPath: "\(folder)/\(tile.y).bin"))
    }
}
