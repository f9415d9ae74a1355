import Foundation
import TestSupport
import Testing

@testable import StencilKit

/// Tracks flown at a ground speed (the geometry model's *Ground units and time*, §12, and its example 8). Expected
/// values come from the model's figures (RhumbSolve's), from MercatorMath's rhumb-line solver (an independent
/// implementation of the inverse problem), or from a quadrature of dt = ds / (v·κ(φ(s))) written here.
struct GroundTimingTests {
    static let level8 = try! TileGrid.xyz(level: 8)
    static let screen = try! Screen(width: 400, height: 300)

    static func example8Track() throws -> Track {
        try Track(
            waypoints: [
                GeoCoordinate(latitude: 40.6413, longitude: -73.7781),
                GeoCoordinate(latitude: 51.47, longitude: -0.4543),
            ], on: level8, screen: screen)
    }

    /// Example 8: 5,765,091.720973 m at 250 m/s take 23,060.366884 s; at half that time the aircraft is at the
    /// mean latitude 46.05565°, pixel (25682.753516840, 23300.612611273) at level 8, in tile (100, 91); a 500 m ground
    /// buffer is 1.312625792 px (κ at LHR's latitude, the track's highest).
    @Test func example8() throws {
        let track = try Self.example8Track()
        let timetable = try TrackTimetable(track: track, timing: GroundTiming(speed: 250))
        #expect(abs(timetable.duration - 23_060.366884) < 1e-6)
        #expect(abs((timetable.groundLength ?? 0) - 5_765_091.720973) < 1e-5)
        #expect(abs(track.groundLength() - 5_765_091.720973) < 1e-5)
        let pose = try timetable.pose(atTime: 11_530.183442)
        #expect(abs(pose.position.x - 25682.753516840) < 1e-6, "\(pose.position)")
        #expect(abs(pose.position.y - 23300.612611273) < 1e-6, "\(pose.position)")
        #expect(try Self.level8.tile(containing: pose.position) == TileIndex(column: 100, row: 91))
        let coordinate = try Self.level8.coordinate(at: pose.position)
        #expect(abs(coordinate.latitude - 46.05565) < 5e-6 && abs(coordinate.longitude + 38.920421355) < 1e-8)
        #expect(abs(timetable.time(at: pose) - 11_530.183442) < 1e-6)
        #expect(abs((timetable.groundDistance(at: pose) ?? 0) - 5_765_091.720973 / 2) < 1e-4)
        #expect(abs(track.lateralBand(metres: 500) - 1.312625792) < 1e-9)
        // The frames at 1 fps: t_k ≤ D gives 23,061 frames, the last at t = 23,060 s, 0.366884 s (91.721 m) short of
        // LHR; at 4 fps the same.
        let frames = try track.frames(at: GroundTiming(speed: 250, framesPerSecond: 1))
        #expect(frames.count == 23_061)
        let last = frames.pose(ofFrame: frames.count - 1)
        #expect(abs((timetable.groundDistance(at: last) ?? 0) - (5_765_091.720973 - 0.366884 * 250)) < 1e-3)
    }

    /// The px speed of a constant ground speed changes by 1 / cos φ: on example 8's route one px speed (250 m/s at
    /// the mean latitude) reaches LHR at another time than the aircraft does.
    @Test func aConstantPixelSpeedIsNotAConstantGroundSpeed() throws {
        let track = try Self.example8Track()
        let ground = try TrackTimetable(track: track, timing: GroundTiming(speed: 250))
        let kappa = Self.level8.pixelsPerMetre(atLatitude: 46.05565, on: .earth)
        let pixels = try TrackTimetable(track: track, timing: FlightTiming(speed: 250 * kappa))
        #expect(abs(pixels.duration - ground.duration) > 60)
    }

    /// The time at a pose solved independently: t(s) = ∫₀ˢ R·sech(ψ(s′)) / (k·v) ds′ on a straight piece from y₀ at
    /// heading θ, ψ(s′) = (H/2 − y₀ + s′·cos θ)/k (1/κ = R·cos φ / k and cos φ = sech ψ), by composite 5-point
    /// Gauss–Legendre over 64 panels.
    static func quadratureTime(_ s: Double, y0: Double, heading: Double, grid: TileGrid, body: Body, speed: Double)
        -> Double
    {
        let k = grid.width / (2 * .pi)
        let c = cos(heading * .pi / 180)
        let nodes = [0.0, -0.5384693101056831, 0.5384693101056831, -0.9061798459386640, 0.9061798459386640]
        let weights = [
            0.5688888888888889, 0.4786286704993665, 0.4786286704993665, 0.2369268850561891, 0.2369268850561891,
        ]
        let panels = 64
        let h = s / Double(panels)
        var sum = 0.0
        for p in 0..<panels {
            let mid = (Double(p) + 0.5) * h
            for (x, w) in zip(nodes, weights) {
                let sp = mid + x * h / 2
                let psi = (grid.height / 2 - y0 + sp * c) / k
                sum += w * (1 / cosh(psi))
            }
        }
        return sum * h / 2 * body.radius / (k * speed)
    }

