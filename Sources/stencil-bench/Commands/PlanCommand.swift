import Foundation
import MercatorMath
import StencilKit
import StencilScenarios

/// `stencil-bench plan SCENARIO [--json]`: the scenario's memory plan, as JSON
/// (``JSONOutput/writePlan(_:budgetBytes:progress:)``, written segment by segment) or as a short summary. A scenario
/// with a `"camera"` is refused (it has a pitched schedule, not a plan).
enum PlanCommand {
    /// Runs the command on the words after `plan`; exit status 0.
    static func run(_ words: [String]) throws -> Int32 {
        let args = try Arguments(words, command: "plan", spec: .init(switches: ["--json"]))
        let progress = Progress("plan: reading the scenario")
        defer { progress.finish() }
        let setup = try ScenarioSetup(args, command: "plan")
        guard setup.chase == nil else {
            throw ScenarioError(
                "\(setup.scenario.source): \"plan\" splits the screen's swept stencil into budget segments; a scenario "
                    + "with a \"camera\" has pitched covers of several levels and no such plan: use \"schedule\" (its "
                    + "pitched streaming schedule) or \"stencil\"")
        }
        progress.update("plan: planning \(setup.scenario.name)")
        let plan = try setup.validatedPlan()
        var out = StandardOutput()
        if args.has("--json") {
            JSONOutput.writePlan(plan, budgetBytes: setup.scenario.budgetBytes, progress: progress)
            return 0
        }
        out.write(
            "\(setup.scenario.name): \(plan.segmentCount) segment\(plan.segmentCount == 1 ? "" : "s") within "
                + "\(capacityText(plan, budgetBytes: setup.scenario.budgetBytes)) (\(plan.policy.rawValue)); "
                + "peak \(Figures.count(plan.peakResidentTiles)) tiles = \(Figures.bytes(plan.peakBytes)) bytes; "
                + "\(Figures.count(plan.initialLoads)) initial loads, \(Figures.count(plan.loadsPerLoop)) loads per loop\n"
        )
        let px = { (v: Double) in fmt(v, decimals: 1) }
        for (i, s) in plan.segments.enumerated() {
            if i % 4096 == 0 {
                progress.update("plan: segment \(Figures.count(i)) of \(Figures.count(plan.segmentCount))")
            }
            out.write("  segment \(i): s \(px(s.range.lower))…\(px(s.range.upper)) px, \(s.workingSet.count) tiles\n")
        }
        for c in plan.crossings {
            out.write("  at s \(px(c.position)) px, \(c.from)→\(c.to): load \(c.load.count), evict \(c.evict.count)\n")
        }
        out.flush()
        return 0
    }

    /// What bounds the plan's capacity: the budget, or — with no budget given — the most tiles `Int.max` bytes hold
    /// at this tile size, which is a real limit when tiles are large (9·10¹⁵ bytes per tile: 1024 tiles).
    static func capacityText(_ plan: BudgetPlan, budgetBytes: Int?) -> String {
        let tiles = "\(Figures.count(plan.capacity)) tile\(plan.capacity == 1 ? "" : "s")"
        guard budgetBytes == nil else { return "a capacity of \(tiles)" }
        return "a capacity of \(tiles) (no budget given: Int.max bytes ÷ \(Figures.count(plan.format.bytesPerTile)) "
            + "bytes per tile)"
    }
}
