import Foundation
import TestSupport
import Testing

@testable import StencilKit

/// Geometry written out again in the tests, independently of the library: the footprint's corners, and the
/// separating-axis test for "positive-area intersection" of a rotated rectangle and a tile square.
enum CullingCheck {
    /// sin and cos of an angle in degrees, exact at multiples of 90° (reduce to a quadrant, then rotate).
    static func sinCos(degrees: Double) -> (sin: Double, cos: Double) {
        var h = degrees.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        let quadrant = (h / 90).rounded()
        let rest = h - 90 * quadrant  // exact: |rest| ≤ 45
        let s = rest == 0 ? 0 : sin(rest * .pi / 180)
        let c = rest == 0 ? 1 : cos(rest * .pi / 180)
        switch Int(quadrant) % 4 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    /// u(θ) = (sin θ, −cos θ).
    static func ahead(_ heading: Double) -> PixelPoint {
        let (s, c) = sinCos(degrees: heading)
        return PixelPoint(x: s, y: 0 - c)
    }

    /// r(θ) = (cos θ, sin θ).
    static func right(_ heading: Double) -> PixelPoint {
        let (s, c) = sinCos(degrees: heading)
        return PixelPoint(x: c, y: s)
    }

    /// MODEL.md §4 extents, margin included: along [−(1 − a_y)·h·z − m, a_y·h·z + m], across
    /// [−a_x·w·z − m, (1 − a_x)·w·z + m].
    static func extents(_ screen: Screen) -> (along: (Double, Double), across: (Double, Double)) {
        let hz = screen.height * screen.scale
        let wz = screen.width * screen.scale
        let m = screen.margin
        return (
            (-(1 - screen.anchor.y) * hz - m, screen.anchor.y * hz + m),
            (-screen.anchor.x * wz - m, (1 - screen.anchor.x) * wz + m)
        )
    }

    /// The aircraft moved δ to its right: position + δ·r(heading).
    static func position(_ pose: Pose, offset: Double) -> PixelPoint {
        let r = right(pose.heading)
        return PixelPoint(x: pose.position.x + offset * r.x, y: pose.position.y + offset * r.y)
    }

    /// The footprint's corners, rear-left, front-left, front-right, rear-right.
    static func corners(at position: PixelPoint, heading: Double, screen: Screen) -> [PixelPoint] {
        let u = ahead(heading)
        let r = right(heading)
        let (along, across) = extents(screen)
        return [(along.0, across.0), (along.1, across.0), (along.1, across.1), (along.0, across.1)].map { p, q in
            PixelPoint(x: position.x + p * u.x + q * r.x, y: position.y + p * u.y + q * r.y)
        }
    }

    /// The overlap of the rectangle `corners` (axes u, r) and a tile square along the axis that separates them
    /// best: the smallest, over the axes x, y, u and r, of the length their projections share (negative for a gap).
    /// They share positive area exactly when it is > 0 (separating-axis theorem; touching along an edge or at a
    /// corner gives 0 and does not count).
    static func overlap(
        _ corners: [PixelPoint], axes u: PixelPoint, _ r: PixelPoint, column: Int, row: Int,
        tileSize t: Double
    ) -> Double {
        let x0 = Double(column) * t
        let y0 = Double(row) * t
        let x1 = x0 + t
        let y1 = y0 + t
        func shared(_ axis: PixelPoint) -> Double {
            var aLo = Double.infinity, aHi = -Double.infinity, bLo = Double.infinity, bHi = -Double.infinity
            for c in corners {
                let v = c.x * axis.x + c.y * axis.y
                aLo = min(aLo, v)
                aHi = max(aHi, v)
            }
            for (x, y) in [(x0, y0), (x1, y0), (x1, y1), (x0, y1)] {
                let v = x * axis.x + y * axis.y
                bLo = min(bLo, v)
                bHi = max(bHi, v)
            }
            return min(aHi, bHi) - max(aLo, bLo)
        }
        return min(shared(PixelPoint(x: 1, y: 0)), shared(PixelPoint(x: 0, y: 1)), shared(u), shared(r))
    }

    /// The tiles the rectangle overlaps with positive area, found by testing each tile of its bounding box (grown
    /// by one tile on every side).
    ///
    /// At a heading that is a multiple of 90° every number involved is exact (the unit vectors are 0 and ±1, the
    /// corners are the library's own float corners bit for bit), so the test is exact: `needed` holds the tiles with
    /// overlap > 0 and `borderline` is empty — a tile that only touches must not be listed. At any other heading the
    /// projections on u and r round, so a tile whose overlap is within `tolerance` of 0 (a sliver of ~1e-13 px, e.g.
    /// a pivot frame whose heading came out 6e-14° off 90° from float time arithmetic) is `borderline`: the library
    /// may list it or not.
    static func expectedTiles(_ corners: [PixelPoint], heading: Double, tileSize t: Double)
        -> (needed: Set<TileIndex>, borderline: Set<TileIndex>)
    {
        let u = ahead(heading)
        let r = right(heading)
        let exact = heading.truncatingRemainder(dividingBy: 90) == 0
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        let tolerance = exact ? 0 : 1e-9 * (xs.map(abs).max()! + ys.map(abs).max()! + t)
        let c0 = Int((xs.min()! / t).rounded(.down)) - 1
        let c1 = Int((xs.max()! / t).rounded(.down)) + 1
        let r0 = Int((ys.min()! / t).rounded(.down)) - 1
        let r1 = Int((ys.max()! / t).rounded(.down)) + 1
        var needed = Set<TileIndex>()
        var borderline = Set<TileIndex>()
        for row in r0...r1 {
            for column in c0...c1 {
                let m = overlap(corners, axes: u, r, column: column, row: row, tileSize: t)
                if m > tolerance {
                    needed.insert(TileIndex(column: column, row: row))
                } else if !exact && m >= -tolerance {
                    borderline.insert(TileIndex(column: column, row: row))
                }
            }
        }
        return (needed, borderline)
    }

    /// Euclidean column modulo, written out again.
    static func realColumn(_ column: Int, columns: Int) -> Int { ((column % columns) + columns) % columns }

    static func near(_ a: PixelPoint, _ b: PixelPoint, _ tolerance: Double) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    /// The angle from `a` to `b` in degrees, in (−180, 180].
    static func headingChange(_ a: Double, _ b: Double) -> Double {
        var d = (b - a).truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 }
        if d <= -180 { d += 360 }
        return d
    }
}

