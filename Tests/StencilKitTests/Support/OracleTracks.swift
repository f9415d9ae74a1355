import Foundation
import TestSupport

@testable import StencilKit

/// A random track for the oracle tests, what it was built to exercise, and the pieces it must have.
struct OracleTrack {
    enum Kind: String, CaseIterable {
        case rhumbPivot, rhumbFlyBy, greatCircle, steps
    }

    let track: Track
    let kind: Kind
    /// Placed so the sweep may reach past the terrain's top or bottom row (stencils are also built clipped).
    let nearEdge: Bool
    /// The pieces the track must have, built independently from its inputs (nil for great-circle tracks, whose
    /// chains are checked against the true great circle elsewhere).
    let expected: [TrackGeometry.Piece]?
    /// The waypoints' pixels (unwrapped as §7 says), for great-circle tracks' checks.
    let waypointPixels: [(x: Double, y: Double)]
    /// Whether the route spans more than the world's width.
    let widerThanWorld: Bool
    /// Every input, to replay a failure.
    let summary: String
}

/// A random track the library refused to build (every generated track is valid, so this is a failure).
struct RefusedTrack: Error, CustomStringConvertible {
    let error: StencilError
    let summary: String
    var description: String { "refused with \(error) (\(error.kind)): \(summary)" }
}

/// Random tracks covering what MODEL.md §7 distinguishes: waypoint routes with rhumb legs flown with pivots or
/// fly-by arcs, great-circle legs, one-way, loop and racetrack closures, routes across ±180° and around or wider than
/// the world, and tracks built by hand from steps with turns of any sign up to ±360° (359.9°, 360°, 0.01°, …) and
/// radii from 0 to large; with bands, anchors at the centre, ahead and the corners, margins, and placements near
/// the top and bottom rows. A third of the rhumb and step tracks are snapped to whole pixels and axis headings so
/// that edges fall on tile boundaries.
enum OracleTracks {
    static let grids: [TileGrid] = [.marsViking, .marsVikingDouble, try! TileGrid.xyz(level: 3)]
    static let smallWorld = try! TileGrid.xyz(level: 2)
    static let anchors: [(Double, Double)] = [
        (0.5, 0.5), (0.5, 0.75), (0, 1), (0, 0), (1, 0), (1, 1), (0.5, 0), (0.25, 0.75), (0.5, 1),
    ]
    static let exactHeadings: [Double] = [0, 90, 180, 270]
    static let specialAngles: [Double] = [360, 359.9, 0.01, 90, 180, 45, 270, 1e-6, 359.999999]

    struct Look {
        var screen: Screen
        var band: Double
        /// The farthest a footprint point lies from its pose.
        var reach: Double
        var text: String
    }

    /// A random screen's shape, as the racetrack and the track oracle tests both draw it (in this order): the
    /// scale, a footprint of `width` × `height` terrain px (40…`maxSide`, multiples of 16 when snapped), an anchor
    /// (one of ``anchors``, or a fifth of the unsnapped ones anywhere) and a margin (0, or 0…24 px unrounded).
    static func screenShape(_ g: inout SplitMix64, snapped: Bool, maxSide: Double) -> (
        scale: Double, width: Double, height: Double, anchor: (Double, Double), margin: Double
    ) {
        let scale = snapped ? g.pick([0.5, 1.0, 2.0]) : g.pick([0.5, 1.0, 2.0, g.uniform(0.3, 2.5)])
        var fw = g.uniform(40, maxSide)
        var fh = g.uniform(40, maxSide)
        if snapped {
            fw = 16 * (fw / 16).rounded()
            fh = 16 * (fh / 16).rounded()
        }
        var anchor = g.pick(anchors)
        if !snapped && g.chance(0.2) { anchor = (g.unit(), g.unit()) }
        let margin = g.chance(0.6) ? 0 : g.uniform(0, 24)
        return (scale, fw, fh, anchor, margin)
    }

    static func look(_ g: inout SplitMix64, snapped: Bool, maxSide: Double = 400) -> Look {
        let (scale, fw, fh, anchor, drawnMargin) = screenShape(&g, snapped: snapped, maxSide: maxSide)
        var margin = drawnMargin
        var band = g.chance(0.6) ? 0 : g.uniform(0, 100)
        if snapped {
            margin = margin.rounded()
            band = band.rounded()
        }
        let screen = try! Screen(
            width: fw / scale, height: fh / scale, scale: scale, anchor: .init(x: anchor.0, y: anchor.1), margin: margin
        )
        let reach =
            ((fw + 2 * margin + 2 * band) * (fw + 2 * margin + 2 * band) + (fh + 2 * margin) * (fh + 2 * margin))
            .squareRoot()
        let text =
            "screen \(fw) × \(fh) px (scale \(scale)) anchor (\(anchor.0), \(anchor.1)) margin \(margin), d \(band)"
        return Look(screen: screen, band: band, reach: reach, text: text)
    }

