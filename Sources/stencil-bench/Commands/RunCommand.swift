import Foundation
import StencilKit
import StencilScenarios

/// `stencil-bench run [SCENARIO...] [--quick] [--strict] [--json] [--save FILE] [--compare FILE] [--threshold X]
/// [--budget-ms MS] [--fps FPS] [--repetitions N] [--stride N]`: measures the scenarios, prints the report and the
/// verdict by class (``Verdict``: correctness, the frame budget, performance ratio targets; absolute timing targets
/// only with `--strict`); exit status 1 when a class fails.
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
        // A scenario with a "camera" is measured as a camera flies: its pitched stencil, needs and schedule.
        var cameras: [ScenarioSetup] = []
        for (i, scenario) in scenarios.enumerated() {
            progress.update("run: [\(i + 1)/\(scenarios.count)] \(scenario.name): stencil and plan")
            let setup = try ScenarioSetup(scenario, fpsOverride: settings.fps)
            if setup.chase != nil {
                cameras.append(setup)
                continue
            }
            let (stencil, plan) = try setup.validated()
            prepared.append((setup, stencil, plan))
        }
        // Read the comparison file before measuring, so a bad path fails fast.
        let saved = try args.string("--compare").map { path throws(ScenarioError) in (path, try Comparison.load(path)) }

        progress.update("run: timing the calibration loop")
        var calibration = Calibration.start()
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
        let pitched = args.positionals.isEmpty || onlyViews ? PitchedBenchmark.runAll(settings: settings) : []
        let mapLibre = args.positionals.isEmpty || onlyViews ? MapLibreBenchmark.runAll(settings: settings) : []
        let terrain = args.positionals.isEmpty || onlyViews ? TerrainBenchmark.runAll(settings: settings) : nil
        let chase =
            args.positionals.isEmpty && !onlyViews && !onlyStreaming
            ? [ChaseBenchmark.run()] : cameras.map { ChaseBenchmark.run($0) }
        let elapsed = Timing.seconds(clock.now - start)
        let streaming =
            args.positionals.isEmpty || onlyStreaming
            ? StreamingComparison.run(quick: settings.quick, strict: settings.strict) : nil

        calibration.finish()
        let findings = Findings.merged(
            results.map(\.findings) + views.map(\.findings) + pitched.map(\.findings)
                + mapLibre.map(\.findings)
                + (terrain.map { $0.covers.map(\.findings) + [$0.derivation.findings] } ?? [])
                + chase.map(\.findings) + (streaming.map { [$0.findings] } ?? []))
        let worst = results.min(by: { $0.headroom < $1.headroom })
        var verdict = Verdict(
            findings: findings, headroom: worst.map { ($0.headroom, $0.name) }, strict: settings.strict,
            noisy: calibration.noisy)
        // Read after the verdict's regressions are known (below); the document is finished there.
        var document = JSONOutput.results(results, settings: settings, violations: [])
        if case .object(var pairs) = document, !views.isEmpty {
            pairs.insert(("views", ViewBenchmark.json(views)), at: pairs.count - 2)
            document = .object(pairs)
        }
        if case .object(var pairs) = document, !pitched.isEmpty {
            pairs.insert(("pitched", PitchedBenchmark.json(pitched)), at: pairs.count - 2)
            document = .object(pairs)
        }
        if case .object(var pairs) = document, !mapLibre.isEmpty {
            pairs.insert(("maplibre", MapLibreBenchmark.json(mapLibre)), at: pairs.count - 2)
            document = .object(pairs)
        }
        if case .object(var pairs) = document, let terrain {
            pairs.insert(("terrain", TerrainBenchmark.json(terrain.covers, boxes: terrain.boxes)), at: pairs.count - 2)
            document = .object(pairs)
        }
        if case .object(var pairs) = document, let streaming {
            pairs.insert(("streaming", StreamingReport.json(streaming)), at: pairs.count - 2)
            document = .object(pairs)
        }

        var report = ""
        if !json {
            if !onlyViews && !onlyStreaming {
                report += Report.text(results, settings: settings, elapsed: elapsed)
            }
            report += ViewBenchmark.text(views, settings: settings)
            let notes = views.flatMap(\.notes)
            if !notes.isEmpty { report += "view notes:\n" + notes.map { "  " + $0 }.joined(separator: "\n") + "\n" }
            report += PitchedBenchmark.text(pitched)
            report += MapLibreBenchmark.text(mapLibre)
            if let terrain {
                report += TerrainBenchmark.text(terrain.covers, boxes: terrain.boxes, derivation: terrain.derivation)
            }
            for camera in chase { report += ChaseBenchmark.text(camera) }
            if let streaming { report += StreamingReport.text(streaming) }
            report += Verdict.ratioTable(findings.ratios, noisy: calibration.noisy)
            report += calibration.summary + "\n"
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
        verdict.regressions = regressions
        var details: [String] = []
        if verdict.passed {
            if !results.isEmpty { details.append(Report.budgetDetail(results)) }
            if !views.isEmpty {
                details.append(
                    "\(views.count) view covers agree with brute force where it applies, no heap allocation per call")
            }
            if !pitched.isEmpty {
                details.append(
                    "\(pitched.count) pitched covers with the model's tile counts, no heap allocation per call")
            }
            if let streaming { details.append(StreamingReport.passClause(streaming)) }
        }
        let verdictText = verdict.text + details.map { "\n  " + $0 }.joined()
        if case .object(var pairs) = document {
            if let i = pairs.firstIndex(where: { $0.key == "violations" }) {
                pairs[i].value = .array(verdict.problems.map { .string($0) })
            }
            if let i = pairs.firstIndex(where: { $0.key == "verdict" }) {
                pairs[i].value = .string(verdict.passed ? "pass" : "fail")
                pairs.insert(("classes", verdict.json), at: i + 1)
                pairs.insert(("calibration", calibration.json), at: i + 1)
            }
            document = .object(pairs)
        }
        if let path = args.string("--save") { try Console.write(document.rendered(), to: path) }
        if json {
            print(document.rendered(), terminator: "")
            Console.error(verdictText)
        } else {
            print(report + "\n" + verdictText)
        }
        return verdict.passed ? 0 : 1
    }
}

