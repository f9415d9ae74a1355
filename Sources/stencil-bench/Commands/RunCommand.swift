import Foundation
import StencilKit

/// `stencil-bench run [SCENARIO...] [--quick] [--strict] [--json] [--save FILE] [--compare FILE] [--threshold X]
/// [--budget-ms MS] [--fps FPS] [--repetitions N] [--stride N]`: measures the scenarios, prints the report and the
/// verdict against the frame budget; exit status 1 on any violation, mismatch or regression.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum RunCommand {
    static let spec = Arguments.Spec(
        valued: [
            "--save", "--compare", "--threshold", "--budget-ms", "--fps", "--repetitions", "--stride",
            "--min-delta-ms",
        ],
        switches: ["--json", "--quick", "--strict"])

    static func run(_ words: [String]) throws -> Int32 {
        let args = try Arguments(words, command: "run", spec: spec)
        var settings = args.has("--quick") ? BenchmarkSettings.quickMode() : BenchmarkSettings()
        settings.strict = args.has("--strict")
        settings.budgetMs = try args.double("--budget-ms")
        settings.fps = try args.double("--fps")
        if let n = try args.int("--repetitions", minimum: 1, maximum: BenchmarkSettings.maximumRepetitions) {
            settings.frameRepetitions = n
        }
        if let n = try args.int("--stride", minimum: 1, maximum: BenchmarkSettings.maximumStride) {
            settings.frameStride = n
        }
        let threshold = try args.double("--threshold", "a number of 0 or more", valid: { $0 >= 0 }) ?? 0.25
        let minDeltaMs = try args.double("--min-delta-ms", "a number of 0 or more", valid: { $0 >= 0 }) ?? 0.001
        let json = args.has("--json")

        let progress = Progress("run: reading the scenarios")
        defer { progress.finish() }
        // Read and set up every scenario first, so an invalid one stops the run before any measuring. A plan the
        // library refuses (a budget too small) does not: it is a finding about that scenario.
        // `run views` measures only the view covers; `run` with no scenario measures everything.
        let onlyViews = args.positionals == ["views"]
        // `run streaming` flies only the streaming comparison; `run` with no scenario flies it after the rest.
        let onlyStreaming = args.positionals == ["streaming"]
        let scenarios =
            try onlyViews || onlyStreaming
            ? []
            : args.positionals.isEmpty
                ? BuiltinScenarios.parsedAll() : args.positionals.map { try BuiltinScenarios.resolve($0) }
        var prepared: [(ScenarioSetup, Stencil, Result<BudgetPlan, StencilError>)] = []
        for (i, scenario) in scenarios.enumerated() {
            progress.update("run: [\(i + 1)/\(scenarios.count)] \(scenario.name): stencil and plan")
            let setup = try ScenarioSetup(scenario, fpsOverride: settings.fps)
            let (stencil, plan) = try setup.validated()
            prepared.append((setup, stencil, plan))
        }
        // Read the comparison file before measuring, so a bad path fails fast.
        let saved = try args.string("--compare").map { path throws(ScenarioError) in (path, try Comparison.load(path)) }

        let clock = ContinuousClock()
        let start = clock.now
        var results: [ScenarioResult] = []
        for (i, item) in prepared.enumerated() {
            let label = "run: [\(i + 1)/\(prepared.count)] \(item.0.scenario.name)"
            progress.update(label)
            let (plan, planError): (BudgetPlan?, StencilError?)
            switch item.2 {
            case .success(let p): (plan, planError) = (p, nil)
            case .failure(let e): (plan, planError) = (nil, e)
            }
            let benchmark = ScenarioBenchmark(
                setup: item.0, stencil: item.1, plan: plan, planError: planError, settings: settings,
                progress: progress, label: label)
            results.append(benchmark.run())
        }
        progress.finish()
        let views = args.positionals.isEmpty || onlyViews ? ViewBenchmark.runAll(settings: settings) : []
        let elapsed = Timing.seconds(clock.now - start)
        let streaming =
            args.positionals.isEmpty || onlyStreaming
            ? StreamingComparison.run(quick: settings.quick, strict: settings.strict) : nil

        let violations =
            results.flatMap(\.violations) + views.flatMap(\.violations) + (streaming?.violations ?? [])
        var document = JSONOutput.results(results, settings: settings, violations: violations)
        if case .object(var pairs) = document, !views.isEmpty {
            pairs.insert(("views", ViewBenchmark.json(views)), at: pairs.count - 2)
            document = .object(pairs)
        }
        if case .object(var pairs) = document, let streaming {
            pairs.insert(("streaming", StreamingReport.json(streaming)), at: pairs.count - 2)
            document = .object(pairs)
        }
        if let path = args.string("--save") { try Console.write(document.rendered(), to: path) }

        var report = ""
        if !json {
            if !onlyViews && !onlyStreaming {
                report += Report.text(results, settings: settings, elapsed: elapsed)
            }
            report += ViewBenchmark.text(views, settings: settings)
            let notes = views.flatMap(\.notes)
            if !notes.isEmpty { report += "view notes:\n" + notes.map { "  " + $0 }.joined(separator: "\n") + "\n" }
            if let streaming { report += StreamingReport.text(streaming) }
        }
        var regressions: [String] = []
        if let (path, old) = saved {
            let comparison = Comparison.compare(results, with: old, threshold: threshold, minDeltaMs: minDeltaMs)
            regressions = comparison.regressions
            let mode = settings.quick ? "quick" : "full"
            let text =
                "\ncompared with \(path) (regression: p99 more than \(fmt(threshold * 100))% slower and "
                + "\(fmt(minDeltaMs)) ms more)\n" + comparison.table
                + (old.mode != mode ? "\nnote: the saved results are from a \(old.mode) run, this one is \(mode)" : "")
            if json { Console.error(text) } else { report += text + "\n" }
        }
        var verdict = Report.verdict(results, violations: violations, regressions: regressions)
        if violations.isEmpty && regressions.isEmpty && !views.isEmpty {
            let met = views.filter { !$0.missedTiming }.count
            let covers =
                met == views.count
                ? "\(views.count) view covers within their per-call targets, no heap allocation per call"
                : "\(met) of \(views.count) view covers within their per-call targets (a miss gates only with --strict), "
                    + "no heap allocation per call"
            verdict = onlyViews ? "verdict: PASS — \(covers)" : verdict + "; \(covers)"
        }
        if violations.isEmpty && regressions.isEmpty, let streaming {
            let clause = StreamingReport.passClause(streaming)
            verdict = onlyStreaming ? "verdict: PASS — \(clause)" : verdict + "; \(clause)"
        }
        if json {
            print(document.rendered(), terminator: "")
            Console.error(verdict)
        } else {
            print(report + "\n" + verdict)
        }
        return violations.isEmpty && regressions.isEmpty ? 0 : 1
    }
}
