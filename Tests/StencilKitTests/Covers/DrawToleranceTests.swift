import Foundation
import TestSupport
import Testing

@testable import MercatorMath
@testable import StencilKit

/// Frames draw with a tolerance over the stencils' (e_draw = 2e + 16·ulp(m), see `RectangleCover.drawTolerance`), so
/// culled ⊆ stencil holds at any distance from the image; footprints too narrow to draw a tile are refused.
///
/// The flights below are built to graze tile boundaries: routes start on a tile corner (or within 10⁻³ tile of one),
/// run 10⁻⁶…10 px at a multiple of 45° or at random, with footprints from the minimum to 4× it or up to 100 px, far
/// from the image: at x where an ulp is 2⁻⁴⁰…2⁶ times the tie tolerance e. Before this change, footprints about e
/// wide (now refused) culled tiles outside the stencil on every grid once an ulp reached about e/16, and near the
/// image at z = 22 and z = 30. These flights guard the refusal (without it, 151 of them have a pose that draws
/// nothing) and the distance; the draw tolerance's margin is guarded by the tie-point test below, since these
/// flights rarely put an edge through a decision point.
@Suite("Draw tolerance: culled ⊆ stencil far from the image; footprints too narrow to draw are refused")
struct DrawToleranceTests {
    static let grids: [(String, TileGrid)] = [
        ("viking", .marsViking), ("z0", try! .xyz(level: 0)), ("z12", try! .xyz(level: 12)),
        ("z22", try! .xyz(level: 22)), ("z30", try! .xyz(level: 30)),
    ]

    /// e_draw at a distance m, from the documented formula's parts: 2e + 16·ulp(m).
    static func drawTolerance(_ grid: TileGrid, _ m: Double) -> Double {
        2 * (1e-9 * grid.tileLength + 1e-14 * grid.width) + 16 * m.ulp
    }

    @Test("culled ⊆ stencil for 2,000 grazing flights at 2⁻⁴⁰…2⁶ ulps per tie tolerance, on five grids")
    func culledTilesLieInTheStencilAtAnyDistance() throws {
        var rng = SplitMix64(seed: 0x00D7_A3_70_1E)
        var flights = 0
        var nonEmpty = 0
        var problems: [String] = []
        for (name, grid) in Self.grids {
            let t = grid.tileLength
            let e = grid.tieTolerance
            for logRatio in [-40, -20, -6, -3, 0, 3, 6] {
                // x where ulp(x) = 2^logRatio · e, at least three tiles east of the origin, within the extent limit.
                let x0 = max(3 * t, e * pow(2, Double(logRatio)) * 0x1p52)
                guard x0 < Flight.maximumExtent / 2 else { continue }
                for _ in 0..<100 {
                    let column = (x0 / t).rounded(.down)
                    let sx = column * t + (rng.bool() ? 0 : rng.uniform(-1e-3, 1e-3) * t)
                    // On a row boundary inside the terrain (z = 0 has one row: its middle).
                    let row = grid.rows >= 3 ? Double(rng.int(1...(grid.rows - 2))) : 0.5
                    let sy = row * t + (rng.bool() ? 0 : rng.uniform(-1e-3, 1e-3))
                    let length = pow(10, rng.uniform(-6, 1))
                    let angle = rng.bool() ? Double(rng.int(0...7)) * .pi / 4 : rng.uniform(0, 2 * .pi)
                    guard
                        let route = try? PixelRoute(
                            start: PixelPoint(x: sx, y: sy),
                            end: PixelPoint(x: sx + length * cos(angle), y: sy + length * sin(angle)), on: grid)
                    else { continue }
                    let minimum = 4 * Self.drawTolerance(grid, 2 * (x0 + 16 * t))
                    let size = rng.bool() ? minimum * pow(2, rng.uniform(0, 2)) : pow(10, rng.uniform(-6, 2))
                    guard
                        let screen = try? Screen(
                            width: size * rng.uniform(1, 2), height: size * rng.uniform(1, 2),
                            anchor: Screen.Anchor(x: rng.unit(), y: rng.unit())),
                        let flight = try? Flight(
                            route: route, screen: screen,
                            turn: Turn(
                                radius: rng.bool() ? 0 : pow(10, rng.uniform(-8, 0)),
                                direction: rng.bool() ? .right : .left)),
                        let stencil = try? Stencil(flight: flight, clipToTerrain: true)
                    else { continue }
                    flights += 1
                    let loop = FlightLoop(flight)
                    var tiles: [VisibleTile] = []
                    var drewEveryPose = true
                    for phase in LoopPhase.allCases {
                        let limit = phase.isTurn ? 180 : loop.legLength
                        for k in 0...16 {
                            try loop.cull(try loop.pose(phase, at: limit * Double(k) / 16), into: &tiles)
                            if tiles.isEmpty { drewEveryPose = false }
                            for tile in tiles where !stencil.unwrapped.contains(tile.tile) {
                                problems.append(
                                    "\(name) 2^\(logRatio): \(route.start) → \(route.end), \(size) px: \(tile.tile)")
                            }
                        }
                    }
                    if drewEveryPose { nonEmpty += 1 }
                }
            }
        }
        #expect(problems.count == 0, "culled tiles outside the stencil: \(problems.prefix(5))")
        #expect(flights >= 2000, "\(flights) flights built")
        // Every pose of every flight draws at least one tile: no footprint allowed is too narrow to draw.
        #expect(nonEmpty == flights, "\(flights - nonEmpty) flights with a pose that draws nothing")
    }

