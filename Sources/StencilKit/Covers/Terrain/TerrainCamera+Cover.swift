import Foundation
import MercatorMath

extension TerrainCamera {
    /// Fills `cover` with the camera's cover over terrain (§14): the tiles of level n_min whose boxes B(T) meet the
    /// view volume V with positive measure, each replaced by those of its four children whose boxes meet V while
    /// n < n_max and the least depth over B(T) ∩ V is below D·2^(n_r+b−n−1) (for a flat box at pitch 0, at most
    /// it); rows past the terrain left out; unwrapped columns across ±180°.
    ///
    /// Why it is exact. B(T) ∩ V is a convex polytope: the box clipped by V's four planes (and d ≥ ε). V has no
    /// vertex below the eye, so every vertex of the polytope lies on a face of the box: clipping the box's six faces
    /// (Sutherland–Hodgman, at most 8 vertices a face, on the stack) gives all its vertices, and δ, affine, takes its
    /// least value at one of them. A flat box is one face, clipped by V's section at its drop. Boxes nest and V is
    /// fixed, so a tile meeting V has a parent meeting V; levels whose every tile is refined (the greatest depth of V
    /// over the bounds' height range below the threshold) are skipped, as §11's cover skips them.
    ///
    /// Fast paths, each giving what the clipping gives. Every descendant of a [0, 0] tile is [0, 0] (children lie
    /// inside their parent's bounds): with the eye at the datum anchor and no depths asked, such tiles are decided a
    /// row at a time by §11's row covers of the footprint and of its refined part (`FlatRows`), as ``PitchedCover``
    /// decides them. A box is first tested by its corners and by its vertical edges' least-deep points in V (the
    /// plane values of a point, as the clipping keeps a vertex) and clipped only across V's boundary when these do
    /// not answer; a refined box whose eight corners lie in V holds its children's boxes, which lie in V too and take
    /// their top corners' least depth untested. Bounds are kept per candidate (a child below N_b or of a [0, 0] tile
    /// needs no lookup) and κ is found once a row.
    ///
    /// Tolerances. Overlaps thinner than the draw tolerance e_t = 2·(10⁻⁹·L + 10⁻¹⁴·W) + 16 ulp (L the tile's side,
    /// W the world's width, the ulp of the footprint's reach — §11's cover's) count as touching: a box meets V when
    /// the box shrunk by e_t (in x, y, and in z by at most half its height) meets the closed V at a drop ≥ e_t. The
    /// least depth and the refinement threshold are compared exactly. With every bound [0, 0] and the eye at the
    /// datum anchor, a flat box is clipped by §11's own footprint numbers, so the cover is §11's (``PitchedCover``).
    ///
    /// Order: ``TileOrder/rowMajor`` lists levels coarsest first, then rows, then unwrapped columns (as built);
    /// ``TileOrder/nearestFirst`` sorts by the least depth over B(T) ∩ V, ties coarsest first then row-major.
    /// - Parameters:
    ///   - order: ``TileOrder/rowMajor`` (the default) or ``TileOrder/nearestFirst``.
    ///   - depths: also fill ``TerrainCover/leastDepths`` for ``TileOrder/rowMajor`` (always filled nearest first).
    ///   - cover: the reused buffer; its ``TerrainCover/tiles`` are the cover.
    /// - Throws: ``StencilError/tooLarge(what:value:limit:advice:)`` for a cover of more than
    ///   ``PerspectiveCamera/maximumCoverTiles`` tiles (or as many tiles meeting V at one level), before it takes more
    ///   memory, and for a start level whose bounding box of V's shadow over the bounds' heights holds more than 4 ×
    ///   that many tiles (a root far below the datum makes it as wide as it is deep).
    /// - Complexity: O(boxes examined) = O(tiles of the cover + their refined ancestors' children), each O(1) (at
    ///   worst six faces clipped by four planes), plus a bounds lookup each at levels ≤ N_b outside [0, 0] subtrees;
    ///   [0, 0] subtrees in O(rows + tiles) as §11's cover; no allocation once `cover` has grown; plus
    ///   O(tiles · log tiles) for ``TileOrder/nearestFirst``.
    public func cover(order: TileOrder = .rowMajor, depths: Bool = false, into cover: inout TerrainCover)
        throws(StencilError)
    {
        try fill(&cover, runsOnly: false, depths: depths || order == .nearestFirst)
        if order == .nearestFirst { sortNearestFirst(&cover) }
    }

