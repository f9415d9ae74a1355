/// The tiles a rotated rectangle needs (positive-area intersection, the geometry model's *Tiles, unwrapped columns and
/// ghost tiles* (§2)), row by row: the engine behind
/// ``Viewport`` and culling.
///
/// Why it is exact. For a convex region K the open tile square meets K's interior exactly when the open row strip
/// meets K's open y-range and the tile's open column interval meets the x-range of K within that strip; each row's
/// span is therefore ⌊xmin/T⌋ … ⌈xmax/T⌉ − 1 of the strip's x-range (the rule of ``ConvexCover``, with the same
/// tie tolerance: the strip is shrunk by e = ``TileGrid/tieTolerance`` and the x-range by e, so overlaps thinner
/// than e count as touching and edges lying exactly on tile boundaries need no neighbour).
///
/// Why it is fast. A rectangle's boundary splits at its top vertex T and bottom vertex B (opposite corners) into a
/// left chain T → L → B and a right chain T → R → B. Within a strip [y0, y1] the smallest x of K lies on the left
/// chain, whose x is a convex function of y: its minimum over the strip is L.x when L lies in the strip, else the
/// smaller of its values at y0 and y1; symmetrically for the largest x on the right chain. Each row therefore
/// costs four multiply–adds on precomputed edge slopes and two comparisons with L and R — no division by an edge,
/// no clipping of four edges per row, no sort. Vertex coordinates are used as given (x at y = T.y is T.x exactly),
/// so axis-aligned rectangles are decided exactly.
/// - Complexity: O(1) to set up (four divisions); O(1) per row.
struct RectangleCover: Sendable {
    let t: Double
    let e: Double
    /// 1/T, used in place of dividing by T when T is a power of two (then x·(1/T) = x/T exactly).
    let inverse: Double
    let isPowerOfTwo: Bool
    let top: PixelPoint
    let left: PixelPoint
    let right: PixelPoint
    let bottom: PixelPoint
    /// dx/dy of the edges T→L, L→B, T→R, R→B (unused, possibly infinite, for a horizontal edge).
    let slopeTopLeft: Double, slopeLeftBottom: Double
    let slopeTopRight: Double, slopeRightBottom: Double
    /// The rows scanned: those the rectangle can need, clipped to the terrain's rows (empty when first > last).
    let firstRow: Int
    let lastRow: Int

    /// Sets up the cover of the rectangle with corners `q` (in order around it, as ``Footprint/corners`` gives
    /// them) on `grid`, scanning only the terrain's rows, with tie tolerance `e`: ``TileGrid/tieTolerance`` for a set
    /// the stencils must match (a schedule's needs), ``drawTolerance(_:on:)`` for what a frame draws. The corners
    /// must be finite and within ``FootprintLimits/maximumExtent`` of the origin (row and column numbers then fit an
    /// `Int`).
    init(_ q: Quad, on grid: TileGrid, tolerance e: Double) {
        t = grid.tileLength
        self.e = e
        inverse = 1 / t
        isPowerOfTwo = grid.tileSize.nonzeroBitCount == 1
        // Top: the corner of least y (ties: least x). Bottom: the opposite corner, which has the greatest y in exact
        // arithmetic (for a parallelogram y_k + y_k+2 = y_k+1 + y_k+3); taking it by position rather than by its
        // rounded y keeps T and B opposite when a nearly axis-aligned rectangle's corners tie after rounding. The
        // other two corners are one on each chain.
        var i = 0
        for k in 1..<4 {
            let p = q[k]
            let a = q[i]
            if p.y < a.y || (p.y == a.y && p.x < a.x) { i = k }
        }
        let top = q[i]
        let bottom = q[i + 2]
        var v = q[i + 1]
        var w = q[i + 3]
        // v is left of the line T→B when (B − T) × (v − T) > 0 (y grows downward).
        let cross = (bottom.x - top.x) * (v.y - top.y) - (bottom.y - top.y) * (v.x - top.x)
        if cross < 0 { swap(&v, &w) }
        self.top = top
        self.bottom = bottom
        left = v
        right = w
        slopeTopLeft = (v.x - top.x) / (v.y - top.y)
        slopeLeftBottom = (bottom.x - v.x) / (bottom.y - v.y)
        slopeTopRight = (w.x - top.x) / (w.y - top.y)
        slopeRightBottom = (bottom.x - w.x) / (bottom.y - w.y)
        let hasArea =
            bottom.y > top.y && max(max(q.a.x, q.b.x), max(q.c.x, q.d.x)) > min(min(q.a.x, q.b.x), min(q.c.x, q.d.x))
        let first = IntRounding.floor((top.y + e) / t)
        let last = IntRounding.ceil((bottom.y - e) / t) - 1
        firstRow = max(first, 0)
        lastRow = hasArea ? min(last, grid.rows - 1) : firstRow - 1
    }

