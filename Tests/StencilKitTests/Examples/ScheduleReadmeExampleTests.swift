import StencilKit
import Testing

/// The README's former streaming-schedule loop (example 4's track, before the real loader of StencilKitIO: the README's
/// example now runs in `StencilKitIOTests/ReadmeStreamingExampleTests`), played against a texture loader simulated
/// from the model (FIFO, λ = 0.1 s, μ = 50 tiles/s) with the renderer stepping once per frame.
struct ScheduleReadmeExampleTests {
    /// A loader whose request at t completes at max(t + λ, previous + 1/μ); it tracks resident textures and slots.
    final class TextureLoader {
        var queue: [(tile: TileIndex, time: Double)] = []
        var last = -Double.infinity
        var resident: Set<TileIndex> = []
        var slots: Set<TileIndex> = []
        var peak = 0

        func request(_ tile: TileIndex, at t: Double) {
            last = max(t + 0.1, last + 1.0 / 50)
            queue.append((tile, last))
            slots.insert(tile)
            peak = max(peak, slots.count)
        }

        func release(_ tile: TileIndex) {
            resident.remove(tile)
            slots.remove(tile)
        }

        func completions(through t: Double) -> [(TileIndex, Double)] {
            let done = queue.filter { $0.time <= t }
            queue.removeAll { $0.time <= t }
            for (tile, _) in done { resident.insert(tile) }
            return done.map { ($0.tile, $0.time) }
        }
    }

    @Test func readmeScheduleExampleRuns() throws {
        let track = try ScheduleExample6Tests.track()
        let timing = try FlightTiming(speed: 240, framesPerSecond: 60, turnRate: 90)
        let textureLoader = TextureLoader()
        let needs = try Needs<TileIndex>(track: track, timing: timing)
        var stalls = 0
        var lateReports = 0
        func draw(_ frame: Int) {
            for tile in needs.need(ofFrame: frame) where !textureLoader.resident.contains(tile) { stalls += 1 }
        }
        func print(_ items: Any...) {
            if "\(items)".contains("late") || "\(items)".contains("due") { lateReports += 1 }
        }

        // --- README example begins ---
        // Example 4's L-shaped track at 240 px/s, 60 fps; 30 textures; a loader of 0.1 s and 50 tiles/s.
        // The driver is stepped once per frame, so plan for one frame more latency.
        let loader = try LoaderModel(latency: 0.1, throughput: 50).forSteps(every: 1.0 / 60)
        let schedule = try track.schedule(at: timing, capacity: 30, loader: loader)
        print(schedule.requestCount, schedule.beladyBound, schedule.takeoffWait)  // 91 91 0.33667

        var driver = ScheduleDriver(schedule: schedule)
        var requests: [TileIndex] = [], evictions: [TileIndex] = [], atRisk: [TileIndex] = []
        for frame in -1..<schedule.frameCount {  // frame −1: before take-off, when the preload is due
            let t = frame < 0 ? -schedule.takeoffWait : Double(frame) / 60  // the renderer's clock
            for (tile, time) in textureLoader.completions(through: t) {  // report arrivals first
                driver.completed(tile, at: time, atRisk: &atRisk)
                atRisk.forEach { print("late: \($0)") }
            }
            driver.step(to: t, requests: &requests, evictions: &evictions, atRisk: &atRisk)
            evictions.forEach { textureLoader.release($0) }  // release before requesting
            requests.forEach { textureLoader.request($0, at: t) }
            atRisk.forEach { print("due and not loaded: \($0)") }
            if frame >= 0 { draw(frame) }  // frame 0 once driver.isReadyForTakeOff
        }
        // --- README example ends ---

        #expect(schedule.requestCount == 91)
        #expect(schedule.beladyBound == 91)
        #expect(abs(schedule.takeoffWait - (0.1 + 1.0 / 60 + 11.0 / 50)) < 1e-8)
        #expect(driver.isReadyForTakeOff)
        #expect(stalls == 0)
        #expect(lateReports == 0)
        #expect(textureLoader.peak <= 30)
    }
}
