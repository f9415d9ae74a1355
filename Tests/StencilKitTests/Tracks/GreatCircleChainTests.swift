import Foundation
import TestSupport
import Testing

@testable import StencilKit

/// Great-circle legs flown as chains (MODEL.md §7) against the true great circle, computed here from textbook
/// formulas (Support/GreatCircleMath.swift: slerp, forward azimuth, Mercator): the chain's vertices lie on the great
/// circle, and the union of the chain's footprints and the union of the true footprints (each pose on the great
/// circle at its true azimuth) lie within ε of each other both ways — checked with the rigorous cover test of
/// Support/RectangleCover.swift on random legs, footprints, bands and tolerances.
struct GreatCircleChainTests {
    /// One random leg and what it was built from.
    struct Leg {
        let track: Track
        let a: GeoCoordinate
        let b: GeoCoordinate
        let tolerance: Double
        let along: (Double, Double)
        let across: (Double, Double)
        let summary: String
    }

    static func makeLeg(_ g: inout SplitMix64, tolerance: Double, longest: Double = 1200) throws -> Leg {
        let grid = g.pick([TileGrid.marsViking, .marsViking, .marsVikingDouble, try TileGrid.xyz(level: 3)])
        let scale = grid.width / 360
        var a: (Double, Double)
        var b: (Double, Double)
        repeat {
            a = (g.uniform(-45, 45), g.chance(0.3) ? g.uniform(165, 180) : g.uniform(-180, 180))
            let bearing = g.chance(0.15) ? g.pick([0.0, 90, 180, 270, 45]) : g.uniform(0, 360)
            let distance = g.uniform(0.3, min(40, longest / scale))
            b = OracleTracks.destination(latitude: a.0, longitude: a.1, bearing: bearing, distance: distance)
        } while abs(b.0) > 50 || GreatCircleMath.maxLatitude(from: a, to: b) > 55
        let look = OracleTracks.look(&g, snapped: false, maxSide: 300)
        let ga = try GeoCoordinate(latitude: a.0, longitude: a.1)
        let gb = try GeoCoordinate(latitude: b.0, longitude: b.1)
        let track = try Track(
            waypoints: [ga, gb], on: grid, screen: look.screen, legs: .greatCircle, tolerance: tolerance,
            lateralBand: look.band)
        let e = ScreenExtents(look.screen)
        let d = look.band
        return Leg(
            track: track, a: ga, b: gb, tolerance: tolerance, along: (e.a0, e.a1), across: (e.c0 - d, e.c1 + d),
            summary: "ε \(tolerance) on \(grid): \(ga) → \(gb), \(look.text)")
    }

    /// The true great circle of a leg in the grid's pixels: position (unwrapped next to the straight line between
    /// the ends' pixels) and azimuth at each fraction.
    struct TrueCircle {
        let va: GreatCircleMath.Vector
        let vb: GreatCircleMath.Vector
        let grid: TileGrid
        let start: (x: Double, y: Double)
        let end: (x: Double, y: Double)

        init(_ leg: Leg) {
            va = GreatCircleMath.vector(leg.a.latitude, leg.a.longitude)
            vb = GreatCircleMath.vector(leg.b.latitude, leg.b.longitude)
            grid = leg.track.grid
            let p = TrackGeometry.waypointPixels([leg.a, leg.b], on: grid)
            start = p[0]
            end = p[1]
        }

        func pixel(of v: GreatCircleMath.Vector, near x: Double) -> (x: Double, y: Double) {
            let c = GreatCircleMath.coordinate(v)
            var p = TrackGeometry.pixel(latitude: c.latitude, longitude: c.longitude, on: grid)
            p.x = TrackGeometry.unwrap(p.x, near: x, width: grid.width)
            return p
        }

