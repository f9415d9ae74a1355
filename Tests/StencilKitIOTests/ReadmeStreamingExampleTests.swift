import Foundation
import MercatorMath
import StencilKit
import StencilKitIO
import Testing

/// The README's streaming example, verbatim between the markers, run against the committed fixture
/// `zurich-z12.pmtiles` (written by the reference implementation, scripts/make-pmtiles-fixtures.py): no frame is drawn
/// with a tile missing, no load is reported late, and every texture holds its tile's bytes.
struct ReadmeStreamingExampleTests {
    @Test func readmeStreamingExampleRuns() throws {
        let archive = Fixtures.path("zurich-z12.pmtiles")
        let (_, allNeeds) = try readmeStreamingTrack()
        var stalls = 0
        var lateReports = 0
        var drawn = 0
        func draw(_ frame: Int, _ textures: [TileIndex: Data]) {
            drawn += 1
            stalls += allNeeds.need(ofFrame: frame).filter { textures[$0] == nil }.count
        }
        func print(_ items: Any...) {
            if "\(items)".contains("late") || "\(items)".contains("due") { lateReports += 1 }
        }

        // --- README example begins ---
        // Zürich eastward at XYZ level 12: 240 px at 240 px/s (1 s), 60 fps; its tiles in a PMTiles archive.
        let start = try GeoCoordinate(latitude: 47.3769, longitude: 8.5417)
        let end = try GeoCoordinate(latitude: 47.3769, longitude: 8.6241)
        let track = try Track(waypoints: [start, end], on: .xyz(level: 12), screen: Screen(width: 480, height: 320))
        let needs = try Needs(track: track, timing: FlightTiming(speed: 240, framesPerSecond: 60, turnRate: 90))

        let tiles = try PMTilesReader(path: archive)  // or TileDirectory(path:) for {z}/{x}/{y}.png folders
        let textureLoader = try TileLoader(source: tiles, grid: track.grid)  // 2 worker threads; payload: the bytes
        let measured = textureLoader.calibrate(reading: Array(needs.tiles.prefix(32)))  // a burst, then 16 alone
        // λ = p99 latency × 1.5, μ = measured rate / 1.5; stepped once per frame: plan for one frame more latency.
        let loader = try measured.model(margin: 0.5).forSteps(every: 1.0 / 60)
        let capacity = StreamingSchedule.smallestCapacity(for: needs, loader: loader)  // the least that works
        let schedule = try StreamingSchedule(needs: needs, capacity: capacity, loader: loader)

        let clock = try LoaderClock(now: -schedule.takeoffWait)  // the renderer's clock: seconds from take-off
        textureLoader.clock = clock  // loads are stamped on it
        var textures: [TileIndex: Data] = [:]
        var driver = ScheduleDriver(schedule: schedule)
        var requests: [TileIndex] = [], evictions: [TileIndex] = [], atRisk: [TileIndex] = []
        for frame in -1..<schedule.frameCount {  // frame −1: before take-off, when the preload is due
            let t = frame < 0 ? -schedule.takeoffWait : Double(frame) / 60
            clock.sleep(until: t)  // the renderer's vsync
            for load in textureLoader.completions(through: t) {  // report arrivals first
                textures[load.tile] = load.payload  // decode and upload here (nil: the source lacks the tile)
                driver.completed(load.tile, at: load.time, atRisk: &atRisk)
                atRisk.forEach { print("late: \($0)") }
            }
            driver.step(to: t, requests: &requests, evictions: &evictions, atRisk: &atRisk)
            evictions.forEach { textures[$0] = nil }  // release before requesting
            requests.forEach { textureLoader.request($0) }
            atRisk.forEach { print("due and not loaded: \($0)") }
            if frame >= 0 { draw(frame, textures) }  // frame 0 once driver.isReadyForTakeOff
        }
        // --- README example ends ---

        #expect(needs.frameCount == allNeeds.frameCount)
        #expect(drawn == schedule.frameCount)
        #expect(driver.isReadyForTakeOff)
        #expect(stalls == 0)
        #expect(lateReports == 0)
        #expect(textures.count <= capacity)
        for (index, bytes) in textures {
            #expect(bytes == Data("tile 12/\(index.column)/\(index.row)".utf8))
        }
    }
}
