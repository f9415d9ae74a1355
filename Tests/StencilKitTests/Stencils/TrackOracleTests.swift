import Foundation
import TestSupport
import Testing

@testable import StencilKit

/// Stencils of tracks against the brute-force track oracle (Support/TrackOracle.swift) on random tracks
/// (Support/OracleTracks.swift, SplitMix64 on fixed seeds) and on hand-built tracks with special turn angles and
/// radii: the pieces are the ones MODEL.md §7 builds, no holes, no extra tiles, each real tile once, the terrain
/// check (throws iff a needed row is outside) and clipping.
struct TrackOracleTests {
    static let chunks = 8
    static let tracksPerChunk = 400
    static func seed(_ chunk: Int) -> UInt64 { 0x5452_4143_4B00_0000 &+ UInt64(chunk) }

    /// Every stencil check of one track against a fresh oracle; one line per problem.
    static func stencilProblems(_ track: Track, nearEdge: Bool) -> [String] {
        TrackOracle(track: track).problems(of: track, nearEdge: nearEdge)
    }

    /// The waypoints of a great-circle track are the ends of its legs, in order: W₀'s pixel starts the track (or,
    /// for a loop, the first leg) and each waypoint's pixel is a piece boundary.
    static func waypointProblems(_ random: OracleTrack) -> [String] {
        guard random.kind == .greatCircle else { return [] }
        let track = random.track
        let w = track.grid.width
        var next = 0
        var problems: [String] = []
        let first = track.pieces[0].start
        let p0 = random.waypointPixels[0]
        if abs(first.x - p0.x) > 1e-6 || abs(first.y - p0.y) > 1e-6 {
            problems.append("track starts at \(first), not at W₀ \(p0)")
        }
        for s in track.pieces.map(\.start) + [track.pieces[track.pieces.count - 1].end] {
            guard next < random.waypointPixels.count else { break }
            let p = random.waypointPixels[next]
            if abs(s.y - p.y) <= 1e-6 && abs((s.x - p.x).remainder(dividingBy: w)) <= 1e-6 { next += 1 }
        }
        if next < random.waypointPixels.count {
            problems.append("waypoint \(next) at \(random.waypointPixels[next]) is no piece boundary, in order")
        }
        return problems
    }

    /// The pieces of a track flown backwards, from MODEL.md §7's formulas: in reverse order, each from the other's
    /// end at its end heading + 180°, a turn by −Δ on the same radius.
    static func reversedPieces(_ track: Track) -> [TrackGeometry.Piece] {
        track.pieces.reversed().map { piece in
            let raw = TrackGeometry.Piece(piece)
            let end = raw.pose(raw.limit)
            let heading = (end.heading + 180).truncatingRemainder(dividingBy: 360)
            switch raw {
            case .straight(_, _, _, let l): return .straight(x: end.x, y: end.y, heading: heading, length: l)
            case .turn(_, _, _, let rho, let angle):
                return .turn(x: end.x, y: end.y, heading: heading, radius: rho, angle: -angle)
            }
        }
    }

    @Test("3,200 random tracks (800 also reversed) match the brute-force oracle", arguments: 0..<chunks)
    func randomTracksMatchTheOracle(chunk: Int) {
        var g = SplitMix64(seed: Self.seed(chunk))
        var failures = 0
        for i in 0..<Self.tracksPerChunk {
            let random: OracleTrack
            do { random = try OracleTracks.make(&g) } catch {
                Issue.record("track \(chunk).\(i): \(error)")
                failures += 1
                if failures >= 5 { break }
                continue
            }
            var problems = TrackPieceCheck.problems(
                random.track, expected: random.expected, closes: random.kind != .steps)
            problems += Self.waypointProblems(random)
            problems += Self.stencilProblems(random.track, nearEdge: random.nearEdge)
            if i % 4 == 0 {
                // The same track flown backwards: its pieces, and its stencil against its own oracle.
                let reversed = random.track.reversed()
                problems += TrackPieceCheck.problems(
                    reversed, expected: Self.reversedPieces(random.track), closes: random.kind != .steps
                ).map { "reversed: \($0)" }
                problems += Self.stencilProblems(reversed, nearEdge: random.nearEdge).map { "reversed: \($0)" }
            }
            guard !problems.isEmpty else { continue }
            failures += 1
            Issue.record(
                "track \(chunk).\(i) (\(random.kind)): \(random.summary)\n  \(problems.joined(separator: "\n  "))")
            if failures >= 5 { break }
        }
    }

