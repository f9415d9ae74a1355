import Foundation
import MercatorMath
import StencilKit

/// A chase camera over JFK → LHR's filed plan (§11 along §12's ground timing): a 1280 × 720 screen at pitch 60°,
/// 3,000 m above the ground, levels 0…16, over the `jfk-lhr-ground` route (XYZ z = 12, great circles, 250 m/s, one
/// frame a second). Times the pitched stencil, the pitched needs (built from run diffs) and the schedule at the least
/// capacity, and counts what a per-frame cover would have touched, to show the needs' work follows the changes.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct ChaseBenchmark {
    struct Result: Sendable {
        var frames = 0
        var stencilSeconds = 0.0
        var needsSeconds = 0.0
        var scheduleSeconds = 0.0
        var realTiles = 0
        var tilesPerLevel: [Int: Int] = [:]
        var bytes = 0
        var runs = 0
        var tileFrames = 0
        var capacity = 0
        var requests = 0
        var violations: [String] = []
        /// The flight's stencil, needs and schedule are computed without error (one correctness check).
        var findings: Findings {
            var f = Findings()
            f.check(violations)
            return f
        }
    }

    static func track() throws -> Track {
        let points: [(Double, Double)] = [
            (40.6413, -73.7781), (50, -50), (52, -40), (53, -30), (53, -20), (51.47, -0.4543),
        ]
        return try Track(
            waypoints: points.map { try GeoCoordinate(latitude: $0.0, longitude: $0.1) }, on: .xyz(level: 12),
            screen: Screen(width: 1024, height: 768), legs: .greatCircle)
    }

    static func camera() throws -> ChaseCamera {
        try ChaseCamera(
            pitch: 60, width: 1280, height: 720, levels: LevelOfDetail(tileSize: 256, maxLevel: 16),
            zoom: .altitude(3000))
    }

    static func run() -> Result {
        var result = Result()
        do {
            let frames = try TrackFrames(track: track(), timing: GroundTiming(speed: 250, framesPerSecond: 1))
            let camera = try camera()
            result.frames = frames.count
            let clock = ContinuousClock()
            var start = clock.now
            let stencil = try PitchedStencil(frames: frames, camera: camera)
            result.stencilSeconds = Timing.seconds(clock.now - start)
            result.realTiles = stencil.realTileCount
            result.tilesPerLevel = stencil.realTileCountPerLevel
            result.bytes = stencil.bytes(for: .rgba8Tile256)
            start = clock.now
            let needs = try Needs<TileID>(frames: frames, camera: camera)
            result.needsSeconds = Timing.seconds(clock.now - start)
            result.runs = needs.runCount
            result.tileFrames = needs.needSizes().reduce(0, +)
            let loader = try LoaderModel(latency: 0.5, throughput: 20)
            start = clock.now
            let capacity = StreamingSchedule<TileID>.smallestCapacity(for: needs, loader: loader)
            let schedule = try StreamingSchedule<TileID>(needs: needs, capacity: capacity, loader: loader)
            result.scheduleSeconds = Timing.seconds(clock.now - start)
            result.capacity = capacity
            result.requests = schedule.requestCount
        } catch {
            result.violations.append("chase camera JFK → LHR: \(error)")
        }
        return result
    }

    static func text(_ r: Result) -> String {
        let levels = r.tilesPerLevel.keys.sorted().map { "\($0): \(r.tilesPerLevel[$0]!)" }.joined(separator: ", ")
        return "\nchase camera JFK → LHR (z = 12 plan, 250 m/s, 1 fps, 1280×720 at pitch 60°, 3,000 m, levels 0…16): "
            + "\(r.frames) frames\n"
            + "  pitched stencil: \(r.realTiles) real tiles (\(levels)), \(r.bytes / 1_048_576) MiB at RGBA8 256 px, "
            + "in \(Figures.time(r.stencilSeconds))\n"
            + "  pitched needs: \(r.runs) runs for \(r.tileFrames) tile-frames (the work follows the \(r.runs) changes, not "
            + "the \(r.tileFrames) tiles of every frame), in \(Figures.time(r.needsSeconds))\n"
            + "  schedule (λ 0.5 s, μ 20 tiles/s): least capacity \(r.capacity) tiles, \(r.requests) requests, "
            + "in \(Figures.time(r.scheduleSeconds))\n"
    }
}
