/// The tiles a convex quadrilateral needs (positive-area intersection, the geometry model's *Tiles, unwrapped columns
/// and ghost tiles* (§2)), as one column span per row.
///
/// For a convex region K with interior, the open tile square meets the interior of K exactly when the open row
/// strip meets K's open y-range and the open column interval meets the open x-range of K within that strip; so
/// each row's span is ⌊xmin/T⌋ … ⌈xmax/T⌉ − 1 of the strip's x-range. Vertex coordinates are used as given, so
/// edges that fall exactly on tile boundaries need no neighbour. Overlaps thinner than the grid's
/// ``TileGrid/tieTolerance`` count as touching (see there). Cost: O(rows), no allocation.
enum ConvexCover {
    /// Calls `body(row, firstColumn, lastColumn)` for every row the quadrilateral needs, top to bottom.
    /// - Parameter rows: the rows to consider; the terrain's rows, 0 ..< `grid.rows`, unless given.
    @inlinable
    static func forEachRow(
        of quad: Quad, on grid: TileGrid, rows: ClosedRange<Int>? = nil, _ body: (Int, Int, Int) -> Void
    ) {
        let t = grid.tileLength
        let e = grid.tieTolerance
        let box = quad.bounds
        guard box.maxY > box.minY, box.maxX > box.minX else { return }
        let (first, last) = neededRows(minY: box.minY, maxY: box.maxY, on: grid)
        let scanned = rows ?? 0...(grid.rows - 1)
        let firstRow = max(first, scanned.lowerBound)
        let lastRow = min(last, scanned.upperBound)
        guard firstRow <= lastRow else { return }
        let rowsOfQuad = QuadRows(quad)
        for row in firstRow...lastRow {
            if let (first, last) = rowsOfQuad.columns(inRow: row, tileLength: t, tolerance: e) {
                body(row, first, last)
            }
        }
    }

    /// Appends to `spans` the run of every row within `rows` that the quadrilateral needs, top to bottom: as
    /// ``forEachRow(of:on:rows:_:)``, without a call per row.
    static func appendRows(of quad: Quad, on grid: TileGrid, rows: ClosedRange<Int>, to spans: inout [ColumnSpan]) {
        let t = grid.tileLength
        let e = grid.tieTolerance
        let rowsOfQuad = QuadRows(quad)
        let box = rowsOfQuad.bounds
        guard box.maxY > box.minY, box.maxX > box.minX else { return }
        let (first, last) = neededRows(minY: box.minY, maxY: box.maxY, on: grid)
        let firstRow = max(first, rows.lowerBound)
        let lastRow = min(last, rows.upperBound)
        guard firstRow <= lastRow else { return }
        // Room for a run a row, written in place, the rows that need none dropped after.
        let start = spans.count
        spans.append(contentsOf: repeatElement(ColumnSpan(row: 0, first: 0, last: -1), count: lastRow - firstRow + 1))
        let written = spans.withUnsafeMutableBufferPointer { buffer in
            var k = start
            for row in firstRow...lastRow {
                if let (first, last) = rowsOfQuad.columns(inRow: row, tileLength: t, tolerance: e) {
                    buffer[k] = ColumnSpan(row: row, first: first, last: last)
                    k += 1
                }
            }
            return k
        }
        spans.removeLast(spans.count - written)
    }

    /// The rows a region spanning minY…maxY (finite, within ``FootprintLimits/maximumExtent``) can need by the
    /// positive-area rule: ⌊(minY + e)/T⌋ … ⌈(maxY − e)/T⌉ − 1, with e the grid's tie tolerance. A region whose
    /// y-range is exactly minY…maxY and that has positive width at every y strictly between (a convex region, or a
    /// turn's sweep) needs no row outside these.
    @inlinable
    static func neededRows(minY: Double, maxY: Double, on grid: TileGrid) -> (first: Int, last: Int) {
        let t = grid.tileLength
        let e = grid.tieTolerance
        return (IntRounding.floor((minY + e) / t), IntRounding.ceil((maxY - e) / t) - 1)
    }