        func pose(_ f: Double) -> (x: Double, y: Double, heading: Double) {
            let p = pixel(of: GreatCircleMath.slerp(va, vb, f), near: start.x + (end.x - start.x) * f)
            return (p.x, p.y, GreatCircleMath.azimuth(va, vb, f))
        }

        /// The point of the great circle nearest a pixel, its fraction and its distance in pixels.
        func nearest(_ x: Double, _ y: Double) -> (fraction: Double, distance: Double) {
            let w = grid.width
            let lon = x / w * 360 - 180
            let lat = TrackGeometry.latitude(atY: y, on: grid)
            let v = GreatCircleMath.vector(lat, lon)
            let n0 = GreatCircleMath.cross(va, vb)
            let k = GreatCircleMath.norm(n0)
            let n = (n0.x / k, n0.y / k, n0.z / k)
            let off = GreatCircleMath.dot(n, v)
            let q0 = (v.x - off * n.0, v.y - off * n.1, v.z - off * n.2)
            let qn = GreatCircleMath.norm(q0)
            let q = (q0.0 / qn, q0.1 / qn, q0.2 / qn)
            let p = pixel(of: q, near: x)
            let omega = GreatCircleMath.angle(va, vb)
            return (GreatCircleMath.angle(va, q) / omega, hypot(p.x - x, p.y - y))
        }
    }

    /// The chain's straight pieces and pivots, in order.
    static func chain(_ track: Track) -> (straights: [StraightPiece], pivots: [TurnPiece]) {
        var straights: [StraightPiece] = []
        var pivots: [TurnPiece] = []
        for piece in track.pieces {
            switch piece {
            case .straight(let p): straights.append(p)
            case .turn(let p): pivots.append(p)
            }
        }
        return (straights, pivots)
    }

    /// The footprint's reach: the farthest a footprint point lies from its pose.
    static func reach(_ leg: Leg) -> Double {
        hypot(max(abs(leg.along.0), abs(leg.along.1)), max(abs(leg.across.0), abs(leg.across.1)))
    }

    /// The cover of the chain's footprints: each straight piece's corridor (its exact union), and each pivot
    /// sampled at 3 angles (a family, refined when needed); keyed by arc length along the chain. The sources to
    /// check are the corridors and every pivot at 5 angles.
    static func chainCover(_ leg: Leg, window: Double) -> (
        cover: RectangleCover, sources: [(rect: RectangleCover.Rect, key: Double)]
    ) {
        var samples: [RectangleCover.Sample] = []
        var families: [(Double) -> RectangleCover.Rect] = []
        var sources: [(rect: RectangleCover.Rect, key: Double)] = []
        var key = 0.0
        let along = leg.along
        let across = leg.across
        for piece in leg.track.pieces {
            switch piece {
            case .straight(let s):
                let rect = RectangleCover.Rect(
                    x: s.start.x, y: s.start.y, heading: s.heading, along: (along.0, s.length + along.1),
                    across: across)
                samples.append(.init(rect: rect, key: key, family: nil, lower: 0, upper: 0))
                sources.append((rect, key))
                key += s.length
            case .turn(let p):
                let (x, y, h, delta) = (p.start.x, p.start.y, p.heading, p.angle)
                let family: (Double) -> RectangleCover.Rect = { t in
                    RectangleCover.Rect(x: x, y: y, heading: h + delta * t, along: along, across: across)
                }
                let index = families.count
                families.append(family)
                let spread = RectangleCover.spread([family(0), family(1)])
                for t in [0, 0.5, 1] {
                    samples.append(
                        .init(
                            rect: family(t), key: key, family: index, lower: max(0, t - 0.5), upper: min(1, t + 0.5),
                            spread: spread))
                }
                for t in [0, 0.25, 0.5, 0.75, 1] { sources.append((family(t), key)) }
            }
        }
        return (RectangleCover(samples: samples, families: families, window: window), sources)
    }