    /// The cover in a new array (see ``cover(order:depths:into:)``); allocates, so a render loop keeps a
    /// ``TerrainCover``.
    /// - Throws: as ``cover(order:depths:into:)``.
    public func cover(order: TileOrder = .rowMajor) throws(StencilError) -> [PitchedTile] {
        var buffer = TerrainCover()
        try cover(order: order, into: &buffer)
        return Array(buffer.tiles)
    }

    /// The least depth δ over B(T) ∩ V of an unwrapped tile, px; nil when its box does not meet V (or its row is
    /// off the terrain).
    /// - Complexity: O(1) plus a bounds lookup.
    public func leastDepth(of tile: UnwrappedTileID) -> Double? {
        guard tile.y >= 0, tile.y < 1 << tile.level else { return nil }
        let context = CoverContext(self)
        let side = heightScale.width / Double(1 << tile.level)
        let range = bounds.range(level: tile.level, column: tile.x, row: tile.y)
        let kappa = heightScale.pixelsPerMetre(overRows: Double(tile.y) * side, Double(tile.y + 1) * side)
        let test = context.examine(
            level: tile.level, column: tile.x, row: tile.y, side: side, tolerance: context.tolerance(side: side),
            heights: heights(of: range, kappa: kappa), threshold: camera.refinementDepth(below: tile.level),
            needDepth: true)
        return test.meets ? test.depth : nil
    }

    /// The box B(T) of an unwrapped tile at the camera's reference level.
    /// - Complexity: a bounds lookup.
    public func box(of tile: UnwrappedTileID) -> TerrainBox { bounds.box(of: tile, scale: heightScale) }

