import MercatorMath
import StencilKit
import Testing

/// The README's perspective examples between the markers, with their stated figures checked, and parent fallback on a
/// pitched cover.
struct ReadmePerspectiveTests {
    @Test func readmePitchedViewExampleRuns() throws {
        // --- README example begins ---
        // A tilted map (MODEL.md example 7): Zurich at map zoom 14.3, bearing 37°, pitch 60°, 1024 × 768
        // points.
        let camera = try PerspectiveCamera(
            center: GeoCoordinate(latitude: 47.3769, longitude: 8.5417), mapZoom: 14.3, bearing: 37,
            pitch: 60,
            width: 1024, height: 768, levels: LevelOfDetail(tileSize: 256, maxLevel: 22))
        var cover = PitchedCover()  // reused frame to frame: no allocation once warm
        try camera.cover(into: &cover)  // 32 tiles: 9 of level 13 far away, 23 of level 14 near
        for tile in cover.tiles {
            // or upload camera.homography
            let onScreen = (0..<4).map { camera.screenPoint(of: tile.corners[$0]) }
            _ = (tile.realTile, onScreen)  // the texture (z/x/y) and where its square is drawn
        }
        // --- README example ends ---
        #expect(cover.tiles.count == 32)
        #expect(cover.tiles.filter { $0.level == 13 }.count == 9)
        #expect(cover.tiles.filter { $0.level == 14 }.count == 23)
    }

    @Test func readmeChaseCameraExampleRuns() throws {
        // --- README example begins ---
        // A chase camera 3,000 m above a flight from Zurich to Bern, one frame a second at 250 m/s.
        let zurich = try GeoCoordinate(latitude: 47.3769, longitude: 8.5417)
        let bern = try GeoCoordinate(latitude: 46.948, longitude: 7.4474)
        let track = try Track(
            waypoints: [zurich, bern], on: .xyz(level: 12), screen: Screen(width: 400, height: 300))
        let frames = try TrackFrames(track: track, timing: GroundTiming(speed: 250, framesPerSecond: 1))
        let chase = try ChaseCamera(
            pitch: 60, width: 1280, height: 720, levels: LevelOfDetail(tileSize: 256, maxLevel: 16),
            zoom: .altitude(3000))
        // every tile of every level the flight shows
        let stencil = try PitchedStencil(frames: frames, camera: chase)
        let needs = try Needs(frames: frames, camera: chase)  // Needs<TileID>: real tiles with their levels
        let loader = try LoaderModel(latency: 0.5, throughput: 20)
        let capacity = StreamingSchedule.smallestCapacity(for: needs, loader: loader)
        let schedule = try StreamingSchedule(needs: needs, capacity: capacity, loader: loader)
        // the same driver as a flat screen's, stepped once a frame
        var driver = ScheduleDriver(schedule: schedule)
        // --- README example ends ---
        var requests: [TileID] = []
        var evictions: [TileID] = []
        var atRisk: [TileID] = []
        driver.step(to: -schedule.takeoffWait, requests: &requests, evictions: &evictions, atRisk: &atRisk)
        #expect(requests.count == schedule.preload.count)
        #expect(stencil.realTileCount == needs.tiles.count)
        #expect(capacity >= needs.needSizes().max()!)
    }

    /// Parent fallback works on a pitched cover unchanged: with only level-12 tiles resident, every tile of example
    /// 7's cover (levels 13 and 14) falls back to its level-12 ancestor.
    @Test func parentFallbackWorksOnAPitchedCover() throws {
        let camera = try PerspectiveCamera(
            center: GeoCoordinate(latitude: 47.3769, longitude: 8.5417), mapZoom: 14.3, bearing: 37,
            pitch: 60,
            width: 1024, height: 768, levels: LevelOfDetail(tileSize: 256, maxLevel: 22))
        let tiles = try camera.cover()
        for tile in tiles {
            let fallback = tile.tile.parentFallback { $0.level == 12 }
            let n = tile.level
            let expected = try TileID(level: 12, x: tile.realTile.x >> (n - 12), y: tile.realTile.y >> (n - 12))
            #expect(fallback?.ancestor == expected)
            #expect(fallback?.generations == n - 12)
        }
    }
}
