import Foundation
import MercatorMath
import Testing

@testable import StencilKit

/// Chase cameras along a track (§11): the camera at each pose, the pitched stencil and needs against every frame's
/// cover built on its own, and the pitched schedule replayed frame by frame against the loader model.
@Suite struct ChaseCameraTests {
    static let grid = try! TileGrid.xyz(level: 12)
    static let levels = try! LevelOfDetail(tileSize: 256, levelBias: 0, minLevel: 0, maxLevel: 16)

    /// Zurich → Bern → Lucerne, one way, at level 12.
    static func frames(fps: Double = 10) throws -> TrackFrames {
        let track = try Track(
            waypoints: [
                GeoCoordinate(latitude: 47.3769, longitude: 8.5417), GeoCoordinate(latitude: 46.948, longitude: 7.4474),
                GeoCoordinate(latitude: 47.0502, longitude: 8.3093),
            ], on: grid, screen: Screen(width: 400, height: 300))
        return try TrackFrames(track: track, timing: FlightTiming(speed: 200, framesPerSecond: fps, turnRate: 30))
    }

    static func chase(pitch: Double = 60, zoom: ChaseCamera.Zoom = .mapZoom(13)) throws -> ChaseCamera {
        try ChaseCamera(lookAhead: 100, pitch: pitch, width: 800, height: 600, levels: levels, zoom: zoom)
    }

    /// Every frame's cover, built by the camera at that pose: the unwrapped tiles and the real ones.
    static func covers(_ frames: TrackFrames, _ chase: ChaseCamera) throws -> [[PitchedTile]] {
        try (0..<frames.count).map { k in try chase.camera(at: frames.pose(ofFrame: k), on: grid).cover() }
    }

    @Test func theCameraAtAPoseLooksAheadAlongTheHeading() throws {
        let pose = TrackPose(piece: 0, parameter: 0, arcLength: 0, position: PixelPoint(x: 1000, y: 2000), heading: 90)
        let camera = try Self.chase().camera(at: pose, on: Self.grid)
        #expect(camera.center == PixelPoint(x: 1100, y: 2000))
        #expect(camera.bearing == 90)
        #expect(camera.referenceLevel == 12)
        #expect(camera.screen.scale == 0.5)  // z = 2^(12 − 13)
        #expect(camera.level == 13)
    }

    /// MODEL example 8: κ(51.47°) = 2.625251584·10⁻³ px per metre at level 8, so at 3,000 m the eye is
    /// 7.875754752 px above the ground, and z = H / (D·cos p).
    @Test func anAltitudeSetsTheEyeHeightFromTheGroundScale() throws {
        let grid = try TileGrid.xyz(level: 8)
        let y = grid.pixelY(ofLatitude: 51.47)
        let pose = TrackPose(piece: 0, parameter: 0, arcLength: 0, position: PixelPoint(x: 100, y: y), heading: 10)
        let chase = try ChaseCamera(pitch: 45, width: 1024, height: 768, levels: Self.levels, zoom: .altitude(3000))
        let camera = try chase.camera(at: pose, on: grid)
        #expect(abs(camera.eyeHeight - 7.875754752) < 1e-8)
        let d = 384 / tan(36.87 / 2 * .pi / 180)
        #expect(abs(camera.screen.scale - 7.875754752 / (d * cos(45 * .pi / 180))) < 1e-10)
        #expect(abs(camera.mapZoom - (8 - log2(camera.screen.scale))) < 1e-12)
    }

    @Test(arguments: [
        (60.0, ChaseCamera.Zoom.mapZoom(13)), (75, .mapZoom(12.6)), (0, .mapZoom(13)), (70, .altitude(2500)),
    ])
    func thePitchedStencilAndNeedsAreEveryFramesCover(pitch: Double, zoom: ChaseCamera.Zoom) throws {
        let frames = try Self.frames()
        let chase = try Self.chase(pitch: pitch, zoom: zoom)
        let covers = try Self.covers(frames, chase)
        #expect(frames.count > 100)
        let stencil = try PitchedStencil(frames: frames, camera: chase)
        let unwrapped = Set(covers.joined().map(\.tile))
        #expect(Set(stencil.tiles) == unwrapped)
        #expect(stencil.tiles.count == unwrapped.count)
        #expect(Set(stencil.real) == Set(unwrapped.map(\.canonical)))
        #expect(stencil.bytes(for: .rgba8Tile256) == stencil.real.count * 262_144)
        let needs = try Needs<TileID>(frames: frames, camera: chase)
        #expect(needs.frameCount == frames.count)
        for (k, cover) in covers.enumerated() {
            #expect(Set(needs.need(ofFrame: k)) == Set(cover.map(\.realTile)), "frame \(k)")
        }
        #expect(needs.needSizes() == covers.map { Set($0.map(\.realTile)).count })
    }