    /// The cover of the true footprints: poses every ~6 px of the great circle and at every chain vertex's
    /// fraction, as one family refined between neighbours; keyed by the true arc length in pixels.
    static func trueCover(_ leg: Leg, circle: TrueCircle, vertexFractions: [Double], window: Double) -> (
        cover: RectangleCover, sources: [(rect: RectangleCover.Rect, key: Double)]
    ) {
        let length = hypot(circle.end.x - circle.start.x, circle.end.y - circle.start.y)
        let n = max(8, Int((length / 6).rounded(.up)))
        var fractions = (0...n).map { Double($0) / Double(n) } + vertexFractions
        fractions = Array(Set(fractions.map { min(1, max(0, $0)) })).sorted()
        let along = leg.along
        let across = leg.across
        let family: (Double) -> RectangleCover.Rect = { f in
            let p = circle.pose(min(1, max(0, f)))
            return RectangleCover.Rect(x: p.x, y: p.y, heading: p.heading, along: along, across: across)
        }
        var samples: [RectangleCover.Sample] = []
        var key = 0.0
        var previous: RectangleCover.Rect?
        for (i, f) in fractions.enumerated() {
            let rect = family(f)
            if let previous { key += hypot(rect.ox - previous.ox, rect.oy - previous.oy) }
            previous = rect
            let lower = i > 0 ? fractions[i - 1] : f
            let upper = i + 1 < fractions.count ? fractions[i + 1] : f
            let spread = RectangleCover.spread([family(lower), rect, family(upper)])
            samples.append(.init(rect: rect, key: key, family: 0, lower: lower, upper: upper, spread: spread))
        }
        return (
            RectangleCover(samples: samples, families: [family], window: window), samples.map { ($0.rect, $0.key) }
        )
    }

    /// Every check of one leg; one line per problem. Also returns the leg's straight-piece count, its estimate
    /// R·Θ/ε and the largest distance of a true footprint's corner from the chain's footprints.
    static func check(_ leg: Leg) -> (problems: [String], pieces: Int, estimate: Double, worst: Double) {
        var problems: [String] = []
        let circle = TrueCircle(leg)
        let (straights, pivots) = chain(leg.track)
        // The chain runs from A's pixel to B's, through points of the great circle, in order.
        var vertices = straights.map { ($0.start.x, $0.start.y) }
        if let last = straights.last { vertices.append((last.end.x, last.end.y)) }
        if let first = vertices.first, hypot(first.0 - circle.start.x, first.1 - circle.start.y) > 1e-6 {
            problems.append("chain starts at \(first), A is at \(circle.start)")
        }
        if let last = vertices.last, hypot(last.0 - circle.end.x, last.1 - circle.end.y) > 1e-6 {
            problems.append("chain ends at \(last), B is at \(circle.end)")
        }
        var fractions: [Double] = []
        for (k, v) in vertices.enumerated() {
            let (f, distance) = circle.nearest(v.0, v.1)
            if distance > 1e-6 { problems.append("vertex \(k) at \(v) is \(distance) px off the great circle") }
            if let previous = fractions.last, f <= previous {
                problems.append("vertex \(k) at fraction \(f) after \(previous)")
            }
            fractions.append(f)
        }
        // Pivots sit between straight pieces and take no arc length.
        if pivots.count > max(0, straights.count - 1) {
            problems.append("\(pivots.count) pivots for \(straights.count) chords")
        }
        if pivots.contains(where: { $0.radius != 0 }) { problems.append("a chain joint is not a pivot") }
        guard problems.isEmpty else { return (problems, straights.count, 0, 0) }

        let e = leg.tolerance * (1 + 1e-9) + 1e-9
        let longest = straights.map(\.length).max() ?? 0
        let window = 2.2 * reach(leg) + longest + 20
        let (chainUnion, chainSources) = chainCover(leg, window: window)
        let (trueUnion, trueSources) = trueCover(leg, circle: circle, vertexFractions: fractions, window: window)
        // Every true footprint lies within ε of the chain's footprints…
        var worst = 0.0
        for (i, source) in trueSources.enumerated() {
            if let bad = chainUnion.violation(of: source.rect, key: source.key, within: e) {
                problems.append(
                    "a true footprint's point \(bad.point) is \(bad.distance) px from the chain's footprints")
                break
            }
            if i % 8 == 0 {
                for c in source.rect.corners { worst = max(worst, chainUnion.distance(c.0, c.1, key: source.key)) }
            }
        }
        // …and every chain footprint within ε of the true ones.
        for source in chainSources {
            if let bad = trueUnion.violation(of: source.rect, key: source.key, within: e) {
                problems.append("a chain footprint's point \(bad.point) is \(bad.distance) px from the true footprints")
                break
            }
        }
        // Shortness: about R·Θ/ε pieces, R the footprint's reach and Θ the great circle's total turn.
        var turn = 0.0
        var previous = GreatCircleMath.azimuth(circle.va, circle.vb, 0)
        for i in 1...256 {
            let a = GreatCircleMath.azimuth(circle.va, circle.vb, Double(i) / 256)
            turn += TrackGeometry.headingGap(a, previous)
            previous = a
        }
        let estimate = reach(leg) * turn * .pi / 180 / leg.tolerance
        return (problems, straights.count, estimate, worst)
    }

