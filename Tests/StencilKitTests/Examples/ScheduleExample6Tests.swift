import Testing

@testable import StencilKit

/// MODEL.md example 6: example 4's pivot track (W₀ = (1056, 2688), W₁ = (2080, 2688), W₂ = (2080, 3712) px on Mars
/// Viking, screen 480 × 320, d = 0) flown at 240 px/s and 60 fps with the pivot at 90°/s; loader λ = 0.1 s,
/// μ = 50 tiles/s.
struct ScheduleExample6Tests {
    static func track() throws -> Track {
        let grid = TileGrid.marsViking
        let points = try [(1056.0, 2688.0), (2080.0, 2688.0), (2080.0, 3712.0)].map { p in
            try grid.coordinate(at: PixelPoint(x: p.0, y: p.1))
        }
        return try Track(waypoints: points, on: grid, screen: Screen(width: 480, height: 320))
    }

    static let timing = try! FlightTiming(speed: 240, framesPerSecond: 60, turnRate: 90)
    static let loader = try! LoaderModel(latency: 0.1, throughput: 50)

    /// Need sizes and counts, the largest need, and the distinct tiles (= the stencil), from the runs and from
    /// culling every frame.
    @Test func needs() throws {
        let track = try Self.track()
        let frames = try track.frames(at: Self.timing)
        let needs = try Needs<TileIndex>(frames: frames)
        #expect(needs.frameCount == 573)
        let sizes = needs.needSizes()
        var histogram: [Int: Int] = [:]
        for size in sizes { histogram[size, default: 0] += 1 }
        #expect(histogram == [12: 137, 15: 140, 16: 120, 17: 12, 18: 8, 19: 11, 20: 142, 21: 3])
        #expect(sizes.indices.filter { sizes[$0] == 21 } == [276, 292, 293])
        #expect(needs.tiles.count == 91)
        #expect(Set(needs.tiles) == Set(try Stencil(track: track).real))
        #expect(
            Set(needs.need(ofFrame: 0)) == Set((19...22).flatMap { r in (7...9).map { TileIndex(column: $0, row: r) } })
        )
        // The runs against every frame culled on its own.
        let culled = try ScheduleCheck.needs(frames)
        for k in 0..<needs.frameCount { #expect(Set(needs.need(ofFrame: k)) == culled[k], "frame \(k)") }
    }

    /// Belady's MIN: 91 with 40 and 30 slots (every tile once), 95 with 22; frame by frame in the tests too.
    @Test func beladyBound() throws {
        let frames = try Self.track().frames(at: Self.timing)
        let needs = try Needs<TileIndex>(frames: frames)
        let culled = try ScheduleCheck.needs(frames)
        for (capacity, expected) in [(40, 91), (30, 91), (22, 95)] {
            #expect(needs.beladyBound(capacity: capacity) == expected)
            #expect(ScheduleCheck.beladyMisses(culled, capacity: capacity) == expected)
        }
        #expect(needs.beladyBound(capacity: 20) == nil)
        #expect(ScheduleCheck.beladyMisses(culled, capacity: 20) == nil)
    }

    /// C = 30. Frame 0 needs its 12 tiles, so the preload holds them and the wait is 0.1 + 11/50 = 0.32 s. Column 10
    /// enters when x_k + 160 > 1280 with x_k = 1056 + 4k, i.e. at frame 17 (t = 17/60); its four tiles complete as
    /// late as possible at 17/60, −1/50, −2/50, −3/50, so (10, 19) is requested at 17/60 − 0.06 − 0.1 = 0.12333 s.
    /// 91 loads (= MIN): 79 after take-off; 71 evictions (the 20 tiles of the last frame stay); peak 26.
    @Test func validScheduleAtThirtySlots() throws {
        let frames = try Self.track().frames(at: Self.timing)
        let needs = try Needs<TileIndex>(frames: frames)
        let schedule = try StreamingSchedule(needs: needs, capacity: 30, loader: Self.loader)
        #expect(schedule.preload.count == 12)
        #expect(abs(schedule.takeoffWait - 0.32) < 1e-12)
        let first = try #require(schedule.requests.first)
        #expect(first.tile == TileIndex(column: 10, row: 19))
        #expect(abs(first.time - (17.0 / 60 - 0.06 - 0.1)) < 1e-12)
        #expect(schedule.requestCount == 91)
        #expect(schedule.requests.count == 79)
        #expect(schedule.evictions.count == 71)
        #expect(schedule.beladyBound == 91)
        #expect(schedule.peakTiles == 26)
        let replay = ScheduleCheck.replay(
            schedule, needs: try ScheduleCheck.needs(frames), fps: 60, capacity: 30, latency: 0.1, throughput: 50)
        #expect(replay.failures == [])
        #expect(replay.peak == 26)
    }

