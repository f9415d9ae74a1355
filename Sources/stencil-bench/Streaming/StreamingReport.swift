import Foundation
import StencilKit
import StencilScenarios

/// The streaming comparison as printed by `run` and as its JSON: one table of methods per route and loader, one of
/// the schedule's targets, the schedule's speed, and the verdict's part.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum StreamingReport {
    static func text(_ comparison: StreamingComparison) -> String {
        var methods = TextTable(header: [
            ["route", "loader", "Ĉ", "L", "method", "at C = Ĉ", "", "", "", "smallest stall-free C", "", "", ""],
            ["", "", "", "", "", "stalled", "stall s", "requests", "peak", "C", "×Ĉ", "requests", "peak"],
        ])
        for item in comparison.cases {
            for (i, row) in item.rows.enumerated() {
                let first = i == 0
                var cells = [
                    first ? item.route : "", first ? item.loaderName : "", first ? "\(item.smallestCapacity)" : "",
                    first ? "\(item.windowBound)" : "", row.method,
                ]
                if let o = row.atSmallest {
                    cells += [
                        Figures.count(o.stalledFrames.count), fmt(o.stallTime, decimals: 3), Figures.count(o.requests),
                        Figures.count(o.peak),
                    ]
                } else {
                    cells += [row.refusal ?? "–", "", "", ""]
                }
                if let c = row.smallest {
                    let o = row.smallestOutcome
                    cells += [
                        Figures.count(c) + (row.stallFreeBelow ? "?" : ""),
                        String(format: "%.2f", Double(c) / Double(max(1, item.smallestCapacity))),
                        o.map { Figures.count($0.requests) } ?? "–", o.map { Figures.count($0.peak) } ?? "–",
                    ]
                } else {
                    cells += ["never (≤ \(Figures.count(row.bound)))", "∞", "–", "–"]
                }
                methods.add(cells)
            }
        }
        var out = "\nstreaming comparison: \(StreamingComparison.routes.count) routes × 2 loaders "
        out += "(disk: λ = 5 ms, μ = 2000 tiles/s; network: λ = 150 ms, μ = 40 tiles/s); "
        out += "run time \(String(format: "%.1f", comparison.elapsed)) s\n"
        out += methods.rendered + "\n"
        out += legend.map { "  " + $0 + "\n" }.joined()

        var targets = TextTable(header: [
            [
                "route", "loader", "schedule stalls at", "", "", "", "requests ÷ Belady", "", "", "pause plan", "", "",
                "driver step", "",
            ],
            [
                "", "", "Ĉ", "Ĉ+1", "1.5Ĉ", "2Ĉ", "at Ĉ", "at 1.5Ĉ", "λ=0, 1.5Ĉ₀", "at C", "stalled splits", "stall s",
                "p99 µs", "allocs",
            ],
        ])
        for item in comparison.cases {
            var cells = [item.route, item.loaderName]
            for check in item.scheduleChecks {
                cells.append(check.outcome.map { "\($0.stalledFrames.count)" } ?? "refused")
            }
            cells += [
                String(format: "%.3f", item.ratioAtSmallest), String(format: "%.3f", item.ratioAtOneAndHalf),
                String(format: "%.3f", item.ratioWithoutLatency),
            ]
            if let pause = item.pause {
                cells += [
                    "\(pause.capacity)", "\(pause.stalledCrossings) of \(pause.crossings)",
                    fmt(pause.outcome.stallTime, decimals: 3),
                ]
            } else {
                cells += ["–", "–", "–"]
            }
            cells += [
                String(format: "%.3f", item.driverStep.p99 * 1e6), item.driverAllocations.map { "\($0)" } ?? "n/a",
            ]
            targets.add(cells)
        }
        out += "\n" + targets.rendered + "\n"
        out +=
            "targets: 0 stalls at Ĉ, Ĉ+1, ⌈1.5Ĉ⌉, 2Ĉ; requests ≤ 1.15× Belady's bound at Ĉ, ≤ 1.05× at 1.5Ĉ, ≤ 1.01× "
            + "with λ = 0;\n  Ĉ ≤ every method's smallest stall-free C, and ≤ 0.6× the seamless plan's on racetracks "
            + "with ρ > 0 or a band;\n  driver step p99 ≤ 0.5 µs, no allocation (the schedule is played through "
            + "ScheduleDriver<TileIndex> at its action times; the step is timed per frame).\n"
            + "pause plan: at Ĉ, or at its own least capacity when it refuses Ĉ; stalled splits = crossings followed "
            + "by a stalled frame before the next.\n"
        for (loader, seconds) in comparison.scheduleTimes {
            out +=
                "schedule of \(StreamingComparison.timedRoute) (needs + plan at Ĉ, \(loader)): "
                + "\(Figures.time(seconds)) median (target ≤ 20 ms)\n"
        }
        if !comparison.notes.isEmpty {
            out += "streaming notes:\n" + comparison.notes.map { "  " + $0 }.joined(separator: "\n") + "\n"
        }
        if !comparison.errors.isEmpty {
            out += "routes not flown:\n" + comparison.errors.map { "  " + $0 }.joined(separator: "\n") + "\n"
        }
        return out
    }

    /// What the methods table means, a line each.
    static let legend = [
        "one loader model for all: requests served in order, c = max(t + λ, c_prev + 1/μ); a tile holds a slot from "
            + "request to eviction;",
        "frame k waits until its visible tiles are loaded and the flight freezes as long (stall s: the waits summed).",
        "Ĉ = the schedule's smallest capacity; L = the window bound, below which no method can be stall-free.",
        "smallest stall-free C: galloping, then binary search from L with the simulator (? = also stall-free one "
            + "below: not monotone in C there);",
        "never (≤ U) = stalls even with U slots, where it never evicts, so at every capacity.",
        "plans: BudgetPlan re-split at each C; each visit requests the next segment's new tiles as early as C allows.",
        "heuristics, LRU eviction, prefetch width k = 1 tile: fixed radius = disc of half the footprint diagonal + "
            + "band + k",
        "about the view's centre; heading box = footprint + band, grown k behind and aside and 3k ahead; LRU + ring = "
            + "footprint + band grown k all round.",
    ]

    /// The verdict's clause for a comparison without violations.
    static func passClause(_ comparison: StreamingComparison) -> String {
        let worstRatio = comparison.cases.map(\.ratioAtOneAndHalf).max() ?? 0
        let worstStep = comparison.cases.map(\.driverStep.p99).max() ?? 0
        return "streaming schedule stall-free from Ĉ on \(comparison.cases.count) route × loader cases, the least "
            + "capacity of all methods, requests ≤ \(String(format: "%.3f", worstRatio))× Belady's at 1.5Ĉ, "
            + "driver step p99 \(Figures.time(worstStep))"
    }

    static func json(_ comparison: StreamingComparison) -> JSONValue {
        func outcome(_ o: StreamingOutcome?) -> JSONValue {
            guard let o else { return .null }
            return .object([
                ("capacity", .int(o.capacity)), ("stalledFrames", .int(o.stalledFrames.count)),
                ("stallSeconds", .number(o.stallTime)), ("requests", .int(o.requests)), ("peak", .int(o.peak)),
            ])
        }
        return .object([
            (
                "cases",
                .array(
                    comparison.cases.map { item in
                        .object([
                            ("route", .string(item.route)), ("loader", .string(item.loaderName)),
                            ("latency", .number(item.loader.latency)), ("throughput", .number(item.loader.throughput)),
                            ("smallestCapacity", .int(item.smallestCapacity)), ("windowBound", .int(item.windowBound)),
                            ("requestRatioAtSmallest", .number(item.ratioAtSmallest)),
                            ("requestRatioAtOneAndHalf", .number(item.ratioAtOneAndHalf)),
                            ("requestRatioWithoutLatency", .number(item.ratioWithoutLatency)),
                            ("driverStepP99Microseconds", .number(item.driverStep.p99 * 1e6)),
                            ("driverAllocations", item.driverAllocations.map { .int($0) } ?? .null),
                            (
                                "methods",
                                .array(
                                    item.rows.map { row in
                                        .object([
                                            ("method", .string(row.method)), ("atSmallest", outcome(row.atSmallest)),
                                            ("refusal", row.refusal.map { .string($0) } ?? .null),
                                            ("smallestStallFree", row.smallest.map { .int($0) } ?? .null),
                                            ("atOwnSmallest", outcome(row.smallestOutcome)),
                                        ])
                                    })
                            ),
                        ])
                    })
            ),
            (
                "scheduleMilliseconds",
                .object(comparison.scheduleTimes.map { ($0.loader, .number($0.seconds * 1e3)) })
            ),
            ("correctness", .array(comparison.findings.correctness.map { .string($0) })),
            ("absoluteMisses", .array(comparison.findings.absoluteMisses.map { .string($0) })),
        ])
    }
}
