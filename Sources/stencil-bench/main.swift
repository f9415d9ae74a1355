import Foundation

/// The `stencil-bench` command: dispatches to a subcommand and maps errors to exit status 2.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum StencilBench {
    static let usage = """
        usage: stencil-bench [run] [SCENARIO...] [--quick] [--json] [--save FILE] [--compare FILE]
                             [--threshold 0.25] [--min-delta-ms 0.001] [--budget-ms MS] [--fps FPS]
                             [--repetitions N] [--stride N]
               stencil-bench stencil SCENARIO [--json]
               stencil-bench frames SCENARIO [--json] [--offset PX]
               stencil-bench plan SCENARIO [--json]
               stencil-bench schedule SCENARIO [--json] [--capacity N] [--latency S] [--throughput N]
               stencil-bench svg SCENARIO [--frame N] -o FILE.svg
               stencil-bench view VIEW [--json]
               stencil-bench svg VIEW -o FILE.svg
               stencil-bench scenarios [--write DIR]
               stencil-bench help

        SCENARIO is a built-in name (see `stencil-bench scenarios`) or a path to a scenario .json file.
        VIEW is a built-in view (view-z12-h0, -h30, -h45, -h73, view-viking, view-example5) or a view .json file
        ({"grid"|"map", "screen", "center", "bearing", "ring"}); `view --json` prints {"level", "visible", "ring"}
        (tiles row-major as [unwrapped column, row]) or {"error": {"kind", "message"}} with exit status 2.
        `run` also measures the built-in view covers per call (`run views`: only those) and exits 1 if one misses
        its target or allocates.
        `run` also flies the streaming comparison (`run streaming`: only that): the schedule, the segment plans and
        three LRU prefetch heuristics through one loader simulator, and exits 1 if the schedule misses a target.
        `run` (the default) measures stencil setup, planning and per-frame culling and exits 1 if a frame, a
        stencil setup or a segment switch exceeds the frame budget (1/fps), if culling disagrees with brute
        force, or if --compare finds a p99 regression past --threshold. Usage and input errors exit 2.
        """

    static func main(_ words: [String]) -> Int32 {
        do {
            guard let first = words.first, !first.hasPrefix("-") else {
                if words.contains("--help") || words.contains("-h") { return help() }
                return try RunCommand.run(words)
            }
            let rest = Array(words.dropFirst())
            switch first {
            case "run": return try RunCommand.run(rest)
            case "stencil": return try InspectCommands.stencil(rest)
            case "frames": return try InspectCommands.frames(rest)
            case "plan": return try InspectCommands.plan(rest)
            case "schedule": return try ScheduleCommand.run(rest)
            case "svg":
                return try rest.contains(where: BuiltinViews.isView) ? ViewCommand.svg(rest) : SvgCommand.run(rest)
            case "view": return ViewCommand.run(rest)
            case "scenarios": return try InspectCommands.scenarios(rest)
            case "help": return help()
            default:
                // `[run] [SCENARIO...]`: a scenario name or file first means `run`.
                guard
                    BuiltinScenarios.all.contains(where: { $0.name == first })
                        || FileManager.default.fileExists(atPath: first) || first.hasSuffix(".json")
                else {
                    let names = BuiltinScenarios.all.map(\.name).joined(separator: ", ")
                    throw UsageError(
                        "unknown subcommand or scenario \"\(first)\": expected run, stencil, frames, plan, svg, view, "
                            + "scenarios or help, or a scenario (a built-in name — \(names) — or a .json file)")
                }
                return try RunCommand.run(words)
            }
        } catch {
            if words.contains("--json"), let refused = error as? ScenarioError {
                // A refused scenario with --json: the error as JSON on stdout, with the figures it names.
                print(JSONOutput.error(refused).rendered(), terminator: "")
            }
            Console.error("stencil-bench: \(error)")
            return 2
        }
    }

    static func help() -> Int32 {
        print(usage)
        return 0
    }
}

// `ContinuousClock` needs macOS 13 / iOS 16; the library itself supports macOS 12 / iOS 15.
if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
    exit(StencilBench.main(Array(CommandLine.arguments.dropFirst())))
} else {
    FileHandle.standardError.write(Data("stencil-bench: needs macOS 13 or later (ContinuousClock)\n".utf8))
    exit(2)
}
