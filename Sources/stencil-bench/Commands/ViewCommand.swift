import Foundation
import MercatorMath
import StencilKit
import StencilScenarios

/// `stencil-bench view VIEW [--json]`: the tiles a view shows and its prefetch ring.
///
/// With `--json` it prints `{"level": n, "visible": [[i, j], ...], "ring": [[i, j], ...]}` — tiles row-major as
/// [unwrapped column, row]; `level` is the XYZ level (from `map`, `grid.xyz`, or a 2ⁿ × 2ⁿ grid), null for other
/// grids; for a pitched view (with `"camera"`) `{"level": n_c, "cover": [[n, i, y], ...]}` (``ViewCommand/runPitched(_:camera:json:progress:)``);
/// for a MapLibre view (with `"maplibre"`) `{"level": n, "cover": [[n, i, y], ...], "drawn": [n, ...]}`
/// (``ViewCommand/mapLibreJSON(_:)``) — or, for a view it cannot show, `{"error": {"kind": K, "message": "..."}}` and exit status 2.
enum ViewCommand {
    /// Runs the command on the words after `view`; exit status 0, or 2 for a view it cannot show.
    static func run(_ words: [String]) -> Int32 {
        let json = words.contains("--json")
        do {
            let args: Arguments
            do { args = try Arguments(words, command: "view", spec: .init(switches: ["--json"])) } catch {
                throw ViewError(.usage, error.description)
            }
            let argument: String
            do { argument = try args.single("VIEW", command: "view") } catch {
                throw ViewError(.usage, error.description)
            }
            let (document, source, folder) = try BuiltinViews.text(argument)
            if MapLibreViewScenario.isMapLibre(document) {
                // A MapLibre view: the tiles MapLibre GL JS requests.
                let setup = try MapLibreViewSetup(MapLibreViewScenario(json: document, source: source))
                print(json ? mapLibreJSON(setup).rendered() : mapLibreText(setup), terminator: "")
                return 0
            }
            let scenario = try ViewScenario(json: document, source: source, folder: folder)
            if scenario.camera != nil {
                // A pitched view (§11): its multi-level cover.
                let setup = try PitchedViewSetup(scenario)
                print(
                    json ? ViewCommand.pitchedJSON(setup).rendered() : ViewCommand.pitchedText(setup), terminator: "")
                return 0
            }
            let setup = try ViewSetup(scenario)
            var visible: [VisibleTile] = []
            var ring: [VisibleTile] = []
            setup.viewport.visibleTiles(into: &visible)
            do { try setup.viewport.prefetchRing(width: setup.scenario.ring, into: &ring) } catch {
                throw ViewError(library: error, source: setup.scenario.source)
            }
            if json {
                let document = JSONValue.object([
                    ("level", setup.level.map { .int($0) } ?? .null),
                    ("visible", .tiles(visible.map(\.tile))),
                    ("ring", .tiles(ring.map(\.tile))),
                ])
                print(document.rendered(), terminator: "")
            } else {
                print(text(setup, visible: visible, ring: ring), terminator: "")
            }
            return 0
        } catch {
            return Refusal.report(error as? ViewError ?? ViewError(.refused, "\(error)"), json: json)
        }
    }

    /// A short summary: the view, then its visible and ring tiles as column runs per row.
    static func text(_ setup: ViewSetup, visible: [VisibleTile], ring: [VisibleTile]) -> String {
        let v = setup.viewport
        let name = setup.scenario.name ?? setup.scenario.source
        var out =
            "\(name): \(setup.grid)\(setup.level.map { " (level \($0))" } ?? ""), centre "
            + "(\(fmt(v.center.x, decimals: 4)), \(fmt(v.center.y, decimals: 4))) px, bearing \(fmt(v.bearing))°, "
            + "screen \(fmt(v.screen.width))×\(fmt(v.screen.height)) at \(fmt(v.screen.scale, decimals: 6)) px/pt\n"
        out += "  visible: \(visible.count) tiles\n" + runs(visible)
        out += "  ring of \(fmt(setup.scenario.ring)) px: \(ring.count) tiles\n" + runs(ring)
        return out
    }

    /// `    row R: cols a–b, c` per row (tiles row-major).
    static func runs(_ tiles: [VisibleTile]) -> String {
        runs(tiles.map { (row: $0.tile.row, column: $0.tile.column) })
    }

    /// `    row R: cols a–b, c` per row of (row, column) cells, row-major.
    static func runs(_ tiles: [(row: Int, column: Int)]) -> String {
        var out = ""
        var index = 0
        while index < tiles.count {
            let row = tiles[index].row
            var parts: [String] = []
            while index < tiles.count, tiles[index].row == row {
                let first = tiles[index].column
                var last = first
                while index + 1 < tiles.count, tiles[index + 1].row == row,
                    tiles[index + 1].column == last + 1
                {
                    index += 1
                    last += 1
                }
                index += 1
                parts.append(first == last ? "\(first)" : "\(first)–\(last)")
            }
            out += "    row \(row): cols \(parts.joined(separator: ", "))\n"
        }
        return out
    }
}

/// `stencil-bench view VIEW [--json]` for a pitched view (a view file with `"camera"`): its multi-level cover (the
/// geometry model's "Perspective views", §11).
///
/// With `--json` it prints `{"level": n_c, "cover": [[n, i, y], ...]}`: the view's level n_c and the cover's tiles as
/// unwrapped ids (n, i, y), levels coarsest first, then row-major (row, then unwrapped column).
extension ViewCommand {
    /// `{"level": n_c, "cover": [[n, i, y], ...]}`.
    static func pitchedJSON(_ setup: PitchedViewSetup) -> JSONValue {
        .object([
            ("level", .int(setup.camera.level)),
            ("cover", .array(setup.cover.map { .levelTile($0.tile) })),
        ])
    }

    /// A short summary: the camera, its footprint's depths, then the cover per level with its column runs per row.
    static func pitchedText(_ setup: PitchedViewSetup) -> String {
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
        if let terrain = setup.terrain {
            let under = terrain.eyeTile.map { "\($0) \(terrain.bounds.range(of: $0))" } ?? "off the terrain"
            out +=
                "  over terrain: eye \(fmt(terrain.eyeAltitude, decimals: 3)) m above the datum, over tile \(under); "
                + "bounds to level \(terrain.bounds.deepestLevel), root \(terrain.bounds.root)\n"
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
