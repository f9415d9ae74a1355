// Setup of the README's streaming example (`<!-- check-docs: setup=streaming -->`): the committed PMTiles archive
// of Zürich at level 12 (written by the reference implementation), and the renderer's draw call, which prints — and
// so fails the check — when a texture does not hold its tile's bytes or a tile is missing.
import Foundation
import StencilKit
import StencilKitIO

let archive = "Tests/StencilKitIOTests/Fixtures/zurich-z12.pmtiles"
func draw(_ frame: Int, _ textures: [TileIndex: TileLoad<TileIndex, Data>]) {
    for (tile, load) in textures where load.payload != Data("tile 12/\(tile.column)/\(tile.row)".utf8) {
        print("frame \(frame): the texture of \(tile) holds other bytes")
    }
}
