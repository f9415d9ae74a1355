import StencilKit
import StencilPictures
import StencilScenarios

/// The streaming schedule of a scenario as `stencil-bench schedule` plans it: the needs of its frames
/// (``Needs<TileIndex>/init(frames:)``), the loader of its `"loader"` block or of `--latency` and `--throughput`, and the
/// capacity of its budget or of `--capacity`.
struct ScenarioSchedule {
    /// The scenario's track, frames and budget.
    let setup: ScenarioSetup
    /// The schedule planned.
    let schedule: StreamingSchedule<TileIndex>
    /// The slots C it was planned with.
    let capacity: Int

    /// The valued options that choose the loader and the capacity.
    static let options = ["--capacity", "--latency", "--throughput"]

    /// The loader's λ and μ: `--latency` and `--throughput`, else the scenario's `"loader"`.
    /// - Throws: ``UsageError`` (kind `missingLoader`) when neither gives one, or an option is out of range.
    static func loader(of setup: ScenarioSetup, _ args: Arguments) throws -> (latency: Double, throughput: Double) {
        let scenario = setup.scenario
        let latency =
            try args.double("--latency", "a number of seconds ≥ 0", valid: { $0 >= 0 }) ?? scenario.loader?.latency
        let throughput =
            try args.double("--throughput", "a number of tiles per second > 0") ?? scenario.loader?.throughput
        guard let latency, let throughput else {
            throw UsageError(
                "\(scenario.source) has no \"loader\": add \"loader\": {\"latency\": λ, \"throughput\": μ} to the "
                    + "scenario, or give --latency and --throughput", kind: "missingLoader")
        }
        return (latency, throughput)
    }

    /// Plans the schedule of `setup` with the loader and capacity that `args` give, or the scenario's.
    /// - Throws: ``UsageError`` when neither the scenario nor the options give a loader, an option is out of
    ///   range, or the scenario has a chase camera (its schedule is the pitched one); ``ScenarioError`` when the scenario is off its terrain or no schedule fits (kind `infeasible`).
    init(_ setup: ScenarioSetup, _ args: Arguments, command: String) throws {
        let scenario = setup.scenario
        let (latency, throughput) = try Self.loader(of: setup, args)
        guard setup.chase == nil else {
            throw UsageError(
                "'\(command)' draws flat scenarios: \(scenario.source) has a chase camera, whose pitched schedule "
                    + "`stencil-bench schedule` plans")
        }
        capacity = try args.int("--capacity", minimum: 1) ?? setup.budget.capacity(for: setup.format)
        _ = try setup.validatedStencil()
        do {
            let loader = try LoaderModel(latency: latency, throughput: throughput)
            schedule = try StreamingSchedule(
                needs: Needs<TileIndex>(frames: setup.frames), capacity: capacity, loader: loader)
        } catch {
            throw ScenarioError(scenario.source, error)
        }
        self.setup = setup
    }
}
