import Foundation
import MercatorMath
import StencilKit
import StencilKitIO
import Testing

/// The README's streaming track: Zürich eastward at XYZ level 12, 240 px at 240 px/s, 60 fps.
func readmeStreamingTrack() throws -> (Track, Needs<TileIndex>) {
    let start = try GeoCoordinate(latitude: 47.3769, longitude: 8.5417)
    let end = try GeoCoordinate(latitude: 47.3769, longitude: 8.6241)
    let track = try Track(waypoints: [start, end], on: .xyz(level: 12), screen: Screen(width: 480, height: 320))
    let needs = try Needs<TileIndex>(track: track, timing: FlightTiming(speed: 240, framesPerSecond: 60, turnRate: 90))
    return (track, needs)
}

/// Flies `needs` in real time with a schedule planned on the loader model calibrated over `source` (margin 0.5, one
/// frame more latency for per-frame steps), at its least capacity; counts frames drawn with a needed tile not yet
/// arrived, the driver's at-risk reports, and the most tiles resident or loading at once.
/// The grid of the README's streaming track.
private let readmeGrid = try! TileGrid.xyz(level: 12)

private func fly(_ needs: Needs<TileIndex>, over source: any TileSource) throws -> (
    stalls: Int, atRisk: Int, peak: Int, capacity: Int, loads: Int
) {
    let loader = try TileLoader(source: source, grid: readmeGrid, workers: 2)
    let measured = loader.calibrate(reading: Array(needs.tiles.prefix(32)))
    let model = try measured.model(margin: 0.5).forSteps(every: 1 / needs.framesPerSecond)
    let capacity = StreamingSchedule.smallestCapacity(for: needs, loader: model)
    let schedule = try StreamingSchedule(needs: needs, capacity: capacity, loader: model)
    let clock = try LoaderClock(now: -schedule.takeoffWait)
    loader.clock = clock
    var resident = Set<TileIndex>()
    var held = 0
    var peak = 0
    var stalls = 0
    var atRiskCount = 0
    var loads = 0
    var driver = ScheduleDriver(schedule: schedule)
    var requests: [TileIndex] = [], evictions: [TileIndex] = [], atRisk: [TileIndex] = []
    for frame in -1..<schedule.frameCount {
        let t = frame < 0 ? -schedule.takeoffWait : Double(frame) / needs.framesPerSecond
        clock.sleep(until: t)
        for load in loader.completions(through: t) {
            #expect(load.payload != nil)
            resident.insert(load.tile)
            loads += 1
            driver.completed(load.tile, at: load.time, atRisk: &atRisk)
            atRiskCount += atRisk.count
        }
        driver.step(to: t, requests: &requests, evictions: &evictions, atRisk: &atRisk)
        atRiskCount += atRisk.count
        for tile in evictions {
            resident.remove(tile)
            held -= 1
        }
        for tile in requests {
            loader.request(tile)
            held += 1
        }
        peak = max(peak, held)
        if frame >= 0, needs.need(ofFrame: frame).contains(where: { !resident.contains($0) }) { stalls += 1 }
    }
    return (stalls, atRiskCount, peak, capacity, loads)
}

@Test func aScheduleFlownOverASlowSourceWithTheCalibratedModelNeverStalls() throws {
    let (_, needs) = try readmeStreamingTrack()
    let root = try makeTemporaryDirectory("slow")
    defer { removeTemporary(root) }
    try writeTiles(needs.tiles.map { try readmeGrid.tileID(of: $0) }, root: root)
    // Every read takes 2 ms more: λ about 2 ms, μ about 2 workers / 2 ms.
    let source = SlowTileSource(base: try TileDirectory(path: root), microseconds: 2_000)
    let flown = try fly(needs, over: source)
    #expect(flown.stalls == 0)
    #expect(flown.atRisk == 0)
    #expect(flown.peak <= flown.capacity)
    #expect(flown.loads >= needs.tiles.count)
}
