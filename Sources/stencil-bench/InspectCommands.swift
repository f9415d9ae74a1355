import Foundation
import MercatorMath
import StencilKit

/// The inspection subcommands: `stencil`, `frames`, `plan` (JSON or a short text summary) and `scenarios`.
enum InspectCommands {
    /// Reads the one SCENARIO argument and sets it up (stencil and plan checked).
    static func load(_ args: Arguments, command: String) throws -> (ScenarioSetup, Stencil, BudgetPlan) {
        let scenario = try BuiltinScenarios.resolve(args.single("SCENARIO", command: command))
        let setup = try ScenarioSetup(scenario)
        let (stencil, plan) = try setup.validated()
        return (setup, stencil, plan)
    }

    /// Reads the one SCENARIO argument and sets up its stencil only: the stencil does not need the budget.
    static func loadStencil(_ args: Arguments, command: String) throws -> (ScenarioSetup, Stencil) {
        let scenario = try BuiltinScenarios.resolve(args.single("SCENARIO", command: command))
        let setup = try ScenarioSetup(scenario)
        return (setup, try setup.validatedStencil())
    }

    static func stencil(_ words: [String]) throws -> Int32 {
        let args = try Arguments(words, command: "stencil", spec: .init(switches: ["--json"]))
        let (setup, stencil) = try loadStencil(args, command: "stencil")
        if args.has("--json") {
            print(JSONOutput.stencil(stencil, format: setup.format).rendered(), terminator: "")
            return 0
        }
        print(
            "\(setup.scenario.name): \(stencil.unwrapped.count) unwrapped tiles, \(stencil.tileCount) distinct real "
                + "tiles, \(Figures.count(stencil.bytes(for: setup.format))) bytes"
                + (stencil.isClipped ? " (clipped to the terrain)" : ""))
        for row in stencil.unwrapped.rows ?? 0...(-1) {
            let runs = stencil.unwrapped.spans(inRow: row).map {
                $0.first == $0.last ? "\($0.first)" : "\($0.first)–\($0.last)"
            }
            print("  row \(row): cols \(runs.joined(separator: ", "))")
        }
        return 0
    }

    static func frames(_ words: [String]) throws -> Int32 {
        let args = try Arguments(words, command: "frames", spec: .init(valued: ["--offset"], switches: ["--json"]))
        let offset = try args.double("--offset", "a number of pixels", valid: { _ in true }) ?? 0
        let (setup, _) = try loadStencil(args, command: "frames")
        guard abs(offset) <= setup.track.lateralBand else {
            throw UsageError(
                "--offset \(fmt(offset)) px is outside the scenario's lateral band ±\(fmt(setup.track.lateralBand)) px"
            )
        }
        let document = try JSONOutput.frames(setup, offset: offset)
        if args.has("--json") {
            print(document.rendered(), terminator: "")
            return 0
        }
        let items = document.array ?? []
        let fps = fmt(setup.timing.framesPerSecond)
        print(
            "\(setup.scenario.name): \(items.count) frames at \(fps) fps, offset \(fmt(offset)) px "
                + "(s = along-track position in px from P_A; use --json for every frame)")
        for (k, item) in items.enumerated() where k % max(1, items.count / 20) == 0 {
            let value = { (key: String) in fmt(item[key]?.number ?? 0, decimals: 1) }
            print(
                "  frame \(k): s \(value("s")), (\(value("x")), \(value("y"))), heading \(value("heading"))°, "
                    + "\(item["tiles"]?.array?.count ?? 0) tiles")
        }
        return 0
    }

    static func plan(_ words: [String]) throws -> Int32 {
        let args = try Arguments(words, command: "plan", spec: .init(switches: ["--json"]))
        let (setup, _, plan) = try load(args, command: "plan")
        if args.has("--json") {
            print(JSONOutput.plan(plan).rendered(), terminator: "")
            return 0
        }
        let unlimited = plan.capacity == Int.max / plan.format.bytesPerTile
        let capacity = unlimited ? "an unlimited budget" : "\(Figures.count(plan.capacity)) tiles"
        print(
            "\(setup.scenario.name): \(plan.segmentCount) segment\(plan.segmentCount == 1 ? "" : "s") within "
                + "\(capacity) (\(plan.policy.rawValue)); peak \(Figures.count(plan.peakResidentTiles)) tiles = "
                + "\(Figures.count(plan.peakBytes)) bytes; \(plan.initialLoads) initial loads, "
                + "\(plan.loadsPerLoop) loads per loop")
        let px = { (v: Double) in fmt(v, decimals: 1) }
        for (i, s) in plan.segments.enumerated() {
            print("  segment \(i): s \(px(s.range.lower))…\(px(s.range.upper)) px, \(s.workingSet.count) tiles")
        }
        for c in plan.crossings {
            print("  at s \(px(c.position)) px, \(c.from)→\(c.to): load \(c.load.count), evict \(c.evict.count)")
        }
        return 0
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
