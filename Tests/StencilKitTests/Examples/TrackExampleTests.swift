import Foundation
import Testing

@testable import StencilKit

/// MODEL.md §10 example 4 (a one-way track with a right angle, pivot and fly-by) tile by tile, and the §6 examples
/// flown as racetrack tracks, with every figure taken from the model's text.
struct TrackExampleTests {
    static let screen = try! Screen(width: 480, height: 320)
    static let grid = TileGrid.marsViking

    /// W₀ = (1056, 2688), W₁ = (2080, 2688), W₂ = (2080, 3712), given as the coordinates of those pixels.
    static func waypoints() throws -> [GeoCoordinate] {
        try [(1056.0, 2688.0), (2080, 2688), (2080, 3712)].map { try grid.coordinate(at: PixelPoint(x: $0.0, y: $0.1)) }
    }

    static func example4(radius: Double) throws -> Track {
        try Track(waypoints: waypoints(), on: grid, screen: screen, turnRadius: radius)
    }

    static func tiles(_ rows: [Int: [ClosedRange<Int>]]) -> Set<TileIndex> { HandWorked.tiles(rows) }

    /// The tiles of a hand-built track (pieces given by steps), to check one piece's sweep.
    static func sweep(from start: (Double, Double), heading: Double, _ steps: [TrackStep]) throws -> Set<TileIndex> {
        let track = try Track(
            start: PixelPoint(x: start.0, y: start.1), heading: heading, steps: steps, on: grid, screen: screen)
        return Set(try Stencil(track: track).unwrappedTiles)
    }

    static func near(_ p: PixelPoint, _ x: Double, _ y: Double, _ tolerance: Double = 1e-9) -> Bool {
        abs(p.x - x) <= tolerance && abs(p.y - y) <= tolerance
    }

    @Test func example4WaypointsAreTheModelsCoordinates() throws {
        let w = try Self.waypoints()
        #expect(abs(w[0].longitude - -147) < 1e-12 && abs(w[0].latitude) < 1e-12)
        #expect(abs(w[1].longitude - -115) < 1e-12 && abs(w[1].latitude) < 1e-12)
        #expect(abs(w[2].longitude - -115) < 1e-12 && abs(w[2].latitude - -30.4554) < 5e-5)
    }

    @Test func example4PerLegSweepsAndTheirSharedTiles() throws {
        // Leg 1: [896, 2240] × [2448, 2928]: columns 7…17, rows 19…22 (44 tiles).
        let leg1 = try Self.sweep(from: (1056, 2688), heading: 90, [.straight(length: 1024)])
        #expect(leg1 == Self.tiles([19: [7...17], 20: [7...17], 21: [7...17], 22: [7...17]]))
        #expect(leg1.count == 44)
        // Leg 2: [1840, 2320] × [2528, 3872]: columns 14…18, rows 19…30 (60 tiles).
        let leg2 = try Self.sweep(from: (2080, 2688), heading: 180, [.straight(length: 1024)])
        var expected2 = Set<TileIndex>()
        for row in 19...30 { expected2.formUnion(Self.tiles([row: [14...18]])) }
        #expect(leg2 == expected2)
        #expect(leg2.count == 60)
        let shared = leg1.intersection(leg2)
        #expect(shared == Self.tiles([19: [14...17], 20: [14...17], 21: [14...17], 22: [14...17]]))
        #expect(leg1.union(leg2).count == 88)
        // The same legs as one-leg waypoint tracks.
        let w = try Self.waypoints()
        let one = try Stencil(track: Track(waypoints: [w[0], w[1]], on: Self.grid, screen: Self.screen))
        let two = try Stencil(track: Track(waypoints: [w[1], w[2]], on: Self.grid, screen: Self.screen))
        #expect(Set(one.unwrappedTiles) == leg1)
        #expect(Set(two.unwrappedTiles) == leg2)
    }

