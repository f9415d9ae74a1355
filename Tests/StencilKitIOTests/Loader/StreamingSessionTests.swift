import Foundation
import MercatorMath
import StencilKit
import StencilKitIO
import Testing

/// A streaming session flies a schedule in real time: flat and pitched, stall-free when the model holds, missing
/// tiles counted from residency (and matched against the driver's at-risk reports) when it does not, a clock that
/// starts at the first frame, waits that end.
struct StreamingSessionTests {
    /// The README flight planned on `loader`'s calibration over the zurich-z12 fixture (margin 0.5, one frame more
    /// latency) at its least capacity.
    private func plannedREADMEFlight(_ loader: TileLoader<TileIndex, Data>) throws -> (
        Needs<TileIndex>, StreamingSchedule<TileIndex>
    ) {
        let (_, needs) = try readmeStreamingTrack()
        let measured = loader.calibrate(reading: Array(needs.tiles.prefix(32)))
        let model = try measured.model(margin: 0.5).forSteps(every: 1 / needs.framesPerSecond)
        let capacity = StreamingSchedule.smallestCapacity(for: needs, loader: model)
        return (needs, try StreamingSchedule(needs: needs, capacity: capacity, loader: model))
    }

    @Test func aFlatFlightOverTheFixtureDrawsEveryTileOfEveryFrame() throws {
        let (track, _) = try readmeStreamingTrack()
        let archive = try PMTilesReader(path: Fixtures.path("zurich-z12.pmtiles"))
        let loader = try TileLoader(source: archive, grid: track.grid)
        let (needs, schedule) = try plannedREADMEFlight(loader)

        var session = try StreamingSession(schedule: schedule, needs: needs, loader: loader)
        var frames: [Int] = []
        var wrongNeeds = 0
        var wrongBytes = 0
        while let report = session.nextFrame() {
            frames.append(report.frame)
            guard report.frame >= 0 else { continue }
            let need = session.need
            if Set(need) != Set(needs.need(ofFrame: report.frame)) { wrongNeeds += 1 }
            for tile in need {
                guard let bytes = session.resident[tile]?.payload else { continue }  // missing: counted by the session
                if bytes != Data("tile 12/\(tile.column)/\(tile.row)".utf8) { wrongBytes += 1 }
            }
        }
        let totals = session.totals
        let outstanding = session.loader.outstanding
        let ready = session.isReadyForTakeOff
        #expect(ready)
        #expect(frames == Array(-1..<schedule.frameCount))
        #expect(wrongNeeds == 0 && wrongBytes == 0)
        #expect(totals.framesDrawn == schedule.frameCount)
        #expect(totals.stalledFrames == 0 && totals.missing == 0 && totals.atRisk == 0)
        #expect(totals.requests == schedule.requestCount)
        #expect(totals.peakSlots <= schedule.capacity)
        #expect(outstanding == 0)
        #expect(session.nextFrame() == nil)
    }

    @Test func aCockpitCameraFlightPlaysItsTileIDsDirectly() throws {
        let (track, _) = try readmeStreamingTrack()
        let frames = try TrackFrames(track: track, timing: FlightTiming(speed: 240, framesPerSecond: 30, turnRate: 90))
        let chase = try ChaseCamera(
            pitch: 60, width: 1024, height: 768, levels: LevelOfDetail(minLevel: 4, maxLevel: 16),
            zoom: .mapZoom(12.4))
        let needs = try Needs<TileID>(frames: frames, camera: chase)
        #expect(Set(needs.tiles.map(\.level)).count > 1)  // mixed levels
        let source = MemoryTileSource(tiles: Dictionary(uniqueKeysWithValues: needs.tiles.map { ($0, testBytes($0)) }))
        let loader = try TileLoader(source: source, workers: 2)
        let model = try LoaderModel(latency: 0.1, throughput: 300).forSteps(every: 1 / frames.framesPerSecond)
        let schedule = try StreamingSchedule<TileID>(
            needs: needs, capacity: StreamingSchedule<TileID>.smallestCapacity(for: needs, loader: model), loader: model
        )

        var session = try StreamingSession(schedule: schedule, needs: needs, loader: loader)
        var wrong = 0
        while let report = session.nextFrame() {
            guard report.frame >= 0 else { continue }
            let need = session.need
            if Set(need) != Set(needs.need(ofFrame: report.frame)) { wrong += 1 }
            for tile in need where session.resident[tile].map({ $0.payload != testBytes(tile) }) ?? false {
                wrong += 1
            }
        }
        let totals = session.totals
        #expect(wrong == 0)
        #expect(totals.framesDrawn == needs.frameCount && totals.stalledFrames == 0 && totals.atRisk == 0)
        #expect(totals.requests == schedule.requestCount && totals.peakSlots <= schedule.capacity)
    }

