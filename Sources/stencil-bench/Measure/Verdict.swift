import MercatorMath
import StencilScenarios

/// The verdict of a run, by class (``Findings``): correctness, the frame budget, performance ratio targets, and, with
/// `--compare`, regressions against saved results. Absolute timing targets are counted beside and fail only with
/// `--strict`; a calibration loop timed before and after (``Calibration``) says whether the machine was busy.
///
/// `verdict: PASS (correctness 23/23, frame budget ×2043, performance 12/12 ratio targets; absolute targets 9/12
/// met, gating only with --strict; absolute figures noisy: machine busy)`, or `verdict: FAIL in performance (…)`
/// followed by the problems, a line each.
struct Verdict: Sendable {
    var findings: Findings
    /// Lowest budget ÷ per-frame p99 over the scenarios, with its scenario; nil without scenarios.
    var headroom: (value: Double, scenario: String)?
    var regressions: [String] = []
    var strict = false
    /// Whether the calibration loop found the machine busy (nil: not timed).
    var noisy: Bool?

    /// The classes that failed, in the verdict's order.
    var failedClasses: [String] {
        var failed: [String] = []
        if findings.correctnessFailed > 0 { failed.append("correctness") }
        if !findings.budget.isEmpty { failed.append("frame budget") }
        if findings.ratios.contains(where: { !$0.met }) { failed.append("performance") }
        if strict && !findings.absoluteMisses.isEmpty { failed.append("absolute targets (--strict)") }
        if !regressions.isEmpty { failed.append("regressions against saved results") }
        return failed
    }

    var passed: Bool { failedClasses.isEmpty }

    /// The lines that failed the run.
    var problems: [String] { findings.violations(strict: strict) + regressions }

    /// The parenthesised summary: each class with its count.
    var summary: String {
        let f = findings
        var parts = ["correctness \(f.correctnessChecks - f.correctnessFailed)/\(f.correctnessChecks)"]
        if let headroom {
            parts.append(
                f.budget.isEmpty
                    ? "frame budget \(Figures.headroom(headroom.value))"
                    : "frame budget missed \(f.budget.count) time\(f.budget.count == 1 ? "" : "s")")
        }
        let met = f.ratios.filter(\.met).count
        parts.append("performance \(met)/\(f.ratios.count) ratio targets")
        var tail: [String] = []
        if f.absoluteChecks > 0 {
            let metAbsolute = f.absoluteChecks - f.absoluteMisses.count
            tail.append(
                "absolute targets \(metAbsolute)/\(f.absoluteChecks) met"
                    + (strict ? " (--strict: they gate)" : ", gating only with --strict"))
        }
        if !regressions.isEmpty { tail.append("\(regressions.count) regressions against saved results") }
        if noisy == true { tail.append("absolute figures noisy: machine busy") }
        return parts.joined(separator: ", ") + (tail.isEmpty ? "" : "; " + tail.joined(separator: "; "))
    }

    /// The verdict line alone: `verdict: PASS (…)` or `verdict: FAIL in performance (…)`.
    var headline: String {
        passed ? "verdict: PASS (\(summary))" : "verdict: FAIL in \(failedClasses.joined(separator: ", ")) (\(summary))"
    }

    /// The verdict line, and for a failure the problems below it.
    var text: String {
        guard !passed else { return headline }
        let lines = problems
        return headline + " — \(lines.count) problem\(lines.count == 1 ? "" : "s"):\n"
            + lines.map { "  " + $0 }.joined(separator: "\n")
    }

    /// The table of every ratio target: the method's and the reference's absolute p50 and p99 beside the ratio.
    static func ratioTable(_ ratios: [RatioCheck], noisy: Bool?) -> String {
        guard !ratios.isEmpty else { return "" }
        var table = TextTable(header: [
            ["ratio target", "reference", "method", "", "reference", "", "ratio", "target", "result"],
            ["", "", "p50", "p99", "p50", "p99", "p50/p50", "", ""],
        ])
        for r in ratios {
            table.add([
                r.name, r.reference, Figures.time(r.method.p50), Figures.time(r.method.p99),
                Figures.time(r.referenceTimes.p50), Figures.time(r.referenceTimes.p99), String(format: "%.4f", r.ratio),
                "≤ " + fmt(r.limit, decimals: 4), r.met ? "met" : "MISSED",
            ])
        }
        return "\n" + table.rendered + "\n"
            + "performance targets are ratios: the method and its reference timed in alternation in this process, so "
            + "load from other processes slows both alike; they gate the verdict. The absolute figures beside them "
            + (noisy == true ? "are noisy (the machine was busy, see the calibration line)." : "are for reading.")
            + "\n"
    }

    /// As JSON: the result, the failed classes and each class's counts.
    var json: JSONValue {
        let f = findings
        return .object([
            ("result", .string(passed ? "pass" : "fail")),
            ("failedClasses", .array(failedClasses.map { .string($0) })),
            ("line", .string(headline)),
            (
                "correctness",
                .object([
                    ("checks", .int(f.correctnessChecks)), ("failed", .int(f.correctnessFailed)),
                    ("problems", .array(f.correctness.map { .string($0) })),
                ])
            ),
            (
                "frameBudget",
                .object([
                    ("lowestHeadroom", headroom.map { .number($0.value.isFinite ? $0.value : 0) } ?? .null),
                    ("scenario", headroom.map { .string($0.scenario) } ?? .null),
                    ("problems", .array(f.budget.map { .string($0) })),
                ])
            ),
            (
                "performance",
                .object([
                    ("ratioTargets", .int(f.ratios.count)), ("met", .int(f.ratios.filter(\.met).count)),
                    ("targets", .array(f.ratios.map(\.json))),
                ])
            ),
            (
                "absoluteTargets",
                .object([
                    ("checks", .int(f.absoluteChecks)), ("missed", .array(f.absoluteMisses.map { .string($0) })),
                    ("gating", .bool(strict)),
                ])
            ),
            ("regressions", .array(regressions.map { .string($0) })),
            ("machineBusy", noisy.map { .bool($0) } ?? .null),
        ])
    }
}
