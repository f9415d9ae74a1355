import Foundation
import TestSupport
import Testing

@testable import StencilKit

/// Corridors (everything within b metres of a route over a range of levels): hand-worked cases, exact ties at the
/// threshold, and thousands of random routes against ``CorridorOracle``, a brute force written apart from the
/// library (pixels, unwrapping, fly-by arcs, κ and the square distances all computed here).
struct CorridorTests {
    static let earthRadius = 6_378_137.0

    /// The coordinate of a pixel of XYZ level `level` (256-px tiles), by the inverse Mercator formulas.
    static func coordinate(x: Double, y: Double, level: Int) throws -> GeoCoordinate {
        let width = 256 * pow(2, Double(level))
        let k = width / (2 * .pi)
        var longitude = x / width * 360 - 180
        longitude -= 360 * (longitude / 360 + 0.5).rounded(.down)
        let latitude = atan(sinh((width / 2 - y) / k)) * 180 / .pi
        return try GeoCoordinate(latitude: latitude, longitude: longitude)
    }

    /// The tiles of `corridor` at `level` as a set, checking they are listed once each, in order.
    static func tiles(of list: [TileID], atLevel level: Int) -> Set<TileID> {
        Set(list.filter { $0.level == level })
    }

    // MARK: Hand-worked