    static func make(_ g: inout SplitMix64) throws(RefusedTrack) -> OracleTrack {
        let r = g.unit()
        if r < 0.27 { return try waypointTrack(&g, flyBy: false) }
        if r < 0.52 { return try waypointTrack(&g, flyBy: true) }
        if r < 0.67 { return try greatCircleTrack(&g) }
        return try stepTrack(&g)
    }

    // MARK: Rhumb waypoint tracks

    static func waypointTrack(_ g: inout SplitMix64, flyBy: Bool) throws(RefusedTrack) -> OracleTrack {
        let wide = g.chance(0.12)
        let grid = wide ? smallWorld : g.pick(grids)
        let snapped = !wide && g.chance(0.33)
        let look = look(&g, snapped: snapped, maxSide: wide ? 300 : 400)
        let w = grid.width
        let h = grid.height
        var closure: TrackClosure = g.chance(0.5) ? .oneWay : .loop
        var count = g.int(2...6)
        if wide { count = g.int(3...7) }
        if closure == .loop && flyBy { count = max(count, 3) }
        if count == 2 && !flyBy && g.chance(0.3) { closure = .racetrack }
        var nearEdge = wide || g.chance(0.2)
        let margin = look.reach + 8

        // A random walk in unwrapped pixels, every step shorter than half the world (so the short way keeps it).
        var points: [(x: Double, y: Double)] = []
        var x = g.chance(0.3) ? w - g.uniform(0, 400) : g.uniform(0, w)
        var y =
            nearEdge
            ? g.pick([g.uniform(0, 1.2 * margin), h - g.uniform(0, 1.2 * margin)]) : g.uniform(margin, h - margin)
        if snapped {
            x = 32 * (x / 32).rounded(.down)
            y = 32 * (y / 32).rounded()
        }
        points.append((x, y))
        var reversal = false
        for i in 1..<count {
            // Now and then an exact reversal (pivots only): back to the point before.
            if !flyBy && !wide && i >= 2 && !(closure == .loop && i == count - 1) && g.chance(0.1) {
                points.append(points[i - 2])
                reversal = true
                continue
            }
            var dx: Double
            var dy: Double
            if wide {
                dx = g.uniform(0.2, 0.45) * w
                dy = g.uniform(-0.1, 0.1) * h
            } else {
                let length = g.chance(0.1) ? g.uniform(5, 60) : g.uniform(60, 1600)
                let heading = snapped || g.chance(0.2) ? g.pick(exactHeadings) : g.uniform(0, 360)
                let u = TrackGeometry.ahead(heading)
                dx = length * u.x
                dy = length * u.y
                if snapped {
                    dx = 32 * (dx / 32).rounded()
                    dy = 32 * (dy / 32).rounded()
                    if dx == 0 && dy == 0 { dx = 32 }
                }
            }
            var ny = points[i - 1].y + dy
            if !nearEdge && (ny < margin || ny > h - margin) {
                ny = points[i - 1].y - dy
                if ny < margin || ny > h - margin { ny = points[i - 1].y }
                if ny == points[i - 1].y && dx == 0 { dx = snapped ? 32 : 50 }
            }
            // Waypoints stay on the terrain (within its latitude limit).
            ny = min(max(ny, 1), h - 1)
            if ny == points[i - 1].y && dx == 0 { dx = snapped ? 32 : 50 }
            points.append((points[i - 1].x + dx, ny))
        }
        if wide && closure == .loop {
            // Go round the world: the closing leg is the short way back to W₀, shifted by a whole width.
            points = points.enumerated().map { (i, p) in (points[0].x + Double(i) * w * 0.8 / Double(count), p.y) }
        }
        if points.contains(where: { $0.y < margin || $0.y > h - margin }) { nearEdge = true }
        if closure == .loop && points[points.count - 1] == points[0] { points.removeLast() }
        if points.count < 3 && closure == .loop && flyBy { closure = .oneWay }
        let waypoints = points.map { p in
            let c = try! grid.coordinate(at: PixelPoint(x: p.x, y: p.y))
            return try! GeoCoordinate(latitude: c.latitude, longitude: c.longitude)
        }
        let pixels = TrackGeometry.waypointPixels(waypoints, on: grid)
        let legs = legPixels(pixels, closure: closure, width: w)
        let turns = turnAngles(legs, closed: closure == .loop)

        // The fly-by radius: a fraction of the largest that fits (MODEL.md §7), computed here.
        var radius = 0.0
        // An exact reversal cannot be flown by: such routes are flown with pivots.
        let flyBy = flyBy && !turns.contains { $0.map { abs($0) == 180 } ?? false }
        if flyBy {
            let largest = largestRadius(legs, turns, closed: closure == .loop)
            radius = largest.isFinite ? largest * g.uniform(0.02, 0.995) : g.uniform(1, 400)
            radius = min(radius, 2000)
            if snapped && radius >= 1 { radius = radius.rounded(.down) }
        }
        let summary = """
            \(flyBy ? "fly-by ρ \(radius)" : "pivots") \(closure) on \(grid), waypoints \(pixels.map { "(\($0.x), \($0.y))" }) \
            (geo \(waypoints.map { "(\($0.longitude), \($0.latitude))" })), \(look.text)\(snapped ? ", snapped" : "")\
            \(nearEdge ? ", near edge" : "")\(wide ? ", wider than the world" : "")\(reversal ? ", reversal" : "")
            """
        let track: Track
        do {
            track = try Track(
                waypoints: waypoints, on: grid, screen: look.screen, turnRadius: radius, closure: closure,
                lateralBand: look.band)
        } catch {
            throw RefusedTrack(error: error, summary: summary)
        }
        var expected: [TrackGeometry.Piece]?
        let collinear = turns.contains { $0 != nil && abs($0!) < 1e-6 }
        if !collinear && closure != .racetrack {
            expected = expectedPieces(legs, turns, radius: radius, closed: closure == .loop)
        }
        let span = (pixels.map(\.x).max()! - pixels.map(\.x).min()!) + 2 * look.reach
        return OracleTrack(
            track: track, kind: flyBy ? .rhumbFlyBy : .rhumbPivot, nearEdge: nearEdge, expected: expected,
            waypointPixels: pixels, widerThanWorld: span > w, summary: summary)
    }