    /// Widens [lo, hi] by the x-range of segment a–b within the closed strip y0 ≤ y ≤ y1, using vertex
    /// coordinates exactly where a vertex lies in the strip.
    @inlinable
    static func extendXRange(
        of a: PixelPoint, _ b: PixelPoint, betweenY y0: Double, _ y1: Double, _ lo: inout Double, _ hi: inout Double
    ) {
        if a.y >= y0 && a.y <= y1 {
            lo = min(lo, a.x)
            hi = max(hi, a.x)
        }
        if b.y >= y0 && b.y <= y1 {
            lo = min(lo, b.x)
            hi = max(hi, b.x)
        }
        let low = min(a.y, b.y)
        let high = max(a.y, b.y)
        if y0 > low && y0 < high {
            let x = a.x + (y0 - a.y) / (b.y - a.y) * (b.x - a.x)
            lo = min(lo, x)
            hi = max(hi, x)
        }
        if y1 > low && y1 < high {
            let x = a.x + (y1 - a.y) / (b.y - a.y) * (b.x - a.x)
            lo = min(lo, x)
            hi = max(hi, x)
        }
    }
}

/// A convex quadrilateral prepared for ``ConvexCover`` row by row: its bounding box and each edge's start, deltas
/// and y-range and slope dx/dy, computed once, so that a row costs only its vertex tests and edge crossings (a
/// multiply each, no divide). Crossings are within an ulp or two of the exact ones, far below the grid's tie
/// tolerance, and every shape of a stencil, a plan and a turn sweep's end pieces goes through this one type.
struct QuadRows: Sendable {
    /// One edge, from `a` to `a + (dx, dy)`.
    struct Edge: Sendable {
        let a: PixelPoint
        /// dx/dy (unused for a horizontal edge, which no strip crosses strictly inside its y-range).
        let slope: Double
        let low: Double
        let high: Double

        init(_ a: PixelPoint, _ b: PixelPoint) {
            self.a = a
            slope = b.y == a.y ? 0 : (b.x - a.x) / (b.y - a.y)
            low = min(a.y, b.y)
            high = max(a.y, b.y)
        }

        /// Widens [lo, hi] by the edge's crossings with y = y0 and y = y1 strictly inside its y-range.
        @inline(__always)
        func extend(_ y0: Double, _ y1: Double, _ lo: inout Double, _ hi: inout Double) {
            if y0 > low && y0 < high {
                let x = a.x + (y0 - a.y) * slope
                lo = min(lo, x)
                hi = max(hi, x)
            }
            if y1 > low && y1 < high {
                let x = a.x + (y1 - a.y) * slope
                lo = min(lo, x)
                hi = max(hi, x)
            }
        }
    }

    let quad: Quad
    let bounds: PixelBounds
    let ab: Edge, bc: Edge, cd: Edge, da: Edge

    init(_ quad: Quad) {
        self.quad = quad
        bounds = quad.bounds
        ab = Edge(quad.a, quad.b)
        bc = Edge(quad.b, quad.c)
        cd = Edge(quad.c, quad.d)
        da = Edge(quad.d, quad.a)
    }

    /// The columns of one row that the quadrilateral needs, or nil (see ``ConvexCover``): O(1).
    /// - Parameter reciprocal: 1/t when t is a power of two (then x·(1/t) = x/t exactly, and a multiply is several
    ///   times cheaper than a divide); nil to divide.
    @inline(__always)
    func columns(inRow row: Int, tileLength t: Double, tolerance e: Double, reciprocal: Double? = nil) -> (
        first: Int, last: Int
    )? {
        // The row strip shrunk by the tolerance, clipped to the quadrilateral's y-range.
        let y0 = max(Double(row) * t + e, bounds.minY)
        let y1 = min(Double(row + 1) * t - e, bounds.maxY)
        guard y1 >= y0 else { return nil }
        var lo = Double.infinity
        var hi = -Double.infinity
        func vertex(_ p: PixelPoint) {
            if p.y >= y0 && p.y <= y1 {
                lo = min(lo, p.x)
                hi = max(hi, p.x)
            }
        }
        vertex(quad.a)
        vertex(quad.b)
        vertex(quad.c)
        vertex(quad.d)
        ab.extend(y0, y1, &lo, &hi)
        bc.extend(y0, y1, &lo, &hi)
        cd.extend(y0, y1, &lo, &hi)
        da.extend(y0, y1, &lo, &hi)
        guard hi > lo else { return nil }
        let first: Int
        let last: Int
        if let r = reciprocal {
            first = IntRounding.floor((lo + e) * r)
            last = IntRounding.ceil((hi - e) * r) - 1
        } else {
            first = IntRounding.floor((lo + e) / t)
            last = IntRounding.ceil((hi - e) / t) - 1
        }
        return first <= last ? (first, last) : nil
    }
}
