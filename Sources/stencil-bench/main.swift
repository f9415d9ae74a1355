import Foundation
import StencilScenarios

/// The `stencil-bench` command: dispatches to a subcommand and maps errors to exit status 2.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum StencilBench {
    /// Runs the subcommand that `words` (the arguments after the program's name) name, `run` when none does; exit
    /// status 2 for a usage or input error.
    static func main(_ words: [String]) -> Int32 {
        do {
            guard let first = words.first, !first.hasPrefix("-") else {
                if words.contains("--help") || words.contains("-h") { return HelpCommand.run() }
                return try RunCommand.run(words)
            }
            let rest = Array(words.dropFirst())
            switch first {
            case "run": return try RunCommand.run(rest)
            case "stencil": return try StencilCommand.run(rest)
            case "frames": return try FramesCommand.run(rest)
            case "plan": return try PlanCommand.run(rest)
            case "schedule": return try ScheduleCommand.run(rest)
            case "replay": return try ReplayCommand.run(rest)
            case "svg": return try SvgCommand.run(rest)
            case "animate": return try AnimateCommand.run(rest)
            case "view": return ViewCommand.run(rest)
            case "pitched": return try RunCommand.runPitched(rest)
            case "scenarios": return try ScenariosCommand.run(rest)
            case "corridor": return try CorridorCommand.run(rest)
            case "extract": return ExtractCommand.run(rest)
            case "archive": return ArchiveCommand.run(rest)
            case "help": return HelpCommand.run()
            default:
                // `[run] [SCENARIO...]`: a scenario name or file first means `run`.
                guard
                    BuiltinScenarios.listed.contains(first)
                        || FileManager.default.fileExists(atPath: first) || first.hasSuffix(".json")
                else {
                    let names = BuiltinScenarios.listed.joined(separator: ", ")
                    throw UsageError(
                        "unknown subcommand or scenario \"\(first)\": expected run, stencil, frames, plan, schedule, "
                            + "replay, svg, animate, view, pitched, scenarios, corridor, extract, archive or help, or a "
                            + "scenario (a built-in name — \(names) — or a .json file)")
                }
                return try RunCommand.run(words)
            }
        } catch {
            // Every refusal, of any kind, leaves through one function: with --json the error object on stdout.
            return Refusal.report(error, json: words.contains("--json"))
        }
    }
}

// `ContinuousClock` needs macOS 13 / iOS 16; the library itself supports macOS 12 / iOS 15.
if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
    exit(StencilBench.main(Array(CommandLine.arguments.dropFirst())))
} else {
    FileHandle.standardError.write(Data("stencil-bench: needs macOS 13 or later (ContinuousClock)\n".utf8))
    exit(2)
}