    /// The legs as pixel pairs; a loop adds Wₙ → W₀ with W₀ unwrapped next to Wₙ.
    static func legPixels(_ p: [(x: Double, y: Double)], closure: TrackClosure, width: Double) -> [(
        a: (x: Double, y: Double), b: (x: Double, y: Double)
    )] {
        var legs = (0..<(p.count - 1)).map { (a: p[$0], b: p[$0 + 1]) }
        if closure == .loop {
            let last = p[p.count - 1]
            let back = (x: TrackGeometry.unwrap(p[0].x, near: last.x, width: width), y: p[0].y)
            legs.append((a: last, b: back))
        }
        return legs
    }

    /// The turn at the end of each leg, Δ = atan2(u_in × u_out, u_in · u_out) in degrees (an exact reversal is
    /// +180°); nil where a one-way track ends.
    static func turnAngles(
        _ legs: [(a: (x: Double, y: Double), b: (x: Double, y: Double))], closed: Bool
    ) -> [Double?] {
        legs.indices.map { i in
            guard i + 1 < legs.count || closed else { return nil }
            let next = legs[(i + 1) % legs.count]
            let u = (legs[i].b.x - legs[i].a.x, legs[i].b.y - legs[i].a.y)
            let v = (next.b.x - next.a.x, next.b.y - next.a.y)
            let cross = u.0 * v.1 - u.1 * v.0
            let dot = u.0 * v.0 + u.1 * v.1
            if cross == 0 && dot < 0 { return 180 }
            return atan2(cross, dot) * 180 / .pi
        }
    }

    /// The least over legs of ℓ / (tan(|Δ_a|/2) + tan(|Δ_b|/2)) (MODEL.md §7); infinity when nothing turns.
    static func largestRadius(
        _ legs: [(a: (x: Double, y: Double), b: (x: Double, y: Double))], _ turns: [Double?], closed: Bool
    ) -> Double {
        var best = Double.infinity
        for i in legs.indices {
            let before = i > 0 ? turns[i - 1] : (closed ? turns[legs.count - 1] : nil)
            let after = turns[i]
            var sum = 0.0
            for delta in [before, after] {
                if let delta { sum += tan(abs(delta) / 2 * Double.pi / 180) }
            }
            let length = hypot(legs[i].b.x - legs[i].a.x, legs[i].b.y - legs[i].a.y)
            if sum > 0 { best = min(best, length / sum) }
        }
        return best
    }

