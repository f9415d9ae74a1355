import Foundation
import MercatorMath
import StencilKitIO
import Testing

/// A source in memory: the protocol's contract (a missing tile is `nil`).
private struct MemorySource: TileSource {
    let tiles: [TileID: Data]
    func tileData(for tile: TileID) throws -> Data? { tiles[tile] }
}

@Test func aMissingTileIsNilNotAnError() throws {
    let tile = try TileID(level: 1, x: 1, y: 0)
    let source = MemorySource(tiles: [tile: Data([1, 2, 3])])
    #expect(try source.tileData(for: tile) == Data([1, 2, 3]))
    #expect(try source.tileData(for: TileID.world) == nil)
}
