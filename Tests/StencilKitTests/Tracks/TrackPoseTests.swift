import Foundation
import TestSupport
import Testing

@testable import StencilKit

/// Poses of tracks (MODEL.md §7, §10 example 6): by arc length, by piece and parameter, by time, and frames; for
/// random tracks against a clock written here from each piece's raw parameters (straight pieces and arcs at the
/// speed, pivots at the turn rate, pivots inside great-circle chains in no time), and for racetracks against
/// `FlightLoop`.
struct TrackPoseTests {
    /// A clock for a track written from MODEL.md §3 and §7: each piece's duration, and the pose at any time.
    struct ExpectedClock {
        let pieces: [TrackGeometry.Piece]
        let durations: [Double]
        let starts: [Double]
        let timing: FlightTiming

        /// - Parameter pivotTakesTime: whether the pivot at a piece index is flown at the turn rate (false for the
        ///   joints inside a great-circle chain).
        init(_ track: Track, _ timing: FlightTiming, pivotTakesTime: (Int) -> Bool) {
            pieces = track.pieces.map(TrackGeometry.Piece.init)
            self.timing = timing
            var durations: [Double] = []
            for (i, piece) in pieces.enumerated() {
                switch piece {
                case .straight(_, _, _, let l): durations.append(l / timing.speed)
                case .turn(_, _, _, let rho, let angle):
                    if rho > 0 {
                        durations.append(rho * abs(angle) * .pi / 180 / timing.speed)
                    } else {
                        durations.append(pivotTakesTime(i) ? abs(angle) / timing.turnRate : 0)
                    }
                }
            }
            self.durations = durations
            var starts = [0.0]
            for d in durations { starts.append(starts[starts.count - 1] + d) }
            self.starts = starts
        }

        var duration: Double { starts[starts.count - 1] }

        /// The pose at t ∈ [0, D]: on the piece whose time span [start, end) holds t, at the end for t = D.
        func pose(_ t: Double) -> (piece: Int, x: Double, y: Double, heading: Double) {
            guard let i = pieces.indices.first(where: { durations[$0] > 0 && t >= starts[$0] && t < starts[$0 + 1] })
            else {
                let p = pieces[pieces.count - 1].pose(pieces[pieces.count - 1].limit)
                return (pieces.count - 1, p.x, p.y, p.heading)
            }
            let dt = t - starts[i]
            let parameter: Double
            switch pieces[i] {
            case .straight: parameter = dt * timing.speed
            case .turn(_, _, _, let rho, _):
                parameter = rho > 0 ? dt * timing.speed / rho * 180 / .pi : dt * timing.turnRate
            }
            let p = pieces[i].pose(min(parameter, pieces[i].limit))
            return (i, p.x, p.y, p.heading)
        }
    }

    static func close(_ p: PixelPoint, _ x: Double, _ y: Double, _ tolerance: Double = 1e-6) -> Bool {
        abs(p.x - x) <= tolerance * max(1, abs(x) / 1000) && abs(p.y - y) <= tolerance * max(1, abs(y) / 1000)
    }

    /// Whether the pivot at piece `index` of a random track is flown at the turn rate: every pivot but the joints
    /// inside a great-circle chain, which lie between the waypoints.
    static func pivotTakesTime(_ random: OracleTrack) -> (Int) -> Bool {
        { index in
            guard random.kind == .greatCircle else { return true }
            let s = random.track.pieces[index].start
            let w = random.track.grid.width
            return random.waypointPixels.contains {
                abs(s.y - $0.y) <= 1e-6 && abs((s.x - $0.x).remainder(dividingBy: w)) <= 1e-6
            }
        }
    }

    // MARK: Example 6