    /// Thousands of random rhumb pieces on a fixed seed (every heading, due east and west among them, near the
    /// terrain's latitude limit, XYZ levels on Earth and the Mars grids on Mars): the pose the timetable gives at a
    /// random time t is the one the quadrature puts at t, to 10⁻⁶ px (|t_quad(s) − t| · v · κ), and the durations
    /// agree to the same.
    @Test func posesAtATimeMatchAnIndependentIntegration() throws {
        var g = SplitMix64(seed: 0x4752_4F55_4E44_5449)
        let grids = try [TileGrid.marsViking, .marsVikingDouble, .xyz(level: 4), .xyz(level: 12), .xyz(level: 20)]
        var worst = 0.0
        var cases = 0
        for trial in 0..<3000 {
            let grid = grids[trial % grids.count]
            let body = grid.defaultBody
            let heading: Double
            switch trial % 6 {
            case 0: heading = 90
            case 1: heading = 270
            case 2: heading = 90 + g.uniform(-1e-6, 1e-6)
            default: heading = g.uniform(0, 360)
            }
            let c = cos(heading * .pi / 180)
            // Start anywhere, or within a few tiles of the top or bottom edge; keep the piece on the terrain.
            let y0: Double
            switch trial % 3 {
            case 0: y0 = g.uniform(1, 4 * grid.tileLength)
            case 1: y0 = grid.height - g.uniform(1, 4 * grid.tileLength)
            default: y0 = g.uniform(0, grid.height)
            }
            let room = c > 0 ? y0 : grid.height - y0  // y decreases northward (u = (sin θ, −cos θ))
            let longest = abs(c) < 1e-12 ? 20 * grid.tileLength : min(20 * grid.tileLength, room / abs(c))
            guard longest > 1e-3 else { continue }
            let length = g.uniform(1e-3, longest)
            let start = PixelPoint(x: g.uniform(0, grid.width), y: y0)
            let track = try Track(
                start: start, heading: heading, steps: [.straight(length: length)], on: grid, screen: Self.screen)
            let speed = g.uniform(1, 1000)
            let timetable = try TrackTimetable(track: track, timing: GroundTiming(speed: speed))
            let piece = track.pieces[0]
            let kappa = { (s: Double) in
                grid.width / (2 * .pi) * cosh((grid.height / 2 - y0 + s * c) / (grid.width / (2 * .pi))) / body.radius
            }
            let total = Self.quadratureTime(
                length, y0: y0, heading: piece.startHeading, grid: grid, body: body, speed: speed)
            worst = max(worst, abs(total - timetable.duration) * speed * kappa(length))
            for _ in 0..<4 {
                let t = g.uniform(0, timetable.duration)
                let pose = try timetable.pose(atTime: t)
                let s = pose.parameter
                let t2 = Self.quadratureTime(
                    s, y0: y0, heading: piece.startHeading, grid: grid, body: body, speed: speed)
                worst = max(worst, abs(t2 - t) * speed * kappa(s))
                cases += 1
            }
        }
        print("ground timing: \(cases) poses at a time, worst position error \(worst) px")
        #expect(cases > 10_000)
        #expect(worst <= 1e-6)
    }

