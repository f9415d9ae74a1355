/// The area swept by a turn (the geometry model's *Tracks: routes of any shape* (§7)): a rectangle rotating by any
/// angle 0 < Δ ≤ 360° about the turn centre
/// (§5's U-turn is Δ = 180°, a pivot is a turn of radius 0 whose rectangle holds its centre).
///
/// Tiles are found exactly. The sweep S is closed and every point of its boundary lies on the edges of the
/// start and end rectangles or on the arcs traced by the rectangle's corners and by the feet of the
/// perpendiculars from the centre to its edges (the envelope points). All of those curves lie inside S, so an
/// open tile square meets S exactly when its centre lies in S or one of those curves passes through it.
/// Candidates are the tiles of the swept annulus r_lo ≤ |X − C| ≤ r_hi within the sweep's bounding box, row by
/// row, skipping the annulus' hole: the cost grows with the candidates, never with the grid. Per candidate the
/// test is trig-free (cross products, square roots and a pseudo-angle); the sweep's own sine and cosine are taken
/// once, when it is made.
struct TurnSweep: Sendable, Hashable {
    /// The rectangle at the start of the turn, with its origin at the turn centre.
    let start: Footprint
    /// +1 for a right turn, −1 for a left one.
    let sign: Double
    /// The angle turned, 0 < Δ ≤ 360 degrees.
    let degrees: Double
    /// The rotation by sign·Δ.
    let rotation: SweepRotation
    /// The corners at the start and at the end of the turn.
    let startCorners, endCorners: Quad
    /// Nearest and farthest distance of the rectangle from the centre.
    let innerRadius, outerRadius: Double
    /// The sweep's exact bounding box.
    let bounds: PixelBounds
    /// The cheap test that rejects most boxes the sweep misses.
    let nearEnds: NearEndsBound

    var center: PixelPoint { start.origin }

    /// The sweep of `start` (its origin at the centre) turned by `sign`·`degrees`, 0 < degrees ≤ 360.
    init(start: Footprint, sign: Double, degrees: Double = 180) {
        self.init(start: start, sign: sign, degrees: degrees, rotation: SweepRotation(degrees: degrees, sign: sign))
    }

    /// The sweep of `start` by its precomputed `rotation` (``SweepRotation/init(degrees:sign:)`` of `degrees` and
    /// `sign`): no trigonometry. `bounds`, when given, is the sweep's bounding box found before (by this
    /// initializer, for the same values), which spares finding it again.
    init(start: Footprint, sign: Double, degrees: Double, rotation: SweepRotation, bounds known: PixelBounds? = nil) {
        self.start = start
        self.sign = sign
        self.degrees = degrees
        self.rotation = rotation
        let c = start.origin
        let corners = start.corners
        startCorners = corners
        endCorners = Quad(
            c + rotation.apply(to: corners.a - c), c + rotation.apply(to: corners.b - c),
            c + rotation.apply(to: corners.c - c), c + rotation.apply(to: corners.d - c))
        func gap(_ range: Interval) -> Double { range.lower > 0 ? range.lower : (range.upper < 0 ? -range.upper : 0) }
        func reach(_ range: Interval) -> Double { max(abs(range.lower), abs(range.upper)) }
        let gp = gap(start.along)
        let gq = gap(start.across)
        innerRadius = (gp * gp + gq * gq).squareRoot()
        let rp = reach(start.along)
        let rq = reach(start.across)
        outerRadius = (rp * rp + rq * rq).squareRoot()
        if let known {
            bounds = known
        } else {
            var box = startCorners.bounds.union(endCorners.bounds)
            _ = Self.anyArc(corners: corners, center: c, sign: sign, rotation: rotation) { arc in
                let r = arc.radius
                let extremes = (
                    PixelPoint(x: r, y: 0), PixelPoint(x: -r, y: 0), PixelPoint(x: 0, y: r), PixelPoint(x: 0, y: -r)
                )
                if arc.covers(extremes.0) { box = box.including(c + extremes.0) }
                if arc.covers(extremes.1) { box = box.including(c + extremes.1) }
                if arc.covers(extremes.2) { box = box.including(c + extremes.2) }
                if arc.covers(extremes.3) { box = box.including(c + extremes.3) }
                return false
            }
            bounds = box
        }
        nearEnds = NearEndsBound(
            start: start, startCorners: startCorners, endCorners: endCorners, rotation: rotation, degrees: degrees,
            outerRadius: outerRadius)
    }