    @Test func example6Timing() throws {
        let track = try TrackExampleTests.example4(radius: 0)
        let timing = try FlightTiming(speed: 240, framesPerSecond: 60, turnRate: 90)
        // Each leg 1024/240 = 4.2667 s, the pivot 90/90 = 1 s: D = 9.5333 s.
        #expect(abs(1024.0 / 240 - 4.2667) < 5e-5)
        let d = track.duration(at: timing)
        #expect(abs(d - (2 * 1024.0 / 240 + 1)) < 1e-12)
        #expect(abs(d - 9.5333) < 5e-5)
        let frames = try track.frames(at: timing)
        #expect(frames.count == 573)
        #expect(Array(frames).count == 573)
        #expect(abs(frames.time(ofFrame: 572) - d) < 1e-9)
        let last = frames.pose(ofFrame: 572)
        #expect(Self.close(last.position, 2080, 3712, 1e-9))
        #expect(last.heading == 180)
        #expect(abs(last.arcLength - 2048) < 1e-9)
        // Frames 276, 292 and 293 (t = 4.6 s, 4.8667 s, 4.8833 s) are in the pivot, at headings 120°, 144°, 145.5°.
        for (k, heading) in [(276, 120.0), (292, 144), (293, 145.5)] {
            let pose = frames.pose(ofFrame: k)
            #expect(pose.piece == 1, "frame \(k)")
            #expect(abs(pose.heading - heading) < 1e-9, "frame \(k) heading \(pose.heading)")
            #expect(Self.close(pose.position, 2080, 2688, 1e-9))
            #expect(abs(pose.arcLength - 1024) < 1e-9)
        }
        // Frame 0 at W₀ heading 90°; the pivot starts after 4.2667 s (frame 256 is the first inside it).
        #expect(Self.close(frames.pose(ofFrame: 0).position, 1056, 2688, 1e-9))
        #expect(frames.pose(ofFrame: 256).piece == 1 && frames.pose(ofFrame: 255).piece == 0)
        #expect(frames.pose(ofFrame: 316).piece == 2 && frames.pose(ofFrame: 315).piece == 1)
    }

    // MARK: Random tracks

    static func timing(for track: Track, _ g: inout SplitMix64) throws -> FlightTiming {
        let fps = g.pick([10.0, 24, 30, 60, 7.5])
        let speed = max(track.length / g.uniform(2, 20), 1)
        return try FlightTiming(
            speed: speed, framesPerSecond: fps, turnRate: g.pick([45.0, 90, 180, 720, g.uniform(20, 400)]))
    }