    /// Speeds per leg: a loop through three waypoints with fly-by turns has three legs, each with its end turn; each
    /// straight piece takes its rhumb distance (MercatorMath's `RhumbLine` between its ends) over its leg's speed,
    /// each turn ρ·|Δ| / κ(φ_C) over its leg's speed, κ written out here.
    @Test func speedsPerLeg() throws {
        let grid = TileGrid.marsViking
        let points = try [(10.0, -150.0), (-20, -120), (15, -100)].map {
            try GeoCoordinate(latitude: $0.0, longitude: $0.1)
        }
        let track = try Track(
            waypoints: points, on: grid, screen: Self.screen, turnRadius: 60, closure: .loop)
        #expect(track.legCount == 3)
        let speeds = [100.0, 200, 300]
        let timetable = try TrackTimetable(track: track, timing: GroundTiming(legSpeeds: speeds))
        var turnsSeen = 0
        for (index, piece) in track.pieces.enumerated() {
            let leg = track.leg(ofPiece: index)
            let seconds = timetable.pieceStarts[index + 1] - timetable.pieceStarts[index]
            switch piece {
            case .straight(let p):
                let line = try RhumbLine(
                    from: grid.coordinate(at: p.start), to: grid.coordinate(at: p.end), on: .mars)
                #expect(abs(seconds - line.distance / speeds[leg]) <= 1e-9 * seconds, "piece \(index)")
            case .turn(let p):
                turnsSeen += 1
                let phi = try grid.coordinate(at: p.center).latitude
                let kappa = grid.width / (2 * .pi) / (Body.mars.radius * cos(phi * .pi / 180))
                let expected = p.radius * p.degrees * .pi / 180 / kappa / speeds[leg]
                #expect(abs(seconds - expected) <= 1e-9 * expected, "turn \(index)")
                // A leg's fly-by turn is the last piece of that leg.
                #expect(index + 1 == track.pieces.count || track.leg(ofPiece: index + 1) == (leg + 1) % 3)
            }
        }
        #expect(turnsSeen == 3)
        // Two speeds for three legs are refused, naming the count that fits.
        let error = stencilError { () throws(StencilError) in
            try TrackTimetable(track: track, timing: GroundTiming(legSpeeds: [100, 200]))
        }
        guard case .outOfRange(let field, let value, let valid)? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(field.contains("Ground speeds") && value == 2 && valid.contains("3"))
    }

    /// The racetrack has two legs (out with its U-turn at B, back with its U-turn at A); a track chained by hand one;
    /// flown backwards the legs are reversed.
    @Test func legsOfEveryTrack() throws {
        let racetrack = try Racetrack(
            from: GeoCoordinate(latitude: 0, longitude: -147), to: GeoCoordinate(latitude: 0, longitude: -86.25),
            on: .marsViking, screen: Self.screen, turn: Turn(radius: 50))
        let track = Track(racetrack: racetrack)
        #expect(track.legStarts == [0, 2])
        #expect((0..<4).map { track.leg(ofPiece: $0) } == [0, 0, 1, 1])
        // Outbound at 100 m/s, the return (2ρ to the south, so a little longer on the ground) at 50 m/s.
        let slow = try TrackTimetable(track: track, timing: GroundTiming(legSpeeds: [100, 50]))
        var timed = 0
        for (index, speed) in [(0, 100.0), (2, 50.0)] {
            guard case .straight(let leg) = track.pieces[index] else { continue }
            timed += 1
            let line = try RhumbLine(
                from: racetrack.grid.coordinate(at: leg.start), to: racetrack.grid.coordinate(at: leg.end), on: .mars)
            let seconds = slow.pieceStarts[index + 1] - slow.pieceStarts[index]
            #expect(abs(seconds - line.distance / speed) <= 1e-9 * seconds)
        }
        // Pieces 0 and 2 are the racetrack's two legs (straight, U-turn, straight, U-turn).
        #expect(timed >= 2, "\(timed) of the 2 legs timed")
        let steps = try Track(
            start: PixelPoint(x: 1000, y: 2000), heading: 30,
            steps: [.straight(length: 100), .turn(radius: 0, degrees: 90)],
            on: .marsViking, screen: Self.screen)
        #expect(steps.legStarts == [0])
        #expect(Track.reversedLegStarts([0, 3, 5], pieces: 9) == [0, 4, 6])
    }

    /// Bad ground timings are typed errors naming the field and what is valid; a speed too slow for the track is
    /// refused by the frame limit, naming it.
    @Test func badGroundTimingsAreRefused() throws {
        for bad in [0, -1, .nan, .infinity, 1e-7, 2e9] {
            let error = stencilError { () throws(StencilError) in try GroundTiming(speed: bad) }
            #expect(error?.description.contains("Ground speed") == true, "\(bad): \(String(describing: error))")
        }
        #expect(stencilError { () throws(StencilError) in try GroundTiming(legSpeeds: []) } != nil)
        let leg2 = stencilError { () throws(StencilError) in try GroundTiming(legSpeeds: [100, -3]) }
        #expect(leg2?.description.contains("leg 1") == true)
        #expect(stencilError { () throws(StencilError) in try GroundTiming(speed: 10, framesPerSecond: 0) } != nil)
        let track = try Self.example8Track()
        let slow = stencilError { () throws(StencilError) in try track.frames(at: GroundTiming(speed: 1e-3)) }
        guard case .outOfRange(let field, _, let valid)? = slow else {
            Issue.record("\(String(describing: slow))")
            return
        }
        #expect(field.contains("Frames") && valid.contains("\(TrackFrames.maximumCount)"))
        #expect(GroundTiming.metresPerSecond(knots: 3600) == 1852)
        #expect(abs(GroundTiming.metresPerSecond(kilometresPerHour: 900) - 250) < 1e-12)
    }

