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
        guard let camera = perspectiveCamera(&input) else { return }
        for corner in 0..<4 {
            let q = camera.footprint[corner]
            FuzzChecks.require(q.x.isFinite && q.y.isFinite, "non-finite footprint corner \(q)")
            FuzzChecks.require(camera.depth(of: q) > 0, "footprint corner \(q) at depth \(camera.depth(of: q))")
        }
        var buffer = PitchedCover()
        for order in [TileOrder.rowMajor, .nearestFirst] {
            do { try camera.cover(order: order, into: &buffer) } catch { return }
            checkCover(Array(buffer.tiles), levels: camera.levels)
        }
    }

    /// A `PerspectiveCamera` from any centre, bearing, pitch, field of view, horizon, screen, margin and levels
    /// (nil when refused, a fine answer).
    static func perspectiveCamera(_ input: inout FuzzInput) -> PerspectiveCamera? {
        let extreme = input.byte() % 4 == 0
        let referenceLevel = Int(input.byte() % 25)
        // n_min at most 2 past n_r: a finer n_min is valid but its covers run to the 2²⁰ limit, too slow to fuzz.
        let minLevel = min(Int(input.byte() % 23), referenceLevel + 2)
        let maxLevel = min(30, minLevel + Int(input.byte() % 9))
        let tileSize = [256, 512, 1, 64][Int(input.byte() % 4)]
        guard
            let levels = try? LevelOfDetail(
                tileSize: tileSize, levelBias: input.value(0, 0.999), minLevel: minLevel, maxLevel: maxLevel)
        else { return nil }
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
        else { return nil }
        FuzzChecks.trace(
            "PerspectiveCamera(\(camera.center), n_r \(referenceLevel), p \(pitch), f \(fov), θ \(horizon))")
        return camera
    }

    /// A cover's invariants: within the tile limit; distinct tiles inside the level range and the terrain's rows,
    /// each with its real tile; no tile and an ancestor of it both in the cover. Covers past 5,000 tiles are valid
    /// answers but slow to check here.
    static func checkCover(_ tiles: [PitchedTile], levels: LevelOfDetail) {
        FuzzChecks.require(tiles.count <= PerspectiveCamera.maximumCoverTiles, "cover of \(tiles.count) tiles")
        guard tiles.count <= 5000 else { return }
        var seen = Set<UnwrappedTileID>()
        for t in tiles {
            FuzzChecks.require(seen.insert(t.tile).inserted, "tile \(t.tile) twice")
            FuzzChecks.require(
                (levels.minLevel...levels.maxLevel).contains(t.level), "tile \(t.tile) outside the levels")
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

    // MARK: Terrain cameras

    /// `TerrainBounds` read from any root and entries (extreme doubles, levels and columns past the pyramid,
    /// duplicates, children outside their parents), a `TerrainCamera` over them with any anchor, and its cover in
    /// both orders, with and without least depths. A typed error is a fine answer; a cover must pass
    /// ``checkCover(_:levels:)``, its least depths be finite, its order nearest first be sorted by them, and all
    /// three hold the same tiles (the fast paths of the cover without depths give the box-by-box cover).
    static func terrain(_ input: inout FuzzInput) {
        guard let camera = perspectiveCamera(&input) else { return }
        let extreme = input.byte() % 4 == 0
        let top = extreme ? input.double() : input.value(-12_000, 9_000)
        let root = [extreme ? input.double() : input.value(-12_000, top), top]
        // Entries near the eye and the centre (where covers refine), or anywhere, at levels 1…N.
        let deepest = 1 + Int(input.byte() % 14)
        var list: [[Double]] = []
        for _ in 0..<Int(input.byte() % 12) {
            let n = input.byte() % 8 == 0 ? input.double() : Double(1 + Int(input.byte()) % deepest)
            let at = input.flag() ? camera.eye : camera.center
            let side = exp2(Double(camera.referenceLevel)) * Double(camera.levels.tileSize) / exp2(n)
            let x =
                input.byte() % 8 == 0 ? input.double() : (at.x / side).rounded(.down) + Double(input.byte() % 3) - 1
            let y =
                input.byte() % 8 == 0 ? input.double() : (at.y / side).rounded(.down) + Double(input.byte() % 3) - 1
            let hi = input.byte() % 8 == 0 ? input.double() : input.value(root[0], root[1])
            let lo = input.byte() % 8 == 0 ? input.double() : input.value(root[0], hi)
            list.append([n, x, y, lo, hi])
        }
        guard let bounds = try? TerrainBounds(root: input.byte() % 16 == 0 ? nil : root, list: list) else { return }
        let anchor: TerrainCamera.Anchor
        switch input.byte() % 3 {
        case 0: anchor = .datum
        case 1: anchor = .centerElevation(extreme ? input.double() : input.value(-12_000, 9_000))
        default: anchor = .eyeAltitude(extreme ? input.double() : input.value(-12_000, 40_000))
        }
        guard let view = try? TerrainCamera(camera: camera, bounds: bounds, anchor: anchor) else { return }
        FuzzChecks.trace("TerrainCamera(root \(root), \(list.count) entries, \(anchor))")
        FuzzChecks.require(view.eyeHeight.isFinite, "eye height \(view.eyeHeight)")
        var cover = TerrainCover()
        var first: Set<UnwrappedTileID>?
        for (order, depths) in [(TileOrder.rowMajor, false), (.rowMajor, true), (.nearestFirst, true)] {
            do { try view.cover(order: order, depths: depths, into: &cover) } catch { return }
            checkCover(Array(cover.tiles), levels: camera.levels)
            let tiles = Set(cover.tiles.map(\.tile))
            FuzzChecks.require(
                first.map { $0 == tiles } ?? true, "\(order) cover, depths \(depths): other tiles than row-major's")
            first = first ?? tiles
            guard depths else { continue }
            FuzzChecks.require(cover.leastDepths.count == cover.tiles.count, "a least depth for each tile")
            FuzzChecks.require(cover.leastDepths.allSatisfy(\.isFinite), "a least depth not finite")
            if order == .nearestFirst {
                FuzzChecks.require(
                    zip(cover.leastDepths, cover.leastDepths.dropFirst()).allSatisfy { $0 <= $1 },
                    "nearest first not sorted by least depth")
            }
        }
    }
}
