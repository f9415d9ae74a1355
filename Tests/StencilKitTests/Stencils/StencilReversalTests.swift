import TestSupport
import Testing

@testable import StencilKit

/// `Stencil.reversed()` (the track flown back along itself, the racetrack keeping its track) may reuse the stencil
/// without computing (a centred anchor); either way it must equal the stencil computed afresh for
/// `flight.reversed(keepingTrack: true)`. The racetrack turned half round (`keepingTrack: false`) is another track,
/// computed afresh.
struct StencilReversalTests {
    /// The cases where the library may take its shortcut, restated from MODEL.md §3: with pivots the reversed loop
    /// flies the same poses; keeping the track, every reversed pose sits where an original one did at the opposite
    /// heading, which a centred footprint cannot tell apart.
    static func shortcutApplies(_ flight: Flight, keepingTrack: Bool) -> Bool {
        keepingTrack && flight.screen.anchor == .center
    }

    /// The stencil of `flight` flown back: keeping the track, the stencil's own reversal; otherwise the stencil of
    /// the racetrack turned half round, with the same clipping choice.
    static func reversed(_ stencil: Stencil, _ flight: Flight, keepingTrack: Bool) throws(StencilError) -> Stencil {
        if keepingTrack { return try stencil.reversed() }
        return try Stencil(flight: flight.reversed(keepingTrack: false), clipToTerrain: stencil.clipsToTerrain)
    }

    @Test func reversedStencilEqualsTheFreshStencilOfTheReversedFlight() throws {
        var g = SplitMix64(seed: 0x5245_5645_5253_45)
        var shortcut = 0
        var computed = 0
        var failures = 0
        for i in 0..<400 {
            var random = OracleFlights.make(&g)
            // Force a centred anchor on every third flight so the keeping-track shortcut is well exercised.
            if i % 3 == 0 {
                let f = random.flight
                let s = f.screen
                let screen = try Screen(
                    width: s.width, height: s.height, scale: s.scale, anchor: .center, margin: s.margin)
                random = OracleFlight(
                    flight: try Flight(route: f.route, screen: screen, turn: f.turn, lateralBand: f.lateralBand),
                    nearEdge: random.nearEdge, summary: random.summary + ", anchor forced to centre")
            }
            let flight = random.flight
            let clip = random.nearEdge
            let original = try Stencil(flight: flight, clipToTerrain: clip)
            // A stencil that asked for clipping but needed none loses that choice on reversal: that case is
            // reversingAStencilThatAskedForClippingStillClips below, not this test's concern.
            if clip && !original.isClipped { continue }
            for keepingTrack in [false, true] {
                if Self.shortcutApplies(flight, keepingTrack: keepingTrack) { shortcut += 1 } else { computed += 1 }
                let flipped = flight.reversed(keepingTrack: keepingTrack)
                let viaShortcut = Result { () throws(StencilError) in
                    try Self.reversed(original, flight, keepingTrack: keepingTrack)
                }
                let fresh = Result { () throws(StencilError) in
                    try Stencil(flight: flipped, clipToTerrain: clip)
                }
                var problem: String?
                switch (viaShortcut, fresh) {
                case (.success(let a), .success(let b)):
                    if a.grid != flipped.grid { problem = "reversed stencil's grid is not the flight's" }
                    if a.unwrapped != b.unwrapped {
                        let sa = Set(a.unwrappedTiles), sb = Set(b.unwrappedTiles)
                        problem =
                            "unwrapped differ: only reversed \(sa.subtracting(sb).sorted().prefix(8)), "
                            + "only fresh \(sb.subtracting(sa).sorted().prefix(8))"
                    }
                    if a.real != b.real { problem = (problem ?? "") + " real tiles differ" }
                    if a.isClipped != b.isClipped { problem = (problem ?? "") + " isClipped differs" }
                case (.failure(let a), .failure(let b)):
                    if a != b { problem = "different errors \(a) / \(b)" }
                case (.success, .failure(let e)):
                    problem = "reversed succeeded, fresh threw \(e)"
                case (.failure(let e), .success):
                    problem = "reversed threw \(e), fresh succeeded"
                }
                if let problem {
                    failures += 1
                    Issue.record("flight \(i) keepingTrack \(keepingTrack): \(random.summary)\n  \(problem)")
                }
            }
            if failures >= 5 { break }
        }
        #expect(shortcut >= 100)
        #expect(computed >= 100)
    }

    /// Reversing twice gives back the original flight and stencil.
    @Test func reversingTwiceIsTheIdentity() throws {
        var g = SplitMix64(seed: 42)
        var checked = 0
        while checked < 100 {
            let random = OracleFlights.make(&g)
            if random.nearEdge { continue }  // placed with room for the loop both ways round: never leaves the terrain
            checked += 1
            let stencil = try Stencil(flight: random.flight)
            for keepingTrack in [false, true] {
                let once = try Self.reversed(stencil, random.flight, keepingTrack: keepingTrack)
                let back = try Self.reversed(
                    once, random.flight.reversed(keepingTrack: keepingTrack), keepingTrack: keepingTrack)
                #expect(back.grid == random.flight.grid)
                #expect(back.unwrapped == stencil.unwrapped, "\(random.summary)")
            }
        }
    }

    /// MODEL.md §2: the caller who opted into clipping keeps that choice for the flight back. Here the outbound
    /// loop stays on the terrain (a right turn returns south, away from the top), so nothing is clipped; flown back
    /// with the same turn direction the return leg lies north, past the top row.
    @Test func reversingAStencilThatAskedForClippingStillClips() throws {
        // Due east at y = 200 on the 90 × 42 grid; screen 64 × 64 centred, right turns of ρ = 96: the return leg is
        // at y = 200 + 192 = 392 (south). The turns' outer corners are √(128² + 32²) ≈ 131.9 px from the centres
        // at y = 296, so the sweep's top is y ≈ 164.1: nothing to clip.
        let flight = try HandWorked.flight(
            (1280, 200), (2560, 200), screen: try Screen(width: 64, height: 64), turn: try Turn(radius: 96))
        let stencil = try Stencil(flight: flight, clipToTerrain: true)
        #expect(!stencil.isClipped)
        // Flown back without keeping the track (turning right again, now heading west), the return leg is at
        // y = 200 − 192 = 8 and the turn centres at y = 104, so the turns reach y ≈ 104 − 131.9 < 0: row −1 is
        // needed. The caller asked for clipping: no error, and the reversed stencil is clipped.
        #expect(throws: Never.self) { try Self.reversed(stencil, flight, keepingTrack: false) }
        #expect(throws: StencilError.self) { try Stencil(flight: flight.reversed(keepingTrack: false)) }
        let back = try? Self.reversed(stencil, flight, keepingTrack: false)
        #expect(back?.isClipped == true)
        #expect(back?.unwrapped == (try Stencil(flight: flight.reversed(), clipToTerrain: true)).unwrapped)
    }
}