    /// Calls `body` with each arc that, with the two rectangles' edges, holds the sweep's boundary — the paths of
    /// the rectangle's corners (`corners`) and of the feet of the perpendiculars from the centre to its edges —
    /// until it returns true; returns whether it did. The arcs are made as they are visited, with no storage:
    /// at most 8, O(1) each.
    static func anyArc(
        corners: Quad, center c: PixelPoint, sign: Double, rotation: SweepRotation, _ body: (Arc) -> Bool
    ) -> Bool {
        for i in 0..<4 {
            let a = corners[i]
            let b = corners[i + 1]
            if body(Arc(center: c, start: a - c, sign: sign, rotation: rotation)) { return true }
            let d = b - a
            let t = -(a - c).dot(d) / d.dot(d)
            if t > 0 && t < 1 {
                let foot = a + t * d - c
                if foot.x != 0 || foot.y != 0, body(Arc(center: c, start: foot, sign: sign, rotation: rotation)) {
                    return true
                }
            }
        }
        return false
    }

    /// The rectangle at the end of the turn.
    var end: Footprint {
        Footprint(
            origin: start.origin, heading: Degrees.normalizedHeading(start.heading + sign * degrees),
            along: start.along, across: start.across)
    }

    /// Whether the closed sweep holds `point`.
    func contains(_ point: PixelPoint) -> Bool {
        let c = center
        if start.contains(point) || Self.quadContains(endCorners, point) { return true }
        let w = point - c
        let r = w.length
        guard r >= innerRadius, r <= outerRadius else { return false }
        // Rotating the point back by up to Δ must bring it into the start rectangle: it does iff the backward arc
        // crosses one of the rectangle's edges, i.e. iff the point lies on the forward arc from such a crossing.
        for i in 0..<4 {
            let hit = LineSegment.circleCrossings(startCorners[i], startCorners[i + 1], center: c, radius: r) { p in
                Arc(center: c, start: p - c, sign: sign, rotation: rotation).covers(w)
            }
            if hit { return true }
        }
        return false
    }

    /// Whether the closed convex quadrilateral (corners in order, either orientation) holds `p`.
    static func quadContains(_ q: Quad, _ p: PixelPoint) -> Bool {
        var positive = false
        var negative = false
        for i in 0..<4 {
            let a = q[i]
            let b = q[i + 1]
            let side = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if side > 0 { positive = true } else if side < 0 { negative = true }
        }
        return !(positive && negative)
    }

    /// Whether the sweep and the open tile square `box` share positive area. `arcsMeet(box)` says whether one of
    /// the sweep's arcs passes through the square's interior (the arcs of ``anyArc(corners:center:sign:rotation:_:)``).
    func needs(_ box: PixelBounds, arcsMeet: (PixelBounds) -> Bool) -> Bool {
        let (near, far) = box.distanceRange(from: center)
        guard near < outerRadius, far > innerRadius, !nearEnds.misses(box) else { return false }
        let middle = PixelPoint(x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2)
        if start.contains(middle) || Self.quadContains(endCorners, middle) { return true }
        for i in 0..<4 {
            if LineSegment.meetsInterior(startCorners[i], startCorners[i + 1], of: box)
                || LineSegment.meetsInterior(endCorners[i], endCorners[i + 1], of: box)
            {
                return true
            }
        }
        return arcsMeet(box) || contains(middle)
    }

