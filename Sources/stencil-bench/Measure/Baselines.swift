import Foundation
import MercatorMath
import StencilKit
import StencilScenarios

/// The article's fixed-radius stencil: every tile whose centre lies within one radius of the track's centre line,
/// the radius being half the footprint's diagonal (margin and lateral band included). The centre line is the
/// track's pieces: segments for straight pieces, arcs for turns (points, for pivots). Rows past the terrain are
/// dropped.
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

    init(track: Track, exact: Stencil) {
        let screen = track.screen
        let width = screen.width * screen.scale + 2 * screen.margin + 2 * track.lateralBand
        let height = screen.height * screen.scale + 2 * screen.margin
        let radius = 0.5 * (width * width + height * height).squareRoot()
        self.radius = radius
        let grid = track.grid
        let t = grid.tileLength
        var spans: [ColumnSpan] = []
        // Piece by piece: the tiles within the radius of that piece's centre line.
        for piece in track.pieces {
            let line = CenterLine(piece)
            let box = line.bounds
            let firstRow = max(0, Int(((box.minY - radius) / t).rounded(.down)))
            let lastRow = min(grid.rows - 1, Int(((box.maxY + radius) / t).rounded(.up)))
            let firstColumn = Int(((box.minX - radius) / t).rounded(.down))
            let lastColumn = Int(((box.maxX + radius) / t).rounded(.up))
            guard firstRow <= lastRow else { continue }
            for row in firstRow...lastRow {
                let y = (Double(row) + 0.5) * t
                // Only the columns whose centres the piece's band reaches on this row (a column of slack each side).
                for (lo, hi) in line.intervals(atY: y, within: radius) {
                    let first = max(firstColumn, Int((lo / t - 0.5).rounded(.up)) - 1)
                    let last = min(lastColumn, Int((hi / t - 0.5).rounded(.down)) + 1)
                    guard first <= last else { continue }
                    for column in first...last {
                        let centre = PixelPoint(x: (Double(column) + 0.5) * t, y: y)
                        if line.distance(to: centre) <= radius {
                            spans.append(ColumnSpan(row: row, first: column, last: column))
                        }
                    }
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
    static func realTiles(of set: TileSet, on grid: TileGrid) -> TileSet { set.realTiles(on: grid) }
}

/// One piece's centre line: a segment, or an arc about a centre (a point, for a pivot), with the distance from a
/// point to it.
struct CenterLine: Sendable {
    let piece: TrackPiece

    init(_ piece: TrackPiece) { self.piece = piece }

    /// The bounding box of the piece's centre line (a turn's whole circle, which is enough for a search box).
    var bounds: PixelBounds {
        switch piece {
        case .straight(let p):
            return PixelBounds.empty.including(p.start).including(p.end)
        case .turn(let p):
            let r = p.radius
            return PixelBounds(minX: p.center.x - r, minY: p.center.y - r, maxX: p.center.x + r, maxY: p.center.y + r)
        }
    }

    /// Euclidean distance from `p` to the nearest point of the piece's centre line.
    func distance(to p: PixelPoint) -> Double {
        switch piece {
        case .straight(let s):
            let d = s.end - s.start
            let dd = d.dot(d)
            let t = dd > 0 ? max(0, min(1, (p - s.start).dot(d) / dd)) : 0
            return (p - (s.start + t * d)).length
        case .turn(let turn):
            let v = p - turn.center
            guard turn.radius > 0 else { return v.length }
            // The circle's nearest point when its direction lies on the arc, else the nearer end.
            let s = turn.start - turn.center
            var angle = atan2(turn.sign * (s.x * v.y - s.y * v.x), s.dot(v)) * 180 / .pi
            if angle < 0 { angle += 360 }
            if angle <= turn.degrees { return abs(v.length - turn.radius) }
            return min((p - turn.start).length, (p - turn.end).length)
        }
    }

    /// The x-intervals of the line at height `y` that hold every point within `r` of the piece (a superset).
    func intervals(atY y: Double, within r: Double) -> [(Double, Double)] {
        switch piece {
        case .straight(let s):
            return Self.capsuleInterval(s.start, s.end, atY: y, within: r).map { [$0] } ?? []
        case .turn(let turn):
            guard turn.radius > 0 else { return Self.discInterval(turn.center, atY: y, within: r).map { [$0] } ?? [] }
            // The band about the arc lies within the annulus ρ − r ≤ |v| ≤ ρ + r, whose cut is one or two intervals.
            guard let outer = Self.discInterval(turn.center, atY: y, within: turn.radius + r) else { return [] }
            if turn.radius > r, let inner = Self.discInterval(turn.center, atY: y, within: turn.radius - r),
                inner.1 > inner.0
            {
                return [(outer.0, inner.0), (inner.1, outer.1)]
            }
            return [outer]
        }
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
}

/// Brute-force culling: tests every stencil tile against the frame's footprint with a separating-axis test
/// (axes x, y, the heading's ahead and right vectors). Two convex shapes share positive area exactly when their
/// projections overlap with positive length on every axis, so touching edges and corners do not count. Like the
/// library, it counts overlaps thinner than the grid's tie tolerance as touching: each tile is shrunk by it.
///
/// It produces what ``Track/cull(_:lateralOffset:order:into:)`` produces by default — each tile with its real
/// tile, origin and centre offset, row-major (the stencil's own order) — so the two are timed doing the same job.
struct BruteForceCuller: Sendable {
    /// The candidate tiles: the exact stencil's unwrapped tiles, row-major, with their real tiles.
    let tiles: [(tile: TileIndex, real: TileIndex)]
    let tileSize: Double
    let tolerance: Double

    init(stencil: Stencil) {
        let grid = stencil.grid
        tiles = stencil.unwrappedTiles.map { ($0, grid.realTile(of: $0)) }
        tileSize = grid.tileLength
        tolerance = grid.tieTolerance
    }

    /// Fills `out` (emptied, capacity kept) with the tiles the footprint overlaps, row-major.
    func cull(_ footprint: Footprint, into out: inout [VisibleTile]) {
        out.removeAll(keepingCapacity: true)
        let axes = SeparatingAxes(footprint)
        let eye = footprint.origin
        let t = tileSize
        for (tile, real) in tiles {
            let left = Double(tile.column) * t
            let top = Double(tile.row) * t
            guard axes.overlaps(left: left, top: top, size: t, tolerance: tolerance) else { continue }
            out.append(
                VisibleTile(
                    tile: tile, realTile: real, origin: PixelPoint(x: left, y: top),
                    centerOffset: PixelPoint(x: (left + t / 2) - eye.x, y: (top + t / 2) - eye.y)))
        }
    }
}

/// A footprint ready for the separating-axis test against tiles (axes x, y and its ahead and right vectors): its
/// box and its extents along the two vectors. Two convex shapes share positive area exactly when their projections
/// overlap with positive length on every axis.
struct SeparatingAxes {
    let box: PixelBounds
    let ahead: PixelPoint
    let right: PixelPoint
    let aheadSpan: (Double, Double)
    let rightSpan: (Double, Double)

    init(_ footprint: Footprint) {
        let q = footprint.corners
        box = q.bounds
        ahead = footprint.ahead
        right = footprint.right
        aheadSpan = Self.project(q, on: ahead)
        rightSpan = Self.project(q, on: right)
    }

    /// Whether the tile `size` px wide at (`left`, `top`), shrunk by `tolerance` on every side, shares positive area
    /// with the footprint.
    @inline(__always)
    func overlaps(left: Double, top: Double, size t: Double, tolerance: Double) -> Bool {
        let x0 = left + tolerance
        let y0 = top + tolerance
        let x1 = left + t - tolerance
        let y1 = top + t - tolerance
        guard x0 < box.maxX, x1 > box.minX, y0 < box.maxY, y1 > box.minY else { return false }
        let (a0, a1) = Self.projectBox(x0, y0, x1, y1, on: ahead)
        guard a0 < aheadSpan.1, a1 > aheadSpan.0 else { return false }
        let (b0, b1) = Self.projectBox(x0, y0, x1, y1, on: right)
        return b0 < rightSpan.1 && b1 > rightSpan.0
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