    /// A tile's inclusion in a cover is decided at a point P = (c·T ± e, r·T ± e) next to its corner: the tile is
    /// needed when P lies strictly inside the rectangle. Here a one-way straight track's footprint edge passes
    /// through P in exact arithmetic, so the stencil (one corridor) and each culled pose (its own rectangle, rounded
    /// from its own position) decide the tile by rounding alone. With one tolerance for both (e), the poses of these
    /// 1,200 tracks culled 1,370 tiles outside their stencil, near the image as far from it; the draw tolerance's
    /// margin leaves none.
    @Test("culled ⊆ stencil for 1,200 tracks whose footprint edge runs through a tile's decision point")
    func culledTilesLieInTheStencilWhenAnEdgeRunsThroughATie() throws {
        var rng = SplitMix64(seed: 11)
        var problems: [String] = []
        var tracks = 0
        var targetsInStencil = 0
        for (name, grid) in Self.grids where name != "z0" && name != "z30" {
            let t = grid.tileLength
            let e = grid.tieTolerance
            for _ in 0..<400 {
                // Near the image, or where an ulp of x is about e (a few hundred world widths on Mars Viking).
                let far = rng.bool()
                let c = far ? (e * 0x1p52 / t).rounded(.down) : Double(rng.int(3...(grid.columns - 3)))
                let r = Double(rng.int(3...(grid.rows - 3)))
                let p = PixelPoint(x: c * t + (rng.bool() ? e : -e), y: r * t + (rng.bool() ? e : -e))
                let heading = rng.uniform(5, 85)
                let radians = heading * .pi / 180
                let ahead = PixelPoint(x: sin(radians), y: -cos(radians))
                let right = PixelPoint(x: cos(radians), y: sin(radians))
                let width = rng.uniform(20, 200)
                let screen = try Screen(width: width, height: width * rng.uniform(0.5, 2))
                // The left or right edge, (X − position)·right = q, through P, P a along the track.
                let q = rng.bool() ? screen.across.lower : screen.across.upper
                let a = rng.uniform(50, 150)
                let start = PixelPoint(x: p.x - q * right.x - a * ahead.x, y: p.y - q * right.y - a * ahead.y)
                let length = 200.0
                let track = try Track(
                    start: start, heading: heading, steps: [.straight(length: length)], on: grid, screen: screen)
                let stencil = try Stencil(track: track)
                tracks += 1
                let column = Int(c)
                let row = Int(r)
                for (i, j) in [(column, row), (column - 1, row), (column, row - 1), (column - 1, row - 1)]
                where stencil.unwrapped.contains(TileIndex(column: i, row: j)) {
                    targetsInStencil += 1
                }
                var tiles: [VisibleTile] = []
                for k in 0...64 {
                    try track.cull(try track.pose(atArcLength: length * Double(k) / 64), into: &tiles)
                    for tile in tiles where !stencil.unwrapped.contains(tile.tile) {
                        problems.append("\(name): start \(start), heading \(heading), pose \(k): \(tile.tile)")
                    }
                }
            }
        }
        #expect(tracks == 1200)
        #expect(problems.count == 0, "culled tiles outside the stencil: \(problems.prefix(5))")
        // The four tiles at each corner are a live tie: some are in the stencil, some are not.
        #expect(targetsInStencil > 4 * tracks / 2 && targetsInStencil < 4 * tracks, "\(targetsInStencil)")
    }

