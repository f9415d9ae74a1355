import Foundation
import StencilScenarios

/// `stencil-bench scenarios [--write DIR]`: lists the built-in scenarios, or copies each to `DIR/NAME.json`.
enum ScenariosCommand {
    /// Runs the command on the words after `scenarios`; exit status 0.
    static func run(_ words: [String]) throws -> Int32 {
        let args = try Arguments(words, command: "scenarios", spec: .init(valued: ["--write"]))
        guard args.positionals.isEmpty else { throw UsageError("'scenarios' takes no arguments") }
        let all = try BuiltinScenarios.parsedAll(listed: true)
        if let dir = args.string("--write") {
            for name in BuiltinScenarios.listed {
                let path = (dir as NSString).appendingPathComponent("\(name).json")
                try Console.write(BuiltinScenarios.json(name), to: path)
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
