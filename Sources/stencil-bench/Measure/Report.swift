import Foundation
import MercatorMath
import StencilScenarios

/// The printed report: sizes, times and baselines per scenario, then notes and the verdict.
enum Report {
    static func text(_ results: [ScenarioResult], settings: BenchmarkSettings, elapsed: Double) -> String {
        var out = ""
        let mode = settings.quick ? "quick" : "full"
        #if DEBUG
            let build = "DEBUG build — timings are not representative, use -c release"
        #else
            let build = "release build"
        #endif
        let frames = settings.frameStride == 1 ? "every frame" : "1 frame in \(settings.frameStride)"
        let repetitions = settings.frameRepetitions
        out +=
            "stencil-bench (\(mode)): \(results.count) scenario\(results.count == 1 ? "" : "s") · "
            + "\(repetitions) timed repetition\(repetitions == 1 ? "" : "s") of \(frames) of one loop · "
            + "\(settings.setupRepetitions) stencil setups · \(settings.planRepetitions) plans\n"
            + "\(build), ContinuousClock; one untimed verification pass per scenario as warm-up; "
            + "run time \(String(format: "%.1f", elapsed)) s\n\n"

        var sizes = TextTable(header: [
            ["scenario", "frames", "tiles/frame", "", "stencil", "unwrapped", "stencil", "segments", "loads", "peak"],
            ["", "", "p50", "max", "tiles", "tiles", "bytes", "", "/loop", "bytes"],
        ])
        for r in results {
            let planned = r.planError == nil
            sizes.add([
                r.name, Figures.count(r.frames), fmt(r.tilesPerFrame.p50), fmt(r.tilesPerFrame.max),
                Figures.count(r.stencilTiles), Figures.count(r.stencilUnwrappedTiles), Figures.bytes(r.stencilBytes),
                planned ? "\(r.segments)" : "no plan", planned ? Figures.count(r.loadsPerLoop) : "–",
                planned ? Figures.bytes(r.peakBytes) : "–",
            ])
        }
        out += sizes.rendered + "\n\n"

        var times = TextTable(header: [
            [
                "scenario", "setup (ms)", "", "", "plan (ms)", "", "frame work (µs)", "", "", "", "cull", "switch (µs)",
                "", "budget", "headroom",
            ],
            [
                "", "p50", "p99", "max", "p50", "p99", "p50", "p90", "p99", "max", "p50 µs", "n", "max", "ms",
                "budget/p99",
            ],
        ])
        for r in results {
            times.add([
                r.name, Figures.milli(r.setup.p50), Figures.milli(r.setup.p99), Figures.milli(r.setup.max),
                r.planError == nil ? Figures.milli(r.plan.p50) : "–",
                r.planError == nil ? Figures.milli(r.plan.p99) : "–",
                Figures.micro(r.frameWork.p50), Figures.micro(r.frameWork.p90), Figures.micro(r.frameWork.p99),
                Figures.micro(r.frameWork.max), Figures.micro(r.culling.p50),
                "\(r.segmentSwitch.count)", r.segmentSwitch.count > 0 ? Figures.micro(r.segmentSwitch.max) : "–",
                Figures.milli(r.budget), Figures.headroom(r.headroom),
            ])
        }
        out += times.rendered + "\n\n"

        out += targetsTable(results)

        var baselines = TextTable(header: [
            ["scenario", "fixed-radius stencil", "", "", "", "", "", "brute-force culling", "", ""],
            ["", "radius px", "tiles", "×exact", "bytes", "×exact", "missed", "p50 µs", "×culling", "mismatches"],
        ])
        for r in results {
            let f = r.fixedRadius
            baselines.add([
                r.name, fmt(f.radius, decimals: 1), Figures.count(f.tiles),
                Figures.ratio(JSONOutput.ratio(f.tiles, r.stencilUnwrappedTiles)), Figures.bytes(f.bytes),
                Figures.ratio(JSONOutput.ratio(f.bytes, r.stencilBytes)), Figures.count(f.missed),
                Figures.micro(r.bruteForce.p50),
                Figures.ratio(r.culling.p50 > 0 ? r.bruteForce.p50 / r.culling.p50 : 0), "\(r.mismatchedFrames)",
            ])
        }
        out += baselines.rendered + "\n"
        out +=
            "fixed radius = half the footprint diagonal (margin and band included) about the legs and turn arcs; "
            + "missed = exact-stencil tiles it would not load.\n"
        let limits = results.flatMap(\.limits)
        if !limits.isEmpty {
            out +=
                "\nlimits applied (to keep the run's time and memory bounded):\n"
                + limits.map { "  " + $0 }.joined(separator: "\n") + "\n"
        }
        let notes = results.flatMap(\.notes)
        if !notes.isEmpty { out += "\nnotes:\n" + notes.map { "  " + $0 }.joined(separator: "\n") + "\n" }
        return out
    }

    /// The per-call targets checked in this run (``SetupTargets``), a row each, or nothing when none.
    static func targetsTable(_ results: [ScenarioResult]) -> String {
        let checks = results.flatMap { r in r.targets.map { (r.name, $0) } }
        guard !checks.isEmpty else { return "" }
        func time(_ s: Double) -> String {
            s < 1e-3 ? String(format: "%.2f µs", s * 1e6) : String(format: "%.3f ms", s * 1e3)
        }
        var table = TextTable(header: [
            ["scenario", "issue target", "", "p50", "p99", "best p50", "timings", "result"]
        ])
        for (name, c) in checks {
            table.add([
                name, c.work.label, "p50 ≤ " + time(c.target), time(c.p50), time(c.p99), time(c.bestP50),
                "\(c.timings)", c.met ? "met" : "MISSED",
            ])
        }
        return table.rendered + "\n"
            + "a first p50 over its target is timed again, up to \(Retiming.maximumTimings) timings in all; a miss on every timing "
            + "fails the verdict with --strict, and is a note without it.\n\n"
    }

    /// The frame budget's line under a passing verdict: the budget, the lowest headroom and where.
    static func budgetDetail(_ results: [ScenarioResult]) -> String {
        guard let worst = results.min(by: { $0.headroom < $1.headroom }) else { return "no scenarios" }
        let budgets = Set(results.map { Figures.milli($0.budget) })
        let budgetText = budgets.count == 1 ? "the \(budgets.first!) ms frame budget" : "every scenario's frame budget"
        let outliers = results.map(\.notes.count).reduce(0, +)
        return "no frame, stencil setup or segment switch of \(results.count) scenario"
            + "\(results.count == 1 ? "" : "s") over \(budgetText); lowest headroom "
            + "\(Figures.headroom(worst.headroom)) "
            + "(\(worst.name), per-frame p99 \(Figures.time(worst.frameWork.p99)))"
            + (outliers > 0
                ? "; \(outliers) note\(outliers == 1 ? "" : "s") (one-off timings re-timed, see notes)" : "")
    }
}