    /// The ground band covers the track's highest latitude, turns' northernmost points included: a circle of
    /// pivots-free turns north of its centre line reaches higher than any piece end.
    @Test func groundBandsUseTheHighestLatitude() throws {
        let grid = TileGrid.marsViking
        // A full right circle of radius 300 px starting heading east at y = 1000: its top is at y = 1000 − 0 (start)
        // and its bottom at y = 1600; heading east, a right turn's centre lies south.
        let track = try Track(
            start: PixelPoint(x: 3000, y: 1000), heading: 90, steps: [.turn(radius: 300, degrees: 360)], on: grid,
            screen: Self.screen)
        let top = grid.latitude(atPixelY: 1000)
        let bottom = grid.latitude(atPixelY: 1600)
        let highest = max(abs(top), abs(bottom))
        let expected = 250 * grid.width / (2 * .pi) / (Body.mars.radius * cos(highest * .pi / 180))
        #expect(abs(track.lateralBand(metres: 250) - expected) <= 1e-12 * expected)
        // Heading west from the same point, a left circle's centre lies south too; heading east, a left circle's
        // centre lies north, reaching y = 400.
        let north = try Track(
            start: PixelPoint(x: 3000, y: 1000), heading: 90, steps: [.turn(radius: 300, degrees: -180)], on: grid,
            screen: Self.screen)
        let northest = abs(grid.latitude(atPixelY: 400))
        let expectedNorth = 250 * grid.width / (2 * .pi) / (Body.mars.radius * cos(northest * .pi / 180))
        #expect(abs(north.lateralBand(metres: 250) - expectedNorth) <= 1e-12 * expectedNorth)
        let banded = try north.withLateralBand(metres: 250)
        #expect(banded.lateralBand == north.lateralBand(metres: 250) && banded.pieces == north.pieces)
    }

    /// A track run north five world heights past the pole has no latitude there: refused by name (it trapped in the
    /// isometric latitude). Ending exactly on the top edge is fine; a hair past it is refused.
    @Test func aTrackPastThePoleIsRefusedNotTrapped() throws {
        let level0 = try TileGrid.xyz(level: 0)
        let screen = try Screen(width: 1, height: 1)
        let far = try Track(
            start: PixelPoint(x: 128, y: 128), heading: 0, steps: [.straight(length: 1792)], on: level0, screen: screen)
        #expect {
            try TrackTimetable(track: far, timing: GroundTiming(speed: 250))
        } throws: { error in
            guard case .leavesTerrain(_, let rows, _, _) = error as? StencilError else { return false }
            return rows == 1
        }
        let edge = try Track(
            start: PixelPoint(x: 128, y: 128), heading: 0, steps: [.straight(length: 128)], on: level0, screen: screen)
        #expect(try TrackTimetable(track: edge, timing: GroundTiming(speed: 250)).duration > 0)
        let past = try Track(
            start: PixelPoint(x: 128, y: 128), heading: 0, steps: [.straight(length: 128.001)], on: level0,
            screen: screen)
        #expect(throws: StencilError.self) { try TrackTimetable(track: past, timing: GroundTiming(speed: 250)) }
    }

    /// A pose at a NaN or infinite time is refused (it was a NaN pose); finite times far out are clamped (one way)
    /// or wrapped (a loop).
    @Test func posesAtNonFiniteTimesAreRefused() throws {
        let timetable = try TrackTimetable(track: Self.example8Track(), timing: GroundTiming(speed: 250))
        for t in [Double.nan, .infinity, -.infinity] {
            #expect {
                try timetable.pose(atTime: t)
            } throws: { error in
                guard case .nonFinite(field: "Time", _) = error as? StencilError else { return false }
                return true
            }
        }
        let end = try timetable.pose(atTime: 1e300)
        let last = try timetable.pose(atTime: timetable.duration)
        #expect(end.position.x.isFinite && end.position == last.position)
    }
}