    /// Fills `cover.tiles` (with depths when `depths`), or only `cover.runs` when `runsOnly`.
    func fill(_ cover: inout TerrainCover, runsOnly: Bool, depths: Bool) throws(StencilError) {
        cover.runs.removeAll(keepingCapacity: true)
        cover.count = 0
        cover.examinedBoxes = 0
        cover.hasDepths = depths && !runsOnly
        let capacity = max(cover.candidates.capacity, cover.nextCandidates.capacity)
        cover.candidates.reserveCapacity(capacity)
        cover.nextCandidates.reserveCapacity(capacity)
        cover.candidates.removeAll(keepingCapacity: true)
        // Finite: the camera refused bounds whose heights, or V down to them, overflow (`requireFinite`).
        let context = CoverContext(self)
        let levels = camera.levels
        // Skip the levels whose every tile meeting V is refined: V's greatest depth over the bounds' heights is
        // below their threshold.
        var n = levels.minLevel
        var threshold = camera.refinementDepth(below: n)
        while n < levels.maxLevel && context.greatestDepth < threshold {
            n += 1
            threshold /= 2
        }
        var side = heightScale.width / Double(1 << n)
        // Flat tiles by §11's row covers (``FlatRows``) when the eye is at the datum anchor and no depths are asked.
        let flatRuns = context.datumIsFootprint && !depths
        let footprintRows = QuadRows(camera.footprint)
        // The start level: every tile of the shadow's bounding box whose box meets V.
        do {
            let tolerance = context.tolerance(side: side)
            let box = context.shadow
            // The box's rows and columns as doubles: its area before the tolerance shrinks it (the tolerance grows
            // with the box's reach) refused past the limit before any becomes an Int. Bounds reaching far below the
            // datum make V's deepest section, and the box, as large as they are deep.
            func rows(shrunkBy shrink: Double) -> (Double, Double) {
                (
                    max(((box.minY + shrink) / side).rounded(.down), 0),
                    min(((box.maxY - shrink) / side).rounded(.up) - 1, Double((1 << n) - 1))
                )
            }
            func columns(shrunkBy shrink: Double) -> (Double, Double) {
                (((box.minX + shrink) / side).rounded(.down), ((box.maxX - shrink) / side).rounded(.up) - 1)
            }
            let outer = (rows: rows(shrunkBy: 0), columns: columns(shrunkBy: 0))
            let area = (outer.rows.1 - outer.rows.0 + 1) * (outer.columns.1 - outer.columns.0 + 1)
            if outer.rows.0 <= outer.rows.1 && outer.columns.0 <= outer.columns.1 {
                guard area <= Double(4 * PerspectiveCamera.maximumCoverTiles) else { throw startTooLarge(area) }
            }
            let (rowSpan, columnSpan) = (rows(shrunkBy: tolerance), columns(shrunkBy: tolerance))
            if rowSpan.0 <= rowSpan.1 && columnSpan.0 <= columnSpan.1 {
                let rows = (Int(rowSpan.0), Int(rowSpan.1))
                let columns = (Int(columnSpan.0), Int(columnSpan.1))
                let mayRefine = n < levels.maxLevel
                let startRows = FlatRows(
                    camera: camera, footprint: footprintRows, level: n, length: side, tolerance: tolerance,
                    threshold: threshold, enabled: flatRuns)
                for row in rows.0...rows.1 {
                    var rowKappa: (least: Double, largest: Double)? = nil
                    var cursor = 0
                    let flat = flatRuns ? startRows.split(row: row, first: columns.0, last: columns.1) : nil
                    for column in columns.0...columns.1 {
                        let range = bounds.range(level: n, column: column, row: row, cursor: &cursor)
                        if flatRuns && range == .zero {
                            // A flat tile: as §11's row cover of its row decides (``FlatRows``).
                            guard let flat, column >= flat.first, column <= flat.last else { continue }
                            let refined = flat.refined ?? (flat.last + 1, flat.last)
                            cover.candidates.append(
                                TerrainCandidate(
                                    column: column, row: row, range: range, depth: 0,
                                    refine: column >= refined.first && column <= refined.last))
                            continue
                        }
                        cover.examinedBoxes += 1
                        let test = context.examine(
                            level: n, column: column, row: row, side: side, tolerance: tolerance,
                            heights: heights(of: range, row: row, side: side, kappa: &rowKappa), threshold: threshold,
                            needDepth: depths,
                            mayRefine: mayRefine)
                        if test.meets {
                            cover.candidates.append(
                                TerrainCandidate(
                                    column: column, row: row, range: range, depth: test.depth,
                                    refine: mayRefine && test.refine, inside: test.inside))
                        }
                    }
                }
            }
        }
        while !cover.candidates.isEmpty {
            cover.nextCandidates.removeAll(keepingCapacity: true)
            let childSide = side / 2
            let childTolerance = context.tolerance(side: childSide)
            let childThreshold = threshold / 2
            let childLevel = n + 1
            let mayRefine = childLevel < levels.maxLevel
            let flatRows = FlatRows(
                camera: camera, footprint: footprintRows, level: childLevel, length: childSide,
                tolerance: childTolerance, threshold: childThreshold, enabled: flatRuns)
            var start = 0
            let all = cover.candidates.count
            while start < all {
                let row = cover.candidates[start].row
                var end = start
                var refined = false
                while end < all && cover.candidates[end].row == row {
                    refined = refined || cover.candidates[end].refine
                    end += 1
                }
                // This row's tiles that stay, as runs of consecutive columns.
                var k = start
                while k < end {
                    guard !cover.candidates[k].refine else {
                        k += 1
                        continue
                    }
                    var last = k
                    while last + 1 < end && !cover.candidates[last + 1].refine
                        && cover.candidates[last + 1].column == cover.candidates[last].column + 1
                    {
                        last += 1
                    }
                    try emit(level: n, row: row, from: k, through: last, side: side, into: &cover, runsOnly: runsOnly)
                    k = last + 1
                }
                // The children of the refined tiles, row 2y then 2y + 1, west to east.
                if refined {
                    for childRow in (2 * row)...(2 * row + 1) {
                        var rowKappa: (least: Double, largest: Double)? = nil
                        var cursor = 0
                        var k = start
                        while k < end {
                            let parent = cover.candidates[k]
                            guard parent.refine else {
                                k += 1
                                continue
                            }
                            if flatRuns && parent.range == .zero {
                                // A run of refined flat tiles: its children row by §11's row covers.
                                var last = k
                                while last + 1 < end && cover.candidates[last + 1].refine
                                    && cover.candidates[last + 1].range == .zero
                                    && cover.candidates[last + 1].column == cover.candidates[last].column + 1
                                {
                                    last += 1
                                }
                                if let split = flatRows.split(
                                    row: childRow, first: 2 * parent.column, last: 2 * cover.candidates[last].column + 1
                                ) {
                                    try appendFlat(split, row: childRow, to: &cover)
                                }
                                k = last + 1
                                continue
                            }
                            k += 1
                            for childColumn in (2 * parent.column)...(2 * parent.column + 1) {
                                let range =
                                    parent.range == .zero || childLevel > bounds.deepestLevel
                                    ? parent.range
                                    : bounds.range(
                                        level: childLevel, column: childColumn, row: childRow, cursor: &cursor)
                                let z = heights(of: range, row: childRow, side: childSide, kappa: &rowKappa)
                                let test: (meets: Bool, depth: Double, refine: Bool, inside: Bool)
                                cover.examinedBoxes += 1
                                if parent.inside && z.low < z.high {
                                    let depth = context.leastDepthInside(
                                        column: childColumn, row: childRow, side: childSide, heights: z)
                                    test = (true, depth, depth < childThreshold, depth < childThreshold)
                                } else {
                                    test = context.examine(
                                        level: childLevel, column: childColumn, row: childRow, side: childSide,
                                        tolerance: childTolerance, heights: z, threshold: childThreshold,
                                        needDepth: depths, mayRefine: mayRefine)
                                }
                                guard test.meets else { continue }
                                guard cover.count + cover.nextCandidates.count < PerspectiveCamera.maximumCoverTiles
                                else {
                                    throw PerspectiveCamera.tooManyTiles(
                                        Double(cover.count + cover.nextCandidates.count + 1))
                                }
                                cover.nextCandidates.append(
                                    TerrainCandidate(
                                        column: childColumn, row: childRow, range: range, depth: test.depth,
                                        refine: mayRefine && test.refine, inside: test.inside))
                            }
                        }
                    }
                }
                start = end
            }
            swap(&cover.candidates, &cover.nextCandidates)
            n = childLevel
            side = childSide
            threshold = childThreshold
        }
    }