    /// The pieces of a rhumb waypoint track (MODEL.md §7): each leg a straight piece, shortened by the fly-by
    /// tangent distance ρ·tan(|Δ|/2) at each end that turns, followed by its end's turn (a pivot when ρ = 0).
    static func expectedPieces(
        _ legs: [(a: (x: Double, y: Double), b: (x: Double, y: Double))], _ turns: [Double?], radius: Double,
        closed: Bool
    ) -> [TrackGeometry.Piece] {
        func tangent(_ delta: Double?) -> Double {
            guard let delta, radius > 0 else { return 0 }
            return radius * tan(abs(delta) / 2 * .pi / 180)
        }
        var pieces: [TrackGeometry.Piece] = []
        for i in legs.indices {
            let (a, b) = legs[i]
            let length = hypot(b.x - a.x, b.y - a.y)
            let u = ((b.x - a.x) / length, (b.y - a.y) / length)
            let heading = TrackGeometry.heading(b.x - a.x, b.y - a.y)
            let before = tangent(i > 0 ? turns[i - 1] : (closed ? turns[legs.count - 1] : nil))
            let after = tangent(turns[i])
            pieces.append(
                .straight(
                    x: a.x + before * u.0, y: a.y + before * u.1, heading: heading, length: length - before - after))
            if let delta = turns[i] {
                pieces.append(
                    .turn(x: b.x - after * u.0, y: b.y - after * u.1, heading: heading, radius: radius, angle: delta))
            }
        }
        return pieces
    }

    // MARK: Great-circle tracks

    /// The point at central angle `c` (degrees) from (φ, λ) on bearing `bearing`, on the sphere.
    static func destination(latitude: Double, longitude: Double, bearing: Double, distance c: Double) -> (
        Double, Double
    ) {
        let phi = latitude * .pi / 180
        let lambda = longitude * .pi / 180
        let b = bearing * .pi / 180
        let d = c * .pi / 180
        let phi2 = asin(sin(phi) * cos(d) + cos(phi) * sin(d) * cos(b))
        let lambda2 = lambda + atan2(sin(b) * sin(d) * cos(phi), cos(d) - sin(phi) * sin(phi2))
        return (phi2 * 180 / .pi, lambda2 * 180 / .pi)
    }

    static func greatCircleTrack(_ g: inout SplitMix64) throws(RefusedTrack) -> OracleTrack {
        let grid = g.pick(grids)
        let look = look(&g, snapped: false, maxSide: 260)
        let count = g.int(2...4)
        let closure: TrackClosure = count >= 3 && g.chance(0.3) ? .loop : .oneWay
        let tolerance = g.pick([0.5, 1, 2, 4])
        let radius = g.chance(0.5) ? 0 : g.uniform(1, 200)  // ignored: great-circle legs turn by pivots
        // On Mars Viking 1° of longitude is 32 px (64 on the double grid); on z = 3 it is 5.7 px.
        let scale = grid.width / 360
        let maxAngle = min(35, 1500 / scale)
        var coordinates: [(Double, Double)] = []
        var lat = g.uniform(-40, 40)
        var lon = g.chance(0.3) ? g.uniform(160, 180) : g.uniform(-180, 180)
        coordinates.append((lat, lon))
        var attempts = 0
        while coordinates.count < count && attempts < 100 {
            attempts += 1
            let bearing = g.chance(0.15) ? g.pick([0.0, 90, 180, 270]) : g.uniform(0, 360)
            let (nlat, nlon) = destination(
                latitude: lat, longitude: lon, bearing: bearing, distance: g.uniform(0.5, maxAngle))
            guard abs(nlat) < 45, GreatCircleMath.maxLatitude(from: (lat, lon), to: (nlat, nlon)) < 50 else { continue }
            lat = nlat
            lon = nlon
            coordinates.append((lat, lon))
        }
        if closure == .loop {
            let first = coordinates[0]
            let last = coordinates[coordinates.count - 1]
            if GreatCircleMath.maxLatitude(from: last, to: first) >= 50 { coordinates.removeLast() }
        }
        if coordinates.count < 2 {
            coordinates.append(destination(latitude: lat, longitude: lon, bearing: 90, distance: 3))
        }
        let waypoints = coordinates.map { try! GeoCoordinate(latitude: $0.0, longitude: $0.1) }
        let pixels = TrackGeometry.waypointPixels(waypoints, on: grid)
        let summary = """
            great circle \(closure) ε \(tolerance) (ρ \(radius) ignored) on \(grid), waypoints \
            \(waypoints.map { "(\($0.longitude), \($0.latitude))" }), \(look.text)
            """
        let track: Track
        do {
            track = try Track(
                waypoints: waypoints, on: grid, screen: look.screen, legs: .greatCircle, turnRadius: radius,
                closure: closure, tolerance: tolerance, lateralBand: look.band)
        } catch {
            throw RefusedTrack(error: error, summary: summary)
        }
        return OracleTrack(
            track: track, kind: .greatCircle, nearEdge: false, expected: nil, waypointPixels: pixels,
            widerThanWorld: false, summary: summary)
    }

