import Foundation
import TestSupport
import Testing

@testable import StencilKit

/// The loop flown in time (MODEL.md §3): frame counts, turn durations, continuity and wrapping.
struct FrameSequenceTests {
    static func example1(turn: Turn = .pivot) throws -> FlightLoop {
        let a = try GeoCoordinate(latitude: 0, longitude: -147)
        let b = try GeoCoordinate(latitude: 0, longitude: -86.25)
        return FlightLoop(
            try Flight(from: a, to: b, on: .marsViking, screen: Screen(width: 480, height: 320), turn: turn))
    }

    /// Duration written out again: two legs at v, two turns of πρ/v (or 180/turn rate for pivots).
    static func duration(_ loop: FlightLoop, _ timing: FlightTiming) -> Double {
        let turn =
            loop.flight.turn.radius > 0 ? Double.pi * loop.flight.turn.radius / timing.speed : 180 / timing.turnRate
        return 2 * loop.flight.route.length / timing.speed + 2 * turn
    }

    /// The count is ⌈(D − 10⁻⁹ s)·fps⌉: frames t_k < D, a whole D·fps not rounded up by the phase sums.
    @Test func frameCountIsTheCeilingOfDurationTimesFrameRate() throws {
        // Example 1: L = 1944 at 486 px/s is 4 s a leg; pivots at 90°/s take 2 s: 12 s, 120 frames at 10 fps.
        let loop = try Self.example1()
        let timing = try FlightTiming(speed: 486, framesPerSecond: 10, turnRate: 90)
        #expect(loop.duration(at: timing) == 12)
        #expect(loop.turnDuration(at: timing) == 2)
        let frames = try loop.frames(at: timing)
        #expect(frames.count == 120)
        #expect(Array(frames).count == 120)
        // 7.5 fps: 90 frames exactly; 7.55 fps: 90.6 → 91.
        #expect(try loop.frames(at: FlightTiming(speed: 486, framesPerSecond: 7.5, turnRate: 90)).count == 90)
        #expect(try loop.frames(at: FlightTiming(speed: 486, framesPerSecond: 7.55, turnRate: 90)).count == 91)

        var rng = SplitMix64(seed: 0xF4A3_0001)
        for _ in 0..<100 {
            let c = try RandomFlights.make(&rng)
            let loop = FlightLoop(c.flight)
            let expected = Int(((Self.duration(loop, c.timing) - 1e-9) * c.timing.framesPerSecond).rounded(.up))
            let frames = try loop.frames(at: c.timing)
            #expect(
                abs(loop.duration(at: c.timing) - Self.duration(loop, c.timing)) <= 1e-12
                    * Self.duration(loop, c.timing))
            #expect(frames.count == expected, "\(c)")
            #expect(Array(frames).count == frames.count)
            // The frames lie at k/fps: the same poses as pose(atTime:).
            for k in stride(from: 0, to: frames.count, by: 7) {
                #expect(
                    frames.pose(ofFrame: k)
                        == (try loop.pose(atTime: Double(k) / c.timing.framesPerSecond, timing: c.timing)))
            }
        }
    }

    @Test func firstFrameIsOutboundAtA() throws {
        var rng = SplitMix64(seed: 0xF4A3_0002)
        for _ in 0..<50 {
            let c = try RandomFlights.make(&rng)
            let loop = FlightLoop(c.flight)
            let first = try Array(loop.frames(at: c.timing)).first
            #expect(first?.phase == .outbound)
            #expect(first?.parameter == 0)
            #expect(first?.position == c.flight.route.start)
            #expect(first?.heading == c.flight.route.heading)
        }
    }

    @Test func roundTurnsTakePiRhoOverSpeedAndPivots180OverTurnRate() throws {
        for direction in TurnDirection.allCases {
            // ρ = 100: a turn is 100π px, 1 s at v = 100π px/s (legs 1944/(100π) s).
            let loop = try Self.example1(turn: Turn(radius: 100, direction: direction))
            let v = 100 * Double.pi
            let timing = try FlightTiming(speed: v, framesPerSecond: 50, turnRate: 10)
            let legTime = 1944 / v
            #expect(abs(loop.turnDuration(at: timing) - 1) < 1e-15)
            #expect(abs(loop.duration(at: timing) - (2 * legTime + 2)) < 1e-12)
            let sign = direction.sign
            let theta = 90.0
            let centreB = PixelPoint(x: 3000, y: 2688 + sign * 100)
            for f in [0.1, 0.25, 0.5, 0.9] {
                let pose = try loop.pose(atTime: legTime + f, timing: timing)
                #expect(pose.phase == .turnAtEnd)
                #expect(abs(pose.parameter - 180 * f) < 1e-9)
                // MODEL.md §3: C_B − σρ·r(θ + σα), heading θ + σα.
                let heading = theta + sign * 180 * f
                #expect(abs(CullingCheck.headingChange(heading, pose.heading)) < 1e-9)
                let expected = centreB - (sign * 100) * CullingCheck.right(heading)
                #expect(CullingCheck.near(pose.position, expected, 1e-9))
                // And the turn at A, one leg later.
                let back = try loop.pose(atTime: 2 * legTime + 1 + f, timing: timing)
                #expect(back.phase == .turnAtStart)
                #expect(abs(back.parameter - 180 * f) < 1e-9)
                let centreA = PixelPoint(x: 1056, y: 2688 + sign * 100)
                #expect(
                    CullingCheck.near(back.position, centreA - (sign * 100) * CullingCheck.right(heading + 180), 1e-9))
            }
            // Just after the turn the return leg begins, 2ρ to the turn side.
            let after = try loop.pose(atTime: legTime + 1 + 0.01, timing: timing)
            #expect(after.phase == .inbound)
            #expect(abs(after.parameter - 0.01 * v) < 1e-9)
            #expect(CullingCheck.near(after.position, PixelPoint(x: 3000 - 0.01 * v, y: 2688 + sign * 200), 1e-9))
            #expect(after.heading == 270)
            // Frames in the turn at B: about turn time × fps = 50.
            let inTurn = try loop.frames(at: timing).filter { $0.phase == .turnAtEnd }.count
            #expect(abs(inTurn - 50) <= 1)
        }

        // Pivots: 180° at 45°/s take 4 s, in place.
        let pivot = try Self.example1()
        let timing = try FlightTiming(speed: 486, framesPerSecond: 10, turnRate: 45)
        #expect(pivot.turnDuration(at: timing) == 4)
        #expect(pivot.duration(at: timing) == 16)
        for f in [0.0, 0.25, 0.5, 0.75] {
            let pose = try pivot.pose(atTime: 4 + 4 * f, timing: timing)
            #expect(pose.phase == .turnAtEnd)
            #expect(pose.parameter == 180 * f)
            #expect(pose.position == PixelPoint(x: 3000, y: 2688))
            #expect(pose.heading == 90 + 180 * f)
            let back = try pivot.pose(atTime: 12 + 4 * f, timing: timing)
            #expect(back.phase == .turnAtStart)
            #expect(back.position == PixelPoint(x: 1056, y: 2688))
            #expect(back.heading == Degrees.normalizedHeading(270 + 180 * f))
        }
        let frames = try Array(pivot.frames(at: timing))
        #expect(frames.count == 160)
        #expect(frames.filter { $0.phase == .turnAtEnd }.count == 40)
        #expect(frames.filter { $0.phase == .turnAtStart }.count == 40)
        #expect(frames.filter { $0.phase == .outbound }.count == 40)
    }

    @Test func posesAreContinuous() throws {
        var rng = SplitMix64(seed: 0xF4A3_0003)
        var checked = 0
        for _ in 0..<150 {
            let c = try RandomFlights.make(&rng)
            let loop = FlightLoop(c.flight)
            let poses = try Array(loop.frames(at: c.timing))
            let step = c.timing.speed / c.timing.framesPerSecond
            let radius = c.flight.turn.radius
            // Degrees per frame at most: the pivot rate, or v/ρ in a round turn.
            let turnStep =
                (radius > 0 ? c.timing.speed / radius * 180 / .pi : c.timing.turnRate) / c.timing.framesPerSecond
            let scale = 1e-9 * (abs(c.flight.route.start.x) + abs(c.flight.route.end.x) + c.flight.grid.height + radius)
            // Include the step from the last frame back to the first (the loop closes).
            for k in 0..<poses.count {
                let a = poses[k]
                let b = poses[(k + 1) % poses.count]
                let jump = (b.position - a.position).length
                #expect(jump <= step + scale, "frame \(k): \(jump) px > \(step) (\(a.phase) → \(b.phase)); \(c)")
                let turn = abs(CullingCheck.headingChange(a.heading, b.heading))
                #expect(turn <= turnStep + 1e-9, "frame \(k): \(turn)° > \(turnStep)°; \(c)")
                checked += 1
            }
        }
        #expect(checked > 5000)
    }

    @Test func posesFollowTheModel() throws {
        // Every frame's pose against MODEL.md §3 written out again.
        var rng = SplitMix64(seed: 0xF4A3_0004)
        for _ in 0..<80 {
            let c = try RandomFlights.make(&rng)
            let loop = FlightLoop(c.flight)
            let route = c.flight.route
            let rho = c.flight.turn.radius
            let sign = c.flight.turn.direction.sign
            let theta = route.heading
            let r = CullingCheck.right(theta)
            let u = CullingCheck.ahead(theta)
            let scale = 1e-9 * (abs(route.start.x) + abs(route.end.x) + c.flight.grid.height + rho)
            for pose in try loop.frames(at: c.timing) {
                let expected: PixelPoint
                let heading: Double
                switch pose.phase {
                case .outbound:
                    expected = route.start + pose.parameter * u
                    heading = theta
                case .turnAtEnd:
                    heading = theta + sign * pose.parameter
                    expected = route.end + (sign * rho) * r - (sign * rho) * CullingCheck.right(heading)
                case .inbound:
                    expected = route.end + (2 * sign * rho) * r - pose.parameter * u
                    heading = theta + 180
                case .turnAtStart:
                    heading = theta + 180 + sign * pose.parameter
                    expected = route.start + (sign * rho) * r - (sign * rho) * CullingCheck.right(heading)
                }
                #expect(CullingCheck.near(pose.position, expected, scale), "\(pose) vs \(expected); \(c)")
                #expect(abs(CullingCheck.headingChange(heading, pose.heading)) < 1e-9)
                #expect(pose.heading >= 0 && pose.heading < 360)
            }
        }
    }

    @Test func poseAtArcLengthWrapsModuloTheLoop() throws {
        var rng = SplitMix64(seed: 0xF4A3_0005)
        for _ in 0..<60 {
            let c = try RandomFlights.make(&rng)
            let loop = FlightLoop(c.flight)
            let length = loop.length
            #expect(abs(length - (2 * c.flight.route.length + 2 * Double.pi * c.flight.turn.radius)) <= 1e-12 * length)
            #expect(try loop.pose(atArcLength: length) == (try loop.pose(atArcLength: 0)))
            #expect(try loop.pose(atArcLength: 0).position == c.flight.route.start)
            for _ in 0..<20 {
                let s = rng.uniform(0, length)
                let base = try loop.pose(atArcLength: s)
                for k in [-3.0, -1, 1, 2, 7] {
                    let wrapped = try loop.pose(atArcLength: s + k * length)
                    let tolerance = 1e-9 * length * (abs(k) + 1)
                    #expect(CullingCheck.near(wrapped.position, base.position, tolerance), "s = \(s), k = \(k); \(c)")
                    #expect(abs(CullingCheck.headingChange(wrapped.heading, base.heading)) < 1e-6)
                }
            }
        }
        // Example 1 with ρ = 100, right turns: L = 1944, turn 100π.
        let loop = try Self.example1(turn: Turn(radius: 100))
        let quarter = try loop.pose(atArcLength: 1944 + 50 * .pi)
        #expect(quarter.phase == .turnAtEnd)
        #expect(abs(quarter.parameter - 90) < 1e-9)
        #expect(CullingCheck.near(quarter.position, PixelPoint(x: 3100, y: 2788), 1e-9))
        let inbound = try loop.pose(atArcLength: -(972 + 100 * .pi))  // 972 px before the end of the return leg
        #expect(inbound.phase == .inbound)
        #expect(CullingCheck.near(inbound.position, PixelPoint(x: 2028, y: 2888), 1e-9))
        #expect(inbound.heading == 270)
    }
}
