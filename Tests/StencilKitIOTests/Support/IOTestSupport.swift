import Foundation
import MercatorMath
import StencilKitIO

/// A fresh empty directory under the system's temporary directory; removed by `removeTemporary(_:)`.
func makeTemporaryDirectory(_ label: String) throws -> String {
    let path = NSTemporaryDirectory() + "stencilkitio-\(label)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Removes a directory made by `makeTemporaryDirectory(_:)`.
func removeTemporary(_ path: String) { try? FileManager.default.removeItem(atPath: path) }

/// The bytes the tests store for `tile`: its id as text and its level, so every tile's bytes differ.
func testBytes(_ tile: TileID) -> Data { Data("tile \(tile.level)/\(tile.x)/\(tile.y)".utf8 + [UInt8(tile.level)]) }

/// Writes `root/z/x/y.ext` for every tile, holding ``testBytes(_:)``.
func writeTiles(_ tiles: some Sequence<TileID>, root: String, ext: String = "png") throws {
    for tile in tiles {
        let folder = "\(root)/\(tile.level)/\(tile.x)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try testBytes(tile).write(to: URL(fileURLWithPath: "\(folder)/\(tile.y).\(ext)"))
    }
}

/// A source in memory; tiles in `failing` throw.
struct MemoryTileSource: TileSource {
    struct Failure: Error, Hashable { let tile: TileID }
    let tiles: [TileID: Data]
    var failing: Set<TileID> = []
    func tileData(for tile: TileID) throws -> Data? {
        if failing.contains(tile) { throw Failure(tile: tile) }
        return tiles[tile]
    }
}

/// A source that sleeps a fixed time before each read of another source: a slow disk.
struct SlowTileSource: TileSource {
    let base: any TileSource
    let microseconds: UInt32
    func tileData(for tile: TileID) throws -> Data? {
        usleep(microseconds)
        return try base.tileData(for: tile)
    }
}