    /// The refusal of a start level whose box (V's shadow over the bounds' heights, in tiles) holds `area` tiles,
    /// past 4 × ``PerspectiveCamera/maximumCoverTiles``.
    func startTooLarge(_ area: Double) -> StencilError {
        .tooLarge(
            what: "Tiles under the terrain camera's view volume at its start level", value: area,
            limit: Double(4 * PerspectiveCamera.maximumCoverTiles),
            advice: "the volume reaches down to the bounds' lowest elevation (the root's lo, "
                + "\(StencilError.format(bounds.root.lo)) m), so a root far below the datum makes it as wide as it is "
                + "deep; give the root the DEM's own lowest elevation, or lower the pitch or the horizon limit, raise "
                + "n_min or the map zoom, or use a smaller screen")
    }

    /// The heights [z_lo, z_hi] px of a tile with bounds `range` over rows whose κ runs over `kappa` (0 for [0, 0]).
    @inline(__always)
    func heights(of range: ElevationRange, kappa: (least: Double, largest: Double)) -> (low: Double, high: Double) {
        range == .zero ? (0, 0) : HeightScale.heights(of: range, kappa: kappa)
    }

    /// The heights of a tile of row `row` (tile side `side`) with bounds `range`; `kappa` caches κ over the row,
    /// found the first time a tile of the row is not [0, 0].
    @inline(__always)
    func heights(
        of range: ElevationRange, row: Int, side: Double, kappa: inout (least: Double, largest: Double)?
    ) -> (low: Double, high: Double) {
        guard range != .zero else { return (0, 0) }
        if kappa == nil { kappa = heightScale.pixelsPerMetre(overRows: Double(row) * side, Double(row + 1) * side) }
        return HeightScale.heights(of: range, kappa: kappa!)
    }