    /// The cover a frame draws of the rectangle with corners `q`: tie tolerance ``drawTolerance(_:on:)``.
    @inline(__always)
    init(drawing q: Quad, on grid: TileGrid) {
        self.init(q, on: grid, tolerance: Self.drawTolerance(q, on: grid))
    }

    /// The tie tolerance of a drawn cover (a view, a culled pose) with corners `q`: e_draw = 2e + 16·ulp(m), with
    /// e = ``TileGrid/tieTolerance`` and m the largest |x| or |y| of a corner.
    ///
    /// Why larger than the stencils' e. A stencil stores every tile some pose overlaps by more than e; a frame draws
    /// the tiles its footprint overlaps by more than e_draw. The two compute an overlap with different roundings
    /// (a turn sweep's arcs against a rectangle's chains, each within a few ulps of the largest coordinate, and
    /// within 10⁻⁷ px of each other where arcs overlap), so a tile overlapped by about e at the route's farthest
    /// reach could be drawn but not stored — a hole. The margin e + 16·ulp(m) covers that rounding, so every drawn
    /// tile is stored (culled ⊆ stencil) at any distance from the image; a frame leaves out only slivers thinner
    /// than e_draw (2.6·10⁻⁷ px on Mars Viking near the image).
    /// - Complexity: O(1).
    @inline(__always)
    static func drawTolerance(_ q: Quad, on grid: TileGrid) -> Double {
        let m = max(
            max(max(abs(q.a.x), abs(q.a.y)), max(abs(q.b.x), abs(q.b.y))),
            max(max(abs(q.c.x), abs(q.c.y)), max(abs(q.d.x), abs(q.d.y))))
        return drawTolerance(reaching: m, on: grid)
    }

    /// e_draw for corners reaching at most `m` from the origin: ``FootprintLimits/drawTolerance(reaching:on:)``.
    @inline(__always)
    static func drawTolerance(reaching m: Double, on grid: TileGrid) -> Double {
        FootprintLimits.drawTolerance(reaching: m, on: grid)
    }

    /// Whether no row is needed.
    var isEmpty: Bool { firstRow > lastRow }

    /// The x of the left chain at height y (T.y ≤ y ≤ B.y).
    func leftX(_ y: Double) -> Double {
        y < left.y
            ? top.x + (y - top.y) * slopeTopLeft : (y > left.y ? left.x + (y - left.y) * slopeLeftBottom : left.x)
    }

    /// The x of the right chain at height y (T.y ≤ y ≤ B.y).
    func rightX(_ y: Double) -> Double {
        y < right.y
            ? top.x + (y - top.y) * slopeTopRight : (y > right.y ? right.x + (y - right.y) * slopeRightBottom : right.x)
    }

    /// The columns `first … last` the rectangle needs in `row` (first > last when none), for a row in
    /// firstRow … lastRow.
    @inline(__always)
    func span(row: Int) -> (first: Int, last: Int) {
        let rowTop = Double(row) * t
        // The row strip shrunk by the tolerance, clipped to the rectangle's y-range.
        let y0 = max(rowTop + e, top.y)
        let y1 = min(rowTop + t - e, bottom.y)
        guard y1 >= y0 else { return (1, 0) }
        var lo = min(leftX(y0), leftX(y1))
        if left.y >= y0 && left.y <= y1 { lo = min(lo, left.x) }
        var hi = max(rightX(y0), rightX(y1))
        if right.y >= y0 && right.y <= y1 { hi = max(hi, right.x) }
        guard hi > lo else { return (1, 0) }
        let a = lo + e
        let b = hi - e
        if isPowerOfTwo { return (IntRounding.floor(a * inverse), IntRounding.ceil(b * inverse) - 1) }
        return (IntRounding.floor(a / t), IntRounding.ceil(b / t) - 1)
    }
}
