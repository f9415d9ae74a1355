import Foundation
import TestSupport
import Testing

@testable import StencilKit

/// Every way MODEL.md §7 and issue 10 refuse a track, each with its error case, its machine-readable `kind` and a
/// message naming what was wrong and what would be valid.
struct TrackErrorTests {
    static let grid = TileGrid.marsViking
    static let screen = try! Screen(width: 480, height: 320)

    static func geo(_ lat: Double, _ lon: Double) -> GeoCoordinate { try! GeoCoordinate(latitude: lat, longitude: lon) }

    /// The coordinates of terrain pixels.
    static func pixels(_ points: [(Double, Double)]) -> [GeoCoordinate] {
        points.map { try! grid.coordinate(at: PixelPoint(x: $0.0, y: $0.1)) }
    }

    /// The error building a waypoint track throws, or nil.
    static func error(
        _ waypoints: [GeoCoordinate], legs: LegKind = .rhumb, radius: Double = 0, closure: TrackClosure = .oneWay,
        tolerance: Double = 0.5, band: Double = 0, screen: Screen = screen
    ) -> StencilError? {
        do {
            _ = try Track(
                waypoints: waypoints, on: grid, screen: screen, legs: legs, turnRadius: radius, closure: closure,
                tolerance: tolerance, lateralBand: band)
            return nil
        } catch {
            return error
        }
    }

