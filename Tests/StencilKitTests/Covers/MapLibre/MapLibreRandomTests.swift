import Foundation
import MercatorMath
import TestSupport
import Testing

@testable import StencilKit

/// Thousands of random MapLibre cameras on a fixed seed, over the whole accepted range (zooms −2…24, pitches 0…89.9°,
/// fields of view 0.1…150°, canvases 1…4096 px, both tile sizes and kinds, any source range, centres across ±180°
/// and near the poles), checked against properties computed apart from the camera's code:
/// - the tiles are disjoint (no tile is another's ancestor in the same world) and each appears once;
/// - every level lies in minzoom…maxzoom, and up to p₀ every tile is of the one level min(c, maxzoom), c computed
///   here from the zoom (floor, or JavaScript's round for raster);
/// - a vector tile's drawn level is its own below maxzoom and at least maxzoom at it; a raster tile's is its own;
/// - the order is MapLibre's: the key (c·2^N − ½ − x)² + (c_y·2^N − ½ − y)², recomputed here from the constrained
///   centre, never decreases;
/// - with minzoom 0 the ground point at the screen's centre lies in a tile of the cover (in its world).
struct MapLibreRandomTests {
    static let seed: UInt64 = 0x28_4D4C
    static let cameras = 3000

    @Test func randomCamerasKeepMapLibresInvariants() throws {
        var g = SplitMix64(seed: Self.seed)
        var checked = 0
        var centreChecks = 0
        var byDistance = 0
        var buffer = MapLibreCover()
        for index in 0..<Self.cameras {
            let tileSize = g.bool() ? 256 : 512
            let minZoom = g.chance(0.6) ? 0 : g.int(0...14)
            let maxZoom = g.chance(0.4) ? 22 : g.int(minZoom...30)
            let source: MapLibreSourceKind = g.bool() ? .raster : .vector
            let pitch = g.chance(0.1) ? 0 : g.chance(0.2) ? g.uniform(85, 89.9) : g.uniform(0, 85)
            let fov = g.chance(0.7) ? MapLibreCamera.defaultFieldOfView : g.uniform(0.1, 150)
            let longitude = g.chance(0.2) ? g.uniform(179, 181) * (g.bool() ? 1 : -1) : g.uniform(-540, 540)
            let latitude = g.chance(0.1) ? g.uniform(84, 90) * (g.bool() ? 1 : -1) : g.uniform(-80, 80)
            let camera = try MapLibreCamera(
                longitude: longitude, latitude: latitude, zoom: g.uniform(-2, 24), bearing: g.uniform(-720, 720),
                pitch: pitch, width: Double(g.int(1...4096)), height: Double(g.int(1...4096)), fieldOfView: fov,
                tileSize: tileSize, minZoom: minZoom, maxZoom: maxZoom, source: source)
            try camera.cover(into: &buffer)
            let tiles = Array(buffer.tiles)
            let ids = tiles.map(\.tile)
            #expect(Set(ids).count == ids.count, "camera \(index): a tile twice")
            let present = Set(ids)
            for id in ids {
                var a = id.parent
                while let ancestor = a {
                    #expect(!present.contains(ancestor), "camera \(index): \(id) under \(ancestor)")
                    a = ancestor.parent
                }
            }
            // c = floor or JavaScript's round of Z_ml + log₂(512 / T), at the constrained zoom.
            let z = camera.mapZoom + (tileSize == 256 ? 1 : 0)
            let rounded = source == .raster ? (z + 0.5).rounded(.down) : z.rounded(.down)
            let covering = max(0, Int(rounded))
            let nominal = min(covering, maxZoom)
            #expect(camera.coveringLevel == covering)
            for tile in tiles {
                #expect((minZoom...maxZoom).contains(tile.level))
                if !camera.hasLevelsByDistance { #expect(tile.level == nominal) }
                if source == .raster || tile.level < maxZoom {
                    #expect(tile.overscaledLevel == tile.level)
                } else {
                    #expect(tile.overscaledLevel >= maxZoom)
                }
            }
            if camera.hasLevelsByDistance { byDistance += 1 }
            // MapLibre's order, from the constrained centre (Mercator x, y of the world 0…1).
            let cx = (180 + camera.mapLongitude) / 360
            let cy = 0.5 - log(tan(Double.pi / 4 + camera.mapLatitude * Double.pi / 360)) / (2 * Double.pi)
            let n = exp2(Double(nominal))
            let keys = tiles.map { t -> Double in
                let x = cx * n - 0.5 - Double(t.realTile.x)
                let y = cy * n - 0.5 - Double(t.tile.y)
                return x * x + y * y
            }
            for k in keys.indices.dropFirst() {
                #expect(keys[k] >= keys[k - 1] - 1e-9 * max(1, keys[k]), "camera \(index): order at \(k)")
            }
            // The centre's ground point lies in a tile of its world (MapLibre's worlds reach ±3).
            if minZoom == 0, !tiles.isEmpty, abs(cx.rounded(.down)) <= 3 {
                let world = Int(cx.rounded(.down))
                let holds = tiles.contains { t in
                    let size = exp2(-Double(t.level))
                    let x0 = Double(t.tile.x) * size
                    let y0 = Double(t.tile.y) * size
                    return t.wrap == world && x0 <= cx && cx <= x0 + size && y0 <= cy && cy <= y0 + size
                }
                #expect(holds, "camera \(index): the centre (\(cx), \(cy)) lies in no tile")
                centreChecks += 1
            }
            checked += 1
        }
        #expect(checked == Self.cameras)
        #expect(centreChecks > 1000, "\(centreChecks)")
        #expect(byDistance > 1000, "\(byDistance)")
    }
}