/// Random flights for the culling and frame suites: exact axis and diagonal headings, free headings, routes
/// across ±180° (ghost tiles), pivots and round turns both ways, bands, margins, anchors, zooms, on Mars, XYZ and
/// a world narrower than the screen.
enum RandomFlights {
    static let grids: [TileGrid] = [
        .marsViking, .marsVikingDouble, try! TileGrid.xyz(level: 4), try! TileGrid.xyz(level: 5),
        try! TileGrid(columns: 12, rows: 96, tileSize: 32),
    ]

    /// The headings a route can be given exactly (from exact pixel differences).
    static let exactHeadings: [Double] = [0, 90, 180, 270, 45, 135, 225, 315]

    struct Case: CustomStringConvertible {
        let flight: Flight
        let timing: FlightTiming
        let note: String
        var description: String {
            "\(note); route \(flight.route.start)→\(flight.route.end) θ=\(flight.route.heading) on \(flight.grid); "
                + "screen \(flight.screen.width)×\(flight.screen.height) z=\(flight.screen.scale) "
                + "anchor (\(flight.screen.anchor.x), \(flight.screen.anchor.y)) m=\(flight.screen.margin); "
                + "turn ρ=\(flight.turn.radius) \(flight.turn.direction); band \(flight.lateralBand); "
                + "v=\(timing.speed) fps=\(timing.framesPerSecond) rate=\(timing.turnRate)"
        }
    }