    /// C = 21 is refused: frames 286…292 lie within λ = 0.1 s (6/60) and need 22 distinct tiles; no throughput
    /// helps. C = 22 works (MODEL's simple reload-after-each-gap plan takes 98 loads; MIN is 95).
    @Test func smallestCapacityIsTwentyTwo() throws {
        let frames = try Self.track().frames(at: Self.timing)
        let needs = try Needs<TileIndex>(frames: frames)
        let culled = try ScheduleCheck.needs(frames)
        #expect(ScheduleCheck.windowBound(culled, fps: 60, latency: 0.1) == 22)
        #expect(culled[286...292].reduce(into: Set<TileIndex>()) { $0.formUnion($1) }.count == 22)
        let reason = try #require(
            ScheduleCheck.refusal { () throws(StencilError) in
                try StreamingSchedule(needs: needs, capacity: 21, loader: Self.loader)
            })
        #expect(reason.smallestCapacity == 22)
        #expect(reason.smallestThroughput == nil)
        #expect(reason.windowBound == 22)
        #expect(reason.heldTiles == 22)
        #expect(reason.frames == 286...292)
        let text = String(describing: StencilError.infeasibleSchedule(reason))
        #expect(text.contains("286…292") && text.contains("22"))
        let schedule = try StreamingSchedule(needs: needs, capacity: 22, loader: Self.loader)
        let replay = ScheduleCheck.replay(
            schedule, needs: culled, fps: 60, capacity: 22, latency: 0.1, throughput: 50)
        #expect(replay.failures == [])
        #expect(schedule.peakTiles == 22)
        #expect(schedule.requestCount >= 95 && schedule.requestCount <= 98)
        #expect(StreamingSchedule.smallestCapacity(for: needs, loader: Self.loader) == 22)
    }

    /// The least throughput for C = 30 lies between 6.44 and 7.46 tiles/s (MODEL.md): a schedule is planned at
    /// 7.46, and a refusal below names a throughput in that bracket (to within 1 %), which works, while 1 % less
    /// is refused.
    @Test func throughputForThirtySlots() throws {
        let needs = try Needs<TileIndex>(frames: Self.track().frames(at: Self.timing))
        #expect(throws: Never.self) {
            try StreamingSchedule(needs: needs, capacity: 30, loader: LoaderModel(latency: 0.1, throughput: 7.46))
        }
        let reason = try #require(
            ScheduleCheck.refusal { () throws(StencilError) in
                try StreamingSchedule(needs: needs, capacity: 30, loader: LoaderModel(latency: 0.1, throughput: 6))
            })
        let mu = try #require(reason.smallestThroughput)
        #expect(mu >= 6.44 && mu <= 7.46 * 1.01)
        #expect(reason.smallestCapacity > 30)
        #expect(throws: Never.self) {
            try StreamingSchedule(needs: needs, capacity: 30, loader: LoaderModel(latency: 0.1, throughput: mu))
        }
        #expect(
            ScheduleCheck.refusal { () throws(StencilError) in
                try StreamingSchedule(
                    needs: needs, capacity: 30, loader: LoaderModel(latency: 0.1, throughput: mu / 1.01))
            } != nil)
        let capacity = reason.smallestCapacity
        #expect(throws: Never.self) {
            try StreamingSchedule(needs: needs, capacity: capacity, loader: LoaderModel(latency: 0.1, throughput: 6))
        }
        #expect(
            ScheduleCheck.refusal { () throws(StencilError) in
                try StreamingSchedule(
                    needs: needs, capacity: capacity - 1, loader: LoaderModel(latency: 0.1, throughput: 6))
            } != nil)
    }
}
