import Foundation
import MercatorMath
import StencilKit

/// The inspection subcommands: `stencil`, `frames`, `plan` (JSON or a short text summary) and `scenarios`.
///
/// Each computes only what it prints: `stencil` and `frames` never plan, so a scenario whose budget is too small
/// still gets its stencil and frames. Large outputs are written as they are produced.
enum InspectCommands {
    /// Reads the one SCENARIO argument and sets it up (no stencil, no plan).
    static func setup(_ args: Arguments, command: String) throws -> ScenarioSetup {
        try ScenarioSetup(BuiltinScenarios.resolve(args.single("SCENARIO", command: command)))
    }

    /// The scenario's stencil, with a library error turned into a ``ScenarioError`` naming the scenario.
    static func stencil(of setup: ScenarioSetup) throws(ScenarioError) -> Stencil {
        do { return try setup.makeStencil() } catch { throw ScenarioError(setup.scenario.source, error) }
    }

    /// The scenario's plan, with a library error turned into a ``ScenarioError`` naming the scenario.
    static func plan(of setup: ScenarioSetup) throws(ScenarioError) -> BudgetPlan {
        do { return try setup.makePlan() } catch { throw ScenarioError(setup.scenario.source, error) }
    }

    /// Reads the one SCENARIO argument and sets up its stencil only: the stencil does not need the budget.
    static func loadStencil(_ args: Arguments, command: String) throws -> (ScenarioSetup, Stencil) {
        let scenario = try BuiltinScenarios.resolve(args.single("SCENARIO", command: command))
        let setup = try ScenarioSetup(scenario)
        return (setup, try setup.validatedStencil())
    }

    static func stencil(_ words: [String]) throws -> Int32 {
        let args = try Arguments(words, command: "stencil", spec: .init(switches: ["--json"]))
        let progress = Progress("stencil: reading the scenario")
        defer { progress.finish() }
        let setup = try setup(args, command: "stencil")
        progress.update("stencil: computing the stencil of \(setup.scenario.name)")
        let stencil = try stencil(of: setup)
        progress.update("stencil: writing \(Figures.count(stencil.unwrapped.spans.count)) runs")
        var out = StandardOutput()
        if args.has("--json") {
            JSONOutput.writeStencil(stencil, format: setup.format)
            return 0
        }
        out.write(
            "\(setup.scenario.name): \(Figures.count(stencil.unwrapped.count)) unwrapped tiles, "
                + "\(Figures.count(stencil.tileCount)) distinct real tiles, "
                + "\(Figures.bytes(stencil.bytes(for: setup.format))) bytes"
                + (stencil.isClipped ? " (clipped to the terrain)" : "") + "\n")
        if stencil.unwrapped.isEmpty {
            out.write("  (no tile: the screen's footprint covers no tile with positive area)\n")
        }
        // Row by row, without a range that an empty stencil would make inverted.
        var row: Int?
        var runs: [String] = []
        func endRow() {
            if let row { out.write("  row \(row): cols \(runs.joined(separator: ", "))\n") }
            runs.removeAll(keepingCapacity: true)
        }
        for span in stencil.unwrapped.spans {
            if span.row != row {
                endRow()
                row = span.row
            }
            runs.append(span.first == span.last ? "\(span.first)" : "\(span.first)–\(span.last)")
        }
        endRow()
        out.flush()
        return 0
    }

    static func frames(_ words: [String]) throws -> Int32 {
        let args = try Arguments(words, command: "frames", spec: .init(valued: ["--offset"], switches: ["--json"]))
        let offset = try args.double("--offset", "a number of pixels", valid: { _ in true }) ?? 0
        let progress = Progress("frames: reading the scenario")
        defer { progress.finish() }
        let setup = try setup(args, command: "frames")
        guard abs(offset) <= setup.track.lateralBand else {
            throw UsageError(
                "--offset \(fmt(offset)) px is outside the scenario's lateral band ±\(fmt(setup.track.lateralBand)) px"
            )
        }
        // The stencil only checks that the flight stays on the terrain (or is clipped to it); no plan is needed.
        progress.update("frames: checking the flight against the terrain")
        _ = try stencil(of: setup)
        var out = StandardOutput()
        if args.has("--json") {
            try JSONOutput.writeFrames(setup, offset: offset, progress: progress)
            return 0
        }
        let frames = setup.frames
        let fps = fmt(setup.timing.framesPerSecond)
        out.write(
            "\(setup.scenario.name): \(Figures.count(frames.count)) frames at \(fps) fps, offset \(fmt(offset)) px "
                + "(s = along-track position in px: from P_A along the route on a racetrack, the arc length flown on any other track; use --json for every frame)\n"
        )
        // About 20 frames, each culled on its own: the summary costs the same for any loop.
        var buffer: [VisibleTile] = []
        let step = max(1, frames.count / 20)
        for k in stride(from: 0, to: frames.count, by: step) {
            let pose = frames.pose(ofFrame: k)
            let view = try setup.track.cull(pose, lateralOffset: offset, into: &buffer)
            let px = { (v: Double) in fmt(v, decimals: 1) }
            out.write(
                "  frame \(k): s \(px(setup.alongTrackPosition(of: pose))), piece \(pose.piece), (\(px(view.footprint.origin.x)), "
                    + "\(px(view.footprint.origin.y))), heading \(px(pose.heading))°, \(buffer.count) tiles\n")
        }
        out.flush()
        return 0
    }

    static func plan(_ words: [String]) throws -> Int32 {
        let args = try Arguments(words, command: "plan", spec: .init(switches: ["--json"]))
        let progress = Progress("plan: reading the scenario")
        defer { progress.finish() }
        let setup = try setup(args, command: "plan")
        progress.update("plan: planning \(setup.scenario.name)")
        let plan = try plan(of: setup)
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

    static func scenarios(_ words: [String]) throws -> Int32 {
        let args = try Arguments(words, command: "scenarios", spec: .init(valued: ["--write"]))
        guard args.positionals.isEmpty else { throw UsageError("'scenarios' takes no arguments") }
        let all = try BuiltinScenarios.parsedAll()
        if let dir = args.string("--write") {
            for entry in BuiltinScenarios.all {
                try Console.write(entry.json + "\n", to: (dir as NSString).appendingPathComponent("\(entry.name).json"))
            }
            print("wrote \(all.count) scenario files to \(dir)")
            return 0
        }
        let width = all.map(\.name.count).max() ?? 0
        for s in all {
            print(s.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + (s.summary ?? ""))
        }
        return 0
    }
}