    // MARK: Tracks built by hand

    static func stepTrack(_ g: inout SplitMix64) throws(RefusedTrack) -> OracleTrack {
        let grid = g.pick(grids)
        let snapped = g.chance(0.3)
        let look = look(&g, snapped: snapped, maxSide: 320)
        var heading = snapped || g.chance(0.3) ? g.pick(exactHeadings) : g.uniform(0, 360)
        if g.chance(0.05) { heading = g.pick([-90, 450, 720, -360.0]) }
        var steps: [TrackStep] = []
        let count = g.int(1...5)
        for _ in 0..<count {
            if g.chance(0.4) {
                var length = g.chance(0.15) ? g.uniform(0.5, 10) : g.uniform(10, 1200)
                if snapped { length = max(16, 16 * (length / 16).rounded()) }
                steps.append(.straight(length: length))
            } else {
                var degrees = g.chance(0.5) ? g.pick(specialAngles) : g.uniform(0.001, 360)
                if g.bool() { degrees = -degrees }
                let kind = g.unit()
                var radius: Double
                if kind < 0.4 {
                    radius = 0
                } else if kind < 0.5 {
                    radius = g.uniform(0.001, 1)
                } else if kind < 0.94 {
                    radius = g.uniform(1, 400)
                } else {
                    radius = g.uniform(500, 1800)
                }
                if snapped {
                    radius = 16 * (radius / 16).rounded()
                    degrees = g.pick([90.0, 180, 360, -90, -180, -360, 270, -270])
                }
                steps.append(.turn(radius: radius, degrees: degrees))
            }
        }
        let closure: TrackClosure = g.chance(0.8) ? .oneWay : .loop
        // Chain the pieces from the origin to find the path's bounding box, then place it.
        let pieces = chain(start: (0, 0), heading: heading, steps: steps)
        var minY = 0.0
        var maxY = 0.0
        for piece in pieces {
            switch piece {
            case .straight(_, let y, _, _):
                let end = piece.pose(piece.limit)
                minY = min(minY, y, end.y)
                maxY = max(maxY, y, end.y)
            case .turn(let x, let y, let h, let rho, let angle):
                let sigma: Double = angle > 0 ? 1 : -1
                let cy = y + sigma * rho * TrackGeometry.right(h).y
                _ = x
                minY = min(minY, cy - rho)
                maxY = max(maxY, cy + rho)
            }
        }
        let margin = look.reach + 8
        let h = grid.height
        var nearEdge = g.chance(0.2)
        var y0: Double
        if !nearEdge && maxY - minY + 2 * margin < h {
            y0 = g.uniform(margin - minY, h - margin - maxY)
        } else {
            nearEdge = true
            y0 = g.chance(0.5) ? g.uniform(0, 1.2 * margin) - minY : h - g.uniform(0, 1.2 * margin) - maxY
        }
        var x0 = g.chance(0.3) ? grid.width - g.uniform(0, 300) : g.uniform(0, grid.width)
        if snapped {
            x0 = 32 * (x0 / 32).rounded(.down)
            y0 = 32 * (y0 / 32).rounded()
        }
        let summary = """
            steps from (\(x0), \(y0)) heading \(heading): \(steps) \(closure) on \(grid), \(look.text)\
            \(snapped ? ", snapped" : "")\(nearEdge ? ", near edge" : "")
            """
        let track: Track
        do {
            track = try Track(
                start: PixelPoint(x: x0, y: y0), heading: heading, steps: steps, on: grid, screen: look.screen,
                lateralBand: look.band, closure: closure)
        } catch {
            throw RefusedTrack(error: error, summary: summary)
        }
        return OracleTrack(
            track: track, kind: .steps, nearEdge: nearEdge,
            expected: chain(start: (x0, y0), heading: heading, steps: steps), waypointPixels: [],
            widerThanWorld: false, summary: summary)
    }