    @Test("poses by time and frames match a clock written from the pieces (300 random tracks)")
    func posesByTimeAndFrames() throws {
        var g = SplitMix64(seed: 0x504F_5345_5449_4D45)
        var checked = 0
        var failures = 0
        for i in 0..<300 {
            let random = try OracleTracks.make(&g)
            let track = random.track
            let timing = try Self.timing(for: track, &g)
            let clock = ExpectedClock(track, timing, pivotTakesTime: Self.pivotTakesTime(random))
            let d = clock.duration
            var problems: [String] = []
            if abs(track.duration(at: timing) - d) > 1e-12 * max(1, d) {
                problems.append("duration \(track.duration(at: timing)), expected \(d)")
            }
            // Poses at random times.
            for _ in 0..<20 {
                let t = g.uniform(0, d)
                let pose = try track.pose(atTime: t, timing: timing)
                let want = clock.pose(t)
                if !Self.close(pose.position, want.x, want.y)
                    || TrackGeometry.headingGap(pose.heading, want.heading) > 1e-9
                {
                    problems.append("t = \(t): \(pose), expected \(want)")
                }
                // Closed tracks repeat every D; one-way tracks hold their ends.
                let later = try track.pose(atTime: t + 3 * d, timing: timing)
                if track.closure.isClosed {
                    if !Self.close(later.position, pose.position.x, pose.position.y, 1e-5) {
                        problems.append("t + 3D = \(later.position), t: \(pose.position)")
                    }
                } else {
                    let end = clock.pose(d)
                    if !Self.close(later.position, end.x, end.y) { problems.append("past the end: \(later.position)") }
                    let before = try track.pose(atTime: -t - 1, timing: timing)
                    let start = clock.pieces[0].pose(0)
                    if !Self.close(before.position, start.x, start.y) { problems.append("before the start: \(before)") }
                }
            }
            // Frames: t_k = k/fps, t_k ≤ D (within 1e-9 s) one way, t_k < D for a closed track.
            let fps = timing.framesPerSecond
            let expectedCount =
                track.closure.isClosed
                ? max(1, Int((d * fps).rounded(.up))) : Int(((d + 1e-9) * fps).rounded(.down)) + 1
            if expectedCount <= 20_000 {
                checked += 1
                let frames = try track.frames(at: timing)
                if frames.count != expectedCount {
                    problems.append("\(frames.count) frames, expected \(expectedCount)")
                }
                let stride = max(1, frames.count / 40)
                for k in Swift.stride(from: 0, to: frames.count, by: stride) + [frames.count - 1] {
                    let t = Double(k) / fps
                    if track.closure.isClosed ? t >= d : t > d + 1e-9 {
                        problems.append("frame \(k) at \(t) s past D = \(d)")
                    }
                    let pose = frames.pose(ofFrame: k)
                    let want = clock.pose(min(t, d))
                    if !Self.close(pose.position, want.x, want.y)
                        || TrackGeometry.headingGap(pose.heading, want.heading) > 1e-9
                    {
                        problems.append("frame \(k): \(pose), expected \(want)")
                    }
                }
                if !track.closure.isClosed && expectedCount > 1 {
                    // The first frame past D would be past it by more than 1e-9 s.
                    if Double(frames.count) / fps <= d + 1e-9 {
                        problems.append("a frame at \(Double(frames.count) / fps) s is missing")
                    }
                }
            }
            if !problems.isEmpty {
                failures += 1
                Issue.record(
                    "track \(i) (\(random.kind)): \(random.summary)\n  \(problems.prefix(5).joined(separator: "\n  "))")
                if failures >= 5 { break }
            }
        }
        #expect(checked > 200)
    }

    @Test("poses by arc length are monotone and lie on their pieces (300 random tracks)")
    func posesByArcLength() throws {
        var g = SplitMix64(seed: 0x504F_5345_4152_4300)
        var failures = 0
        for i in 0..<300 {
            let random = try OracleTracks.make(&g)
            let track = random.track
            let pieces = track.pieces.map(TrackGeometry.Piece.init)
            var starts = [0.0]
            for p in pieces { starts.append(starts[starts.count - 1] + p.length) }
            let total = starts[starts.count - 1]
            var problems: [String] = []
            var lastPiece = 0
            var lastS = -1.0
            for k in 0...60 {
                let s = k == 60 ? total : total * Double(k) / 60 + g.uniform(0, total / 120)
                let pose = try track.pose(atArcLength: s)
                if k == 60 && track.closure.isClosed {
                    // A lap later: the start again.
                    let start = try track.pose(atArcLength: 0)
                    if pose.position != start.position || pose.heading != start.heading || pose.arcLength != 0 {
                        problems.append("s = L on a closed track: \(pose), at s = 0: \(start)")
                    }
                    continue
                }
                if abs(pose.arcLength - s) > 1e-9 * max(1, s) {
                    problems.append("s = \(s): arcLength \(pose.arcLength)")
                }
                if pose.piece < lastPiece || pose.arcLength < lastS {
                    problems.append("s = \(s) goes back to piece \(pose.piece)")
                }
                lastPiece = pose.piece
                lastS = pose.arcLength
                let piece = pieces[pose.piece]
                // Pivots have no arc length: poses by arc length are on them only when nothing else is.
                if piece.length == 0 && total > 0 && k < 60 { problems.append("s = \(s) on pivot \(pose.piece)") }
                // The pose is the piece's own at the arc length flown into it.
                let local = s - starts[pose.piece]
                let parameter: Double
                switch piece {
                case .straight: parameter = local
                case .turn(_, _, _, let rho, _): parameter = rho > 0 ? local / rho * 180 / .pi : piece.limit
                }
                let want = piece.pose(min(max(parameter, 0), piece.limit))
                if !Self.close(pose.position, want.x, want.y)
                    || TrackGeometry.headingGap(pose.heading, want.heading) > 1e-9
                {
                    problems.append("s = \(s): \(pose), expected \(want)")
                }
            }
            // Out of range: refused on a one-way track, taken modulo the length on a closed one.
            if track.closure.isClosed {
                let s = total * 0.37
                let a = try track.pose(atArcLength: s)
                let b = try track.pose(atArcLength: s + 2 * total)
                let c = try track.pose(atArcLength: s - total)
                if !Self.close(a.position, b.position.x, b.position.y, 1e-5)
                    || !Self.close(a.position, c.position.x, c.position.y, 1e-5)
                {
                    problems.append("closed track: s, s + 2L, s − L differ: \(a.position) \(b.position) \(c.position)")
                }
            } else {
                for s in [-1e-6, total * 1.0001 + 1e-6, -total - 1] {
                    do {
                        _ = try track.pose(atArcLength: s)
                        problems.append("s = \(s) outside [0, \(total)] accepted")
                    } catch {
                        if case .outOfRange = error {} else { problems.append("s = \(s): \(error)") }
                    }
                }
            }
            for s in [Double.nan, .infinity] {
                if (try? track.pose(atArcLength: s)) != nil { problems.append("s = \(s) accepted") }
            }
            if !problems.isEmpty {
                failures += 1
                Issue.record(
                    "track \(i) (\(random.kind)): \(random.summary)\n  \(problems.prefix(5).joined(separator: "\n  "))")
                if failures >= 5 { break }
            }
        }
    }

