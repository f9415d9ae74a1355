import MercatorMath
import TestSupport
import Testing

@testable import StencilKit

/// `NeedEvents`: each frame's entering and leaving tiles, each tile's runs and the set sizes, checked against a
/// membership table built directly from the runs (a hand-worked case, then random runs on a fixed seed), and the
/// needs' events against `Needs.need(ofFrame:)`.
struct NeedEventsTests {
    /// The runs as a frames × tiles table: `table[k][t]` when tile t is in the set at frame k.
    static func table(_ runs: [NeedEvents.Run], frames: Int, tiles: Int) -> [[Bool]] {
        var table = [[Bool]](repeating: [Bool](repeating: false, count: tiles), count: frames)
        for run in runs { for k in run.first...run.last { table[k][Int(run.tile)] = true } }
        return table
    }

    /// Replays the events frame by frame and compares each frame's set with the table; checks every query.
    static func check(_ events: NeedEvents, _ runs: [NeedEvents.Run], frames: Int, tiles: Int) {
        let table = Self.table(runs, frames: frames, tiles: tiles)
        var inSet = [Bool](repeating: false, count: tiles)
        for k in 0..<frames {
            for t in events.leaving(at: k) {
                #expect(inSet[Int(t)], "frame \(k): tile \(t) leaves without being in the set")
                inSet[Int(t)] = false
            }
            for t in events.entering(at: k) {
                #expect(!inSet[Int(t)], "frame \(k): tile \(t) enters twice")
                inSet[Int(t)] = true
            }
            #expect(inSet == table[k], "frame \(k)")
        }
        #expect(events.runCount == runs.count)
        #expect(events.distinctTiles == Set(runs.map(\.tile)).count)
        #expect(events.largestSet == (table.map { $0.filter { $0 }.count }.max() ?? 0))
        for t in 0..<tiles {
            for k in 0..<frames {
                let expected = (k..<frames).first { table[$0][t] } ?? .max
                #expect(events.nextFrame(of: Int32(t), atOrAfter: k) == expected, "tile \(t) from frame \(k)")
            }
        }
        #expect(events.entering(at: -1).isEmpty && events.entering(at: frames).isEmpty)
        #expect(events.nextFrame(of: Int32(tiles), atOrAfter: 0) == .max)
    }

    @Test func aHandWorkedSet() {
        // Tile 0 at frames 0–1 and 4; tile 1 at 1–3; tile 2 at 4 (the last frame). Frame 1 holds 2 tiles, the most.
        let runs = [
            NeedEvents.Run(tile: 0, first: 0, last: 1), NeedEvents.Run(tile: 1, first: 1, last: 3),
            NeedEvents.Run(tile: 0, first: 4, last: 4), NeedEvents.Run(tile: 2, first: 4, last: 4),
        ]
        let events = NeedEvents(frameCount: 5, runs: runs)
        #expect(Array(events.entering(at: 1)) == [1])
        #expect(Array(events.leaving(at: 2)) == [0])
        #expect(Array(events.leaving(at: 4)) == [1])
        #expect(Array(events.entering(at: 4)) == [0, 2])
        #expect(events.largestSet == 2 && events.distinctTiles == 3 && events.tileCount == 3)
        #expect(events.nextFrame(of: 0, atOrAfter: 2) == 4)
        #expect(events.nextFrame(of: 1, atOrAfter: 4) == .max)
        Self.check(events, runs, frames: 5, tiles: 3)
    }

    @Test func randomRunsOnAFixedSeed() {
        var random = SplitMix64(seed: 0x4E45_4544)
        var cases = 0
        for _ in 0..<300 {
            let frames = random.int(1...40)
            let tiles = random.int(1...12)
            var runs: [NeedEvents.Run] = []
            for t in 0..<tiles {
                var k = random.int(0...frames)
                while k < frames {
                    let last = min(frames - 1, k + random.int(0...6))
                    runs.append(NeedEvents.Run(tile: Int32(t), first: k, last: last))
                    k = last + 2 + random.int(0...5)
                }
            }
            runs.sort { ($0.first, $0.tile) < ($1.first, $1.tile) }
            Self.check(NeedEvents(frameCount: frames, tileCount: tiles, runs: runs), runs, frames: frames, tiles: tiles)
            cases += 1
        }
        #expect(cases == 300)
    }

    @Test func theNeedsEventsReplayEveryFramesNeed() throws {
        let grid = try TileGrid(columns: 90, rows: 42, tileSize: 128)
        let track = try Track(
            start: PixelPoint(x: 1056, y: 2688), heading: 60, steps: [.straight(length: 1500)], on: grid,
            screen: Screen(width: 480, height: 320))
        let needs = try Needs(track: track, timing: FlightTiming(speed: 600, framesPerSecond: 30, turnRate: 90))
        let events = needs.events()
        var inSet = Set<TileIndex>()
        for k in 0..<needs.frameCount {
            for t in events.leaving(at: k) { inSet.remove(needs.tiles[Int(t)]) }
            for t in events.entering(at: k) { inSet.insert(needs.tiles[Int(t)]) }
            #expect(inSet == Set(needs.need(ofFrame: k)), "frame \(k)")
        }
        #expect(needs.frameCount > 60 && events.runCount == needs.runCount)
    }
}