    /// Appends a flat row split (``FlatRows/split(row:first:last:)``) as candidates [0, 0] of the next level: the
    /// columns before the refined run, the refined run, the columns after it.
    @inline(__always)
    func appendFlat(
        _ split: (first: Int, last: Int, refined: (first: Int, last: Int)?), row: Int, to cover: inout TerrainCover
    ) throws(StencilError) {
        let total = cover.count + cover.nextCandidates.count + (split.last - split.first + 1)
        guard total <= PerspectiveCamera.maximumCoverTiles else { throw PerspectiveCamera.tooManyTiles(Double(total)) }
        let refined = split.refined ?? (split.last + 1, split.last)
        for column in split.first...split.last {
            cover.nextCandidates.append(
                TerrainCandidate(
                    column: column, row: row, range: .zero, depth: 0,
                    refine: column >= refined.first && column <= refined.last))
        }
    }

    /// Writes candidates `first…last` (one row, consecutive columns) as tiles of `level`.
    @inline(__always)
    func emit(
        level: Int, row: Int, from first: Int, through last: Int, side: Double, into cover: inout TerrainCover,
        runsOnly: Bool
    ) throws(StencilError) {
        let total = cover.count + (last - first + 1)
        guard total <= PerspectiveCamera.maximumCoverTiles else { throw PerspectiveCamera.tooManyTiles(Double(total)) }
        if runsOnly {
            cover.count = total
            cover.runs.append(
                LevelRun(
                    level: level, row: row, first: cover.candidates[first].column,
                    last: cover.candidates[last].column))
            return
        }
        if cover.storage.count < total {
            let grown = max(total, 2 * cover.storage.count)
            cover.storage.append(
                contentsOf: repeatElement(
                    PitchedTile(tile: UnwrappedTileID(unchecked: 0, 0, 0), size: 0),
                    count: grown - cover.storage.count))
        }
        if cover.hasDepths && cover.depthStorage.count < cover.storage.count {
            cover.depthStorage.append(
                contentsOf: repeatElement(0, count: cover.storage.count - cover.depthStorage.count))
        }
        var k = cover.count
        for i in first...last {
            let candidate = cover.candidates[i]
            cover.storage[k] = PitchedTile(
                tile: UnwrappedTileID(unchecked: level, candidate.column, row), size: side)
            if cover.hasDepths { cover.depthStorage[k] = candidate.depth }
            k += 1
        }
        cover.count = total
    }

    /// Sorts `cover`'s tiles by least depth, then level, then row-major, in place (no allocation once warmed).
    func sortNearestFirst(_ cover: inout TerrainCover) {
        cover.keyed.removeAll(keepingCapacity: true)
        for i in 0..<cover.count { cover.keyed.append((cover.depthStorage[i], cover.storage[i])) }
        InPlaceSort.sort(&cover.keyed) { x, y in
            if x.key != y.key { return x.key < y.key }
            if x.tile.level != y.tile.level { return x.tile.level < y.tile.level }
            return x.tile.tile.y != y.tile.tile.y ? x.tile.tile.y < y.tile.tile.y : x.tile.tile.x < y.tile.tile.x
        }
        for i in cover.keyed.indices {
            cover.storage[i] = cover.keyed[i].tile
            cover.depthStorage[i] = cover.keyed[i].key
        }
    }
}
