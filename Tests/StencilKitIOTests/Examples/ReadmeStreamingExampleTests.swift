import Foundation
import MercatorMath
import StencilKit
import StencilKitIO
import Testing

/// The README's two streaming examples, verbatim between the markers (checked against README.md's blocks), run
/// against the committed fixtures `zurich-z12.pmtiles` and `zurich-pyramid.pmtiles` (written by the reference
/// implementation, scripts/make-pmtiles-fixtures.py): no frame is drawn with a tile missing, the driver reports no
/// load late, and every drawn texture holds its tile's bytes.
struct ReadmeStreamingExampleTests {
    @Test func readmeStreamingExampleRuns() throws {
        let archive = Fixtures.path("zurich-z12.pmtiles")
        let (_, allNeeds) = try readmeStreamingTrack()
        var stalls = 0
        var drawn = 0
        var wrongBytes = 0
        var peakResident = 0
        func draw(_ frame: Int, _ textures: [TileIndex: TileLoad<TileIndex, Data>]) {
            drawn += 1
            peakResident = max(peakResident, textures.count)
            stalls += allNeeds.need(ofFrame: frame).filter { textures[$0] == nil }.count
            for (index, load) in textures where load.payload != Data("tile 12/\(index.column)/\(index.row)".utf8) {
                wrongBytes += 1
            }
        }

        // --- README example begins ---
        // Zürich eastward at XYZ level 12: 240 px at 240 px/s (1 s), 60 fps; its tiles in a PMTiles
        // archive.
        let start = try GeoCoordinate(latitude: 47.3769, longitude: 8.5417)
        let end = try GeoCoordinate(latitude: 47.3769, longitude: 8.6241)
        let track = try Track(
            waypoints: [start, end], on: .xyz(level: 12), screen: Screen(width: 480, height: 320))
        let needs = try Needs(
            track: track, timing: FlightTiming(speed: 240, framesPerSecond: 60, turnRate: 90))

        // or TileSources.open(path) for folders and {z}/{x}/{y} templates
        let tiles = try PMTilesReader(path: archive)
        // 2 worker threads; payload: the bytes
        let textureLoader = try TileLoader(source: tiles, grid: track.grid)
        // a burst, then 16 alone
        let measured = textureLoader.calibrate(reading: Array(needs.tiles.prefix(32)))
        // λ = p99 latency × 2, μ = measured rate / 2 (margin 1, replay's default); stepped once per frame:
        // plan for one frame more latency.
        let loader = try measured.model(margin: 1).forSteps(every: 1.0 / 60)
        // the least that works
        let capacity = StreamingSchedule.smallestCapacity(for: needs, loader: loader)
        let schedule = try StreamingSchedule(needs: needs, capacity: capacity, loader: loader)

        var session = try StreamingSession(schedule: schedule, needs: needs, loader: textureLoader)
        while let frame = session.nextFrame() {  // frame −1 (the preload), then each frame at its time
            // frame.missing: tiles not there (a stall)
            if frame.frame >= 0 { draw(frame.frame, session.resident) }
        }
        // --- README example ends ---

        #expect(needs.frameCount == allNeeds.frameCount)
        #expect(drawn == schedule.frameCount)
        let ready = session.isReadyForTakeOff
        let totals = session.totals
        #expect(ready)
        #expect(stalls == 0)
        #expect(totals.stalledFrames == 0 && totals.missing == 0)
        #expect(totals.atRisk == 0)
        #expect(peakResident <= capacity)
        #expect(wrongBytes == 0)
        try expectVerbatim(block: 0)
    }

    @Test func readmeCockpitStreamingExampleRuns() throws {
        let pyramid = Fixtures.path("zurich-pyramid.pmtiles")
        let (track, _) = try readmeStreamingTrack()
        var drawn = 0
        var stalls = 0
        var wrongBytes = 0
        var absentFromArchive = 0
        var levels = Set<Int>()
        var peakResident = 0
        var perFrame: [Set<TileID>] = []
        func draw(_ frame: Int, _ textures: [TileID: TileLoad<TileID, Data>]) {
            drawn += 1
            peakResident = max(peakResident, textures.count)
            perFrame.append(Set(textures.keys))
            for (id, load) in textures {
                levels.insert(id.level)
                if load.payload == nil { absentFromArchive += 1 }
                if let bytes = load.payload, bytes != Data("tile \(id.level)/\(id.x)/\(id.y)".utf8) { wrongBytes += 1 }
            }
        }

        // --- README example begins ---
        // The same flight seen from a cockpit 1,500 m up at pitch 60°: tiles of levels 0…14 from a PMTiles
        // pyramid.
        let frames = try TrackFrames(
            track: track, timing: FlightTiming(speed: 240, framesPerSecond: 60, turnRate: 90))
        let cockpit = try ChaseCamera(
            pitch: 60, width: 640, height: 480, levels: LevelOfDetail(tileSize: 256, maxLevel: 14),
            zoom: .altitude(1500))
        // Needs<TileID>: real tiles with their levels
        let needs = try Needs(frames: frames, camera: cockpit)

        // tiles are their own XYZ ids
        let textureLoader = try TileLoader(source: PMTilesReader(path: pyramid))
        let measured = textureLoader.calibrate(reading: Array(needs.tiles.prefix(32)))
        let loader = try measured.model(margin: 1).forSteps(every: 1.0 / 60)
        let capacity = StreamingSchedule.smallestCapacity(for: needs, loader: loader)
        let schedule = try StreamingSchedule(needs: needs, capacity: capacity, loader: loader)

        var session = try StreamingSession(schedule: schedule, needs: needs, loader: textureLoader)
        while let frame = session.nextFrame() {
            if frame.frame >= 0 { draw(frame.frame, session.resident) }
        }
        // --- README example ends ---

        #expect(drawn == schedule.frameCount && drawn == frames.count)
        // Every frame's cover, computed independently by the camera at the frame's pose, is resident when drawn.
        for k in 0..<frames.count {
            let camera = try cockpit.camera(at: frames.pose(ofFrame: k), on: track.grid)
            let cover = Set(try camera.cover().map(\.realTile))
            let absent = cover.subtracting(perFrame[k])
            stalls += absent.count
        }
        let totals = session.totals
        #expect(stalls == 0)
        #expect(totals.stalledFrames == 0 && totals.missing == 0)
        #expect(totals.atRisk == 0)
        #expect(peakResident <= capacity)
        #expect(absentFromArchive == 0)
        #expect(wrongBytes == 0)
        #expect(levels.count >= 2, "a cockpit cover of several levels: \(levels.sorted())")
        try expectVerbatim(block: 1)
    }

    /// The example between this file's markers number `block` is README.md's streaming block of that number.
    func expectVerbatim(block: Int) throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Streaming: a schedule for the render loop").last)
        // Each block's code after its import lines.
        let blocks = section.components(separatedBy: "```swift\n").dropFirst().map { block in
            (block.components(separatedBy: "```").first ?? "")
                .split(separator: "\n", omittingEmptySubsequences: false)
                .drop(while: { $0.hasPrefix("import ") || $0.isEmpty })
                .joined(separator: "\n")
        }
        let examples = source.components(separatedBy: "// --- README example begins ---\n").dropFirst().map {
            ($0.components(separatedBy: "        // --- README example ends ---").first ?? "")
                .split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : String($0) }
                .joined(separator: "\n")
        }
        try #require(blocks.count >= 2 && examples.count == 2)
        #expect(blocks[block] == examples[block], "README block \(block) differs from the test's copy")
    }
}
