import Testing

@testable import StencilKit

/// A straight leg worked by hand (MODEL.md §9): due east along y = 2688 on Mars Viking (128-px tiles), a screen
/// 256 points wide (across, north–south) and 128 high (along, east–west) at zoom 1, so the footprint is
/// x ∈ [x − 64, x + 64], y ∈ [2560, 2816]: rows 20 and 21 exactly (their edges fall on tile boundaries). Flown from
/// x = 1088 for 512 px at 64 px/s and 2 fps, frame k (t_k = k/2 s) sits at x_k = 1088 + 32k and covers
/// [1024 + 32k, 1152 + 32k]. Column c shares positive area with that when 4(c − 9) < k < 4(c − 7): column 8 at
/// frames 0…3, 9 at 1…7, 10 at 5…11, 11 at 9…15 and 12 at 13…16 (the flight ends at frame 16, t = 8 s). Tiles
/// enter one column at a time, two rows each.
struct ScheduleHandWorkedTests {
    static func leg() throws -> (Track, FlightTiming) {
        let screen = try Screen(width: 256, height: 128)
        let track = try Track(
            start: PixelPoint(x: 1088, y: 2688), heading: 90, steps: [.straight(length: 512)], on: .marsViking,
            screen: screen)
        return (track, try FlightTiming(speed: 64, framesPerSecond: 2, turnRate: 90))
    }

    /// The runs, hand-derived above, in the order MODEL.md §9 lists them: by first frame, then row-major.
    static let runs: [(column: Int, row: Int, first: Int, last: Int)] = [
        (8, 20, 0, 3), (8, 21, 0, 3), (9, 20, 1, 7), (9, 21, 1, 7), (10, 20, 5, 11), (10, 21, 5, 11),
        (11, 20, 9, 15), (11, 21, 9, 15), (12, 20, 13, 16), (12, 21, 13, 16),
    ]

