import Foundation
import MercatorMath
import StencilKit
import StencilScenarios

/// The built-in chase scenario `jfk-lhr-chase` (§11 along §12's ground timing), read and set up as every command
/// reads it, so the figures are its camera's: times the pitched stencil, the needs (built from run diffs) and the
/// schedule at the least capacity with the scenario's loader, and counts what a per-frame cover would have touched,
/// to show the needs' work follows the changes.
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
        var name = ""
        var summary = ""
        var loader: LoaderModel?
        /// Whether the scenario gave no loader (the default was used).
        var defaultLoader = false
        var violations: [String] = []
        /// The flight's stencil, needs and schedule are computed without error (one correctness check).
        var findings: Findings {
            var f = Findings()
            f.check(violations)
            return f
        }
    }

    /// The scenario measured.
    static let scenarioName = "jfk-lhr-chase"

    /// The built-in chase scenario's figures.
    static func run() -> Result {
        do {
            guard let scenario = try BuiltinScenarios.named(scenarioName) else {
                throw ScenarioError("the built-in scenario \(scenarioName) is missing")
            }
            return run(try ScenarioSetup(scenario))
        } catch {
            var result = Result()
            result.name = scenarioName
            result.violations.append("chase camera \(scenarioName): \(error)")
            return result
        }
    }

    /// The figures of a scenario with a camera (`run SCENARIO` on such a scenario).
    static func run(_ setup: ScenarioSetup) -> Result {
        var result = Result()
        let scenario = setup.scenario
        result.name = scenario.name
        do {
            guard let camera = setup.chase else {
                throw ScenarioError("\(scenario.source) has no \"camera\"")
            }
            // A scenario without a "loader" is planned with λ 0.1 s, μ 50 tiles/s, and the text says so.
            let loaderSpec = scenario.loader ?? (latency: 0.1, throughput: 50)
            result.defaultLoader = scenario.loader == nil
            let frames = setup.frames
            result.summary = scenario.summary ?? scenarioName
            result.frames = frames.count
            let clock = ContinuousClock()
            var start = clock.now
            let stencil = try PitchedStencil(frames: frames, camera: camera)
            result.stencilSeconds = Timing.seconds(clock.now - start)
            result.realTiles = stencil.realTileCount
            result.tilesPerLevel = stencil.realTileCountPerLevel
            result.bytes = stencil.bytes(for: setup.format)
            start = clock.now
            let needs = try Needs(frames: frames, camera: camera)
            result.needsSeconds = Timing.seconds(clock.now - start)
            result.runs = needs.runCount
            result.tileFrames = needs.needSizes().reduce(0, +)
            let loader = try LoaderModel(latency: loaderSpec.latency, throughput: loaderSpec.throughput)
            result.loader = loader
            start = clock.now
            let capacity = StreamingSchedule.smallestCapacity(for: needs, loader: loader)
            let schedule = try StreamingSchedule(needs: needs, capacity: capacity, loader: loader)
            result.scheduleSeconds = Timing.seconds(clock.now - start)
            result.capacity = capacity
            result.requests = schedule.requestCount
        } catch {
            result.violations.append("chase camera \(scenario.name): \(error)")
        }
        return result
    }

    static func text(_ r: Result) -> String {
        let levels = r.tilesPerLevel.keys.sorted().map { "\($0): \(r.tilesPerLevel[$0]!)" }.joined(separator: ", ")
        return "\nchase camera \(r.name) (\(r.summary)): "
            + "\(r.frames) frames\n"
            + "  pitched stencil: \(r.realTiles) real tiles (\(levels)), \(r.bytes / 1_048_576) MiB at the scenario's bytes per tile, "
            + "in \(Figures.time(r.stencilSeconds))\n"
            + "  pitched needs: \(r.runs) runs for \(r.tileFrames) tile-frames (the work follows the \(r.runs) changes, not "
            + "the \(r.tileFrames) tiles of every frame), in \(Figures.time(r.needsSeconds))\n"
            + "  schedule (λ \(r.loader.map { MessageNumber.text($0.latency) } ?? "?") s, μ "
            + "\(r.loader.map { MessageNumber.text($0.throughput) } ?? "?") tiles/s"
            + (r.defaultLoader ? ", a default: the scenario has no loader" : "")
            + "): least capacity \(r.capacity) tiles, \(r.requests) requests, "
            + "in \(Figures.time(r.scheduleSeconds))\n"
    }
}