    /// A due-east route at z15 just north of the equator, 500 m either side (the issue's case: the capless band of a
    /// track with a 1 × 1 screen missed the tiles past the route's ends). Here four tiles lie past the ends within
    /// 500 m, at 134, 253, 268 and 343 m (28, √(28² + 45²), 56 and √(56² + 45²) px at d = 104.66 px); the band misses
    /// them all and the corridor (round caps) holds them, and not the tiles of the row below, 211 px away.
    @Test func capsHoldTheTilesPastTheEnds() throws {
        let level = 15
        let rowTop = 4_194_304.0 - 256  // the row just north of the equator
        let y = rowTop + 45
        let j = 20_000.0
        let k = 20_010.0
        let west = try Self.coordinate(x: 256 * j + 28, y: y, level: level)
        let east = try Self.coordinate(x: 256 * k + 200, y: y, level: level)
        let corridor = try Corridor(waypoints: [west, east], metres: 500, levels: 12...15)
        let all = try corridor.tiles()
        let z15 = Self.tiles(of: all, atLevel: 15)
        let row = Int(rowTop / 256)
        // κ at the route's latitude: d = 500 m · κ ≈ 104.66 px; the three tiles at 28, √(28² + 45²) and 56 px.
        let kappa = 256 * pow(2, 15) / (2 * .pi) / (Self.earthRadius * cos(west.latitude * .pi / 180))
        #expect(abs(corridor.distance(atLevel: 15) - 500 * kappa) < 1e-9)
        let past = [
            (TileID(unchecked: 15, Int(j) - 1, row), 28.0), (TileID(unchecked: 15, Int(j) - 1, row - 1), hypot(28, 45)),
            (TileID(unchecked: 15, Int(k) + 1, row), 56.0), (TileID(unchecked: 15, Int(k) + 1, row - 1), hypot(56, 45)),
        ]
        let metres = [133.765, 253.198, 267.530, 343.203]
        for ((tile, px), m) in zip(past, metres) {
            #expect(z15.contains(tile), "\(tile) at \(px / kappa) m")
            #expect(abs(px / kappa - m) < 2e-3)
        }
        #expect(!z15.contains(TileID(unchecked: 15, Int(k) + 1, row + 1)))
        #expect(!z15.contains(TileID(unchecked: 15, Int(j) - 1, row + 1)))
        // The capless band (a 1 × 1 screen and a 500 m lateral band) misses all three.
        let track = try Track(
            waypoints: [west, east], on: TileGrid.xyz(level: 15), screen: Screen(width: 1, height: 1)
        ).withLateralBand(metres: 500)
        let band = try Stencil(track: track)
        let bandTiles = Set(band.real.map { TileID(unchecked: 15, $0.column, $0.row) })
        for (tile, _) in past { #expect(!bandTiles.contains(tile)) }
        // Every band tile is in the corridor (columns j…k of rows y − 1 and y), and the corridor adds the four.
        #expect(bandTiles.isSubset(of: z15))
        #expect(bandTiles.count == 22 && z15.count == bandTiles.count + 4)
        // Each level's tiles hold the parents of the next level's.
        for tile in all where tile.level > 12 { #expect(all.contains(tile.parent!)) }
        #expect(all == all.sorted() && Set(all).count == all.count)
    }

    /// A buffer b whose d at level 15 is exactly `target` px for a due-east track at pixel row `y`.
    static func corridor(track: Track, exactly target: Double, levels: ClosedRange<Int>) throws -> Corridor {
        let level = levels.upperBound
        let probe = try Corridor(track: track, metres: 1, levels: levels)
        var metres = target / probe.distance(atLevel: level)
        for _ in 0..<64 {
            let c = try Corridor(track: track, metres: metres, levels: levels)
            let d = c.distance(atLevel: level)
            if d == target { return c }
            metres = d < target ? metres.nextUp : metres.nextDown
        }
        Issue.record("no buffer gives d = \(target) exactly")
        return probe
    }

    /// Ties: a tile whose square lies exactly d from the centreline (beside a straight piece, past an end) is out;
    /// one ulp more buffer brings it in.
    @Test func tileAtExactlyTheDistanceIsOut() throws {
        let grid = try TileGrid.xyz(level: 15)
        // Due east from (256·1000 + 64, 256·3000 + 64) for 3 tiles: it ends at x = 256·1003 + 64.
        let track = try Track(
            start: PixelPoint(x: 256 * 1000 + 64, y: 256 * 3000 + 64), heading: 90, steps: [.straight(length: 768)],
            on: grid, screen: Screen(width: 1, height: 1))
        let exact = try Self.corridor(track: track, exactly: 64, levels: 15...15)
        let tiles = Set(try exact.tiles())
        // Row 2999 lies exactly 64 px north, column 999 exactly 64 px west of the start; column 1004 is 192 px east.
        #expect(!tiles.contains(TileID(unchecked: 15, 1000, 2999)))
        #expect(!tiles.contains(TileID(unchecked: 15, 999, 3000)))
        #expect(tiles == Set((1000...1003).map { TileID(unchecked: 15, $0, 3000) }))
        let wider = try Corridor(track: track, metres: exact.metres.nextUp, levels: 15...15)
        #expect(wider.distance(atLevel: 15) > 64)
        let more = Set(try wider.tiles())
        #expect(more.contains(TileID(unchecked: 15, 1000, 2999)))
        #expect(more.contains(TileID(unchecked: 15, 999, 3000)))
        // The corner tile (999, 2999) lies 64·√2 px away: still out.
        #expect(!more.contains(TileID(unchecked: 15, 999, 2999)))
        #expect(more.count == 4 + 4 + 1 + 0)
    }

    /// Across ±180°: a route from 179.9° E to 179.9° W lists real columns only, each once.
    @Test func wrapsAcrossTheAntimeridian() throws {
        let corridor = try Corridor(
            waypoints: [
                GeoCoordinate(latitude: 10, longitude: 179.9), GeoCoordinate(latitude: 10.05, longitude: -179.9),
            ], metres: 300, levels: 10...12)
        let tiles = try corridor.tiles()
        #expect(Set(tiles).count == tiles.count)
        for level in 10...12 {
            let columns = Set(tiles.filter { $0.level == level }.map(\.x))
            #expect(columns.contains(0) && columns.contains((1 << level) - 1))
            #expect(columns.allSatisfy { $0 >= 0 && $0 < 1 << level })
        }
    }

    /// A corridor about a track's centreline (its screen and band play no part) scaled from the track's level to n₁
    /// is the corridor of the same waypoints: powers of two scale pixels exactly.
    @Test func aTracksCenterlineGivesTheSameCorridor() throws {
        let waypoints = [
            try GeoCoordinate(latitude: 47.3769, longitude: 8.5417),
            try GeoCoordinate(latitude: 47.25, longitude: 8.45),
            try GeoCoordinate(latitude: 47.17, longitude: 8.52),
        ]
        let track = try Track(
            waypoints: waypoints, on: TileGrid.xyz(level: 12), screen: Screen(width: 800, height: 600),
            lateralBand: 40)
        let fromTrack = try Corridor(track: track, metres: 500, levels: 12...14)
        let direct = try Corridor(waypoints: waypoints, metres: 500, levels: 12...14)
        #expect(fromTrack.centerline == direct.centerline)
        let tiles = try fromTrack.tiles()
        #expect(tiles == (try direct.tiles()) && tiles.count > 40)
        // Not on an XYZ grid: refused.
        let mars = try Track(waypoints: waypoints, on: .marsViking, screen: Screen(width: 8, height: 6))
        #expect(stencilError { () throws(StencilError) in try Corridor(track: mars, metres: 5, levels: 1...2) } != nil)
    }

    /// Refusals: a size past the limit before listing, a buffer ≤ 0, levels outside 0…30, a racetrack.
    @Test func refusals() throws {
        let a = try GeoCoordinate(latitude: 0, longitude: 0)
        let b = try GeoCoordinate(latitude: 40, longitude: 60)
        let big = try Corridor(waypoints: [a, b], metres: 20_000, levels: 14...18)
        let error = stencilError { () throws(StencilError) in try big.tiles() }
        guard case .tooLarge(_, let value, let limit, _) = error else {
            Issue.record("a corridor past the limit was not refused")
            return
        }
        #expect(value > limit && limit == Double(Corridor.maximumTiles))
        #expect(
            stencilError { () throws(StencilError) in try Corridor(waypoints: [a, b], metres: 0, levels: 1...2) } != nil
        )
        #expect(
            stencilError { () throws(StencilError) in try Corridor(waypoints: [a, b], metres: -1, levels: 1...2) }
                != nil)
        #expect(
            stencilError { () throws(StencilError) in try Corridor(waypoints: [a, b], metres: .nan, levels: 1...2) }
                != nil)
        #expect(
            stencilError { () throws(StencilError) in try Corridor(waypoints: [a, b], metres: 10, levels: 20...31) }
                != nil)
        #expect(
            stencilError { () throws(StencilError) in try Corridor(waypoints: [a, b], metres: 10, levels: -1...3) }
                != nil)
        #expect(
            stencilError { () throws(StencilError) in
                try Corridor(waypoints: [a, b], closure: .racetrack, metres: 10, levels: 1...2)
            } != nil)
        #expect(
            stencilError { () throws(StencilError) in try Corridor(waypoints: [a], metres: 10, levels: 1...2) } != nil)
        #expect(
            stencilError { () throws(StencilError) in try Corridor(waypoints: [a, b], metres: 1e300, levels: 1...2) }
                != nil)
    }

    // MARK: Random routes against the brute force

    /// One random route: waypoints a few tiles apart at level n₁ ∈ 0…20 (a quarter near ±180°, a quarter near the
    /// latitude limit), rhumb or great-circle legs, pivots or fly-by arcs, one way or a loop, a buffer of 0.02…3
    /// tiles at n₁, levels n₁ − 2…n₁.
    struct RandomRoute {
        var level: Int
        var levels: ClosedRange<Int>
        var pixels: [(x: Double, y: Double)]
        var waypoints: [GeoCoordinate]
        var legs: LegKind
        var radius: Double
        var closure: TrackClosure
        var metres: Double

        init(_ random: inout SplitMix64) throws {
            level = random.int(0...20)
            levels = max(0, level - random.int(0...2))...level
            let width = 256 * pow(2, Double(level))
            var x = random.uniform(0, width)
            var y = random.uniform(0, width)
            if random.chance(0.25) { x = random.bool() ? random.uniform(0, 512) : width - random.uniform(0, 512) }
            if random.chance(0.25) { y = random.bool() ? random.uniform(0, 512) : width - random.uniform(0, 512) }
            y = min(max(y, 1e-3 * min(width, 256)), width - 1e-3 * min(width, 256))
            let count = random.int(2...4)
            pixels = [(x, y)]
            for _ in 1..<count {
                x += random.uniform(-5, 5) * 256
                y = min(max(y + random.uniform(-5, 5) * 256, 1e-3), width - 1e-3)
                pixels.append((x, y))
            }
            let level = self.level
            waypoints = try pixels.map { try CorridorTests.coordinate(x: $0.x, y: $0.y, level: level) }
            legs = random.chance(0.25) ? .greatCircle : .rhumb
            radius = legs == .rhumb && random.chance(0.35) ? random.uniform(0, 1.5) * 256 : 0
            closure = random.chance(0.2) && count > 2 ? .loop : .oneWay
            let d = random.uniform(0.02, 3) * 256
            let k = width / (2 * .pi)
            metres = d * CorridorTests.earthRadius / (k * cosh((width / 2 - y) / k))
        }
    }

    /// The oracle's centreline of a rhumb route, computed here: pixels from the waypoints, unwrapped by the short
    /// way, pivots (segments between waypoints) or fly-by arcs of `radius` tangent to both legs.
    static func rhumbCenterline(_ route: RandomRoute) -> CorridorOracle {
        let width = 256 * pow(2, Double(route.level))
        let k = width / (2 * .pi)
        var points: [(x: Double, y: Double)] = []
        for w in route.waypoints {
            var x = (w.longitude + 180) / 360 * width
            let y = width / 2 - k * asinh(tan(w.latitude * .pi / 180))
            if let last = points.last {
                x -= width * ((x - last.x) / width).rounded()
            }
            points.append((x, y))
        }
        if route.closure == .loop {
            var x = points[0].x
            x -= width * ((x - points[points.count - 1].x) / width).rounded()
            points.append((x, points[0].y))
        }
        let legs = points.count - 1
        var starts = Array(points.dropLast())
        var ends = Array(points.dropFirst())
        var arcs: [CorridorOracle.Arc] = []
        if route.radius > 0 {
            func unit(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> (x: Double, y: Double) {
                let l = hypot(b.x - a.x, b.y - a.y)
                return ((b.x - a.x) / l, (b.y - a.y) / l)
            }
            let corners = route.closure == .loop ? legs : legs - 1
            for i in 0..<corners {
                let next = (i + 1) % legs
                let u = unit(points[i], points[i + 1])
                let v = unit(points[next], points[next + 1])
                let delta = atan2(u.x * v.y - u.y * v.x, u.x * v.x + u.y * v.y)
                guard delta != 0 else { continue }
                let t = route.radius * tan(abs(delta) / 2)
                let corner = points[i + 1]
                let s = (x: corner.x - t * u.x, y: corner.y - t * u.y)
                let sigma = delta > 0 ? 1.0 : -1.0
                let c = (x: s.x - sigma * route.radius * u.y, y: s.y + sigma * route.radius * u.x)
                arcs.append((c.x, c.y, s.x, s.y, delta))
                ends[i] = s
                let shift = points[next].x - points[i + 1].x
                starts[next] = (points[next].x + t * v.x, points[next].y + t * v.y)
                _ = shift
            }
        }
        let segments: [CorridorOracle.Segment] = (0..<legs).map { (starts[$0].x, starts[$0].y, ends[$0].x, ends[$0].y) }
        return CorridorOracle(segments: segments, arcs: arcs)
    }

    /// The oracle's centreline of a great-circle route: the library's chain (the chain is the centreline), its
    /// straight pieces as segments.
    static func chainCenterline(_ corridor: Corridor) -> CorridorOracle {
        var segments: [CorridorOracle.Segment] = []
        for piece in corridor.centerline {
            if case .straight(let s) = piece { segments.append((s.start.x, s.start.y, s.end.x, s.end.y)) }
        }
        return CorridorOracle(segments: segments, arcs: [])
    }

    /// The largest |W/2 − y| the centreline reaches, at level n₁ (κ grows with it: κ = cosh(z/k)·k/R).
    static func farthestFromEquator(_ oracle: CorridorOracle, width: Double) -> Double {
        var far = 0.0
        for s in oracle.segments { far = max(far, abs(width / 2 - s.y0), abs(width / 2 - s.y1)) }
        for a in oracle.arcs {
            let r = hypot(a.sx - a.cx, a.sy - a.cy)
            let a0 = atan2(a.sy - a.cy, a.sx - a.cx)
            let (low, high) = (min(a0, a0 + a.sweep), max(a0, a0 + a.sweep))
            var ys = [a.cy + r * sin(a0 + a.sweep)]
            for extreme in [-Double.pi / 2, Double.pi / 2] {
                for turns in -2...2 {
                    let angle = extreme + 2 * .pi * Double(turns)
                    if angle >= low && angle <= high { ys.append(a.cy + r * sin(angle)) }
                }
            }
            for y in ys { far = max(far, abs(width / 2 - y)) }
        }
        return far
    }

    @Test func randomRoutesMatchTheBruteForce() throws {
        var random = SplitMix64(seed: 0xC0_4410)
        var compared = 0
        var levelsCompared = 0
        var arcsCompared = 0
        var greatCircles = 0
        var nearLimit = 0
        var acrossAntimeridian = 0
        var undecided = 0
        var tilesCompared = 0
        var refused = 0
        let cases = 2_000
        for _ in 0..<cases {
            var route = try RandomRoute(&random)
            var corridor: Corridor
            do {
                corridor = try Corridor(
                    waypoints: route.waypoints, legs: route.legs, turnRadius: route.radius, closure: route.closure,
                    metres: route.metres, levels: route.levels)
            } catch .radiusTooLarge {
                route.radius = 0
                corridor = try Corridor(
                    waypoints: route.waypoints, legs: route.legs, closure: route.closure, metres: route.metres,
                    levels: route.levels)
            } catch {
                // Great circles between near-antipodal points at the coarsest levels.
                refused += 1
                continue
            }
            let oracle = route.legs == .rhumb ? Self.rhumbCenterline(route) : Self.chainCenterline(corridor)
            let width = 256 * pow(2, Double(route.level))
            let k = width / (2 * .pi)
            let d = route.metres * k * cosh(Self.farthestFromEquator(oracle, width: width) / k) / Self.earthRadius
            #expect(abs(corridor.distance(atLevel: route.level) - d) <= 1e-9 * d)
            let list = try corridor.tiles()
            #expect(list == list.sorted())
            #expect(Set(list).count == list.count)
            let box = oracle.bounds
            for level in route.levels {
                let factor = pow(2, Double(level - route.level))
                let dn = d * factor
                let side = 256.0
                let rows = 1 << level
                let firstRow = max(0, Int(((box.minY * factor - dn) / side).rounded(.down)) - 1)
                let lastRow = min(rows - 1, Int(((box.maxY * factor + dn) / side).rounded(.down)) + 1)
                let firstColumn = Int(((box.minX * factor - dn) / side).rounded(.down)) - 1
                let lastColumn = Int(((box.maxX * factor + dn) / side).rounded(.down)) + 1
                var expected = Set<TileID>()
                var maybe = Set<TileID>()
                if firstRow <= lastRow {
                    for row in firstRow...lastRow {
                        for column in firstColumn...lastColumn {
                            let real = ((column % rows) + rows) % rows
                            let id = TileID(unchecked: level, real, row)
                            if expected.contains(id) { continue }
                            switch oracle.verdict(
                                x0: Double(column) * side, y0: Double(row) * side, side: side, d: dn, factor: factor)
                            {
                            case .inside:
                                expected.insert(id)
                                maybe.remove(id)
                            case .undecided: maybe.insert(id)
                            case .outside: break
                            }
                        }
                    }
                }
                let got = Self.tiles(of: list, atLevel: level)
                undecided += maybe.count
                #expect(
                    got.subtracting(maybe) == expected,
                    "level \(level) of \(route.waypoints) \(route.legs) ρ \(route.radius) \(route.closure) b \(route.metres)"
                )
                tilesCompared += expected.count
                levelsCompared += 1
            }
            compared += 1
            if !oracle.arcs.isEmpty { arcsCompared += 1 }
            if route.legs == .greatCircle { greatCircles += 1 }
            if box.minY < 512 || box.maxY > width - 512 { nearLimit += 1 }
            if box.minX < 0 || box.maxX > width { acrossAntimeridian += 1 }
        }
        #expect(compared + refused == cases)
        #expect(refused < 60)
        #expect(levelsCompared > 3_500)
        #expect(arcsCompared > 150 && greatCircles > 300 && nearLimit > 400 && acrossAntimeridian > 300)
        #expect(undecided < 20)
        #expect(tilesCompared > 100_000)
        print(
            "corridors: \(compared) routes, \(levelsCompared) levels, \(tilesCompared) tiles, \(arcsCompared) with arcs, \(greatCircles) great circles, \(nearLimit) near the limit, \(acrossAntimeridian) across ±180°, \(undecided) undecided, \(refused) refused"
        )
    }
}
