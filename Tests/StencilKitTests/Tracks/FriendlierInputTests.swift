import Foundation
import TestSupport
import Testing

@testable import StencilKit

/// Issue 21's friendlier input: repeated waypoints dropped on request (and counted), every waypoint error naming
/// the waypoint, a pyramid refusal naming the level, numbers in messages printed whole or with their digits.
struct FriendlierInputTests {
    static let screen = try! Screen(width: 480, height: 320)

    static func geo(_ lat: Double, _ lon: Double) -> GeoCoordinate { try! GeoCoordinate(latitude: lat, longitude: lon) }

    /// The error of `body`, or nil.
    static func error(_ body: () throws(StencilError) -> Void) -> StencilError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    // MARK: Dropping repeated waypoints

    @Test func dropsConsecutiveRepeatsAndCountsThem() {
        let a = Self.geo(10, 20)
        let b = Self.geo(11, 21)
        let c = Self.geo(12, 22)
        // A A B B B C: indices 1, 3 and 4 repeat the waypoint before them.
        let (kept, dropped) = Track.droppingRepeatedWaypoints([a, a, b, b, b, c])
        #expect(kept == [a, b, c])
        #expect(dropped == [1, 3, 4])
        // Nothing to drop.
        let clean = Track.droppingRepeatedWaypoints([a, b, c, a])
        #expect(clean.waypoints == [a, b, c, a] && clean.dropped.isEmpty)
        // A repeat that is not consecutive stays (A B A is a route out and back).
        #expect(Track.droppingRepeatedWaypoints([a, b, a]).dropped.isEmpty)
        // All the same: one waypoint left (the track then refuses it as too few).
        #expect(Track.droppingRepeatedWaypoints([a, a, a]) == ([a], [1, 2]))
        #expect(Track.droppingRepeatedWaypoints([]).waypoints.isEmpty)
    }

    @Test func longitudesOnTheAntimeridianAreOnePlace() {
        // 180° and −180° at one latitude are one point; 180° and 179.999…° are not.
        let east = Self.geo(10, 180)
        let west = Self.geo(10, -180)
        #expect(Track.droppingRepeatedWaypoints([east, west]).dropped == [1])
        #expect(Track.droppingRepeatedWaypoints([east, Self.geo(10, 180.0.nextDown)]).dropped.isEmpty)
        #expect(Track.droppingRepeatedWaypoints([Self.geo(10, 540), Self.geo(10, -180)]).dropped == [1])
    }

    @Test func aLoopAlsoDropsItsTailAtTheStart() {
        let a = Self.geo(10, 20)
        let b = Self.geo(11, 21)
        let c = Self.geo(12, 22)
        // A GPX loop often ends where it starts: A B C A A.
        let loop = Track.droppingRepeatedWaypoints([a, b, c, a, a], closure: .loop)
        #expect(loop.waypoints == [a, b, c])
        #expect(loop.dropped == [3, 4])
        // One-way, the return to A is a leg: only the repeat goes.
        let oneWay = Track.droppingRepeatedWaypoints([a, b, c, a, a], closure: .oneWay)
        #expect(oneWay.waypoints == [a, b, c, a] && oneWay.dropped == [4])
        // A A B C A, loop: the second A repeats the first, the last closes on it.
        #expect(Track.droppingRepeatedWaypoints([a, a, b, c, a], closure: .loop) == ([a, b, c], [1, 4]))
    }

    @Test func theCleanedRouteIsTheRouteWithoutItsRepeats() throws {
        // A track built from the cleaned list equals the one built from the list as it would be without repeats,
        // while the list with repeats is refused naming the first repeated pair.
        let grid = try TileGrid.xyz(level: 10)
        let route = [Self.geo(40, -74), Self.geo(45, -40), Self.geo(50, -10), Self.geo(51, 0)]
        let repeated = [route[0], route[1], route[1], route[2], route[3], route[3], route[3]]
        let refused = Self.error { () throws(StencilError) in
            _ = try Track(waypoints: repeated, on: grid, screen: Self.screen)
        }
        guard case .coincidentWaypoints(1, 2, 45, -40)? = refused else {
            Issue.record("expected coincidentWaypoints(1, 2), got \(String(describing: refused))")
            return
        }
        #expect(refused!.description.contains("droppingRepeatedWaypoints"))
        let (kept, dropped) = Track.droppingRepeatedWaypoints(repeated)
        #expect(dropped == [2, 5, 6])
        for legs in LegKind.allCases {
            let cleaned = try Track(waypoints: kept, on: grid, screen: Self.screen, legs: legs)
            let original = try Track(waypoints: route, on: grid, screen: Self.screen, legs: legs)
            #expect(cleaned == original)
        }
    }