    /// Calls `body(row, firstColumn, lastColumn)` for runs of the tiles the sweep needs that `known.covered`
    /// lacks: with nothing known, exactly the sweep's tiles; otherwise those runs and `known.covered` together hold
    /// every tile the sweep needs.
    /// - Complexity: O(rows + candidate tiles outside `known.covered` + its runs in the sweep's rows); no allocation.
    /// - Parameter rows: the rows to scan; the terrain's rows, 0 ..< `grid.rows`, unless given. Rows past the
    ///   terrain have no texture, so only the check that a flight stays on the terrain asks for them.
    /// - Parameter known: tiles already known to be needed by other shapes (the straight pieces of the track):
    ///   they are skipped without a test and not reported, which leaves a union with them unchanged.
    func forEachRun(
        on grid: TileGrid, rows: ClosedRange<Int>? = nil, known: KnownRuns = KnownRuns(),
        _ body: (Int, Int, Int) -> Void
    ) {
        let t = grid.tileLength
        let e = grid.tieTolerance
        let c = center
        let scanned = rows ?? 0...(grid.rows - 1)
        let firstRow = max(IntRounding.floor(bounds.minY / t), scanned.lowerBound)
        let lastRow = min(IntRounding.ceil(bounds.maxY / t) - 1, scanned.upperBound)
        guard firstRow <= lastRow else { return }
        // The start and end rectangles' own tiles need no test: their runs are exact and cost O(1) a row.
        let startRows = QuadRows(startCorners)
        let endRows = QuadRows(endCorners)
        let covered = known.covered.spans
        // The arcs, made on the stack the first time a tile needs them (many scans test no tile that far).
        withUnsafeTemporaryAllocation(of: Arc.self, capacity: 8) { arcs in
            var arcCount = -1
            func arcsMeet(_ box: PixelBounds) -> Bool {
                if arcCount < 0 {
                    arcCount = 0
                    _ = Self.anyArc(corners: startCorners, center: c, sign: sign, rotation: rotation) { arc in
                        arcs.initializeElement(at: arcCount, to: arc)
                        arcCount += 1
                        return false
                    }
                }
                for i in 0..<arcCount where arcs[i].meetsInterior(of: box) { return true }
                return false
            }
            for row in firstRow...lastRow {
                var accepted = RowKnown()
                // A turn's start rectangle lies inside the straight piece before it (the footprint at that piece's end),
                // and its end rectangle inside the piece after it: when those are known, so are the rectangles' tiles.
                if !known.coversStart, let r = startRows.columns(inRow: row, tileLength: t, tolerance: e) {
                    accepted.a = r
                }
                if !known.coversEnd, let r = endRows.columns(inRow: row, tileLength: t, tolerance: e) {
                    accepted.b = r
                }
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
                let first = IntRounding.floor(lo / t)
                let last = IntRounding.ceil(hi / t) - 1
                guard first <= last else { continue }
                // Columns wholly inside the hole, x0 ≥ holeLo and x0 + T ≤ holeHi, are skipped without a visit.
                var holeFirst = last + 1
                var holeLast = last
                if holeHi > holeLo {
                    holeFirst = max(first, IntRounding.ceil(holeLo / t))
                    holeLast = min(last, IntRounding.floor(holeHi / t) - 1)
                    while holeFirst <= holeLast && Double(holeFirst) * t < holeLo { holeFirst += 1 }
                    while holeLast >= holeFirst && Double(holeLast) * t + t > holeHi { holeLast -= 1 }
                    if holeFirst > holeLast { holeFirst = last + 1 }
                }
                // The known runs of this row, walked left to right with the columns.
                let coveredRange = known.covered.spanIndices(inRow: row)
                var k = coveredRange.lowerBound
                var column = first
                while column <= last {
                    if column >= holeFirst && column <= holeLast {
                        if let s = runStart {
                            body(row, s, column - 1)
                            runStart = nil
                        }
                        column = holeLast + 1
                        continue
                    }
                    while k < coveredRange.upperBound && covered[k].last < column { k += 1 }
                    if k < coveredRange.upperBound && covered[k].first <= column {
                        // Known tiles: skipped as a block, not reported.
                        if let s = runStart {
                            body(row, s, column - 1)
                            runStart = nil
                        }
                        column = min(covered[k].last, last) + 1
                        continue
                    }
                    let x0 = Double(column) * t
                    // The open tile shrunk by the tie tolerance: overlaps thinner than that count as touching.
                    let box = PixelBounds(minX: x0 + e, minY: y0 + e, maxX: x0 + t - e, maxY: y1 - e)
                    if accepted.contains(column) || needs(box, arcsMeet: arcsMeet) {
                        if runStart == nil { runStart = column }
                    } else if let s = runStart {
                        body(row, s, column - 1)
                        runStart = nil
                    }
                    column += 1
                }
                if let s = runStart { body(row, s, last) }
            }
        }
    }
}

/// Tiles already known to be needed by other shapes (the straight pieces of a track), which a turn sweep skips
/// without a test (see ``TurnSweep/forEachRun(on:rows:known:_:)``), and whether they hold the turn's start and end
/// rectangles (a straight piece before, or after, the turn).
struct KnownRuns: Sendable {
    var covered: TileSet
    var coversStart: Bool
    var coversEnd: Bool

    init(covered: TileSet = .empty, coversStart: Bool = false, coversEnd: Bool = false) {
        self.covered = covered
        self.coversStart = coversStart
        self.coversEnd = coversEnd
    }
}

/// The column runs one row of up to two convex shapes needs, as (first, last) pairs (first > last when none).
struct RowKnown {
    var a = (1, 0), b = (1, 0)

    @inlinable
    func contains(_ column: Int) -> Bool {
        (column >= a.0 && column <= a.1) || (column >= b.0 && column <= b.1)
    }
}
