import Foundation
import MercatorMath
import StencilKitIO
import StencilScenarios

/// The tile source a command's `--source PATH` names: a PMTiles archive (a file whose name ends `.pmtiles`,
/// ``PMTilesReader``) or a `{z}/{x}/{y}.ext` directory (``TileDirectory``, its extension discovered). One function,
/// so a new kind of source is added in one place.
/// - Throws: ``ScenarioError`` of kind `badSource` (or the archive's error kind) naming the path and what would be
///   valid.
func openTileSource(path: String) throws(ScenarioError) -> any TileSource {
    do { return try TileSources.open(path) } catch { throw ScenarioError("\(error)", kind: "badSource") }
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