    @Test("every pose of every pivot is addressable by piece and angle")
    func pivotsAreAddressable() throws {
        var g = SplitMix64(seed: 0x5049_564F_5400)
        var pivots = 0
        for _ in 0..<200 {
            let track = try OracleTracks.make(&g).track
            var s = 0.0
            for (i, piece) in track.pieces.enumerated() {
                defer { s += TrackGeometry.Piece(piece).length }
                guard case .turn(let turn) = piece else {
                    let l = TrackGeometry.Piece(piece).limit
                    let mid = try track.pose(piece: i, parameter: l / 2)
                    let want = TrackGeometry.Piece(piece).pose(l / 2)
                    #expect(Self.close(mid.position, want.x, want.y))
                    #expect(abs(mid.arcLength - (s + l / 2)) <= 1e-9 * max(1, s))
                    continue
                }
                guard turn.radius == 0 else { continue }
                pivots += 1
                for f in [0, 0.25, 0.5, 0.9, 1] {
                    let alpha = turn.degrees * f
                    let pose = try track.pose(piece: i, parameter: alpha)
                    #expect(pose.position == turn.start)
                    #expect(pose.piece == i && pose.parameter == alpha)
                    #expect(TrackGeometry.headingGap(pose.heading, turn.heading + turn.sign * alpha) <= 1e-9)
                    #expect(abs(pose.arcLength - s) <= 1e-9 * max(1, s))
                }
                #expect(throws: StencilError.self) { try track.pose(piece: i, parameter: turn.degrees * 1.001 + 1e-9) }
                #expect(throws: StencilError.self) { try track.pose(piece: i, parameter: -1e-9) }
                #expect(throws: StencilError.self) { try track.pose(piece: i, parameter: .nan) }
            }
            #expect(throws: StencilError.self) { try track.pose(piece: track.pieces.count, parameter: 0) }
            #expect(throws: StencilError.self) { try track.pose(piece: -1, parameter: 0) }
        }
        #expect(pivots > 300)
    }

    // MARK: Racetracks