    /// Turns of special angles and radii, one piece each and between straights, both signs, from axis and
    /// oblique headings, with and without band, anchor off-centre.
    @Test("hand-built turns of 0.01°…360° on radii 0…1500 px match the oracle")
    func specialTurnsMatchTheOracle() throws {
        let angles: [Double] = [0.01, 1e-6, 0.5, 45, 90, 135, 180, 181, 270, 359.9, 359.999, 360]
        let radii: [Double] = [0, 1e-3, 0.5, 64, 128, 300, 1500]
        let screens = [
            try Screen(width: 480, height: 320),
            try Screen(width: 200, height: 300, scale: 0.75, anchor: .init(x: 0.5, y: 0.75), margin: 4),
            try Screen(width: 160, height: 90, anchor: .init(x: 0, y: 1)),
        ]
        var g = SplitMix64(seed: 0x5350_4543_4941_4C00)
        var failures = 0
        var cases = 0
        for angle in angles {
            for radius in radii {
                for sign in [1.0, -1.0] {
                    let screen = g.pick(screens)
                    let heading = g.pick([0.0, 90, 180, 270, g.uniform(0, 360)])
                    let band = g.chance(0.3) ? g.uniform(1, 60) : 0
                    let grid = g.chance(0.7) ? TileGrid.marsViking : try TileGrid.xyz(level: 4)
                    let withLegs = g.bool()
                    var steps: [TrackStep] = [.turn(radius: radius, degrees: sign * angle)]
                    if withLegs { steps = [.straight(length: 200)] + steps + [.straight(length: 150)] }
                    let start = PixelPoint(
                        x: (g.uniform(0, grid.width) / 16).rounded() * 16, y: grid.height / 2 + g.uniform(-200, 200))
                    let track = try Track(
                        start: start, heading: heading, steps: steps, on: grid, screen: screen, lateralBand: band)
                    cases += 1
                    var problems = TrackPieceCheck.problems(
                        track, expected: OracleTracks.chain(start: (start.x, start.y), heading: heading, steps: steps))
                    problems += Self.stencilProblems(track, nearEdge: true)
                    guard !problems.isEmpty else { continue }
                    failures += 1
                    let lines = problems.joined(separator: "\n  ")
                    let what = "turn \(sign * angle)° ρ \(radius) from \(start) heading \(heading) band \(band)"
                    Issue.record("\(what) legs \(withLegs) on \(grid), screen \(screen):\n  \(lines)")
                    if failures >= 5 { return }
                }
            }
        }
        #expect(cases == angles.count * radii.count * 2)
    }

    /// The oracle reproduces MODEL.md example 4 on its own: 91 tiles with pivots, 90 with the fly-by arc.
    @Test func theTrackOracleReproducesExample4() throws {
        for (radius, count) in [(0.0, 91), (128, 90)] {
            let track = try TrackExampleTests.example4(radius: radius)
            let oracle = TrackOracle(track: track)
            let stencil = Set(try Stencil(track: track).unwrappedTiles)
            #expect(Set(oracle.requiredTiles) == stencil)
            #expect(Set(oracle.allowedTiles) == stencil)
            #expect(stencil.count == count)
        }
    }

    /// The oracle's checks can fail: a stencil missing a required tile, or holding a tile no sampled footprint
    /// comes near, is reported; and its slack (stencil tiles only grown samples reach) is small.
    @Test func theTrackOracleCatchesAMissingOrAnExtraTile() throws {
        var g = SplitMix64(seed: 0x0AC1E_7AC)
        try TrackOracle.expectItCatchesAMissingOrAnExtraTile(in: 40, cases: &g) { g in
            let random = try OracleTracks.make(&g)
            if random.nearEdge { return nil }
            return (random.track, TrackOracle(track: random.track))
        }
    }

    /// The generator produces every case the oracle test is meant to cover.
    @Test func randomTracksCoverTheRequiredCases() throws {
        var counts: [String: Int] = [:]
        func count(_ key: String, _ condition: Bool) { if condition { counts[key, default: 0] += 1 } }
        for chunk in 0..<Self.chunks {
            var g = SplitMix64(seed: Self.seed(chunk))
            for _ in 0..<Self.tracksPerChunk {
                let random = try OracleTracks.make(&g)
                let track = random.track
                count(random.kind.rawValue, true)
                count("loop", track.closure == .loop)
                count("racetrack", track.closure == .racetrack)
                count("one way", track.closure == .oneWay)
                count("band", track.lateralBand > 0)
                count("margin", track.screen.margin > 0)
                count("anchor off centre", track.screen.anchor != .center)
                count("near edge", random.nearEdge)
                count("wider than the world", random.widerThanWorld)
                let turns = track.pieces.compactMap { piece -> TurnPiece? in
                    if case .turn(let t) = piece { return t }
                    return nil
                }
                count("left turn", turns.contains { $0.angle < 0 })
                count("right turn", turns.contains { $0.angle > 0 })
                count("360° turn", turns.contains { abs($0.angle) == 360 })
                count("turn > 180°", turns.contains { abs($0.angle) > 180 })
                count("tiny turn", turns.contains { abs($0.angle) < 0.1 && $0.radius == 0 })
                count("arc", turns.contains { $0.radius > 0 })
                count("reversal pivot", turns.contains { $0.angle == 180 && $0.radius == 0 })
                let stencil = try Stencil(track: track, clipToTerrain: true)
                count(
                    "ghost columns",
                    stencil.unwrapped.tiles.contains { $0.column < 0 || $0.column >= track.grid.columns })
                count("clipped", stencil.isClipped)
            }
        }
        let keys = [
            "rhumbPivot", "rhumbFlyBy", "greatCircle", "steps", "loop", "racetrack", "one way", "band", "margin",
            "anchor off centre", "near edge", "wider than the world", "left turn", "right turn", "360° turn",
            "turn > 180°", "tiny turn", "arc", "reversal pivot", "ghost columns", "clipped",
        ]
        for key in keys {
            #expect(counts[key, default: 0] >= 20, "only \(counts[key, default: 0]) tracks with \(key)")
        }
        print("TrackOracleTests coverage: \(keys.map { "\($0) \(counts[$0, default: 0])" }.joined(separator: ", "))")
    }
}
