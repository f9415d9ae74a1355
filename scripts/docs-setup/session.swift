// Setup of the Loader article's session example (`<!-- check-docs: setup=session -->`): the README's flat flight
// east of Zürich planned over the committed archive zurich-z12.pmtiles, and a draw call that prints — and so fails
// the check — when a needed tile is not resident.
import Foundation
import StencilKit
import StencilKitIO

let track = try Track(
    waypoints: [
        try GeoCoordinate(latitude: 47.3769, longitude: 8.5417), try GeoCoordinate(latitude: 47.3769, longitude: 8.6241),
    ], on: .xyz(level: 12), screen: Screen(width: 480, height: 320))
let needs = try Needs(track: track, timing: FlightTiming(speed: 240, framesPerSecond: 60, turnRate: 90))
let textureLoader = try TileLoader(
    source: PMTilesReader(path: "Tests/StencilKitIOTests/Fixtures/zurich-z12.pmtiles"), grid: track.grid)
let model = try textureLoader.calibrate(reading: Array(needs.tiles.prefix(32))).model(margin: 0.5)
    .forSteps(every: 1.0 / 60)
let schedule = try StreamingSchedule(
    needs: needs, capacity: StreamingSchedule.smallestCapacity(for: needs, loader: model), loader: model)
func draw(_ need: [TileIndex], _ resident: [TileIndex: TileLoad<TileIndex, Data>]) {
    for tile in need where resident[tile] == nil { print("\(tile) is needed and not resident") }
}
