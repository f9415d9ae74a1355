import MercatorMath
import StencilKit

/// The article's fixed-radius stencil: every tile whose centre lies within one radius of the track, the radius
/// being half the footprint's diagonal (margin and lateral band included). The track is the loop's two legs as
/// segments plus its two U-turn half circles (points, for pivots). Rows past the terrain are dropped.
///
/// It is the simple method the exact ``Stencil`` replaces: it loads tiles no pose can show, and — because a
/// footprint corner can cut a tile whose centre is farther than the radius — it also misses tiles that are shown.
///
/// Row by row, each piece of the track gives the x-interval of centres within the radius (a capsule about a leg
/// cuts the row's centre line in one interval; an arc's band in at most two, plus its two end discs); only the
/// columns of those intervals, a column wider each side, are tested with ``Track/distance(to:)``. The cost grows
/// with the tiles found and the rows crossed, not with the track's bounding box (a diagonal route on a z = 16 grid
/// has 10⁸ tiles in its box).
struct FixedRadiusStencil: Sendable {
    /// The radius in terrain pixels.
    let radius: Double
    /// Its tiles, in unwrapped columns.
    let unwrapped: TileSet
    /// Its distinct real tiles.
    let real: TileSet
    /// Exact-stencil tiles it lacks (tiles some frame draws that it would not have loaded).
    let missed: TileSet
    /// Its tiles the exact stencil lacks (loaded for nothing).
    let extra: TileSet

    init(flight: Flight, exact: Stencil) {
        let screen = flight.screen
        let width = screen.width * screen.zoom + 2 * screen.margin + 2 * flight.lateralBand
        let height = screen.height * screen.zoom + 2 * screen.margin
        let radius = 0.5 * (width * width + height * height).squareRoot()
        self.radius = radius
        let track = Track(flight: flight)
        let grid = flight.grid
        let t = grid.tileLength
        let box = track.bounds
        let firstRow = max(0, Int(((box.minY - radius) / t).rounded(.down)))
        let lastRow = min(grid.rows - 1, Int(((box.maxY + radius) / t).rounded(.up)))
        var spans: [ColumnSpan] = []
        if firstRow <= lastRow {
            var candidates: [ClosedRange<Int>] = []
            for row in firstRow...lastRow {
                let y = (Double(row) + 0.5) * t
                candidates.removeAll(keepingCapacity: true)
                for (lo, hi) in track.centreIntervals(atY: y, within: radius) {
                    // Centres (c + ½)·T in [lo, hi], a column of slack each side for rounding.
                    let first = Int((lo / t - 0.5).rounded(.up)) - 1
                    let last = Int((hi / t - 0.5).rounded(.down)) + 1
                    if first <= last { candidates.append(first...last) }
                }
                candidates.sort { $0.lowerBound < $1.lowerBound }
                var tested = Int.min  // columns up to here are done
                for range in candidates {
                    var column = max(range.lowerBound, tested == Int.min ? Int.min : tested + 1)
                    var runStart: Int?
                    while column <= range.upperBound {
                        let centre = PixelPoint(x: (Double(column) + 0.5) * t, y: y)
                        if track.distance(to: centre) <= radius {
                            if runStart == nil { runStart = column }
                        } else if let start = runStart {
                            spans.append(ColumnSpan(row: row, first: start, last: column - 1))
                            runStart = nil
                        }
                        column += 1
                    }
                    if let start = runStart { spans.append(ColumnSpan(row: row, first: start, last: range.upperBound)) }
                    tested = max(tested, range.upperBound)
                }
            }
        }
        unwrapped = TileSet(spans: spans)
        real = Self.realTiles(of: unwrapped, on: grid)
        missed = exact.unwrapped.subtracting(unwrapped)
        extra = unwrapped.subtracting(exact.unwrapped)
    }

    /// The real tiles of unwrapped runs: a run as wide as the world is the whole row, a shorter one maps to one run
    /// or, across a world boundary, two.
    static func realTiles(of set: TileSet, on grid: TileGrid) -> TileSet {
        var spans: [ColumnSpan] = []
        for span in set.spans {
            if span.count >= grid.columns {
                spans.append(ColumnSpan(row: span.row, first: 0, last: grid.columns - 1))
                continue
            }
            let first = grid.realColumn(of: span.first)
            let last = first + span.count - 1
            if last < grid.columns {
                spans.append(ColumnSpan(row: span.row, first: first, last: last))
            } else {
                spans.append(ColumnSpan(row: span.row, first: first, last: grid.columns - 1))
                spans.append(ColumnSpan(row: span.row, first: 0, last: last - grid.columns))
            }
        }
        return TileSet(spans: spans)
    }
}