    @Test("views: a side under 4·e_draw is refused, naming the minimum; one just over it draws a tile")
    func viewsTooNarrowToDrawAreRefused() throws {
        var checked = 0
        for (name, grid) in Self.grids {
            let t = grid.tileLength
            // Mid-tile centres in the middle row: near the image, and a million world widths east.
            let y = Double(grid.rows / 2) * t + 0.5 * t
            for center in [PixelPoint(x: 3.25 * t, y: y), PixelPoint(x: 1e6 * grid.width + 0.5 * t, y: y)] {
                // The farthest reach of a footprint a few e wide: the centre's larger coordinate, to within its ulp.
                let m = max(abs(center.x), abs(center.y))
                let minimum = 4 * Self.drawTolerance(grid, m)
                guard m < Flight.maximumExtent / 2 else { continue }
                checked += 1
                let narrow = try Screen(width: 0.99 * minimum, height: 2 * minimum)
                do {
                    _ = try Viewport(grid: grid, center: center, bearing: 30, screen: narrow)
                    Issue.record("\(name) at \(center): a side of 0.99 × \(minimum) px was accepted")
                } catch {
                    guard case .outOfRange(let field, _, let valid) = error else {
                        Issue.record("\(name): \(error)")
                        continue
                    }
                    #expect(field.contains("footprint side"))
                    let named = valid.split(separator: " ").dropFirst(2).first.flatMap { Double($0) }
                    #expect(named.map { abs($0 - minimum) <= 1e-9 * minimum } == true, "\(name): \(valid)")
                }
                for bearing in [0.0, 30, 45, 90, 123.4] {
                    let wide = try Screen(width: 1.01 * minimum, height: 1.01 * minimum)
                    let view = try Viewport(grid: grid, center: center, bearing: bearing, screen: wide)
                    var tiles: [VisibleTile] = []
                    view.visibleTiles(into: &tiles)
                    // The centre lies inside one tile, far from its edges: that tile, and only it.
                    let expected = TileIndex(
                        column: Int((center.x / t).rounded(.down)), row: Int((center.y / t).rounded(.down)))
                    #expect(tiles.map(\.tile) == [expected], "\(name) at \(center), bearing \(bearing)")
                }
            }
        }
        // The centres near the image on all five grids; a million world widths east only on Viking (1.2e10 px) and
        // z0 (2.6e8 px): z12's is 1.1e12 px, past half the largest extent (5.5e11 px), and z22's and z30's farther.
        #expect(checked >= 7, "\(checked) centres checked")
    }

    @Test("flights and tracks: a footprint under 4·e_draw at twice their reach is refused")
    func flightsAndTracksTooNarrowToDrawAreRefused() throws {
        let grid = TileGrid.marsViking
        let start = PixelPoint(x: 1000, y: 1000)
        // The farthest reach is about 1001 px (route, footprint and turns); twice it lies in [2¹⁰, 2¹¹).
        let minimum = 4 * Self.drawTolerance(grid, 1024)
        for (side, accepted) in [(0.9 * minimum, false), (1.1 * minimum, true)] {
            let screen = try Screen(width: side, height: side)
            let route = try PixelRoute(start: start, end: PixelPoint(x: 1001, y: 1000), on: grid)
            let flight = Result { () throws(StencilError) in try Flight(route: route, screen: screen) }
            let track = Result { () throws(StencilError) in
                try Track(start: start, heading: 90, steps: [.straight(length: 1)], on: grid, screen: screen)
            }
            for (what, result) in [("flight", flight.map { _ in () }), ("track", track.map { _ in () })] {
                switch result {
                case .success: #expect(accepted, "\(what) with a side of \(side) px was accepted")
                case .failure(let error):
                    #expect(!accepted, "\(what) with a side of \(side) px was refused: \(error)")
                    guard case .outOfRange(let field, _, _) = error else {
                        Issue.record("\(what): \(error)")
                        continue
                    }
                    #expect(field.contains("footprint side"))
                }
            }
        }
    }
}
