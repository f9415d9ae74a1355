import Testing

@testable import StencilKit

/// The stencil against the brute-force oracle (Support/BruteForceOracle.swift) on 2,000 random flights
/// (Support/OracleFlights.swift, SplitMix64 on fixed seeds): no holes, no extra tiles, each real tile once,
/// the terrain check (throws iff a needed row is outside) and clipping.
struct OracleStencilTests {
    static let chunks = 8
    static let flightsPerChunk = 250
    static func seed(_ chunk: Int) -> UInt64 { 0x5354_454E_4349_4C00 &+ UInt64(chunk) }

    /// Every check for one flight; one line per problem.
    static func problems(_ random: OracleFlight) -> [String] {
        let flight = random.flight
        let grid = flight.grid
        let oracle = BruteForceOracle(flight: flight)
        let required = oracle.requiredTiles
        let allowed = oracle.allowedTiles
        let outside = { (t: TileIndex) in t.row < 0 || t.row >= grid.rows }
        let mustLeave = required.contains(where: outside)
        let mayLeave = allowed.contains(where: outside)
        var problems: [String] = []

        // Without clipping: throws iff the sweep needs a row outside the terrain.
        do {
            let stencil = try Stencil(flight: flight)
            if mustLeave {
                problems.append(
                    "no error although rows \(Set(required.filter(outside).map(\.row)).sorted()) are needed")
            }
            if stencil.isClipped { problems.append("unclipped stencil says isClipped") }
            problems += OracleCheck.compare(stencil, oracle, clipped: false)
        } catch {
            if !mayLeave {
                problems.append("threw \(error) although no sampled footprint reaches past the terrain")
            } else if case .leavesTerrain(let rows, let gridRows, let latitude, let limit) = error {
                // The error names the rows past the edge it crosses (the top one when both are crossed).
                let reqRows = required.map(\.row)
                let allRows = allowed.map(\.row)
                if rows.lowerBound < 0 {
                    let ok =
                        rows.upperBound == -1 && rows.lowerBound >= allRows.min()!
                        && rows.lowerBound <= min(reqRows.min() ?? -1, -1)
                    if !ok { problems.append("error rows \(rows) vs rows needed from \(reqRows.min() ?? 0)") }
                } else {
                    let ok =
                        rows.lowerBound == grid.rows && rows.upperBound <= allRows.max()!
                        && rows.upperBound >= max(reqRows.max() ?? grid.rows, grid.rows)
                        && (reqRows.min() ?? 0) >= 0
                    if !ok {
                        problems.append("error rows \(rows) vs rows needed \(reqRows.min() ?? 0)…\(reqRows.max() ?? 0)")
                    }
                }
                if gridRows != grid.rows || limit != grid.latitudeLimit {
                    problems.append("error names \(gridRows) rows and limit \(limit)")
                }
                let pastLimit = rows.lowerBound < 0 ? latitude > limit : latitude < -limit
                if !pastLimit { problems.append("error latitude \(latitude) is not past ±\(limit)") }
            } else {
                problems.append("wrong error: \(error)")
            }
        }

        // With clipping (routes near the top or bottom): the same tiles, rows outside dropped.
        if random.nearEdge {
            do {
                let stencil = try Stencil(flight: flight, clipToTerrain: true)
                if mustLeave && !stencil.isClipped { problems.append("clipped stencil says not clipped") }
                if !mayLeave && stencil.isClipped { problems.append("stencil says clipped with nothing outside") }
                problems += OracleCheck.compare(stencil, oracle, clipped: true)
            } catch {
                problems.append("clipToTerrain: true threw \(error)")
            }
        }
        return problems
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
        var checked = 0
        var stencilTiles = 0
        var slack = 0
        while checked < 60 {
            let random = OracleFlights.make(&g)
            if random.nearEdge { continue }
            checked += 1
            let flight = random.flight
            let stencil = try Stencil(flight: flight)
            let oracle = BruteForceOracle(flight: flight)
            let tiles = stencil.unwrapped.tiles
            stencilTiles += tiles.count
            slack += tiles.filter { !oracle.isRequired($0) }.count
            #expect(OracleCheck.compare(stencil, oracle, clipped: false).isEmpty)

            let required = tiles.filter { oracle.isRequired($0) }
            let victim = required[g.int(0...(required.count - 1))]
            let without = stencil.unwrapped.subtracting(TileSet([victim]))
            let holed = Stencil(
                track: Track(racetrack: flight), unwrapped: without, isClipped: false, clipsToTerrain: false)
            #expect(OracleCheck.compare(holed, oracle, clipped: false).contains { $0.hasPrefix("holes") })

            let set = Set(tiles)
            let outsider = tiles.lazy.flatMap { t in
                [(1, 0), (-1, 0), (0, 1), (0, -1)].map { TileIndex(column: t.column + $0.0, row: t.row + $0.1) }
            }.first { !set.contains($0) && !oracle.isAllowed($0) }
            if let outsider {
                let with = stencil.unwrapped.union(TileSet([outsider]))
                let padded = Stencil(
                    track: Track(racetrack: flight), unwrapped: with, isClipped: false, clipsToTerrain: false)
                #expect(OracleCheck.compare(padded, oracle, clipped: false).contains { $0.hasPrefix("extra") })
            }
        }
        #expect(Double(slack) <= 0.02 * Double(stencilTiles), "\(slack) of \(stencilTiles) tiles only within tolerance")
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