/// The loop's centre line: two legs and two U-turn half circles, with the distance from a point to it.
struct Track: Sendable {
    let outbound: (PixelPoint, PixelPoint)
    let inbound: (PixelPoint, PixelPoint)
    let endCenter: PixelPoint
    let startCenter: PixelPoint
    let radius: Double
    let ahead: PixelPoint
    let right: PixelPoint

    init(flight: Flight) {
        let route = flight.route
        let loop = FlightLoop(flight)
        let offset = 2 * flight.turn.direction.sign * flight.turn.radius * route.right
        outbound = (route.start, route.end)
        inbound = (route.end + offset, route.start + offset)
        endCenter = loop.endTurnCenter
        startCenter = loop.startTurnCenter
        radius = flight.turn.radius
        ahead = route.ahead
        right = route.right
    }

    /// The track's bounding box.
    var bounds: Bounds {
        var b = Bounds.empty
        for p in [outbound.0, outbound.1, inbound.0, inbound.1] { b = b.including(p) }
        for c in [startCenter, endCenter] {
            b = b.including(c + radius * ahead).including(c - radius * ahead)
        }
        return b
    }

    /// Euclidean distance from `p` to the nearest point of the track.
    func distance(to p: PixelPoint) -> Double {
        min(
            min(Self.segmentDistance(p, outbound.0, outbound.1), Self.segmentDistance(p, inbound.0, inbound.1)),
            min(
                arcDistance(p, center: endCenter, side: ahead),
                arcDistance(p, center: startCenter, side: -1 * ahead)))
    }

    /// The x-intervals of the line at height `y` that hold every point within `r` of the track (a superset: each
    /// piece's exact interval or intervals).
    func centreIntervals(atY y: Double, within r: Double) -> [(Double, Double)] {
        var result: [(Double, Double)] = []
        for (a, b) in [outbound, inbound] {
            if let i = Self.capsuleInterval(a, b, atY: y, within: r) { result.append(i) }
        }
        for center in [startCenter, endCenter] {
            if radius == 0 {
                if let i = Self.discInterval(center, atY: y, within: r) { result.append(i) }
                continue
            }
            // The band about the arc lies within the annulus ρ − r ≤ |v| ≤ ρ + r; its ends are discs about the arc's
            // ends, which lie in the annulus too. So the annulus's cut (one or two intervals) covers it.
            guard let outer = Self.discInterval(center, atY: y, within: radius + r) else { continue }
            if radius > r, let inner = Self.discInterval(center, atY: y, within: radius - r), inner.1 > inner.0 {
                result.append((outer.0, inner.0))
                result.append((inner.1, outer.1))
            } else {
                result.append(outer)
            }
        }
        return result
    }

    /// The x-interval of the line at height `y` within `r` of `c`, or nil.
    static func discInterval(_ c: PixelPoint, atY y: Double, within r: Double) -> (Double, Double)? {
        let dy = y - c.y
        guard abs(dy) <= r else { return nil }
        let w = (r * r - dy * dy).squareRoot()
        return (c.x - w, c.x + w)
    }

    /// The x-interval of the line at height `y` within `r` of the segment a–b (a capsule, convex, so one interval):
    /// the union of the end discs' cuts and the cut of the band of points projecting into the segment.
    static func capsuleInterval(_ a: PixelPoint, _ b: PixelPoint, atY y: Double, within r: Double) -> (Double, Double)?
    {
        var lo = Double.infinity
        var hi = -Double.infinity
        for end in [a, b] {
            if let i = discInterval(end, atY: y, within: r) {
                lo = min(lo, i.0)
                hi = max(hi, i.1)
            }
        }
        let d = b - a
        let length = d.length
        if length > 0 {
            // |n·(p − a)| ≤ r and 0 ≤ d·(p − a) ≤ |d|², each linear in x along the line.
            let n = PixelPoint(x: -d.y / length, y: d.x / length)
            var low = -Double.infinity
            var high = Double.infinity
            func restrict(_ f0: Double, _ g: Double, _ lower: Double, _ upper: Double) {
                if g == 0 {
                    if f0 < lower || f0 > upper { high = -.infinity }
                    return
                }
                let p = (lower - f0) / g
                let q = (upper - f0) / g
                low = max(low, min(p, q))
                high = min(high, max(p, q))
            }
            let dy = y - a.y
            // At x: n·(p − a) = n.x·(x − a.x) + n.y·dy = (n.y·dy − n.x·a.x) + n.x·x.
            restrict(n.y * dy - n.x * a.x, n.x, -r, r)
            restrict(d.y * dy - d.x * a.x, d.x, 0, length * length)
            if low <= high, low.isFinite, high.isFinite {
                lo = min(lo, low)
                hi = max(hi, high)
            }
        }
        return lo <= hi ? (lo, hi) : nil
    }

