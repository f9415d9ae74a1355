import Foundation
import StencilKit

/// `stencil-bench svg SCENARIO [--frame N] -o FILE.svg` draws a scenario like a debug view (``ScenarioDrawing``);
/// with `--segments` its budget plan's segments (``SegmentsDrawing``); with `--residency` its streaming schedule's
/// residency over time (``ResidencyDrawing``, the schedule `schedule` plans: `--capacity`, `--latency`,
/// `--throughput` as there); `stencil-bench svg VIEW -o FILE.svg` draws a view (``ViewDrawing``).
enum SvgCommand {
    /// Runs the command on the words after `svg`: a view's picture when an argument names a view, else a
    /// scenario's; exit status 0.
    static func run(_ words: [String]) throws -> Int32 {
        try words.contains(where: BuiltinViews.isView) ? view(words) : scenario(words)
    }

    /// `svg SCENARIO [--frame N | --segments | --residency [--capacity N] [--latency S] [--throughput N]]
    /// -o FILE.svg`.
    static func scenario(_ words: [String]) throws -> Int32 {
        let args = try Arguments(
            words, command: "svg",
            spec: .init(
                valued: ["--frame", "--output"] + ScenarioSchedule.options, switches: ["--segments", "--residency"],
                aliases: ["-o": "--output"]))
        guard let output = args.string("--output") else { throw UsageError("'svg' needs -o FILE.svg") }
        let modes = ["--frame", "--segments", "--residency"].filter { args.has($0) || args.string($0) != nil }
        guard modes.count <= 1 else {
            throw UsageError("'svg' takes one of \(modes.joined(separator: ", ")), not several")
        }
        if !args.has("--residency"), let option = ScenarioSchedule.options.first(where: { args.string($0) != nil }) {
            throw UsageError("'svg' takes \(option) only with --residency")
        }
        let progress = Progress("svg: reading the scenario")
        defer { progress.finish() }
        let setup = try ScenarioSetup(args, command: "svg")
        if args.has("--residency") {
            progress.update("svg: the schedule of \(setup.scenario.name)")
            let planned = try ScenarioSchedule(setup, args, command: "svg --residency")
            let drawing = try ResidencyDrawing(planned)
            try Console.write(drawing.render(), to: output)
            print(
                "wrote \(output): \(setup.scenario.name), residency of \(planned.schedule.requestCount) requests "
                    + "(\(drawing.rows.count) tiles) at capacity \(planned.capacity)")
            return 0
        }
        if args.has("--segments") {
            progress.update("svg: stencil and plan of \(setup.scenario.name)")
            let drawing = try SegmentsDrawing(
                setup: setup, stencil: setup.validatedStencil(), plan: setup.validatedPlan())
            try Console.write(drawing.render(), to: output)
            print("wrote \(output): \(setup.scenario.name), \(drawing.plan.segmentCount) segments")
            return 0
        }
        progress.update("svg: stencil and plan of \(setup.scenario.name)")
        let (stencil, planResult) = try setup.validated()
        // A plan the budget cannot hold is drawn without split points.
        let plan = try? planResult.get()
        let frames = setup.frames
        let frame: Int
        if let n = try args.int("--frame", minimum: 0) {
            guard n < frames.count else {
                throw UsageError("--frame \(n) is past the loop's last frame \(frames.count - 1)")
            }
            frame = n
        } else {
            // The middle of the first piece, in time (at a ground timing too).
            let starts = frames.timetable.pieceStarts
            let t = (starts[0] + starts[1]) / 2
            frame = min(frames.count - 1, Int((t * frames.framesPerSecond).rounded()))
        }
        progress.update("svg: drawing")
        let drawing = try ScenarioDrawing(setup: setup, stencil: stencil, plan: plan, frame: frame)
        try Console.write(drawing.render(), to: output)
        print("wrote \(output): \(setup.scenario.name), frame \(frame) of \(frames.count)")
        return 0
    }

    /// `svg VIEW -o FILE.svg`.
    static func view(_ words: [String]) throws -> Int32 {
        let args = try Arguments(words, command: "svg", spec: .init(valued: ["--output"], aliases: ["-o": "--output"]))
        guard let output = args.string("--output") else { throw UsageError("'svg' needs -o FILE.svg") }
        let setup = try ViewSetup(BuiltinViews.resolve(args.single("VIEW", command: "svg")))
        let drawing = try ViewDrawing(setup)
        try Console.write(drawing.render(), to: output)
        print(
            "wrote \(output): \(setup.scenario.name ?? setup.scenario.source), \(drawing.visible.count) visible, "
                + "\(drawing.ring.count) ring tiles")
        return 0
    }
}