    @Test func example4PivotSweepNeeds28TilesOfWhichThreeAreNew() throws {
        let pivot = try Self.sweep(from: (2080, 2688), heading: 90, [.turn(radius: 0, degrees: 90)])
        let expected = Self.tiles([
            18: [15...17], 19: [14...18], 20: [13...18], 21: [13...18], 22: [14...18], 23: [15...17],
        ])
        #expect(pivot == expected)
        #expect(pivot.count == 28)
        let legs = try Self.sweep(from: (1056, 2688), heading: 90, [.straight(length: 1024)])
            .union(Self.sweep(from: (2080, 2688), heading: 180, [.straight(length: 1024)]))
        #expect(
            pivot.subtracting(legs) == [
                TileIndex(column: 15, row: 18), .init(column: 16, row: 18), .init(column: 17, row: 18),
            ])
        // The behind-left corner (p = −160, q = −240) is √(160² + 240²) = 288.444 px from W₁; at heading 123.690°
        // (tan(θ − 90°) = 160/240) it is straight above W₁ at y = 2688 − 288.444 = 2399.556, in row 18.
        let reach = (160.0 * 160 + 240 * 240).squareRoot()
        #expect(abs(reach - 288.444) < 5e-4)
        #expect(abs(2688 - reach - 2399.556) < 5e-4)
        let theta = 90 + atan(160.0 / 240) * 180 / .pi
        #expect(abs(theta - 123.690) < 5e-4)
        let u = TrackGeometry.ahead(theta)
        let r = TrackGeometry.right(theta)
        let corner = (2080 - 160 * u.x - 240 * r.x, 2688 - 160 * u.y - 240 * r.y)
        #expect(abs(corner.0 - 2080) < 1e-9 && abs(corner.1 - (2688 - reach)) < 1e-9)
    }

    @Test func example4PivotStencil() throws {
        let track = try Self.example4(radius: 0)
        let stencil = try Stencil(track: track)
        var rows: [Int: [ClosedRange<Int>]] = [18: [15...17]]
        for row in 19...22 { rows[row] = [7...18] }
        for row in 23...30 { rows[row] = [14...18] }
        #expect(Set(stencil.unwrappedTiles) == Self.tiles(rows))
        #expect(stencil.unwrapped.count == 91)
        #expect(stencil.tileCount == 91)
        #expect(stencil.real == stencil.unwrapped)
        #expect(stencil.bytes(for: .rgba8Tile128) == 5_963_776)
        #expect(91 * 65_536 == 5_963_776)
    }

    @Test func example4PivotFigures() throws {
        let track = try Self.example4(radius: 0)
        // Three pieces: leg 1, the pivot at W₁ (+90°), leg 2.
        #expect(track.pieces.count == 3)
        guard track.pieces.count == 3, case .turn(let pivot) = track.pieces[1] else {
            Issue.record("pieces \(track.pieces)")
            return
        }
        #expect(pivot.radius == 0 && pivot.angle == 90)
        #expect(Self.near(pivot.start, 2080, 2688))
        #expect(abs(track.length - 2048) < 1e-9)
        // s = 1024 throughout the pivot, the heading turning from 90° to 180°.
        for alpha in stride(from: 0.0, through: 90, by: 7.5) {
            let pose = try track.pose(piece: 1, parameter: alpha)
            #expect(abs(pose.arcLength - 1024) < 1e-9)
            #expect(Self.near(pose.position, 2080, 2688))
            #expect(abs(pose.heading - (90 + alpha)) < 1e-9)
        }
        // s = 2048 at W₂.
        let end = try track.pose(atArcLength: track.length)
        #expect(Self.near(end.position, 2080, 3712))
        #expect(abs(end.arcLength - 2048) < 1e-9)
        #expect(end.heading == 180)
        let mid = try track.pose(atArcLength: 1024 + 512)
        #expect(Self.near(mid.position, 2080, 2688 + 512))
    }

    @Test func example4FlyByFigures() throws {
        let track = try Self.example4(radius: 128)
        #expect(track.pieces.count == 3)
        guard track.pieces.count == 3, case .turn(let arc) = track.pieces[1] else {
            Issue.record("pieces \(track.pieces)")
            return
        }
        // Tangent distance 128·tan 45° = 128: the arc starts at (1952, 2688), s = 896, about C = (1952, 2816).
        #expect(arc.radius == 128 && arc.angle == 90)
        #expect(Self.near(arc.start, 1952, 2688))
        #expect(abs(track.pieceStarts[1] - 896) < 1e-9)
        let start = try track.pose(atArcLength: 896)
        #expect(Self.near(start.position, 1952, 2688))
        // The centre is where every arc pose is 128 px away at right angles to its heading.
        for alpha in stride(from: 0.0, through: 90, by: 15) {
            let pose = try track.pose(piece: 1, parameter: alpha)
            let r = TrackGeometry.right(pose.heading)
            #expect(Self.near(PixelPoint(x: pose.position.x + 128 * r.x, y: pose.position.y + 128 * r.y), 1952, 2816))
            #expect(abs(pose.arcLength - (896 + 128 * alpha * .pi / 180)) < 1e-9)
        }
        // It ends at (2080, 2816), s = 896 + 64π = 1097.062; the track is 1993.062 px long.
        let end = try track.pose(piece: 1, parameter: 90)
        #expect(Self.near(end.position, 2080, 2816))
        #expect(abs(track.pieceStarts[2] - (896 + 64 * .pi)) < 1e-9)
        #expect(abs(896 + 64 * .pi - 1097.062) < 5e-4)
        #expect(abs(track.length - (1792 + 64 * .pi)) < 1e-9)
        #expect(abs(track.length - 1993.062) < 5e-4)
        let last = try track.pose(atArcLength: track.length)
        #expect(Self.near(last.position, 2080, 3712))
    }

    @Test func example4FlyBySweepsAndStencil() throws {
        // Straight pieces: [896, 2112] × [2448, 2928] (columns 7…16, rows 19…22, 40 tiles) and [1840, 2320] ×
        // [2656, 3872] (columns 14…18, rows 20…30, 55 tiles); together 86.
        let first = try Self.sweep(from: (1056, 2688), heading: 90, [.straight(length: 896)])
        #expect(first == Self.tiles([19: [7...16], 20: [7...16], 21: [7...16], 22: [7...16]]))
        let second = try Self.sweep(from: (2080, 2816), heading: 180, [.straight(length: 896)])
        var expected2 = Set<TileIndex>()
        for row in 20...30 { expected2.formUnion(Self.tiles([row: [14...18]])) }
        #expect(second == expected2)
        #expect(first.count == 40 && second.count == 55 && first.union(second).count == 86)
        // The arc's sweep: 29 tiles, four of them new.
        let arc = try Self.sweep(from: (1952, 2688), heading: 90, [.turn(radius: 128, degrees: 90)])
        #expect(arc.count == 29)
        #expect(
            arc.subtracting(first.union(second))
                == [
                    .init(column: 14, row: 18), .init(column: 15, row: 18), .init(column: 16, row: 18),
                    .init(column: 17, row: 19),
                ])
        // Relative to C = (1952, 2816) the corner (p = −160, q = −368) is √(160² + 368²) = 401.278 px away and
        // reaches y = 2816 − 401.278 = 2414.722 at heading 90° + atan(160/368) = 113.50°.
        let reach = (160.0 * 160 + 368 * 368).squareRoot()
        #expect(abs(reach - 401.278) < 5e-4)
        #expect(abs(90 + atan(160.0 / 368) * 180 / .pi - 113.50) < 5e-3)

        let stencil = try Stencil(track: Self.example4(radius: 128))
        var rows: [Int: [ClosedRange<Int>]] = [18: [14...16], 19: [7...17]]
        for row in 20...22 { rows[row] = [7...18] }
        for row in 23...30 { rows[row] = [14...18] }
        let expected = Self.tiles(rows)
        #expect(Set(stencil.unwrappedTiles) == expected)
        #expect(stencil.tileCount == 90)
        #expect(stencil.bytes(for: .rgba8Tile128) == 90 * 65_536)
        // Against the pivot: (17, 18) and (18, 19) are gone, (14, 18) is new.
        let pivot = Set(try Stencil(track: Self.example4(radius: 0)).unwrappedTiles)
        #expect(pivot.subtracting(expected) == [.init(column: 17, row: 18), .init(column: 18, row: 19)])
        #expect(expected.subtracting(pivot) == [.init(column: 14, row: 18)])
    }

    // MARK: §6 through tracks

    static func flight(_ lonA: Double, _ latA: Double, _ lonB: Double, _ latB: Double) throws -> Flight {
        try Flight(
            from: GeoCoordinate(latitude: latA, longitude: lonA), to: GeoCoordinate(latitude: latB, longitude: lonB),
            on: grid, screen: screen)
    }

    @Test func example1AsARacetrackTrack() throws {
        let flight = try Self.flight(-147, 0, -86.25, 0)
        let expected = Self.tiles([
            18: [7...9, 22...24], 19: [6...25], 20: [5...25], 21: [5...25], 22: [6...25], 23: [7...9, 22...24],
        ])
        for track in [
            Track(racetrack: flight),
            try Track(
                waypoints: [
                    GeoCoordinate(latitude: 0, longitude: -147), GeoCoordinate(latitude: 0, longitude: -86.25),
                ],
                on: Self.grid, screen: Self.screen, closure: .racetrack),
        ] {
            let stencil = try Stencil(track: track)
            #expect(Set(stencil.unwrappedTiles) == expected)
            #expect(stencil.unwrapped.count == 94 && stencil.tileCount == 94)
            #expect(stencil.bytes(for: .rgba8Tile128) == 6_160_384)
            #expect(abs(track.length - 2 * 1944) < 1e-9)
        }
        // The same circuit as a pivot loop through A and B: the same ground, the same 94 tiles.
        let loop = try Track(
            waypoints: [GeoCoordinate(latitude: 0, longitude: -147), GeoCoordinate(latitude: 0, longitude: -86.25)],
            on: Self.grid, screen: Self.screen, closure: .loop)
        #expect(Set(try Stencil(track: loop).unwrappedTiles) == expected)
    }

    @Test func example2AsARacetrackTrack() throws {
        let flight = try Self.flight(172.5, 0, -168.75, 0)
        let stencil = try Stencil(track: Track(racetrack: flight))
        #expect(stencil.unwrapped.count == 52 && stencil.tileCount == 52)
        #expect(Set(stencil.unwrappedTiles.map(\.column)) == Set(85...95))
        let ghosts = stencil.unwrappedTiles.filter { $0.column >= 90 }
        #expect(Set(ghosts.map { $0.column - 90 }) == Set(0...5))
        #expect(stencil.realTiles.allSatisfy { (0..<90).contains($0.column) })
        // One way, through waypoints: P_A = (11280, 2688), B unwrapped to 11880 (the short way).
        let oneWay = try Track(
            waypoints: [GeoCoordinate(latitude: 0, longitude: 172.5), GeoCoordinate(latitude: 0, longitude: -168.75)],
            on: Self.grid, screen: Self.screen)
        #expect(Self.near(oneWay.pieces[0].start, 11280, 2688))
        #expect(Self.near(oneWay.pieces[0].end, 11880, 2688))
    }

    @Test func example3AsARacetrackTrack() throws {
        let flight = try Self.flight(0, 63.5, 10, 63.5)
        let track = Track(racetrack: flight)
        do {
            _ = try Stencil(track: track)
            Issue.record("no error for a racetrack past the top row")
        } catch {
            guard case .leavesTerrain(let rows, _, let latitude, let limit) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(rows == -2...(-1))
            #expect(abs(latitude - 67.2489) < 1e-4)
            #expect(abs(limit - 64.0042253130) < 1e-9)
            #expect(error.kind == "offTerrain")
        }
        let clipped = try Stencil(track: track, clipToTerrain: true)
        #expect(clipped.isClipped)
        #expect(clipped.unwrapped.rows?.lowerBound == 0)
    }
}
