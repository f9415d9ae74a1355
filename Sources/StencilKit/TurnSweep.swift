/// The area swept by a U-turn (MODEL.md §5): a rectangle rotating half a turn (180°) about the turn centre.
///
/// Tiles are found exactly. The sweep S is closed and every point of its boundary lies on the edges of the
/// start and end rectangles or on the half circles traced by the rectangle's corners and by the feet of the
/// perpendiculars from the centre to its edges (the envelope points). All of those curves lie inside S, so an
/// open tile square meets S exactly when its centre lies in S or one of those curves passes through it.
/// Candidates are the tiles of the swept annulus r_lo ≤ |X − C| ≤ r_hi, row by row: the cost grows with the
/// annulus, never with the grid.
struct TurnSweep: Sendable, Hashable {
    /// The rectangle at the start of the turn, with its origin at the turn centre.
    let start: Footprint
    /// +1 for a right turn, −1 for a left one.
    let sign: Double
    /// The corners at the start and at the end of the turn (the end is the start reflected through the centre).
    let startCorners: Quad
    let endCorners: Quad
    /// The half circles that, with the two rectangles' edges, hold the sweep's boundary.
    let arcs: [Arc]
    /// Nearest and farthest distance of the rectangle from the centre.
    let innerRadius: Double
    let outerRadius: Double
    /// The sweep's exact bounding box.
    let bounds: Bounds

    var center: PixelPoint { start.origin }

    init(start: Footprint, sign: Double) {
        self.start = start
        self.sign = sign
        let c = start.origin
        let corners = start.corners
        startCorners = corners
        endCorners = Quad(
            c - (corners.a - c), c - (corners.b - c), c - (corners.c - c), c - (corners.d - c))
        var arcs: [Arc] = []
        for i in 0..<4 {
            let a = corners[i]
            let b = corners[i + 1]
            arcs.append(Arc(center: c, start: a - c, sign: sign))
            let d = b - a
            let t = -(a - c).dot(d) / d.dot(d)
            if t > 0 && t < 1 {
                let foot = a + t * d - c
                if foot.x != 0 || foot.y != 0 { arcs.append(Arc(center: c, start: foot, sign: sign)) }
            }
        }
        self.arcs = arcs
        func gap(_ range: Interval) -> Double { range.lower > 0 ? range.lower : (range.upper < 0 ? -range.upper : 0) }
        func reach(_ range: Interval) -> Double { max(abs(range.lower), abs(range.upper)) }
        let gp = gap(start.along)
        let gq = gap(start.across)
        innerRadius = (gp * gp + gq * gq).squareRoot()
        let rp = reach(start.along)
        let rq = reach(start.across)
        outerRadius = (rp * rp + rq * rq).squareRoot()
        var box = startCorners.bounds.union(endCorners.bounds)
        for arc in arcs {
            for v in [
                PixelPoint(x: arc.radius, y: 0), PixelPoint(x: -arc.radius, y: 0),
                PixelPoint(x: 0, y: arc.radius), PixelPoint(x: 0, y: -arc.radius),
            ] where arc.covers(v) {
                box = box.including(c + v)
            }
        }
        bounds = box
    }

    /// Whether the closed sweep holds `point`.
    func contains(_ point: PixelPoint) -> Bool {
        let c = center
        if start.contains(point) || start.contains(c - (point - c)) { return true }
        let w = point - c
        let r = w.length
        guard r >= innerRadius, r <= outerRadius else { return false }
        // Rotating the point back by up to half a turn must bring it into the start rectangle: it does iff the
        // backward arc crosses one of the rectangle's edges.
        for i in 0..<4 {
            let hit = Segment.circleCrossings(startCorners[i], startCorners[i + 1], center: c, radius: r) { p in
                let beta = Rotation.angle(from: p - c, to: w, sign: sign)
                return beta >= 0 || beta == -.pi
            }
            if hit { return true }
        }
        return false
    }

    /// Whether the sweep and the open tile square `box` share positive area.
    func needs(_ box: Bounds) -> Bool {
        let (near, far) = box.distanceRange(from: center)
        guard near < outerRadius, far > innerRadius else { return false }
        if contains(PixelPoint(x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2)) { return true }
        for i in 0..<4 {
            if Segment.meetsInterior(startCorners[i], startCorners[i + 1], of: box)
                || Segment.meetsInterior(endCorners[i], endCorners[i + 1], of: box)
            {
                return true
            }
        }
        for arc in arcs where arc.meetsInterior(of: box) { return true }
        return false
    }

    /// Calls `body(row, firstColumn, lastColumn)` for each run of tiles the sweep needs.
    /// - Parameter rows: the rows to scan; the terrain's rows, 0 ..< `grid.rows`, unless given. Rows past the
    ///   terrain have no texture, so only the check that a flight stays on the terrain asks for them.
    func forEachRun(on grid: TileGrid, rows: ClosedRange<Int>? = nil, _ body: (Int, Int, Int) -> Void) {
        let t = grid.tileLength
        let e = grid.tieTolerance
        let c = center
        let scanned = rows ?? 0...(grid.rows - 1)
        let firstRow = max(Int((bounds.minY / t).rounded(.down)), scanned.lowerBound)
        let lastRow = min(Int((bounds.maxY / t).rounded(.up)) - 1, scanned.upperBound)
        guard firstRow <= lastRow else { return }
        for row in firstRow...lastRow {
            let y0 = Double(row) * t
            let y1 = y0 + t
            let nearY = max(y0 - c.y, 0, c.y - y1)
            guard nearY < outerRadius else { continue }
            let halfWidth = (outerRadius * outerRadius - nearY * nearY).squareRoot()
            let lo = max(bounds.minX, c.x - halfWidth)
            let hi = min(bounds.maxX, c.x + halfWidth)
            guard hi > lo else { continue }
            // Tiles wholly inside the inner disc cannot meet the sweep.
            let farY = max(abs(y0 - c.y), abs(y1 - c.y))
            var holeLo = Double.infinity
            var holeHi = -Double.infinity
            if farY < innerRadius {
                let h = (innerRadius * innerRadius - farY * farY).squareRoot()
                holeLo = c.x - h
                holeHi = c.x + h
            }
            var runStart: Int?
            let first = Int((lo / t).rounded(.down))
            let last = Int((hi / t).rounded(.up)) - 1
            guard first <= last else { continue }
            for column in first...last {
                let x0 = Double(column) * t
                let inHole = x0 >= holeLo && x0 + t <= holeHi
                // The open tile shrunk by the tie tolerance: overlaps thinner than that count as touching.
                let box = Bounds(minX: x0 + e, minY: y0 + e, maxX: x0 + t - e, maxY: y1 - e)
                if !inHole && needs(box) {
                    if runStart == nil { runStart = column }
                } else if let s = runStart {
                    body(row, s, column - 1)
                    runStart = nil
                }
            }
            if let s = runStart { body(row, s, last) }
        }
    }
}