    /// The pieces of steps chained from a start and heading (MODEL.md §7), each from where the last one ends.
    static func chain(start: (Double, Double), heading: Double, steps: [TrackStep]) -> [TrackGeometry.Piece] {
        var x = start.0
        var y = start.1
        var h = heading.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        var pieces: [TrackGeometry.Piece] = []
        for step in steps {
            let piece: TrackGeometry.Piece
            switch step {
            case .straight(let length): piece = .straight(x: x, y: y, heading: h, length: length)
            case .turn(let radius, let degrees): piece = .turn(x: x, y: y, heading: h, radius: radius, angle: degrees)
            }
            let end = piece.pose(piece.limit)
            (x, y, h) = (end.x, end.y, end.heading)
            pieces.append(piece)
        }
        return pieces
    }
}

/// Checks a track's pieces: every piece starts where the previous one ends at the heading it ends with (a closed
/// track's last piece ends where the first starts, up to whole widths), and they match `expected` when given.
enum TrackPieceCheck {
    static func near(_ a: Double, _ b: Double, _ scale: Double) -> Bool {
        abs(a - b) <= 1e-9 * max(1, abs(scale)) + 1e-7
    }

    /// - Parameter closes: whether a closed track must end where it starts (waypoint tracks; a track built from
    ///   steps is closed by its caller's word).
    static func problems(_ track: Track, expected: [TrackGeometry.Piece]?, closes: Bool = true) -> [String] {
        var problems: [String] = []
        let raw = track.pieces.map(TrackGeometry.Piece.init)
        for k in 1..<max(1, raw.count) {
            let end = raw[k - 1].pose(raw[k - 1].limit)
            let next = raw[k].pose(0)
            if !near(end.x, next.x, end.x) || !near(end.y, next.y, end.y)
                || TrackGeometry.headingGap(end.heading, next.heading) > 1e-9
            {
                problems.append("piece \(k) starts at \(next), piece \(k - 1) ends at \(end)")
                break
            }
        }
        if closes && track.closure.isClosed, let first = raw.first, let last = raw.last {
            let end = last.pose(last.limit)
            let start = first.pose(0)
            let w = track.grid.width
            let shift = ((end.x - start.x) / w).rounded() * w
            if !near(end.x - shift, start.x, end.x) || !near(end.y, start.y, end.y)
                || TrackGeometry.headingGap(end.heading, start.heading) > 1e-9
            {
                problems.append("closed track ends at \(end), starts at \(start)")
            }
        }
        // pieceStarts: cumulative arc length.
        var s = 0.0
        for (k, piece) in raw.enumerated() {
            if abs(track.pieceStarts[k] - s) > 1e-9 * max(1, s) { problems.append("pieceStarts[\(k)] ≠ \(s)") }
            s += piece.length
        }
        if abs(track.length - s) > 1e-9 * max(1, s) { problems.append("length \(track.length) ≠ \(s)") }
        guard let expected else { return problems }
        guard expected.count == raw.count else {
            return problems + ["\(raw.count) pieces, expected \(expected.count): \(raw) vs \(expected)"]
        }
        for (k, (got, want)) in zip(raw, expected).enumerated() {
            switch (got, want) {
            case (.straight(let x, let y, let h, let l), .straight(let ex, let ey, let eh, let el)):
                if !near(x, ex, x) || !near(y, ey, y) || TrackGeometry.headingGap(h, eh) > 1e-9 || !near(l, el, l) {
                    problems.append(
                        "piece \(k): straight (\(x), \(y)) θ \(h) ℓ \(l), expected (\(ex), \(ey)) θ \(eh) ℓ \(el)")
                }
            case (.turn(let x, let y, let h, let r, let a), .turn(let ex, let ey, let eh, let er, let ea)):
                if !near(x, ex, x) || !near(y, ey, y) || TrackGeometry.headingGap(h, eh) > 1e-9 || !near(r, er, r)
                    || abs(a - ea) > 1e-9
                {
                    problems.append(
                        "piece \(k): turn (\(x), \(y)) θ \(h) ρ \(r) Δ \(a), expected (\(ex), \(ey)) θ \(eh) ρ \(er) Δ \(ea)"
                    )
                }
            default:
                problems.append("piece \(k) is \(got), expected \(want)")
            }
        }
        return problems
    }
}
