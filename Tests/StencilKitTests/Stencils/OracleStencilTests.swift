import TestSupport
import Testing

@testable import StencilKit

/// The racetrack's stencil against the brute-force oracle (Support/TrackOracle.swift, built from the flight's inputs)
/// on 2,000 random flights (Support/OracleFlights.swift, SplitMix64 on fixed seeds): the track's pieces, no holes,
/// no extra tiles, each real tile once, the terrain check (throws iff a needed row is outside) and clipping.
struct OracleStencilTests {
    static let chunks = 8
    static let flightsPerChunk = 250
    static func seed(_ chunk: Int) -> UInt64 { 0x5354_454E_4349_4C00 &+ UInt64(chunk) }

    /// Every check for one flight; one line per problem: the library's racetrack track has the pieces the oracle
    /// derives from the flight's inputs, and its stencil passes every check of ``TrackOracle/problems(of:nearEdge:)``.
    static func problems(_ random: OracleFlight) -> [String] {
        let flight = random.flight
        let track = Track(racetrack: flight)
        return TrackPieceCheck.problems(track, expected: TrackOracle.racetrackPieces(flight))
            + TrackOracle(flight: flight).problems(of: track, nearEdge: random.nearEdge)
    }

    @Test("2,000 random flights match the brute-force oracle", arguments: 0..<chunks)
    func randomFlightsMatchTheOracle(chunk: Int) {
        var g = SplitMix64(seed: Self.seed(chunk))
        var failures = 0
        for i in 0..<Self.flightsPerChunk {
            let random = OracleFlights.make(&g)
            let problems = Self.problems(random)
            guard !problems.isEmpty else { continue }
            failures += 1
            let lines = problems.joined(separator: "\n  ")
            Issue.record("flight \(chunk).\(i): \(random.summary)\n  \(lines)")
            if failures >= 5 { break }
        }
    }

    /// The oracle's checks can fail: a stencil missing one required tile, or holding one tile no sampled footprint
    /// comes near, is reported. Also bounds the oracle's slack: tiles the stencil holds that no sampled footprint
    /// needs exactly (only a grown one) must be rare, or "no extra tiles" would mean little.
    @Test func theOracleCatchesAMissingOrAnExtraTile() throws {
        var g = SplitMix64(seed: 0x0AC1E)
        try TrackOracle.expectItCatchesAMissingOrAnExtraTile(in: 60, cases: &g) { g in
            let random = OracleFlights.make(&g)
            if random.nearEdge { return nil }
            return (Track(racetrack: random.flight), TrackOracle(flight: random.flight))
        }
    }

    /// The generator really produces the cases the oracle test is meant to cover.
    @Test func randomFlightsCoverTheRequiredCases() throws {
        var counts: [String: Int] = [:]
        func count(_ key: String, _ condition: Bool) { if condition { counts[key, default: 0] += 1 } }
        for chunk in 0..<Self.chunks {
            var g = SplitMix64(seed: Self.seed(chunk))
            for _ in 0..<Self.flightsPerChunk {
                let f = OracleFlights.make(&g).flight
                let h = f.route.heading
                for exact in [0.0, 90, 180, 270, 45] { count("heading \(exact)", h == exact) }
                count("ρ = 0", f.turn.radius == 0)
                count("ρ > 0 right", f.turn.radius > 0 && f.turn.direction == .right)
                count("ρ > 0 left", f.turn.radius > 0 && f.turn.direction == .left)
                count("band", f.lateralBand > 0)
                count("margin", f.screen.margin > 0)
                count("anchor (0.5, 0.75)", f.screen.anchor == .init(x: 0.5, y: 0.75))
                count("anchor (0, 1)", f.screen.anchor == .init(x: 0, y: 1))
                count("grid 90", f.grid == .marsViking)
                count("grid 180", f.grid == .marsVikingDouble)
                count("grid z3", f.grid.tileSize == 256)
                let s = try Stencil(flight: f, clipToTerrain: true)
                count("ghost columns", s.unwrapped.tiles.contains { $0.column < 0 || $0.column >= f.grid.columns })
                count("clipped", s.isClipped)
            }
        }
        for key in [
            "heading 0.0", "heading 90.0", "heading 180.0", "heading 270.0", "heading 45.0", "ρ = 0", "ρ > 0 right",
            "ρ > 0 left", "band", "margin", "anchor (0.5, 0.75)", "anchor (0, 1)", "grid 90", "grid 180", "grid z3",
            "ghost columns", "clipped",
        ] {
            #expect(counts[key, default: 0] >= 40, "only \(counts[key, default: 0]) flights with \(key)")
        }
    }
}
