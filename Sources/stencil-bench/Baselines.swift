import MercatorMath
import StencilKit

/// The article's fixed-radius stencil: every tile whose centre lies within one radius of the track, the radius
/// being half the footprint's diagonal (margin and lateral band included). The track is the loop's two legs as
/// segments plus its two U-turn half circles (points, for pivots). Rows past the terrain are dropped.
///
/// It is the simple method the exact ``Stencil`` replaces: it loads tiles no pose can show, and — because a
/// footprint corner can cut a tile whose centre is farther than the radius — it also misses tiles that are shown.
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
        let firstColumn = Int(((box.minX - radius) / t).rounded(.down))
        let lastColumn = Int(((box.maxX + radius) / t).rounded(.up))
        var spans: [ColumnSpan] = []
        if firstRow <= lastRow {
            for row in firstRow...lastRow {
                for column in firstColumn...lastColumn {
                    let centre = PixelPoint(x: (Double(column) + 0.5) * t, y: (Double(row) + 0.5) * t)
                    if track.distance(to: centre) <= radius {
                        spans.append(ColumnSpan(row: row, first: column, last: column))
                    }
                }
            }
        }
        unwrapped = TileSet(spans: spans)
        var realSpans: [ColumnSpan] = []
        for tile in unwrapped {
            let c = grid.realColumn(of: tile.column)
            realSpans.append(ColumnSpan(row: tile.row, first: c, last: c))
        }
        real = TileSet(spans: realSpans)
        missed = exact.unwrapped.subtracting(unwrapped)
        extra = unwrapped.subtracting(exact.unwrapped)
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
/// It produces what ``FlightLoop/cull(_:lateralOffset:order:into:)`` produces by default — each tile with its real
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
            out.append(
                VisibleTile(
                    tile: tile, realTile: real, origin: PixelPoint(x: left, y: top),
                    centerOffset: PixelPoint(x: (left + t / 2) - eye.x, y: (top + t / 2) - eye.y)))
        }
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
