import Foundation
import TestSupport

@testable import StencilKit

/// Random waypoint tracks for the plan replay (MODEL.md §7): 2–5 waypoints on a random walk (one-way) or a circuit
/// of 3–5 (loop), rhumb legs flown with pivots or fly-by arcs (a random fraction of the largest radius that fits,
/// computed here) or great-circle legs (ε of 0.5–2 px); bands, anchors off centre, margins; on Mars Viking (single
/// and double) and XYZ level 3 (256-px tiles, a world 2048 px wide, so routes cross ±180° often), a fifth of them
/// near the antimeridian; a few near the top or bottom row, planned clipped to the terrain. A fifth of the rhumb
/// routes are snapped to whole multiples of 16 px at axis headings, so footprint edges fall on tile lines.
enum PlanTracks {
    struct Made {
        let track: Track
        let clip: Bool
        let summary: String
    }

    static let anchors: [(Double, Double)] = [(0.5, 0.5), (0.5, 0.75), (0.3, 0.6), (0, 1), (1, 0), (0.5, 0)]

    /// A random track, or nil when the library refuses it (a great circle bulging off the terrain, say): draw again.
    static func make(_ g: inout SplitMix64) -> Made? {
        let grid: TileGrid = g.pick([.marsViking, .marsViking, .marsViking, .marsVikingDouble, try! .xyz(level: 3)])
        let w = grid.width
        let h = grid.height
        let greatCircle = g.chance(0.25)
        let snapped = !greatCircle && g.chance(0.2)
        let scale = snapped ? g.pick([0.5, 1, 2]) : g.pick([1, 0.5, 2, g.uniform(0.6, 1.6)])
        var fw = g.uniform(80, 240)
        var fh = g.uniform(80, 240)
        if snapped {
            fw = 16 * (fw / 16).rounded()
            fh = 16 * (fh / 16).rounded()
        }
        let anchor = g.pick(anchors)
        let margin = g.chance(0.7) ? 0 : (snapped ? 8 : g.uniform(0, 10))
        let band = g.chance(0.4) ? 0 : (snapped ? 16 * Double(g.int(1...3)) : g.uniform(1, 60))
        let screen = try! Screen(
            width: fw / scale, height: fh / scale, scale: scale, anchor: .init(x: anchor.0, y: anchor.1), margin: margin
        )
        let reach =
            ((fw + 2 * margin + 2 * band) * (fw + 2 * margin + 2 * band) + (fh + 2 * margin) * (fh + 2 * margin))
            .squareRoot()
        let closure: TrackClosure = g.chance(0.5) ? .oneWay : .loop
        let count = closure == .loop ? g.int(3...5) : g.int(2...5)
        let nearEdge = !greatCircle && g.chance(0.1)
        let keep = reach + 8
        let longest = greatCircle ? min(1100, 0.12 * w) : min(1100, 0.4 * w)

        var points: [(x: Double, y: Double)] = []
        var x = g.chance(0.2) ? w - g.uniform(0, 300) : g.uniform(0, w)
        var y = nearEdge ? g.pick([g.uniform(0, keep), h - g.uniform(0, keep)]) : g.uniform(keep, h - keep)
        if snapped {
            x = 16 * (x / 16).rounded(.down)
            y = 16 * (y / 16).rounded()
        }
        points.append((x, y))
        while points.count < count {
            let last = points[points.count - 1]
            let length = g.uniform(150, longest)
            let heading = snapped ? g.pick([0.0, 90, 180, 270]) : g.uniform(0, 360)
            let u = TrackGeometry.ahead(heading)
            var dx = length * u.x
            var dy = length * u.y
            if snapped {
                dx = 16 * (dx / 16).rounded()
                dy = 16 * (dy / 16).rounded()
            }
            var ny = last.y + dy
            if !nearEdge && (ny < keep || ny > h - keep) { ny = last.y - dy }
            if !nearEdge && (ny < keep || ny > h - keep) { ny = last.y }
            ny = min(max(ny, 1), h - 1)
            if ny == last.y && dx == 0 { dx = snapped ? 160 : 200 }
            let point = (x: last.x + dx, y: ny)
            // Keep every leg at least 100 px long, the closing one included.
            guard hypot(point.x - last.x, point.y - last.y) >= 100 else { continue }
            points.append(point)
        }
        if closure == .loop && hypot(points[0].x - points[count - 1].x, points[0].y - points[count - 1].y) < 100 {
            points[count - 1].x += 150
        }
        let waypoints = points.map { p in try! grid.coordinate(at: PixelPoint(x: p.x, y: p.y)) }
        let pixels = TrackGeometry.waypointPixels(waypoints, on: grid)
        let legs = OracleTracks.legPixels(pixels, closure: closure, width: w)
        let turns = OracleTracks.turnAngles(legs, closed: closure == .loop)
        var radius = 0.0
        let reversal = turns.contains { $0.map { abs($0) == 180 } ?? false }
        if !greatCircle && !reversal && g.chance(0.55) {
            let largest = OracleTracks.largestRadius(legs, turns, closed: closure == .loop)
            radius = largest.isFinite ? min(600, largest * g.uniform(0.05, 0.95)) : g.uniform(10, 300)
            if snapped { radius = max(0, 16 * (radius / 16).rounded(.down)) }
        }
        let tolerance = g.pick([0.5, 1, 2])
        let summary = """
            \(greatCircle ? "great circle ε \(tolerance)" : radius > 0 ? "fly-by ρ \(radius)" : "pivots") \(closure) \
            on \(grid.columns)×\(grid.rows)×\(grid.tileSize), pixels \(pixels.map { "(\($0.x), \($0.y))" }), \
            footprint \(fw) × \(fh) px (scale \(scale)) anchor \(anchor) margin \(margin) d \(band)\
            \(nearEdge ? ", near edge (clipped)" : "")\(snapped ? ", snapped" : "")
            """
        do {
            let track = try Track(
                waypoints: waypoints, on: grid, screen: screen, legs: greatCircle ? .greatCircle : .rhumb,
                turnRadius: radius, closure: closure, tolerance: tolerance, lateralBand: band)
            // A planner that refuses a track leaving the terrain is not under test here.
            _ = try Stencil(track: track, clipToTerrain: nearEdge)
            return Made(track: track, clip: nearEdge, summary: summary)
        } catch {
            return nil
        }
    }
}