    @Test func randomListsKeepOrderAndLoseOnlyRepeats() {
        // A fixed seed: lists of a few places with runs of repeats, checked against the definition directly.
        var random = SplitMix64(seed: 2121)
        let places = (0..<4).map { Self.geo(Double($0) * 3, Double($0) * 5 - 180) } + [Self.geo(0, 180)]
        for _ in 0..<500 {
            let count = Int(random.next() % 12)
            let list = (0..<count).map { _ in places[Int(random.next() % UInt64(places.count))] }
            for closure in [TrackClosure.oneWay, .loop] {
                let (kept, dropped) = Track.droppingRepeatedWaypoints(list, closure: closure)
                // Kept and dropped partition the indices; kept ones appear in order.
                let keptIndices = (0..<count).filter { !dropped.contains($0) }
                #expect(keptIndices.map { list[$0] } == kept)
                #expect(dropped == dropped.sorted() && Set(dropped).count == dropped.count)
                // No two consecutive kept waypoints are one place (0° lat, ±180° lon included).
                func same(_ p: GeoCoordinate, _ q: GeoCoordinate) -> Bool {
                    p.latitude == q.latitude
                        && (p.givenLongitude - q.givenLongitude).truncatingRemainder(dividingBy: 360) == 0
                }
                for k in kept.indices.dropFirst() { #expect(!same(kept[k - 1], kept[k])) }
                if closure == .loop, kept.count > 1 { #expect(!same(kept[kept.count - 1], kept[0])) }
                // Every dropped waypoint is at the place of a kept one before it, or (a loop's tail) of the first.
                for d in dropped {
                    let before = keptIndices.last(where: { $0 < d }).map { list[$0] }
                    #expect(before.map { same($0, list[d]) } == true || (closure == .loop && same(list[d], kept[0])))
                }
            }
        }
    }

    // MARK: Errors naming the waypoint, the leg and the level

    @Test(arguments: [TrackClosure.oneWay, .loop], LegKind.allCases)
    func aWaypointPastTheLimitIsNamed(closure: TrackClosure, legs: LegKind) {
        // Mars Viking reaches ±64.0042253130°; waypoint 3 is at 66.5°.
        let route = [Self.geo(10, 0), Self.geo(20, 10), Self.geo(30, 0), Self.geo(66.5, 10), Self.geo(0, 20)]
        let error = Self.error { () throws(StencilError) in
            _ = try Track(waypoints: route, on: .marsViking, screen: Self.screen, legs: legs, closure: closure)
        }
        guard case .geometry(.latitudeOutOfRange(let field, 66.5, let limit))? = error else {
            Issue.record("expected latitudeOutOfRange, got \(String(describing: error))")
            return
        }
        #expect(field == "Waypoint 3: latitude")
        #expect(abs(limit - 64.0042253130) < 1e-9)
        #expect(error?.kind == "offTerrain")
        #expect(
            error!.description.hasPrefix(
                "Waypoint 3: latitude 66.5° is out of range; valid latitudes lie within ±64.004"))
    }

    @Test func aRacetracksWaypointPastTheLimitIsNamed() {
        let error = Self.error { () throws(StencilError) in
            _ = try Track(
                waypoints: [Self.geo(10, 0), Self.geo(-70, 10)], on: .marsViking, screen: Self.screen,
                closure: .racetrack)
        }
        #expect(error?.description.hasPrefix("Waypoint 1: latitude -70° is out of range") == true)
    }

    @Test func anAntipodalLegNamesItsWaypoints() throws {
        // Waypoints 1 (20°N, 10°E) and 2 (20°S, 170°W) are antipodes: every great circle between them is as short.
        let route = [Self.geo(0, 0), Self.geo(20, 10), Self.geo(-20, -170)]
        let error = Self.error { () throws(StencilError) in
            _ = try Track(waypoints: route, on: try! TileGrid.xyz(level: 4), screen: Self.screen, legs: .greatCircle)
        }
        guard case .onLeg(1, 2, .geometry(.antipodalEndpoints))? = error else {
            Issue.record("expected onLeg(1, 2, antipodalEndpoints), got \(String(describing: error))")
            return
        }
        #expect(error?.kind == "badParameter")
        #expect(error!.description.hasPrefix("On the leg from waypoint 1 to waypoint 2: The great circle from"))
        // Flown as a rhumb line the same leg is fine.
        #expect(throws: Never.self) { try Track(waypoints: route, on: try TileGrid.xyz(level: 4), screen: Self.screen) }
    }

    @Test func aPyramidRefusalNamesTheLevel() throws {
        // 85.048°N at z = 12 is 105.6 px below the top edge (y = 2²⁰·(π − ln tan(45° + φ/2))/2π): within the
        // terrain's limit (85.0511°), but a 480 × 320 screen's upper half (160 px) passes row 0 at every level (the
        // pyramid scales the geometry with the level), so the first level tried, 9, refuses.
        let grid = try TileGrid.xyz(level: 12)
        let track = try Track(waypoints: [Self.geo(85.048, 0), Self.geo(85.048, 1)], on: grid, screen: Self.screen)
        let error = Self.error { () throws(StencilError) in _ = try PyramidStencil(track: track, levels: 9...12) }
        guard case .atPyramidLevel(9, .leavesTerrain)? = error else {
            Issue.record("expected atPyramidLevel(9, leavesTerrain), got \(String(describing: error))")
            return
        }
        #expect(error?.kind == "offTerrain")
        #expect(error!.description.hasPrefix("At pyramid level 9: The flight's sweep needs tile rows"))
        // Clipped to the terrain, every level is made.
        #expect(try PyramidStencil(track: track, levels: 9...12, clipToTerrain: true).stencils.count == 4)
    }

    @Test func wrappedErrorsReadAndSortLikeTheirOwn() {
        let inner = StencilError.outOfRange(field: "Turn radius", value: -40, valid: "0 or more")
        #expect(
            StencilError.atPyramidLevel(level: 7, error: inner).description
                == "At pyramid level 7: Turn radius is -40; it must be 0 or more.")
        #expect(
            StencilError.onLeg(from: 2, to: 3, error: inner).description
                == "On the leg from waypoint 2 to waypoint 3: Turn radius is -40; it must be 0 or more.")
        #expect(StencilError.atPyramidLevel(level: 7, error: inner).kind == "badParameter")
        #expect(StencilError.onLeg(from: 0, to: 1, error: .badTolerance(value: 0)).kind == "badTolerance")
    }

    // MARK: Numbers in messages

    @Test func wholeNumbersPrintAsIntegersAndTinyOnesKeepTheirDigits() throws {
        #expect(
            StencilError.outOfRange(field: "Margin", value: -40, valid: "0 or more").description
                == "Margin is -40; it must be 0 or more.")
        #expect(
            StencilError.offsetOutsideBand(offset: 40, band: 32).description
                == "Lateral offset 40 px is outside the flight's band; it must lie in [-32, 32] px.")
        #expect(StencilError.badTolerance(value: 1e-12).description.hasPrefix("The great-circle tolerance is 1e-12 px"))
        #expect(
            StencilError.tooLarge(what: "W", value: 2.5e-9, limit: 1, advice: "a").description
                == "W is 2.5e-9, past the limit of 1: a.")
        // A loader of 10⁻⁹ tiles/s (the least allowed) refused: its throughput reads 1e-9, not 0.
        let (track, timing) = try ScheduleHandWorkedTests.leg()
        let needs = try Needs<TileIndex>(track: track, timing: timing)
        let refusal = Self.error { () throws(StencilError) in
            _ = try StreamingSchedule(needs: needs, capacity: 4, loader: LoaderModel(latency: 0.25, throughput: 1e-9))
        }
        #expect(refusal?.description.contains("throughput 1e-9 tiles/s") == true, "\(String(describing: refusal))")
        #expect(refusal?.description.contains("latency 0.25 s") == true)
    }
}