    static func expectMentions(
        _ error: StencilError?, _ fragments: [String], _ location: SourceLocation = #_sourceLocation
    ) {
        guard let error else {
            Issue.record("no error", sourceLocation: location)
            return
        }
        for fragment in fragments {
            #expect(
                error.description.contains(fragment), "\"\(error.description)\" lacks \"\(fragment)\"",
                sourceLocation: location)
        }
    }

    @Test func fewerThanTwoWaypoints() {
        for count in 0...1 {
            let waypoints = Array([Self.geo(0, 0)].prefix(count))
            for legs in LegKind.allCases {
                let error = Self.error(waypoints, legs: legs)
                #expect(error == .tooFewWaypoints(count: count))
                #expect(error?.kind == "tooFewWaypoints")
                Self.expectMentions(error, ["2", "\(count)"])
            }
        }
    }

    @Test func coincidentConsecutiveWaypointsAreNamed() {
        let a = Self.geo(10, 20)
        let b = Self.geo(12, 25)
        let c = Self.geo(8, 30)
        for legs in LegKind.allCases {
            for (waypoints, first, second, closure) in [
                ([a, a], 0, 1, TrackClosure.oneWay), ([a, b, b], 1, 2, .oneWay), ([a, b, c, c, a], 2, 3, .oneWay),
                ([a, b, a], 2, 0, .loop), ([a, b, c, a], 3, 0, .loop),
            ] {
                let error = Self.error(waypoints, legs: legs, closure: closure)
                guard case .coincidentWaypoints(let i, let j, let lat, let lon) = error else {
                    Issue.record("\(legs) \(closure) \(waypoints): \(String(describing: error))")
                    continue
                }
                #expect((i, j) == (first, second), "\(legs) \(closure)")
                #expect(lat == waypoints[second].latitude && lon == waypoints[second].longitude)
                #expect(error?.kind == "coincidentWaypoints")
                Self.expectMentions(error, ["\(first)", "\(second)"])
            }
            // ±180° at the same latitude is the same point.
            let error = Self.error([Self.geo(5, 170), Self.geo(10, 180), Self.geo(10, -180)], legs: legs)
            guard case .coincidentWaypoints(1, 2, _, _) = error else {
                Issue.record("\(legs): ±180° not the same point: \(String(describing: error))")
                continue
            }
            // A loop whose last waypoint is the first one at the other side of ±180°.
            let loop = Self.error(
                [Self.geo(10, 180), Self.geo(12, 170), Self.geo(8, 175), Self.geo(10, -180)], legs: legs, closure: .loop
            )
            guard case .coincidentWaypoints(3, 0, _, _) = loop else {
                Issue.record("\(legs): loop closing on ±180° not refused: \(String(describing: loop))")
                continue
            }
        }
        // Differing only beyond the pixel's precision is still different: nearby waypoints are a valid route.
        #expect(Self.error([Self.geo(10, 20), Self.geo(10, 20.0001)]) == nil)
    }

    /// The L-shaped route W₀ = (1000, 2688), W₁ = (2000, 2688), W₂ = (2000, 3200), W₃ = (1500, 3200): right turns
    /// of 90° at W₁ and W₂ (tan 45° = 1). Legs of 1000 (one turn), 512 (two) and 500 (one) px allow ρ ≤ 1000, 256
    /// and 500: the largest radius for the route is 256 px, limited by the leg from W₁ to W₂.
    @Test func radiusTooLargeNamesTheLegAndTheLargestRadius() throws {
        let waypoints = Self.pixels([(1000, 2688), (2000, 2688), (2000, 3200), (1500, 3200)])
        let error = Self.error(waypoints, radius: 300)
        guard case .radiusTooLarge(let from, let to, let radius, let largest) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect((from, to) == (1, 2))
        #expect(radius == 300)
        #expect(abs(largest - 256) <= 1e-9)
        #expect(error?.kind == "radiusTooLarge")
        Self.expectMentions(error, ["300", "1", "2", "256"])
        // The largest radius fits; a hair more does not.
        #expect(Self.error(waypoints, radius: largest) == nil)
        #expect(Self.error(waypoints, radius: largest * (1 + 1e-9)) != nil)
        // As a loop, W₀ turns by 134.32° and W₃ by 45.68°: the leg W₀ → W₁ allows 1000 / (tan 67.16° + 1) =
        // 296.36 px, the closing leg W₃ → W₀ 715.64 / (tan 22.84° + tan 67.16°) = 256 px again. ρ = 300 fails the
        // first leg first.
        let loop = Self.error(waypoints, radius: 300, closure: .loop)
        guard case .radiusTooLarge(0, 1, _, let loopLargest) = loop else {
            Issue.record("loop: \(String(describing: loop))")
            return
        }
        #expect(abs(loopLargest - 256) <= 1e-9)
        #expect(Self.error(waypoints, radius: 296, closure: .loop)?.kind == "radiusTooLarge")
    }

    @Test("radius too large on random routes: the named leg, the largest radius, and the boundary")
    func radiusTooLargeOnRandomRoutes() throws {
        var g = SplitMix64(seed: 0x5241_4449_5553)
        var checked = 0
        for _ in 0..<200 {
            let count = g.int(3...6)
            var points: [(Double, Double)] = [(g.uniform(2000, 9000), g.uniform(1500, 3800))]
            for _ in 1..<count {
                let h = g.uniform(0, 360) * .pi / 180
                let l = g.uniform(40, 800)
                points.append(
                    (
                        points[points.count - 1].0 + l * sin(h),
                        min(max(points[points.count - 1].1 - l * cos(h), 1000), 4300)
                    ))
            }
            let closure: TrackClosure = g.bool() ? .oneWay : .loop
            let waypoints = Self.pixels(points)
            let pixels = TrackGeometry.waypointPixels(waypoints, on: Self.grid)
            let legs = OracleTracks.legPixels(pixels, closure: closure, width: Self.grid.width)
            let turns = OracleTracks.turnAngles(legs, closed: closure == .loop)
            guard !turns.contains(where: { $0.map { abs($0) > 179.9 } ?? false }) else { continue }
            let expected = OracleTracks.largestRadius(legs, turns, closed: closure == .loop)
            guard expected.isFinite else { continue }
            checked += 1
            let error = Self.error(waypoints, radius: expected * 1.5, closure: closure)
            guard case .radiusTooLarge(let from, let to, _, let largest) = error else {
                Issue.record("\(points) \(closure): \(String(describing: error))")
                continue
            }
            #expect(abs(largest - expected) <= 1e-9 * expected, "\(largest) vs \(expected)")
            // The named leg is one that does not fit ρ = 1.5·largest.
            let leg = from
            #expect(to == (leg + 1) % waypoints.count)
            let length = hypot(legs[leg].b.x - legs[leg].a.x, legs[leg].b.y - legs[leg].a.y)
            let before = leg > 0 ? turns[leg - 1] : (closure == .loop ? turns[legs.count - 1] : nil)
            var need = 0.0
            for delta in [before, turns[leg]] { if let delta { need += tan(abs(delta) / 2 * .pi / 180) } }
            #expect(need * expected * 1.5 > length, "leg \(from)→\(to) fits")
            // Just under the largest radius fits, just over does not (the largest itself: see
            // theLargestRadiusNamedFits).
            #expect(
                Self.error(waypoints, radius: largest * (1 - 1e-12), closure: closure) == nil,
                "\(points) \(closure) at ρ = \(largest)")
            #expect(Self.error(waypoints, radius: largest * (1 + 1e-9), closure: closure)?.kind == "radiusTooLarge")
        }
        #expect(checked > 150)
    }

    static let largestRadiusBug =
        "bug: the radiusTooLarge error names a 'largest radius that fits the whole route' that the route then "
        + "refuses: largest = ℓ / ((ρ·tan(|Δa|/2) + ρ·tan(|Δb|/2)) / ρ), but the check ρ'·tan(|Δa|/2) + "
        + "ρ'·tan(|Δb|/2) > ℓ at ρ' = largest rounds up past ℓ by an ulp in 15 of 100 random routes. Repro: "
        + "the coordinates of pixels (6317.273652900579, 1830.2504040191595), (6170.897399978166, "
        + "2196.453776844092), (6002.335913897891, 1639.7716340525922) on Mars Viking, one way, ρ = 300 → "
        + "largest 138.2367793701352; ρ = 138.2367793701352 → radiusTooLarge again. Suggest a relative slack "
        + "(ρ·Σtan ≤ ℓ·(1 + 1e-12)) in the check, or naming a value that passes it"

    /// The radius the error names fits the route.
    @Test
    func theLargestRadiusNamedFits() throws {
        let waypoints = Self.pixels([
            (6317.273652900579, 1830.2504040191595), (6170.897399978166, 2196.453776844092),
            (6002.335913897891, 1639.7716340525922),
        ])
        guard case .radiusTooLarge(_, _, _, let largest) = Self.error(waypoints, radius: 300) else {
            Issue.record("ρ = 300 accepted")
            return
        }
        #expect(Self.error(waypoints, radius: largest) == nil)
        var g = SplitMix64(seed: 0x4C41_5247_4553_5400)
        var refused = 0
        var named = 0
        for _ in 0..<100 {
            var points: [(Double, Double)] = [(g.uniform(2000, 9000), g.uniform(1500, 3800))]
            for _ in 1..<g.int(3...6) {
                let h = g.uniform(0, 360) * .pi / 180
                let l = g.uniform(40, 800)
                points.append((points[points.count - 1].0 + l * sin(h), points[points.count - 1].1 - l * cos(h)))
            }
            let route = Self.pixels(points)
            guard case .radiusTooLarge(_, _, _, let largest) = Self.error(route, radius: 5000) else { continue }
            named += 1
            if Self.error(route, radius: largest) != nil { refused += 1 }
        }
        #expect(refused == 0, "\(refused) of 100 routes refuse the largest radius their error names")
        // At least 90 % of the routes (97 on this seed; the others are refused otherwise, e.g. for a reversal).
        #expect(named >= 90, "\(named) of 100 routes refused ρ = 5000 px naming a largest radius")
    }

    @Test func reversalWithARadiusIsRefused() {
        let a = Self.geo(0, -100)
        let b = Self.geo(0, -90)
        let c = Self.geo(5, -95)
        let error = Self.error([c, a, b, a], radius: 10)
        #expect(error == .reversalWithRadius(waypoint: 2, radius: 10))
        #expect(error?.kind == "reversalWithRadius")
        Self.expectMentions(error, ["2", "10"])
        // A two-waypoint loop reverses at both ends.
        guard case .reversalWithRadius = Self.error([a, b], radius: 5, closure: .loop) else {
            Issue.record("two-waypoint loop with ρ > 0 accepted")
            return
        }
        // Pivots may reverse; and at great-circle waypoints every turn is a pivot whatever ρ is.
        #expect(Self.error([c, a, b, a], radius: 0) == nil)
        #expect(Self.error([c, a, b, a], legs: .greatCircle, radius: 10) == nil)
        #expect(Self.error([a, b], legs: .greatCircle, radius: 5, closure: .loop) == nil)
    }

    @Test func badTolerance() {
        let route = [Self.geo(0, -100), Self.geo(20, -80)]
        for value in [0, -0.5, -.infinity, .infinity, .nan] {
            for legs in LegKind.allCases {
                let error = Self.error(route, legs: legs, tolerance: value)
                guard case .badTolerance(let reported) = error else {
                    Issue.record("ε = \(value) \(legs): \(String(describing: error))")
                    continue
                }
                #expect(reported == value || (reported.isNaN && value.isNaN))
                #expect(error?.kind == "badTolerance")
                Self.expectMentions(error, ["greater than 0"])
            }
        }
        #expect(Self.error(route, legs: .greatCircle, tolerance: 1e-3) == nil)
    }

    @Test func waypointsPastTheTerrainsLimit() {
        // Mars Viking reaches ±64.0042°.
        for legs in LegKind.allCases {
            let error = Self.error([Self.geo(60, 0), Self.geo(64.01, 10)], legs: legs)
            guard case .geometry(.latitudeOutOfRange(_, let latitude, let limit)) = error else {
                Issue.record("\(legs): \(String(describing: error))")
                continue
            }
            #expect(latitude == 64.01 && abs(limit - 64.0042253130) < 1e-9)
            #expect(error?.kind == "offTerrain")
            Self.expectMentions(error, ["64.01", "64.004"])
        }
        #expect(Self.error([Self.geo(60, 0), Self.geo(64, 10)]) == nil)
    }

    @Test func tracksLeavingTheTerrain() throws {
        // A rhumb route along 63.5° N (as MODEL example 3), one way.
        let rhumb = try Track(waypoints: [Self.geo(63.5, 0), Self.geo(63.5, 10)], on: Self.grid, screen: Self.screen)
        do {
            _ = try Stencil(track: rhumb)
            Issue.record("a track past the top row accepted")
        } catch {
            guard case .leavesTerrain(let rows, let gridRows, let latitude, let limit) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(rows.upperBound == -1 && gridRows == 42 && latitude > limit)
            #expect(error.kind == "offTerrain")
        }
        #expect(try Stencil(track: rhumb, clipToTerrain: true).isClipped)
        // A great circle between two points at 55° N, 100° of longitude apart, bulges to about 65° N: past the
        // terrain, though both ends are on it.
        let va = GreatCircleMath.vector(55, -50)
        let vb = GreatCircleMath.vector(55, 50)
        let top = GreatCircleMath.coordinate(GreatCircleMath.slerp(va, vb, 0.5)).latitude
        #expect(top > 64.0043)
        let arc = try Track(
            waypoints: [Self.geo(55, -50), Self.geo(55, 50)], on: Self.grid, screen: Self.screen, legs: .greatCircle,
            tolerance: 4)
        do {
            _ = try Stencil(track: arc)
            Issue.record("a great circle past the top row accepted")
        } catch {
            guard case .leavesTerrain(_, _, let latitude, let limit) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(latitude >= top - 1e-6 && latitude > limit)
            #expect(error.kind == "offTerrain")
        }
        // Below the bottom row too.
        let south = try Track(
            waypoints: [Self.geo(-55, -50), Self.geo(-55, 50)], on: Self.grid, screen: Self.screen, legs: .greatCircle,
            tolerance: 4)
        #expect(throws: StencilError.self) { try Stencil(track: south) }
    }

    @Test func tooManyPiecesIsTooLarge() {
        // ε = 10⁻⁶ px over a 90° great circle at mid latitudes: about R·Θ/ε ≈ 300 px · 1 rad / 10⁻⁶ = 3·10⁸ pieces,
        // past the limit of 2²⁰.
        let clock = ContinuousClock()
        let start = clock.now
        let error = Self.error([Self.geo(20, -60), Self.geo(40, 30)], legs: .greatCircle, tolerance: 1e-6)
        let elapsed = clock.now - start
        guard case .tooLarge(_, _, let limit, _) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(limit == Double(Track.maximumPieces))
        #expect(error?.kind == "tooLarge")
        Self.expectMentions(error, ["\(Track.maximumPieces)"])
        // Refused in bounded time: the chain is built point by point up to 2²⁰ points before it is refused (about
        // 1.3 s in a debug build, where an up-front estimate R·Θ/ε would refuse at once).
        #expect(elapsed < .seconds(15), "took \(elapsed)")
    }

    @Test func otherBadParametersAreBadParameters() throws {
        let route = [Self.geo(0, -100), Self.geo(20, -80)]
        for error in [
            Self.error(route, radius: -1), Self.error(route, radius: .nan), Self.error(route, band: -1),
            Self.error(route, band: .infinity), Self.error(route + [Self.geo(5, -90)], closure: .racetrack),
            Self.error([Self.geo(10, 20), Self.geo(-10, -160)], legs: .greatCircle),
        ] {
            #expect(error?.kind == "badParameter", "\(String(describing: error))")
        }
        // A footprint too large to hold.
        let huge = try Screen(width: 480, height: 320, scale: 1000)
        #expect(Self.error(route, screen: huge)?.kind == "tooLarge")
        // Steps: a straight of length ≤ 0, a turn of 0° or past ±360°, a negative radius, non-finite values.
        for step in [
            TrackStep.straight(length: 0), .straight(length: -1), .straight(length: .nan), .turn(radius: 0, degrees: 0),
            .turn(radius: 0, degrees: 360.0001), .turn(radius: 0, degrees: -361), .turn(radius: -1, degrees: 90),
            .turn(radius: .infinity, degrees: 90), .turn(radius: 10, degrees: .nan),
        ] {
            #expect(throws: StencilError.self, "\(step)") {
                try Track(
                    start: PixelPoint(x: 5000, y: 2600), heading: 90, steps: [step], on: Self.grid, screen: Self.screen)
            }
        }
        #expect(throws: StencilError.self) {
            try Track(
                start: PixelPoint(x: .nan, y: 2600), heading: 90, steps: [.straight(length: 10)], on: Self.grid,
                screen: Self.screen)
        }
        #expect(throws: StencilError.self) {
            try Track(
                start: PixelPoint(x: 0, y: 2600), heading: .infinity, steps: [.straight(length: 10)], on: Self.grid,
                screen: Self.screen)
        }
        #expect(throws: StencilError.self) {
            try Track(start: PixelPoint(x: 0, y: 2600), heading: 0, steps: [], on: Self.grid, screen: Self.screen)
        }
        // ±360° exactly is a whole turn, allowed.
        #expect(throws: Never.self) {
            try Track(
                start: PixelPoint(x: 0, y: 2600), heading: 0, steps: [.turn(radius: 5, degrees: -360)], on: Self.grid,
                screen: Self.screen)
        }
    }
}