    @Test func missingTilesAreCountedFromResidencyAndTheDriverHadReportedThem() throws {
        // A schedule planned for a loader 100 times faster than the source: frames are drawn with holes. Every tile
        // missing at a frame must have been reported at risk by the driver by then, and the counts are not zero.
        let (track, needs) = try readmeStreamingTrack()
        let root = try makeTemporaryDirectory("session-slow")
        defer { removeTemporary(root) }
        try writeTiles(needs.tiles.map { try track.grid.tileID(of: $0) }, root: root)
        let source = SlowTileSource(base: try TileDirectory(path: root), microseconds: 15_000)
        let loader = try TileLoader(source: source, grid: track.grid, workers: 1)
        let model = try LoaderModel(latency: 0.001, throughput: 10_000).forSteps(every: 1 / needs.framesPerSecond)
        let capacity = StreamingSchedule.smallestCapacity(for: needs, loader: model)
        let schedule = try StreamingSchedule(needs: needs, capacity: capacity, loader: model)

        var session = try StreamingSession(schedule: schedule, needs: needs, loader: loader)
        var reported = Set<TileIndex>()
        var unreported = 0
        var missingFrames = 0
        var missingCounted = 0
        while let report = session.nextFrame() {
            reported.formUnion(session.atRisk)
            let missing = session.missing
            #expect(report.missing == missing.count && report.atRisk == session.atRisk.count)
            missingCounted += missing.count
            if !missing.isEmpty { missingFrames += 1 }
            for tile in missing where !reported.contains(tile) { unreported += 1 }
            // Missing means: needed and not resident.
            for tile in missing {
                if session.resident[tile] != nil { unreported += 1_000 }
            }
        }
        let totals = session.totals
        #expect(missingFrames > 0 && totals.stalledFrames == missingFrames)
        #expect(totals.missing == missingCounted && totals.atRisk > 0)
        #expect(unreported == 0)
    }

    @Test func theClockStartsAtTheFirstFrameNotWhenTheSessionIsMade() throws {
        let (track, _) = try readmeStreamingTrack()
        let loader = try TileLoader(
            source: try PMTilesReader(path: Fixtures.path("zurich-z12.pmtiles")), grid: track.grid)
        let (needs, schedule) = try plannedREADMEFlight(loader)
        var session = try StreamingSession(schedule: schedule, needs: needs, loader: loader, speedup: 10)
        let before = session.clock
        #expect(before == nil)
        usleep(200_000)  // a slow start (building a large driver): 2 s of flight time at 10×
        let preload = session.nextFrame()
        let now = session.clock.map(\.now) ?? .nan
        #expect(preload?.frame == -1 && preload?.time == -schedule.takeoffWait)
        // The clock read −w at frame −1: a clock started when the session was made would read 2 s more.
        #expect(now + schedule.takeoffWait < 0.5)
        #expect(session.loader.clock == session.clock)
    }

    @Test func aWaitForATileThatNeverComesEnds() throws {
        let (track, needs) = try readmeStreamingTrack()
        let source = NeverSource()
        defer { source.release() }
        let loader = try TileLoader(source: source, grid: track.grid, workers: 1)
        let model = try LoaderModel(latency: 0.001, throughput: 10_000).forSteps(every: 1 / needs.framesPerSecond)
        let schedule = try StreamingSchedule(
            needs: needs, capacity: StreamingSchedule.smallestCapacity(for: needs, loader: model), loader: model)
        var session = try StreamingSession(
            schedule: schedule, needs: needs, loader: loader, stallPolicy: .wait(limit: 0.05))
        let start = Date()
        let preload = session.nextFrame()
        let first = session.nextFrame()
        let elapsed = Date().timeIntervalSince(start)
        #expect(preload?.frame == -1 && first?.frame == 0)
        #expect((first?.wait ?? 0) >= 0.04 && (first?.missing ?? 0) > 0 && first?.isStalled == true)
        #expect(session.delay == first?.wait)
        #expect(elapsed < 5)
    }

    @Test func aSessionRefusesBadParameters() throws {
        let (track, needs) = try readmeStreamingTrack()
        let loader = try TileLoader(source: MemoryTileSource(tiles: [:]), grid: track.grid)
        let model = try LoaderModel(latency: 0.1, throughput: 100)
        let schedule = try StreamingSchedule(
            needs: needs, capacity: StreamingSchedule.smallestCapacity(for: needs, loader: model), loader: model)
        #expect(throws: TileLoaderError.self) {
            _ = try StreamingSession(schedule: schedule, needs: needs, loader: loader, speedup: 0)
        }
        #expect(throws: TileLoaderError.self) {
            _ = try StreamingSession(schedule: schedule, needs: needs, loader: loader, stallPolicy: .wait(limit: .nan))
        }
        let other = try Needs<TileIndex>(
            track: track, timing: FlightTiming(speed: 240, framesPerSecond: 30, turnRate: 90))
        do {
            _ = try StreamingSession(schedule: schedule, needs: other, loader: loader)
            Issue.record("needs of other frames were accepted")
        } catch {
            #expect(error.description.contains("\(schedule.frameCount) frames"))
        }
    }
}

/// A source whose reads block until ``release()``: a load that never comes while the test runs.
private final class NeverSource: TileSource, @unchecked Sendable {
    private let gate = DispatchSemaphore(value: 0)
    func tileData(for tile: TileID) throws -> Data? {
        gate.wait()
        gate.signal()
        return nil
    }
    func release() { gate.signal() }
}