    static func make(_ rng: inout SplitMix64) throws -> Case {
        let grid = rng.pick(grids)
        let t = grid.tileLength
        let exact = rng.chance(0.5)
        let exactHeading = rng.pick(exactHeadings)
        let axis = exact && exactHeading.truncatingRemainder(dividingBy: 90) == 0

        // Snapped flights fly an axis heading with dyadic sizes so footprint edges often fall exactly on tile
        // boundaries, where only the positive-area rule decides.
        let snap = axis && rng.chance(0.6)
        var scale = rng.pick(snap ? [0.5, 1, 2] : [0.5, 1, 2, rng.uniform(0.3, 2.5)])
        func side() -> Double {
            snap || rng.chance(0.5) ? t / 8 * Double(rng.int(2...24)) : rng.uniform(30, 600)
        }
        let width = side()
        let height = side()
        var anchors: [Screen.Anchor] = [
            .center, Screen.Anchor(x: 0.5, y: 0.75), Screen.Anchor(x: 0.25, y: 0.75),
        ]
        if !snap { anchors.append(Screen.Anchor(x: rng.unit(), y: rng.unit())) }
        // Anchors on the screen's edge put a footprint edge through the aircraft; with an exact diagonal heading and
        // integer positions that edge would pass exactly through tile corners, where float corners cannot be exact.
        if axis || !exact {
            anchors += [Screen.Anchor(x: 0, y: 0), Screen.Anchor(x: 1, y: 1), Screen.Anchor(x: 0, y: 1)]
        }
        let anchor = rng.pick(anchors)
        var margin = rng.pick(snap ? [0, t / 8, t / 4] : [0, Double(rng.int(0...32)), rng.uniform(0, 40)])
        var band = rng.pick(snap ? [0, t / 8, t / 2] : [0, Double(rng.int(1...64)), rng.uniform(0, 120)])
        var radius = rng.pick([0, 0, rng.uniform(1, 400), t / 2])
        let direction: TurnDirection = rng.chance(0.5) ? .right : .left

        // Keep the whole sweep inside the terrain's rows.
        func reach() -> Double {
            let wz = width * scale
            let hz = height * scale
            return (wz * wz + hz * hz).squareRoot() + 2 * margin + band + 2 * radius + t
        }
        while 2 * reach() + 4 * t > grid.height {
            scale /= 2
            margin /= 2
            band /= 2
            radius /= 2
        }
        let yLow = reach() + t
        let yHigh = grid.height - reach() - t
        let w = grid.width

        let screen = try Screen(width: width, height: height, scale: scale, anchor: anchor, margin: margin)
        let turn = try Turn(radius: radius, direction: direction)
        let route: PixelRoute
        var note: String
        if exact {
            // Exact heading: integer (often tile-aligned) endpoints, the route often across x = 0 or x = width.
            let y0 = (rng.uniform(yLow, yHigh) / (t / 4)).rounded(.up) * (t / 4)
            let x0 = rng.pick([
                (rng.uniform(0, w)).rounded(), w - Double(rng.int(0...400)), Double(rng.int(0...400)),
                (rng.uniform(-w / 2, 1.5 * w) / (t / 4)).rounded() * (t / 4),
            ])
            let u = CullingCheck.ahead(exactHeading)
            let ux = u.x == 0 ? 0.0 : (u.x > 0 ? 1.0 : -1.0)
            let uy = u.y == 0 ? 0.0 : (u.y > 0 ? 1.0 : -1.0)
            var step = rng.chance(0.5) ? (t / 4) * Double(rng.int(1...40)) : rng.uniform(1, 3000).rounded()
            if uy != 0 {  // keep the end inside the rows
                let room = uy > 0 ? yHigh - y0 : y0 - yLow
                step = max(1, min(step, (room / (t / 4)).rounded(.down) * (t / 4)))
            }
            route = try PixelRoute(
                start: PixelPoint(x: x0, y: y0), end: PixelPoint(x: x0 + step * ux, y: y0 + step * uy), on: grid)
            #expect(route.heading == exactHeading, "exact heading \(exactHeading) came out as \(route.heading)")
            note = "exact \(exactHeading)"
        } else if rng.chance(0.5) {
            // Geographic endpoints, the short way; often across ±180°.
            func latitude() -> Double { grid.latitude(atPixelY: rng.uniform(yLow, yHigh)) }
            let across = rng.chance(0.5)
            var lonA = across ? rng.uniform(150, 180) : rng.uniform(-180, 180)
            var lonB = across ? rng.uniform(-180, -150) : lonA + rng.uniform(-40, 40)
            if rng.chance(0.5) { swap(&lonA, &lonB) }
            lonB = Degrees.normalizedLongitude(lonB)
            let a = try GeoCoordinate(latitude: latitude(), longitude: lonA)
            let b = try GeoCoordinate(latitude: latitude(), longitude: lonB)
            route = try PixelRoute(from: a, to: b, on: grid)
            note = "geo \(lonA)→\(lonB)"
        } else {
            // Free pixel endpoints, unwrapped.
            let start = PixelPoint(x: rng.uniform(-w / 2, 1.5 * w), y: rng.uniform(yLow, yHigh))
            let length = rng.uniform(5, 2500)
            let angle = rng.uniform(0, 360)
            var end = start + length * CullingCheck.ahead(angle)
            end.y = min(max(end.y, yLow), yHigh)
            route = try PixelRoute(start: start, end: end, on: grid)
            note = "free"
        }
        let flight = try Flight(route: route, screen: screen, turn: turn, lateralBand: band)

        // Modest frame counts: about 8…40 frames a leg, 2…16 a turn.
        let fps = rng.pick([4.0, 6, 10, 24, 30])
        let legFrames = Double(rng.int(8...40))
        let turnFrames = Double(rng.pick([2, 3, 4, 8, rng.int(2...16)]))
        let speed = max(route.length * fps / legFrames, .pi * radius * fps / turnFrames, 1)
        let timing = try FlightTiming(speed: speed, framesPerSecond: fps, turnRate: 180 * fps / turnFrames)
        return Case(flight: flight, timing: timing, note: note)
    }
}
