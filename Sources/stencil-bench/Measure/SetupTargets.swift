import Foundation
import StencilScenarios

/// The per-call targets set for a built-in scenario's stencil setup and plan, as p50s in
/// seconds: the 2,000-point GPX track's stencil ≤ 2 ms, the JFK→LHR plan ≤ 5 ms, and each 5 × 50-tile corridor at
/// z = 12 computing its stencil in ≤ 2 µs. `run` prints each with its target and fails the verdict when one is
/// missed on every timing (a first miss is timed again, ``Retiming``: the machine may be busy).
struct SetupTargets: Sendable {
    /// What a target is for.
    enum Work: String, Sendable {
        case stencilSetup
        case plan

        /// How the report names it.
        var label: String { self == .stencilSetup ? "stencil setup" : "plan" }
    }

    /// A target p50 in seconds per work, or none.
    var stencilSetup: Double?
    var plan: Double?

    /// The targets of a scenario, by its name (none for a name without targets).
    static func of(scenario name: String) -> SetupTargets {
        switch name {
        case "gpx-z14": return SetupTargets(stencilSetup: 2e-3)
        case "jfk-lhr": return SetupTargets(plan: 5e-3)
        case _ where name.hasPrefix("corridor-z12-"): return SetupTargets(stencilSetup: 2e-6)
        default: return SetupTargets()
        }
    }

    /// The target for `work`.
    func target(for work: Work) -> Double? { work == .stencilSetup ? stencilSetup : plan }
}

/// One target checked: its first timing and, when that missed, the closest of the timings after (``Retiming``).
struct TargetCheck: Sendable {
    var work: SetupTargets.Work
    var target: Double
    /// The first timing's p50 and p99.
    var p50: Double
    var p99: Double
    /// The p50 of the timing kept: the first one that met the target, else the least over all timings.
    var bestP50: Double
    /// Timings made (1, or up to ``Retiming/maximumTimings`` after a miss).
    var timings: Int

    var met: Bool { bestP50 <= target }

    /// Checks `first` (the scenario's timing of `work`) against `target`; on a miss, calls `again` for more timings
    /// (``Retiming``), stopping at the first that meets it.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    static func check(
        _ work: SetupTargets.Work, target: Double, first: Percentiles, again: () -> Percentiles
    ) -> TargetCheck {
        let outcome = Retiming.measure(first: first, again: again) {
            Retiming.excess($0, targetP50: target, targetP99: nil)
        }
        return TargetCheck(
            work: work, target: target, p50: first.p50, p99: first.p99, bestP50: outcome.kept.p50,
            timings: outcome.timings)
    }

    /// The violation for a missed target, or the note for a first timing that missed and a later one that met it.
    func finding(scenario name: String) -> (violation: String?, note: String?) {
        let targetText = "p50 ≤ \(Figures.time(target))"
        if !met {
            return (
                "\(name): \(work.label) p50 \(Figures.time(bestP50)) misses its target \(targetText) "
                    + "(the closest of \(timings) timings)", nil
            )
        }
        guard timings > 1 else { return (nil, nil) }
        return (
            nil,
            "\(name): \(work.label) p50 \(Figures.time(p50)) missed \(targetText) on the first timing; timing "
                + "\(timings) met it with \(Figures.time(bestP50)) (the machine was busy; not counted)"
        )
    }
}
