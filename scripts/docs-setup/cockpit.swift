// Setup of the README's cockpit streaming example (`<!-- check-docs: setup=cockpit -->`): the streaming example's
// track, the committed PMTiles pyramid of levels 0–14 around Zürich (written by the reference implementation), and
// the renderer's draw call, which prints — and so fails the check — when a texture does not hold its tile's bytes.
import Foundation
import StencilKit
import StencilKitIO

let track = try Track(
    waypoints: [
        try GeoCoordinate(latitude: 47.3769, longitude: 8.5417), try GeoCoordinate(latitude: 47.3769, longitude: 8.6241),
    ], on: .xyz(level: 12), screen: Screen(width: 480, height: 320))
let pyramid = "Tests/StencilKitIOTests/Fixtures/zurich-pyramid.pmtiles"
func draw(_ frame: Int, _ textures: [TileID: TileLoad<TileID, Data>]) {
    for (tile, load) in textures where load.payload != Data("tile \(tile.level)/\(tile.x)/\(tile.y)".utf8) {
        print("frame \(frame): the texture of \(tile) holds other bytes")
    }
}
