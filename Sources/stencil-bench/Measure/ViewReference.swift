import MercatorMath
import StencilKit
import StencilScenarios

/// The references the view covers are timed against (``ViewBenchmark``), each the naive way to do the same job:
///
/// - a cover: every tile of the footprint's bounding box (the terrain's rows), tested one by one with the
///   separating-axis test of ``SeparatingAxes`` (tiles shrunk by the grid's tie tolerance), row-major;
/// - a parent fallback: each tile's ancestors from its parent up, by ``TileID/parent``, until one is resident.
///
/// The cover is also the check of the exact one: for a visible cover the two must find the same tiles.
enum ViewReference {
    /// Fills `out` (emptied, capacity kept) with the tiles `view`'s footprint overlaps with positive area, row-major.
    /// - Complexity: O(tiles of the footprint's bounding box).
    static func cover(_ view: Viewport, into out: inout [VisibleTile]) {
        out.removeAll(keepingCapacity: true)
        let footprint = view.footprint
        let grid = view.grid
        let axes = SeparatingAxes(footprint)
        let box = axes.box
        let eye = footprint.origin
        let t = grid.tileLength
        let tolerance = grid.tieTolerance
        let firstRow = max(0, Int((box.minY / t).rounded(.down)))
        let lastRow = min(grid.rows - 1, Int((box.maxY / t).rounded(.down)))
        let firstColumn = Int((box.minX / t).rounded(.down))
        let lastColumn = Int((box.maxX / t).rounded(.down))
        guard firstRow <= lastRow, firstColumn <= lastColumn else { return }
        for row in firstRow...lastRow {
            for column in firstColumn...lastColumn {
                let left = Double(column) * t
                let top = Double(row) * t
                guard axes.overlaps(left: left, top: top, size: t, tolerance: tolerance) else { continue }
                let tile = TileIndex(column: column, row: row)
                out.append(
                    VisibleTile(
                        tile: tile, realTile: grid.realTile(of: tile), origin: PixelPoint(x: left, y: top),
                        centerOffset: PixelPoint(x: (left + t / 2) - eye.x, y: (top + t / 2) - eye.y)))
            }
        }
    }

    /// How many of `tiles` have a resident ancestor, each found by walking up with ``TileID/parent``.
    /// - Complexity: O(tiles × levels) residency tests.
    static func fallbacks(_ tiles: [UnwrappedTileID], in residency: some TileResidency) -> Int {
        var found = 0
        for tile in tiles {
            var id = tile.canonical.parent
            while let here = id {
                if residency.isResident(here) {
                    found += 1
                    break
                }
                id = here.parent
            }
        }
        return found
    }
}
