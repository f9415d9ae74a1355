import StencilKit
import Testing

/// The README's example, verbatim, so it keeps compiling and its printed figures stay true.
struct ReadmeExampleTests {
    @Test func readmeExampleRuns() throws {
        // Mars Viking, 90 × 42 tiles of 128 px; a 480 × 320 screen at 1 terrain px per point.
        let a = try GeoCoordinate(latitude: 0, longitude: -147)
        let b = try GeoCoordinate(latitude: 0, longitude: -86.25)
        let screen = try Screen(width: 480, height: 320, scale: 1, anchor: .center)
        let racetrack = try Racetrack(from: a, to: b, on: .marsViking, screen: screen, turn: .pivot, lateralBand: 0)
        let track = Track(racetrack: racetrack)  // out A→B, a U-turn, back, a U-turn: one track like any other

        // Every tile the loop can show: 94 textures, 6,160,384 bytes at RGBA8.
        let stencil = try Stencil(track: track)
        print(stencil.real.count, stencil.bytes(for: .rgba8Tile128))

        // Per frame: the visible tiles, in draw order, into a reused buffer.
        var visible: [VisibleTile] = []
        visible.reserveCapacity(256)
        for pose in try track.frames(at: FlightTiming(speed: 240, framesPerSecond: 60, turnRate: 90)) {
            let view = try track.cull(pose, lateralOffset: 0, into: &visible)
            for tile in visible {
                _ = (tile.realTile, view.transform.apply(to: tile.origin))  // texture, and where it goes on screen
            }
        }

        // Under a 3 MB budget the route is split; each crossing lists its loads and evictions.
        let plan = try BudgetPlan(track: track, budget: MemoryBudget(bytes: 3_000_000), format: .rgba8Tile128)
        print(plan.segmentCount, plan.splitPositions, plan.peakBytes)

        #expect(stencil.real.count == 94)
        #expect(stencil.bytes(for: .rgba8Tile128) == 6_160_384)
        #expect(plan.segmentCount > 1)
        #expect(plan.peakBytes <= 3_000_000)
    }
}
