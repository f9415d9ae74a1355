import MercatorMath
import StencilScenarios

/// What one part of a run (a scenario, a view cover, the streaming comparison) found, in the verdict's classes:
///
/// - correctness: checks with one right answer (brute-force agreement, residency, no heap allocation, the schedule's
///   stall-free and request bounds): counted, and any failure fails the run;
/// - the frame budget: frames, stencil setups and segment switches over the mission's budget (re-timed first);
/// - performance ratio targets (``RatioCheck``): the method against a reference timed in alternation in the same
///   process, so a busy machine slows both alike; they gate by default;
/// - absolute timing targets (µs and ms per call): reported always, gating only with `--strict`.
struct Findings: Sendable {
    /// Correctness checks made, and those that failed (a line each; one check may give several lines).
    var correctnessChecks = 0
    var correctnessFailed = 0
    var correctness: [String] = []
    /// Work over the frame budget, confirmed by re-timing.
    var budget: [String] = []
    /// Ratio targets checked.
    var ratios: [RatioCheck] = []
    /// Absolute timing targets checked, and the misses (every timing missed).
    var absoluteChecks = 0
    var absoluteMisses: [String] = []

    /// Records one correctness check: passed when `failures` is empty, else failed with those lines.
    mutating func check(_ failures: [String]) {
        correctnessChecks += 1
        if !failures.isEmpty {
            correctnessFailed += 1
            correctness += failures
        }
    }

    /// Records one absolute timing target: met, or missed with `miss`.
    /// Runs `body` `calls` times under the ``AllocationCounter`` and checks it allocated nothing (a failure naming
    /// `label` otherwise); returns the heap allocations per call (nil where they cannot be counted).
    mutating func checkNoAllocations(_ label: String, calls: Int, _ body: () -> Void) -> Double? {
        guard let counted = AllocationCounter.count({ for _ in 0..<calls { body() } }) else { return nil }
        check(
            counted == 0
                ? [] : ["\(label): \(counted) heap allocations in \(calls) calls with a reused buffer (want 0)"])
        return Double(counted) / Double(calls)
    }

    mutating func absolute(_ miss: String?) {
        absoluteChecks += 1
        if let miss { absoluteMisses.append(miss) }
    }

    /// The lines that fail the run: correctness, budget, missed ratio targets, and absolute misses when `strict`.
    func violations(strict: Bool) -> [String] {
        correctness + budget + ratios.filter { !$0.met }.map(\.miss) + (strict ? absoluteMisses : [])
    }

    /// The findings of several parts together.
    static func merged(_ parts: [Findings]) -> Findings {
        var all = Findings()
        for p in parts {
            all.correctnessChecks += p.correctnessChecks
            all.correctnessFailed += p.correctnessFailed
            all.correctness += p.correctness
            all.budget += p.budget
            all.ratios += p.ratios
            all.absoluteChecks += p.absoluteChecks
            all.absoluteMisses += p.absoluteMisses
        }
        return all
    }
}