    @Test func thePitchedScheduleLoadsEveryFramesCoverInTime() throws {
        let frames = try Self.frames()
        let chase = try Self.chase(pitch: 70)
        let needSets = try Self.covers(frames, chase).map { Set($0.map(\.realTile)) }
        let needs = try Needs<TileID>(frames: frames, camera: chase)
        let loader = try LoaderModel(latency: 0.3, throughput: 40)
        let least = StreamingSchedule<TileID>.smallestCapacity(for: needs, loader: loader)
        #expect(least >= needSets.map(\.count).max()!)
        for capacity in [least, least + 7] {
            let schedule = try StreamingSchedule<TileID>(needs: needs, capacity: capacity, loader: loader)
            let (failures, peak) = ScheduleCheck.replay(
                preload: schedule.preload.map { ($0.tile, $0.time) },
                requests: schedule.requests.map { ($0.tile, $0.time) },
                evictions: schedule.evictions.map { ($0.tile, $0.time) }, takeoffWait: schedule.takeoffWait,
                needs: needSets, fps: frames.framesPerSecond, capacity: capacity, latency: 0.3, throughput: 40)
            #expect(failures.isEmpty, "\(failures)")
            #expect(peak <= capacity)
        }
        #expect(throws: StencilError.self) {
            try StreamingSchedule<TileID>(needs: needs, capacity: least - 1, loader: loader)
        }
    }

    /// The driver stepped once a frame, with completions at the model's times: every frame's cover is resident and
    /// no tile is ever at risk.
    @Test func theDriverPlaysThePitchedScheduleFrameByFrame() throws {
        let frames = try Self.frames()
        let chase = try Self.chase(pitch: 65)
        let needSets = try Self.covers(frames, chase).map { Set($0.map(\.realTile)) }
        let needs = try Needs<TileID>(frames: frames, camera: chase)
        let loader = try LoaderModel(latency: 0.2, throughput: 60)
        let schedule = try StreamingSchedule<TileID>(
            needs: needs, capacity: StreamingSchedule<TileID>.smallestCapacity(for: needs, loader: loader),
            loader: loader)
        var driver = ScheduleDriver<TileID>(schedule: schedule)
        var requests: [TileID] = []
        var evictions: [TileID] = []
        var atRisk: [TileID] = []
        var resident = Set<TileID>()
        var pending: [(tile: TileID, completion: Double)] = []
        let completions = schedule.preload.map(\.completion) + schedule.requests.map(\.completion)
        var issued = 0
        var risks = 0
        for frame in -1..<schedule.frameCount {
            let t = frame < 0 ? -schedule.takeoffWait : Double(frame) / frames.framesPerSecond
            // Completions due by t, in order (the model's completion of the m-th request).
            pending.sort { $0.completion < $1.completion }
            while let first = pending.first, first.completion <= t {
                pending.removeFirst()
                let known = driver.completed(first.tile, at: first.completion, atRisk: &atRisk)
                #expect(known)
                risks += atRisk.count
                resident.insert(first.tile)
            }
            driver.step(to: t, requests: &requests, evictions: &evictions, atRisk: &atRisk)
            risks += atRisk.count
            for tile in evictions { resident.remove(tile) }
            for tile in requests {
                pending.append((tile, completions[issued]))
                issued += 1
            }
            pending.sort { $0.completion < $1.completion }
            while let first = pending.first, first.completion <= t {
                pending.removeFirst()
                driver.completed(first.tile, at: first.completion, atRisk: &atRisk)
                risks += atRisk.count
                resident.insert(first.tile)
            }
            let ready = driver.isReadyForTakeOff
            if frame == 0 { #expect(ready, "the preload completes by take-off") }
            if frame >= 0 {
                #expect(needSets[frame].isSubset(of: resident), "frame \(frame)")
                #expect(resident.count + pending.count <= schedule.capacity)
            }
        }
        #expect(risks == 0)
        #expect(issued == schedule.requestCount)
    }

    @Test func pitchedCamerasRefuseALateralBandAndOtherGrids() throws {
        let frames = try Self.frames()
        let banded = try Track(
            waypoints: [
                GeoCoordinate(latitude: 47.3769, longitude: 8.5417), GeoCoordinate(latitude: 46.948, longitude: 7.4474),
            ], on: Self.grid, screen: Screen(width: 400, height: 300), lateralBand: 20)
        let bandedFrames = try TrackFrames(track: banded, timing: FlightTiming(speed: 200, framesPerSecond: 10))
        #expect(throws: StencilError.self) { try PitchedStencil(frames: bandedFrames, camera: Self.chase()) }
        #expect(throws: StencilError.self) { try Needs<TileID>(frames: bandedFrames, camera: Self.chase()) }
        let pose = frames.pose(ofFrame: 0)
        #expect(throws: StencilError.self) { try Self.chase().camera(at: pose, on: .marsViking) }
        #expect(throws: StencilError.self) {
            try ChaseCamera(lookAhead: -1, pitch: 60, width: 8, height: 6, levels: Self.levels, zoom: .mapZoom(3))
        }
        #expect(throws: StencilError.self) {
            try ChaseCamera(pitch: 60, width: 8, height: 6, levels: Self.levels, zoom: .mapZoom(31))
        }
        #expect(throws: StencilError.self) {
            try ChaseCamera(pitch: 60, width: 8, height: 6, levels: Self.levels, zoom: .altitude(0))
        }
        #expect(throws: StencilError.self) {
            try ChaseCamera(pitch: 90, width: 8, height: 6, levels: Self.levels, zoom: .altitude(10))
        }
        #expect(throws: StencilError.self) {
            try ChaseCamera(pitch: 60, width: 8, height: 6, levels: Self.levels, zoom: .altitude(.nan))
        }
    }
}
