import Foundation
import MercatorMath
import StencilKit

/// `stencil-bench stencil SCENARIO [--json]`: the scenario's stencil, as JSON (``JSONOutput/writeStencil(_:format:)``)
/// or as its column runs per row. It never plans: a scenario whose budget is too small still gets its stencil. A
/// scenario with a `"camera"` gets its pitched stencil (``PitchedStencilCommand``).
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum StencilCommand {
    /// Runs the command on the words after `stencil`; exit status 0.
    static func run(_ words: [String]) throws -> Int32 {
        let args = try Arguments(words, command: "stencil", spec: .init(switches: ["--json"]))
        let progress = Progress("stencil: reading the scenario")
        defer { progress.finish() }
        let setup = try ScenarioSetup(args, command: "stencil")
        if let camera = setup.chase {
            return try PitchedStencilCommand.run(setup, camera: camera, json: args.has("--json"), progress: progress)
        }
        progress.update("stencil: computing the stencil of \(setup.scenario.name)")
        let stencil = try setup.validatedStencil()
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
}
