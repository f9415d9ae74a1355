import Foundation
import MercatorMath
import StencilKit

extension APICalls {
    // MARK: Perspective cameras

    /// `PerspectiveCamera` from any centre, bearing, pitch, field of view, horizon, screen, margin and levels — values
    /// at and past every limit, and extreme doubles — and its cover in both orders. A typed error is a fine answer;
    /// a cover must be disjoint, its tiles inside the level range and the terrain's rows, its count within the limit,
    /// a refinement's parent never in the cover, and the camera's projection finite on the footprint's corners.
    static func perspective(_ input: inout FuzzInput) {
        let extreme = input.byte() % 4 == 0
        let referenceLevel = Int(input.byte() % 25)
        // n_min at most 2 past n_r: a finer n_min is valid but its covers run to the 2²⁰ limit, too slow to fuzz.
        let minLevel = min(Int(input.byte() % 23), referenceLevel + 2)
        let maxLevel = min(30, minLevel + Int(input.byte() % 9))
        let tileSize = [256, 512, 1, 64][Int(input.byte() % 4)]
        guard
            let levels = try? LevelOfDetail(
                tileSize: tileSize, levelBias: input.value(0, 0.999), minLevel: minLevel, maxLevel: maxLevel)
        else { return }
        let world = Double(tileSize) * exp2(Double(referenceLevel))
        let center = PixelPoint(
            x: extreme ? input.double() : input.value(-1.5, 2.5) * world,
            y: extreme ? input.double() : input.value(-0.3, 1.3) * world)
        let pitch = extreme ? input.double() : [0, 85, input.value(0, 85)][Int(input.byte() % 3)]
        let fov = extreme ? input.double() : input.value(1, 120)
        let horizon = extreme ? input.double() : input.value(pitch, 90)
        let width = extreme ? input.double() : input.value(1, 4000)
        let height = extreme ? input.double() : input.value(1, 3000)
        let scale = extreme ? input.double() : exp2(input.value(-6, 1))
        let margin = input.byte() % 2 == 0 ? 0 : input.value(0, 500)
        guard let screen = try? Screen(width: width, height: height, scale: scale, margin: margin),
            let camera = try? PerspectiveCamera(
                center: center, referenceLevel: referenceLevel, bearing: heading(&input), pitch: pitch,
                fieldOfView: fov, horizon: horizon, screen: screen, levels: levels)
        else { return }
        FuzzChecks.trace(
            "PerspectiveCamera(\(camera.center), n_r \(referenceLevel), p \(pitch), f \(fov), θ \(horizon))")
        for corner in 0..<4 {
            let q = camera.footprint[corner]
            FuzzChecks.require(q.x.isFinite && q.y.isFinite, "non-finite footprint corner \(q)")
            FuzzChecks.require(camera.depth(of: q) > 0, "footprint corner \(q) at depth \(camera.depth(of: q))")
        }
        // Covers past a few thousand tiles are valid answers but slow to check here.
        var buffer = PitchedCover()
        for order in [TileOrder.rowMajor, .nearestFirst] {
            do { try camera.cover(order: order, into: &buffer) } catch { return }
            let tiles = buffer.tiles
            FuzzChecks.require(tiles.count <= PerspectiveCamera.maximumCoverTiles, "cover of \(tiles.count) tiles")
            guard tiles.count <= 5000 else { return }
            var seen = Set<UnwrappedTileID>()
            for t in tiles {
                FuzzChecks.require(seen.insert(t.tile).inserted, "tile \(t.tile) twice")
                FuzzChecks.require((minLevel...maxLevel).contains(t.level), "tile \(t.tile) outside the levels")
                FuzzChecks.require(t.tile.y >= 0 && t.tile.y < 1 << t.level, "tile \(t.tile) past the terrain")
                FuzzChecks.require(t.realTile == t.tile.canonical, "real tile \(t.realTile) of \(t.tile)")
            }
            for t in tiles {
                var ancestor = t.tile.parent
                while let a = ancestor {
                    FuzzChecks.require(!seen.contains(a), "tile \(t.tile) and its ancestor \(a) both in the cover")
                    ancestor = a.parent
                }
            }
        }
    }
}
