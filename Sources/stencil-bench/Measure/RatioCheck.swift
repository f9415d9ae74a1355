import MercatorMath
import StencilScenarios

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
