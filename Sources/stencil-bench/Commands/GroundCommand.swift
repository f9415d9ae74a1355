import Foundation
import StencilKit

/// `stencil-bench ground SCENARIO [--json] [--capacity N] [--latency S --throughput N]`: on a scenario flown at
/// ground speeds, how far the old approach's px/s timing (one px speed, the ground speed × κ at the route's mean
/// latitude) puts the aircraft from where it is, and how many frames the schedule planned on that timing stalls when
/// flown at the true times (``PixelTimingError``). The loaders are the scenario's `"loader"` (if any) and the
/// streaming comparison's two, or the one `--latency` and `--throughput` give; the capacities the old schedule's
/// smallest and the scenario's budget, or `--capacity`.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum GroundCommand {
    /// Runs the command on the words after `ground`; exit status 0.
    static func run(_ words: [String]) throws -> Int32 {
        let args = try Arguments(
            words, command: "ground",
            spec: .init(valued: ["--capacity", "--latency", "--throughput"], switches: ["--json"]))
        let progress = Progress("ground: reading the scenario")
        defer { progress.finish() }
        let setup = try ScenarioSetup(args, command: "ground")
        let latency = try args.double("--latency", "a number of seconds ≥ 0", valid: { $0 >= 0 })
        let throughput = try args.double("--throughput", "a number of tiles per second > 0")
        var loaders: [LoaderSetting] = []
        switch (latency, throughput) {
        case (let latency?, let throughput?):
            do {
                loaders = [
                    LoaderSetting(name: "given", loader: try LoaderModel(latency: latency, throughput: throughput))
                ]
            } catch { throw ScenarioError(setup.scenario.source, error) }
        case (nil, nil):
            if let own = setup.scenario.loader,
                let loader = try? LoaderModel(latency: own.latency, throughput: own.throughput)
            {
                loaders.append(LoaderSetting(name: "scenario", loader: loader))
            }
            loaders += LoaderSetting.standard
        default:
            throw UsageError("'ground' needs both --latency and --throughput, or neither")
        }
        let capacity = try args.int("--capacity", minimum: 1)
        progress.update("ground: checking the flight against the terrain")
        _ = try setup.validatedStencil()
        let report = try PixelTimingError(setup, loaders: loaders, capacity: capacity, progress: progress)
        progress.finish()
        if args.has("--json") {
            print(report.json.rendered(), terminator: "")
        } else {
            print(report.text, terminator: "")
        }
        return 0
    }
}