    @Test func needsAreTheHandWorkedRuns() throws {
        let (track, timing) = try Self.leg()
        let needs = try Needs<TileIndex>(track: track, timing: timing)
        #expect(needs.frameCount == 17)
        #expect(
            needs.runs.map { [$0.tile.column, $0.tile.row, $0.firstFrame, $0.lastFrame] }
                == Self.runs.map { [$0.column, $0.row, $0.first, $0.last] })
        #expect(needs.tiles.count == 10)
        // Sizes from the runs: 2 tiles where one column shows, 4 where two do.
        let sizes = (0...16).map { k in Self.runs.filter { $0.first <= k && k <= $0.last }.count }
        #expect(needs.needSizes() == sizes)
        #expect(needs.beladyBound(capacity: 4) == 10)
        #expect(needs.beladyBound(capacity: 3) == nil)
    }

    /// C = 4, λ = 0.25 s, μ = 4 tiles/s (0.25 s a tile). Latest completions, backwards from the last deadline
    /// (t = 6.5 s): (12,21) 6.5, (12,20) 6.25, (11,21) 4.5, (11,20) 4.25, (10,21) 2.5, (10,20) 2.25, (9,21)
    /// min(0.5, 2.0) = 0.5, (9,20) 0.25, (8,21) min(0, 0) = 0, (8,20) −0.25. (9,20) is the first that can be requested
    /// at t ≥ 0 (0.25 − λ = 0) completing ≥ 1/μ after a preload: the preload is column 8, w = 0.25 + 1/4 = 0.5 s.
    /// Each column's tiles leave at the midpoint after their last frame: 1.75, 3.75, 5.75, 7.75 s; column 12 stays.
    @Test func scheduleAtFourSlots() throws {
        let (track, timing) = try Self.leg()
        let loader = try LoaderModel(latency: 0.25, throughput: 4)
        let schedule = try track.schedule(at: timing, capacity: 4, loader: loader)
        #expect(schedule.preload.map(\.tile) == [TileIndex(column: 8, row: 20), TileIndex(column: 8, row: 21)])
        #expect(schedule.preload.map(\.completion) == [-0.25, 0])
        #expect(schedule.takeoffWait == 0.5)
        let expected: [(Double, Int, Int)] = [
            (0, 9, 20), (0.25, 9, 21), (2, 10, 20), (2.25, 10, 21), (4, 11, 20), (4.25, 11, 21), (6, 12, 20),
            (6.25, 12, 21),
        ]
        #expect(
            schedule.requests.map { [$0.time, Double($0.tile.column), Double($0.tile.row)] }
                == expected.map { [$0.0, Double($0.1), Double($0.2)] })
        #expect(schedule.requests.map(\.completion) == [0.25, 0.5, 2.25, 2.5, 4.25, 4.5, 6.25, 6.5])
        let evictions: [(Double, Int)] = [
            (1.75, 8), (1.75, 8), (3.75, 9), (3.75, 9), (5.75, 10), (5.75, 10),
            (7.75, 11), (7.75, 11),
        ]
        #expect(schedule.evictions.map(\.time) == evictions.map(\.0))
        #expect(schedule.evictions.map(\.tile.column) == evictions.map(\.1))
        #expect(Set(schedule.evictions.map(\.tile)).count == 8)
        #expect(schedule.requestCount == 10)
        #expect(schedule.beladyBound == 10)
        #expect(schedule.peakTiles == 4)
        let needs = try ScheduleCheck.needs(track.frames(at: timing))
        let replay = ScheduleCheck.replay(
            schedule, needs: needs, fps: 2, capacity: 4, latency: 0.25, throughput: 4)
        #expect(replay.failures == [])
        #expect(replay.peak == 4)
    }

    /// μ = 1 tile/s at C = 4: latest completions (12,21) 6.5, (12,20) 5.5, (11,21) 4.5, (11,20) 3.5, (10,21) 2.5,
    /// (10,20) 1.5, (9,21) 0.5, … The first request possible after a preload (c ≥ 1/μ = 1, c − λ ≥ 0) is (10,20),
    /// so columns 8 and 9 are preloaded; (10,20) must be requested at 1.25 s while column 8 is still needed (until
    /// frame 3, t = 1.5 s): 5 slots. So the smallest capacity is 5. With 4 slots, (10,20)'s request must follow
    /// t = 1.5, i.e. its completion 2.5 − 1/μ − … > 1.5 + λ = 1.75: μ > 4/3 (and likewise for columns 11 and 12).
    /// No frame needs more than 4 tiles and frames are 0.5 s > λ apart, so the window bound is 4.
    @Test func throughputTooLowIsRefusedWithBothFigures() throws {
        let (track, timing) = try Self.leg()
        let needs = try Needs<TileIndex>(track: track, timing: timing)
        let refusal = ScheduleCheck.refusal { () throws(StencilError) in
            try StreamingSchedule(needs: needs, capacity: 4, loader: LoaderModel(latency: 0.25, throughput: 1))
        }
        let reason = try #require(refusal)
        #expect(reason.smallestCapacity == 5)
        #expect(reason.windowBound == 4)
        let mu = try #require(reason.smallestThroughput)
        #expect(mu > 4.0 / 3 && mu <= 4.0 / 3 * 1.0101)
        // Re-planned at each figure it works; one step below, it is refused.
        #expect(throws: Never.self) {
            try StreamingSchedule(needs: needs, capacity: 5, loader: LoaderModel(latency: 0.25, throughput: 1))
        }
        #expect(throws: Never.self) {
            try StreamingSchedule(needs: needs, capacity: 4, loader: LoaderModel(latency: 0.25, throughput: mu))
        }
        #expect(
            ScheduleCheck.refusal { () throws(StencilError) in
                try StreamingSchedule(
                    needs: needs, capacity: 4, loader: LoaderModel(latency: 0.25, throughput: mu / 1.01))
            } != nil)
        #expect(reason.frames.lowerBound <= 3)
        // The same figures from the public searches.
        #expect(StreamingSchedule.windowBound(for: needs, latency: 0.25) == 4)
        let slow = try LoaderModel(latency: 0.25, throughput: 1)
        #expect(StreamingSchedule.smallestCapacity(for: needs, loader: slow) == 5)
        let searched = try #require(StreamingSchedule.smallestThroughput(for: needs, capacity: 4, latency: 0.25))
        #expect(searched > 4.0 / 3 && searched <= 4.0 / 3 * 1.0101)
        #expect(StreamingSchedule.smallestThroughput(for: needs, capacity: 3, latency: 0.25) == nil)
        #expect(String(describing: StencilError.infeasibleSchedule(reason)).contains("5 tiles"))
        #expect(StencilError.infeasibleSchedule(reason).kind == "infeasible")
    }

    /// Three slots: frames 1–3 need four tiles, so no throughput can help; the smallest capacity is 4.
    @Test func capacityBelowAFrameNeedIsRefusedWithoutThroughput() throws {
        let (track, timing) = try Self.leg()
        let needs = try Needs<TileIndex>(track: track, timing: timing)
        let reason = try #require(
            ScheduleCheck.refusal { () throws(StencilError) in
                try StreamingSchedule(needs: needs, capacity: 3, loader: LoaderModel(latency: 0.25, throughput: 4))
            })
        #expect(reason.smallestCapacity == 4)
        #expect(reason.smallestThroughput == nil)
        #expect(reason.windowBound == 4)
        #expect(reason.heldTiles == 4)
        #expect(String(describing: StencilError.infeasibleSchedule(reason)).contains("no throughput"))
    }

    /// Bad loaders and capacities are refused with what would be valid.
    @Test func badInputIsRefused() throws {
        for (latency, throughput) in [
            (-1.0, 1.0), (.nan, 1), (.infinity, 1), (0, 0), (0, -2), (0, .nan), (0, .infinity),
        ] {
            #expect(throws: StencilError.self) { try LoaderModel(latency: latency, throughput: throughput) }
        }
        #expect(throws: Never.self) { try LoaderModel(latency: 0, throughput: 1) }
        let (track, timing) = try Self.leg()
        let loader = try LoaderModel(latency: 0, throughput: 1)
        for capacity in [0, -5, Int.min] {
            #expect(throws: StencilError.self) { try track.schedule(at: timing, capacity: capacity, loader: loader) }
        }
        // Too many frames: 1e-9 px/s is a valid speed, but the flight would take 5e11 s.
        let slow = try FlightTiming(speed: 1e-9, framesPerSecond: 60, turnRate: 90)
        do {
            _ = try Needs<TileIndex>(track: track, timing: slow)
            Issue.record("expected tooLarge")
        } catch {
            #expect(error.kind == "tooLarge")
        }
    }
}