    @Test("racetrack tracks fly the flight loop's frames (200 random flights)")
    func racetrackFramesMatchTheFlightLoop() throws {
        var rng = SplitMix64(seed: 0x5241_4345_0001)
        var ties = 0
        for _ in 0..<200 {
            let c = try RandomFlights.make(&rng)
            let loop = FlightLoop(c.flight)
            let track = Track(racetrack: c.flight)
            let expected = try loop.frames(at: c.timing)
            let frames = try track.frames(at: c.timing)
            // Where D·fps is a whole number both counts round a float sum up or not (see
            // racetrackFrameCountsAgreeWhenDurationTimesRateIsWhole); elsewhere they must agree.
            let product = loop.duration(at: c.timing) * c.timing.framesPerSecond
            if abs(product - product.rounded()) > 1e-9 * max(1, product) {
                #expect(frames.count == expected.count, "\(c)")
            } else {
                ties += 1
            }
            #expect(
                abs(track.duration(at: c.timing) - loop.duration(at: c.timing)) <= 1e-12 * loop.duration(at: c.timing))
            #expect(abs(track.length - loop.length) <= 1e-9 * max(1, loop.length))
            var worst = (0.0, 0.0)
            for k in 0..<min(frames.count, expected.count) {
                let a = frames.pose(ofFrame: k)
                let b = expected.pose(ofFrame: k)
                worst.0 = max(worst.0, abs(a.position.x - b.position.x), abs(a.position.y - b.position.y))
                worst.1 = max(worst.1, TrackGeometry.headingGap(a.heading, b.heading))
            }
            #expect(worst.0 <= 1e-9 && worst.1 <= 1e-9, "\(c): frames differ by \(worst.0) px, \(worst.1)°")
        }
        #expect(ties < 150)
    }

    static let wholeFrameCountBug =
        "bug: a closed track whose duration D times the frame rate is a whole number N should have N frames "
        + "(t_k < D), as FlightLoop has here, but TrackFrames sums the piece durations in flying order "
        + "(L/v + 180/rate + L/v + 180/rate), gets D·fps a hair above N and takes the ceiling: N + 1 frames, the "
        + "last at t = D, a repeat of frame 0. Repro: route (11282, 4544) → (13983, 4544) on Mars Viking, pivots, "
        + "v = 2701·30/27, 30 fps, turn rate 180·30/13 °/s: FlightLoop 80 frames, Track(racetrack:) 81. "
        + "(FlightLoop's own ceil(D·fps) has the same fragility the other way: a route whose D·fps is 58 "
        + "gets 59 frames from it.) Suggest t_k < D − 1e-9 s, as one-way tracks already allow 1e-9 s"

    /// A closed track of whole D·fps frames: exactly N frames (t_k < D), equal to the flight loop's.
    @Test
    func racetrackFrameCountsAgreeWhenDurationTimesRateIsWhole() throws {
        let route = try PixelRoute(
            start: PixelPoint(x: 11282, y: 4544), end: PixelPoint(x: 13983, y: 4544), on: .marsViking)
        let flight = try Flight(route: route, screen: Screen(width: 272, height: 112, scale: 0.5))
        // Legs of 27 frames and pivots of 13 frames at 30 fps: N = 2·27 + 2·13 = 80.
        let timing = try FlightTiming(speed: 2701.0 * 30 / 27, framesPerSecond: 30, turnRate: 180.0 * 30 / 13)
        #expect(try FlightLoop(flight).frames(at: timing).count == 80)
        #expect(try Track(racetrack: flight).frames(at: timing).count == 80)
        // Every random flight whose D·fps is whole.
        var rng = SplitMix64(seed: 0x5241_4345_0001)
        var whole = 0
        for _ in 0..<200 {
            let c = try RandomFlights.make(&rng)
            let loop = FlightLoop(c.flight)
            let product = loop.duration(at: c.timing) * c.timing.framesPerSecond
            guard abs(product - product.rounded()) <= 1e-9 * max(1, product) else { continue }
            whole += 1
            #expect(try Track(racetrack: c.flight).frames(at: c.timing).count == Int(product.rounded()), "\(c)")
            #expect(try loop.frames(at: c.timing).count == Int(product.rounded()), "\(c)")
        }
        // About half the random flights have a whole D·fps (98 of 200 on this seed): at least 90 % of those 98.
        #expect(whole >= 88, "\(whole) of 200 random flights with a whole D·fps")
    }
}
