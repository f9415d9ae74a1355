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

/// A performance target as a ratio: the method's p50 ≤ ``limit`` × the reference's p50, both timed in alternation
/// (``Interleaved``) in the same process. Absolute p50 and p99 of both are kept for the report.
struct RatioCheck: Sendable {
    /// What is timed, e.g. `view z12 h0 row-major`.
    var name: String
    /// What the reference is, e.g. `brute-force cover`.
    var reference: String
    var method: Percentiles
    var referenceTimes: Percentiles
    /// The largest ratio that meets the target.
    var limit: Double

    /// Method p50 ÷ reference p50 (∞ when the reference took no time).
    var ratio: Double { referenceTimes.p50 > 0 ? method.p50 / referenceTimes.p50 : .infinity }
    var met: Bool { ratio <= limit }

    /// The failure line for a missed target.
    var miss: String {
        "\(name): p50 \(Figures.time(method.p50)) is \(fmt(ratio))× the \(reference)'s \(Figures.time(referenceTimes.p50)) "
            + "timed alternately, past the target ≤ \(fmt(limit))×"
    }

    /// As JSON, times in microseconds.
    var json: JSONValue {
        .object([
            ("name", .string(name)), ("reference", .string(reference)), ("ratio", .number(ratio)),
            ("limit", .number(limit)), ("met", .bool(met)),
            ("methodMicroseconds", method.scaled(by: 1e6).json),
            ("referenceMicroseconds", referenceTimes.scaled(by: 1e6).json),
        ])
    }
}

/// Timing a method and its reference in alternation: a batch of one, then a batch of the other, so that load from
/// other processes falls on both alike.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum Interleaved {
    /// `rounds` rounds of `methodCalls` calls of `method` then `referenceCalls` calls of `reference`; each batch gives
    /// one per-call sample (its time ÷ its calls). Returns the two sets of samples, in seconds per call.
    /// - Complexity: `rounds × (methodCalls + referenceCalls)` calls.
    static func time(
        rounds: Int, methodCalls: Int, _ method: (Int) -> Void, referenceCalls: Int, _ reference: (Int) -> Void
    ) -> (method: [Double], reference: [Double]) {
        let clock = ContinuousClock()
        var m = [Double](repeating: 0, count: rounds)
        var r = [Double](repeating: 0, count: rounds)
        var k = 0
        var j = 0
        for round in 0..<rounds {
            let a = clock.now
            for _ in 0..<methodCalls {
                method(k)
                k &+= 1
            }
            let b = clock.now
            for _ in 0..<referenceCalls {
                reference(j)
                j &+= 1
            }
            let c = clock.now
            m[round] = Timing.seconds(b - a) / Double(methodCalls)
            r[round] = Timing.seconds(c - b) / Double(referenceCalls)
        }
        return (m, r)
    }
}
