import Foundation
import MercatorMath
import StencilKit

/// `stencil-bench view VIEW [--json]` for a pitched view (a view file with `"camera"`): its multi-level cover (the
/// geometry model's "Perspective views", §11).
///
/// With `--json` it prints `{"level": n_c, "cover": [[n, i, y], ...]}`: the view's level n_c and the cover's tiles as
/// unwrapped ids (n, i, y), levels coarsest first, then row-major (row, then unwrapped column).
enum PitchedViewCommand {
    /// `{"level": n_c, "cover": [[n, i, y], ...]}`.
    static func json(_ setup: PitchedViewSetup) -> JSONValue {
        .object([
            ("level", .int(setup.camera.level)),
            ("cover", .array(setup.cover.map { .levelTile($0.tile) })),
        ])
    }

    /// A short summary: the camera, its footprint's depths, then the cover per level with its column runs per row.
    static func text(_ setup: PitchedViewSetup) -> String {
        let c = setup.camera
        let name = setup.scenario.name ?? setup.scenario.source
        let (near, far) = PitchedLevels.extent(of: c)
        let f = c.footprint
        var out =
            "\(name): map zoom \(fmt(c.mapZoom, decimals: 4)), view level \(c.level) (reference level "
            + "\(c.referenceLevel)), centre (\(fmt(c.center.x, decimals: 4)), \(fmt(c.center.y, decimals: 4))) px, "
            + "bearing \(fmt(c.bearing))°, pitch \(fmt(c.pitch))°, fov \(fmt(c.fieldOfView))°, horizon "
            + "\(fmt(c.horizon))°, screen \(fmt(c.screen.width))×\(fmt(c.screen.height)) at "
            + "\(fmt(c.screen.scale, decimals: 6)) px/pt, margin \(fmt(c.screen.margin)) px\n"
        if c.pitch > 0 {
            out +=
                "  footprint: \(fmt(near, decimals: 4)) to \(fmt(far, decimals: 4)) px ahead of the eye's ground "
                + "point, depths \(fmt(c.depth(of: f.a), decimals: 4)) to \(fmt(c.depth(of: f.b), decimals: 4)) px, "
                + "ℓ \(fmt(c.levelOfDetail(at: f.a), decimals: 4)) to \(fmt(c.levelOfDetail(at: f.b), decimals: 4))\n"
        }
        out += "  cover: \(setup.cover.count) tiles (\(PitchedLevels.text(setup.countsPerLevel)))\n"
        var index = 0
        let tiles = setup.cover
        while index < tiles.count {
            let level = tiles[index].level
            var end = index
            while end < tiles.count, tiles[end].level == level { end += 1 }
            out += "  level \(level):\n" + runs(tiles[index..<end].map(\.tile))
            index = end
        }
        return out
    }

    /// `    row R: cols a–b, c` per row of one level's tiles (row-major).
    static func runs(_ tiles: [UnwrappedTileID]) -> String {
        ViewCommand.runs(tiles.map { (row: $0.y, column: $0.x) })
    }
}
