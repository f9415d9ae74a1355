import Foundation
import TestSupport

@testable import StencilKit

/// A random flight for the oracle tests, with what it was built to exercise.
struct OracleFlight {
    let flight: Flight
    /// Placed so the sweep may reach past the terrain's top or bottom row.
    let nearEdge: Bool
    /// Every input, to replay a failure.
    let summary: String
}

/// Random flights covering the cases MODEL.md §2–§5 distinguish: headings exactly 0°, 90°, 180°, 270° and the
/// diagonals as well as arbitrary ones; pivots and turns with ρ > 0 both ways; lateral bands; anchors at the centre,
/// (0.5, 0.75) and the corners; margins; routes across ±180° (ghost columns) and near the top and bottom rows; the
/// 90 × 42 and 180 × 84 grids of 128 px and XYZ z = 3 (256 px). About a third are "snapped" to integer pixels and
/// dyadic sizes so that edges land exactly on tile boundaries. Footprints stay 40…400 px and legs ≤ 2000 px.
enum OracleFlights {
    static let grids: [TileGrid] = [.marsViking, .marsVikingDouble, try! TileGrid.xyz(level: 3)]
    static let exactHeadings: [Double] = [0, 90, 180, 270, 45, 135, 225, 315]

    static func make(_ g: inout SplitMix64) -> OracleFlight {
        let grid = g.pick(grids)
        let snapped = g.chance(0.35)

        // Screen: footprint fw × fh terrain px.
        let (scale, fw, fh, anchor, drawnMargin) = OracleTracks.screenShape(&g, snapped: snapped, maxSide: 400)
        var margin = drawnMargin
        var radius = g.chance(0.45) ? 0 : g.uniform(1, 400)
        let direction: TurnDirection = g.chance(0.5) ? .right : .left
        var band = g.chance(0.5) ? 0 : g.uniform(0, 100)
        if snapped {
            margin = margin.rounded()
            radius = 8 * (radius / 8).rounded()
            band = band.rounded()
        }

        // Heading and leg.
        let exact = g.chance(0.5)
        let heading = exact ? g.pick(exactHeadings) : g.uniform(0, 360)
        var length = g.chance(0.1) ? g.uniform(0.5, 20) : g.uniform(20, 2000)
        if snapped { length = max(32, 32 * (length / 32).rounded()) }
        let reach = fw + fh + 2 * margin + band + 2 * radius + 8
        var nearEdge = g.chance(0.25)
        let room = grid.height - 2 * reach
        if room < 64 { nearEdge = true }

        func vector(_ len: Double) -> (Double, Double) {
            switch heading {
            case 0: return (0, -len)
            case 90: return (len, 0)
            case 180: return (0, len)
            case 270: return (-len, 0)
            case 45, 135, 225, 315:
                let k = snapped ? max(1, (len / 2.squareRoot()).rounded()) : len / 2.squareRoot()
                let sx: Double = heading < 180 ? 1 : -1
                let sy: Double = heading < 90 || heading > 270 ? -1 : 1
                return (sx * k, sy * k)
            default:
                let th = heading * .pi / 180
                return (len * sin(th), -len * cos(th))
            }
        }
        var (dx, dy) = vector(length)
        if !nearEdge && abs(dy) > room {
            length *= room / abs(dy) * 0.999
            if snapped { length = max(32, 32 * (length / 32).rounded(.down)) }
            (dx, dy) = vector(length)
            if abs(dy) > room { nearEdge = true }
        }

        // Placement.
        var ay: Double
        if nearEdge {
            let gap = g.uniform(0, 1.2) * reach  // distance from the edge to the route's nearest end
            if g.chance(0.5) {
                ay = gap + max(0, -dy)
            } else {
                ay = grid.height - gap - max(0, dy)
            }
        } else {
            ay = g.uniform(reach + max(0, -dy), grid.height - reach - max(0, dy))
        }
        let acrossAntimeridian = g.chance(0.3)
        var ax =
            acrossAntimeridian
            ? (g.chance(0.5) ? g.uniform(grid.width - 500, grid.width) : g.uniform(0, 500)) : g.uniform(0, grid.width)
        if snapped {
            ax = 32 * (ax / 32).rounded(.down)
            ay = 32 * (ay / 32).rounded()
        }
        let start = PixelPoint(x: ax, y: ay)
        let end = PixelPoint(x: ax + dx, y: ay + dy)

        let screen = try! Screen(
            width: fw / scale, height: fh / scale, scale: scale, anchor: .init(x: anchor.0, y: anchor.1), margin: margin
        )
        let turn = try! Turn(radius: radius, direction: direction)
        // Some routes go through geographic coordinates and the short-way rule instead of raw pixels.
        let viaGeo = !nearEdge && !snapped && g.chance(0.25)
        let flight: Flight
        if viaGeo {
            let w = grid.width
            let a = try! grid.coordinate(at: start)
            let bx = (end.x.truncatingRemainder(dividingBy: w) + w).truncatingRemainder(dividingBy: w)
            let b = try! grid.coordinate(at: PixelPoint(x: bx, y: end.y))
            let na = try! GeoCoordinate(latitude: a.latitude, longitude: Degrees.normalizedLongitude(a.longitude))
            let nb = try! GeoCoordinate(latitude: b.latitude, longitude: Degrees.normalizedLongitude(b.longitude))
            flight = try! Flight(from: na, to: nb, on: grid, screen: screen, turn: turn, lateralBand: band)
        } else {
            let route = try! PixelRoute(start: start, end: end, on: grid)
            flight = try! Flight(route: route, screen: screen, turn: turn, lateralBand: band)
        }
        let summary = """
            grid \(grid), A \(flight.route.start), B \(flight.route.end) (heading \(flight.route.heading)), \
            screen \(screen.width) × \(screen.height) @ \(scale) anchor (\(anchor.0), \(anchor.1)) margin \(margin), \
            ρ \(radius) \(direction), d \(band)\(viaGeo ? ", via geo" : "")\(nearEdge ? ", near edge" : "")
            """
        return OracleFlight(flight: flight, nearEdge: nearEdge, summary: summary)
    }
}