    @Test(
        "random great-circle legs: vertices on the circle, footprints within ε both ways", arguments: [0.5, 0.2, 1, 3])
    func chainsStayWithinTolerance(tolerance: Double) throws {
        var g = SplitMix64(seed: 0x4743_4348_4149_4E00 &+ UInt64(tolerance * 1000))
        let count = tolerance == 0.5 ? 16 : 8
        var rows: [String] = []
        for i in 0..<count {
            let leg = try Self.makeLeg(&g, tolerance: tolerance, longest: tolerance < 0.5 ? 600 : 1200)
            let (problems, pieces, estimate, worst) = Self.check(leg)
            #expect(problems.isEmpty, "leg \(i): \(leg.summary)\n  \(problems.joined(separator: "\n  "))")
            // Short: no more than twice R·Θ/ε, plus 4 per part of the leg on one side of the equator (every part
            // starts with a step of 1/8 that at most doubles; see legsThatDoNotTurnAreOnePiece).
            let parts = leg.a.latitude * leg.b.latitude < 0 ? 2.0 : 1
            #expect(Double(pieces) <= 2 * estimate + 4 * parts, "leg \(i): \(pieces) pieces, R·Θ/ε = \(estimate)")
            #expect(worst <= leg.tolerance * (1 + 1e-9) + 1e-9)
            rows.append(String(format: "%d pieces (R·Θ/ε %.1f), worst corner %.3f px", pieces, estimate, worst))
        }
        print("Great-circle chains, ε = \(tolerance): \(rows.joined(separator: "; "))")
    }

    /// The check can fail: a leg flown as its single chord (no chain) is reported far off the great circle's
    /// footprints when the circle bends; so is a chain whose vertices are moved 2ε sideways.
    @Test func theCheckCatchesAChainThatIsTooCoarse() throws {
        // From (−40°, 10°) to (40°, 60°) on Mars Viking: a long leg whose heading changes by tens of degrees.
        let a = try GeoCoordinate(latitude: 40, longitude: -40)
        let b = try GeoCoordinate(latitude: 30, longitude: 10)
        let screen = try Screen(width: 200, height: 200)
        let chained = try Track(
            waypoints: [a, b], on: .marsViking, screen: screen, legs: .greatCircle, tolerance: 0.5)
        let leg = Leg(
            track: chained, a: a, b: b, tolerance: 0.5, along: (-100, 100), across: (-100, 100), summary: "control")
        let good = Self.check(leg)
        #expect(good.problems.isEmpty, "\(good.problems)")
        #expect(good.pieces > 50)
        // The same leg as one rhumb chord between the ends: its footprints are far from the great circle's.
        let chord = try Track(waypoints: [a, b], on: .marsViking, screen: screen)
        let bad = Self.check(
            Leg(track: chord, a: a, b: b, tolerance: 0.5, along: (-100, 100), across: (-100, 100), summary: "chord"))
        #expect(!bad.problems.isEmpty)
        // A chain with twice the tolerance is not within 0.5 px everywhere (the library uses its budget).
        let loose = try Track(
            waypoints: [a, b], on: .marsViking, screen: screen, legs: .greatCircle, tolerance: 2)
        let looseCheck = Self.check(
            Leg(track: loose, a: a, b: b, tolerance: 0.5, along: (-100, 100), across: (-100, 100), summary: "loose"))
        #expect(looseCheck.problems.contains { $0.contains("footprint") }, "\(looseCheck.problems)")
    }

