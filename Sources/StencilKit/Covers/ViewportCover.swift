extension Viewport {
    /// Fills `tiles` with the visible tiles (the geometry model's *Views and levels of detail* (§8)): every tile the
    /// footprint overlaps with positive area, in
    /// the terrain's rows, each with its real tile (column i mod columns), its draw origin (i·T, j·T) in unwrapped
    /// pixels and its centre's offset from the view's centre.
    ///
    /// The cover is exact (see `RectangleCover`): one column run per row, found from the rectangle's two chains
    /// with a handful of multiply–adds. Row-major order is the cover's own; nearest-first sorts in place.
    /// `tiles` is emptied keeping its capacity, so a buffer reused across frames allocates nothing once it has
    /// grown to the largest view.
    /// - Complexity: O(rows + tiles) for ``TileOrder/rowMajor``; plus the sort for ``TileOrder/nearestFirst``
    ///   (O(tiles²) up to 32 tiles, O(tiles · log tiles) beyond).
    public func visibleTiles(order: TileOrder = .rowMajor, into tiles: inout [VisibleTile]) {
        tiles.removeAll(keepingCapacity: true)
        let cover = RectangleCover(drawing: footprint.corners, on: grid)
        if !cover.isEmpty {
            var writer = RunWriter(grid: grid, center: footprint.origin)
            for row in cover.firstRow...cover.lastRow {
                let (first, last) = cover.span(row: row)
                if first <= last { writer.append(row: row, from: first, through: last, to: &tiles) }
            }
        }
        if order == .nearestFirst { NearestFirstSort.sort(&tiles) }
    }

    /// Fills `tiles` with the prefetch ring of width `width` terrain px (the geometry model's *Views and levels of
    /// detail* (§8)): the tiles needed by the
    /// footprint (margin included) grown by `width` on every side that are not visible — row by row, the grown
    /// footprint's run minus the visible run, so the ring is exact and disjoint from ``visibleTiles(order:into:)``
    /// by construction. A width of 0 gives an empty ring. `tiles` is emptied keeping its capacity.
    /// - Throws: ``StencilError/nonFinite(field:value:)`` or ``StencilError/outOfRange(field:value:valid:)`` for a
    ///   non-finite or negative width, or one whose grown footprint breaks the limits of a viewport (its reach or
    ///   its size in tiles).
    /// - Complexity: O(rows + ring tiles) for ``TileOrder/rowMajor``; plus the sort for
    ///   ``TileOrder/nearestFirst``.
    public func prefetchRing(width: Double, order: TileOrder = .rowMajor, into tiles: inout [VisibleTile])
        throws(StencilError)
    {
        let grown = try grownFootprint(by: width)
        tiles.removeAll(keepingCapacity: true)
        // The inner cover is the visible one, tolerance included, so the ring is disjoint from it.
        let outer = RectangleCover(drawing: grown.corners, on: grid)
        let inner = RectangleCover(drawing: footprint.corners, on: grid)
        if !outer.isEmpty {
            var writer = RunWriter(grid: grid, center: footprint.origin)
            for row in outer.firstRow...outer.lastRow {
                let (g0, g1) = outer.span(row: row)
                guard g0 <= g1 else { continue }
                let (v0, v1) = row >= inner.firstRow && row <= inner.lastRow ? inner.span(row: row) : (1, 0)
                if v0 > v1 {
                    writer.append(row: row, from: g0, through: g1, to: &tiles)
                    continue
                }
                if g0 < v0 { writer.append(row: row, from: g0, through: min(g1, v0 - 1), to: &tiles) }
                if v1 < g1 { writer.append(row: row, from: max(g0, v1 + 1), through: g1, to: &tiles) }
            }
        }
        if order == .nearestFirst { NearestFirstSort.sort(&tiles) }
    }

    /// The footprint grown by `width` on every side, checked against the viewport's limits.
    func grownFootprint(by width: Double) throws(StencilError) -> Footprint {
        try StencilError.requireNonNegative(width, "Prefetch ring width")
        // The same rectangle's axes (no trigonometry again), its extents widened.
        var grown = footprint
        grown.along = footprint.along.widened(by: width)
        grown.across = footprint.across.widened(by: width)
        try FootprintLimits.require(grown, on: grid, of: "prefetch ring")
        return grown
    }
}

/// Appends runs of visible tiles, west to east. Origins advance by T, exact in `Double` (multiples of T well below
/// 2⁵³); the real column advances with the unwrapped one, and a run's first real column is found from the previous
/// run's by the difference of their unwrapped columns — no integer division per row, only when a run starts more
/// than a world away from the previous one.
struct RunWriter {
    let t: Double
    let half: Double
    let columns: Int
    let center: PixelPoint
    /// The unwrapped and real column of the last run's first tile (none yet: the real column is computed).
    var lastColumn = 0
    var lastReal = -1

    init(grid: TileGrid, center: PixelPoint) {
        t = grid.tileLength
        half = t / 2
        columns = grid.columns
        self.center = center
    }

    /// The real column of unwrapped column `column`, i mod columns.
    @inline(__always)
    mutating func realColumn(of column: Int) -> Int {
        var real = lastReal + (column - lastColumn)
        if lastReal < 0 || real < -columns || real >= 2 * columns {
            real = column % columns
        }
        if real < 0 { real += columns } else if real >= columns { real -= columns }
        lastColumn = column
        lastReal = real
        return real
    }

    @inline(__always)
    mutating func append(row: Int, from first: Int, through last: Int, to tiles: inout [VisibleTile]) {
        let y = Double(row) * t
        let dy = (y + half) - center.y
        var real = realColumn(of: first)
        var x = Double(first) * t
        for column in first...last {
            tiles.append(
                VisibleTile(
                    tile: TileIndex(column: column, row: row), realTile: TileIndex(column: real, row: row),
                    origin: PixelPoint(x: x, y: y), centerOffset: PixelPoint(x: (x + half) - center.x, y: dy)))
            x += t
            real += 1
            if real == columns { real = 0 }
        }
    }
}