/// `stencil-bench pitched [--quick] [--strict] [--json]` (the pitched part of `run`, alone): the perspective covers' timings against the single-level
/// cover of the same trapezoid, their allocations, and the JFK → LHR chase camera's stencil, needs and schedule
/// (``PitchedBenchmark``, ``ChaseBenchmark``). Exit status 1 when a case misses its ratio target, its tile count or
/// allocates.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension RunCommand {
    static func runPitched(_ words: [String]) throws -> Int32 {
        let args = try Arguments(
            words, command: "pitched", spec: .init(valued: [], switches: ["--quick", "--strict", "--json"]))
        var settings = BenchmarkSettings()
        settings.quick = args.has("--quick")
        settings.strict = args.has("--strict")
        let results = PitchedBenchmark.runAll(settings: settings)
        let mapLibre = MapLibreBenchmark.runAll(settings: settings)
        let chase = ChaseBenchmark.run()
        let findings = Findings.merged(results.map(\.findings) + mapLibre.map(\.findings))
        let violations = findings.violations(strict: settings.strict) + chase.violations
        if args.has("--json") {
            print(
                JSONValue.object([
                    ("pitched", PitchedBenchmark.json(results)), ("maplibre", MapLibreBenchmark.json(mapLibre)),
                ]).rendered(), terminator: "")
        } else {
            print(PitchedBenchmark.text(results) + MapLibreBenchmark.text(mapLibre) + ChaseBenchmark.text(chase))
            for note in results.flatMap(\.notes) + (settings.strict ? [] : findings.absoluteMisses) {
                print("note: " + note)
            }
        }
        for v in violations { Console.error("problem: " + v) }
        let met = results.filter { $0.ratio <= $0.ratioTarget }.count
        let mapLibreMet = mapLibre.filter { $0.ratio <= $0.ratioTarget }.count
        Console.error(
            violations.isEmpty
                ? "verdict: PASS (pitched covers: \(met)/\(results.count) ratio targets, MapLibre covers: "
                    + "\(mapLibreMet)/\(mapLibre.count), exact tile counts, no allocation)"
                : "verdict: FAIL — \(violations.count) problems")
        return violations.isEmpty ? 0 : 1
    }
}