    /// Distance to the half circle about `center` on the `side` half-plane (its ends lie on ±right).
    private func arcDistance(_ p: PixelPoint, center: PixelPoint, side: PixelPoint) -> Double {
        let v = p - center
        guard radius > 0 else { return v.length }
        if v.dot(side) >= 0 { return abs(v.length - radius) }
        return min((v - radius * right).length, (v + radius * right).length)
    }

    static func segmentDistance(_ p: PixelPoint, _ a: PixelPoint, _ b: PixelPoint) -> Double {
        let d = b - a
        let dd = d.dot(d)
        let t = dd > 0 ? max(0, min(1, (p - a).dot(d) / dd)) : 0
        return (p - (a + t * d)).length
    }
}

/// Brute-force culling: tests every stencil tile against the frame's footprint with a separating-axis test
/// (axes x, y, the heading's ahead and right vectors). Two convex shapes share positive area exactly when their
/// projections overlap with positive length on every axis, so touching edges and corners do not count. Like the
/// library, it counts overlaps thinner than the grid's tie tolerance as touching: each tile is shrunk by it.
///
/// It produces what ``FlightLoop/cull(_:lateralOffset:into:)`` produces — each tile with its real tile, origin and
/// distance, nearest first (ties row-major) — so the two are timed doing the same job.
struct BruteForceCuller: Sendable {
    /// The candidate tiles: the exact stencil's unwrapped tiles, row-major, with their real tiles.
    let tiles: [(tile: TileIndex, real: TileIndex)]
    let tileSize: Double
    let tolerance: Double

    init(stencil: Stencil) {
        let grid = stencil.flight.grid
        tiles = stencil.unwrappedTiles.map { ($0, grid.realTile(of: $0)) }
        tileSize = grid.tileLength
        tolerance = grid.tieTolerance
    }

    /// Fills `out` (emptied, capacity kept) with the tiles the footprint overlaps, nearest to its origin first.
    func cull(_ footprint: Footprint, into out: inout [VisibleTile]) {
        out.removeAll(keepingCapacity: true)
        let q = footprint.corners
        let box = q.bounds
        let u = footprint.ahead
        let r = footprint.right
        let eye = footprint.origin
        let (uLo, uHi) = Self.project(q, on: u)
        let (rLo, rHi) = Self.project(q, on: r)
        let t = tileSize
        for (tile, real) in tiles {
            let left = Double(tile.column) * t
            let top = Double(tile.row) * t
            let x0 = left + tolerance
            let y0 = top + tolerance
            let x1 = left + t - tolerance
            let y1 = top + t - tolerance
            guard x0 < box.maxX, x1 > box.minX, y0 < box.maxY, y1 > box.minY else { continue }
            let (a0, a1) = Self.projectBox(x0, y0, x1, y1, on: u)
            guard a0 < uHi, a1 > uLo else { continue }
            let (b0, b1) = Self.projectBox(x0, y0, x1, y1, on: r)
            guard b0 < rHi, b1 > rLo else { continue }
            let dx = left + t / 2 - eye.x
            let dy = top + t / 2 - eye.y
            out.append(
                VisibleTile(
                    tile: tile, realTile: real, origin: PixelPoint(x: left, y: top),
                    distance: (dx * dx + dy * dy).squareRoot()))
        }
        VisibleTile.sortNearestFirst(&out)
    }

    @inline(__always)
    static func project(_ q: Quad, on axis: PixelPoint) -> (Double, Double) {
        let a = q.a.dot(axis)
        let b = q.b.dot(axis)
        let c = q.c.dot(axis)
        let d = q.d.dot(axis)
        return (min(min(a, b), min(c, d)), max(max(a, b), max(c, d)))
    }

    @inline(__always)
    static func projectBox(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, on axis: PixelPoint)
        -> (Double, Double)
    {
        let a = x0 * axis.x + y0 * axis.y
        let b = x1 * axis.x + y0 * axis.y
        let c = x0 * axis.x + y1 * axis.y
        let d = x1 * axis.x + y1 * axis.y
        return (min(min(a, b), min(c, d)), max(max(a, b), max(c, d)))
    }
}