    /// Legs along the equator and along a meridian do not turn: one straight piece each would do.
    static let oneLegBug =
        "bug: a great-circle leg that does not turn is split into collinear pieces: (−100°, 0°) → (−60°, 0°) on "
        + "Mars Viking gives 4 straight pieces (breaks at fractions 1/8, 3/8, 7/8) and (20°, −30°) → (20°, 40°) "
        + "gives 8 (4 each side of the equator), because GreatCircleChain.points starts every part with a step "
        + "of 1/8 and grows it at most 2× per piece whatever the curvature; the chain should be as short as the "
        + "curvature allows (issue 10: choose the spacing from the curvature)"

    @Test
    func legsThatDoNotTurnAreOnePiece() throws {
        let screen = try Screen(width: 300, height: 200)
        let equator = try Track(
            waypoints: [GeoCoordinate(latitude: 0, longitude: -100), GeoCoordinate(latitude: 0, longitude: -60)],
            on: .marsViking, screen: screen, legs: .greatCircle, tolerance: 0.5)
        #expect(equator.pieces.count == 1)
        let meridian = try Track(
            waypoints: [GeoCoordinate(latitude: -30, longitude: 20), GeoCoordinate(latitude: 40, longitude: 20)],
            on: .marsViking, screen: screen, legs: .greatCircle, tolerance: 0.5)
        #expect(meridian.pieces.count == 1)
        if case .straight(let p) = meridian.pieces.first { #expect(p.heading == 0) }
    }
}

/// The fuzzer found a great-circle leg ending a hair north of the equator (10⁻²⁰°) whose equator crossing landed on
/// the end's own pixel: the chain repeated its last point and the turn into the next leg was taken from a piece of
/// no length as no turn, so the track's heading jumped from 44.58° to 135.43° with no pivot (and the pivot's sweep
/// was missing from the stencil).
struct GreatCircleNearEquatorTests {
    @Test func aWaypointAHairNorthOfTheEquatorKeepsItsPivot() throws {
        for latitude in [1e-20, 1e-16, 1e-300, .leastNonzeroMagnitude, -1e-20, 0] {
            let points = try [(-10.0, 0.0), (latitude, 10), (-10, 20)].map {
                try GeoCoordinate(latitude: $0.0, longitude: $0.1)
            }
            let track = try Track(
                waypoints: points, on: .xyz(level: 8), screen: Screen(width: 400, height: 300), legs: .greatCircle)
            for i in track.pieces.indices.dropFirst() {
                let before = track.pieces[i - 1]
                let after = track.pieces[i]
                var jump = abs(before.endHeading - after.startHeading)
                if jump > 180 { jump = 360 - jump }
                #expect(jump < 1e-9, "φ \(latitude): heading jumps \(jump)° at piece \(i)")
                #expect((before.end - after.start).length < 1e-9, "φ \(latitude): gap at piece \(i)")
            }
            #expect(track.pieces.allSatisfy { $0.length > 0 || $0.startHeading != $0.endHeading })
        }
    }
}
