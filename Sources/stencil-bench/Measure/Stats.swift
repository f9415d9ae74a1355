import MercatorMath
import StencilScenarios

/// Summary statistics of a set of samples: nearest-rank percentiles (p50, p90, p99), maximum, mean and count.
struct Percentiles: Sendable {
    let count: Int
    let p50: Double
    let p90: Double
    let p99: Double
    let max: Double
    let mean: Double

    /// The statistics of `samples` (all zero when empty). Nearest rank: pN is the ⌈N/100 · n⌉-th smallest.
    init(_ samples: [Double]) {
        count = samples.count
        guard !samples.isEmpty else {
            p50 = 0
            p90 = 0
            p99 = 0
            max = 0
            mean = 0
            return
        }
        let sorted = samples.sorted()
        func rank(_ p: Double) -> Double {
            let k = Int((p * Double(sorted.count)).rounded(.up))
            return sorted[Swift.min(Swift.max(k, 1), sorted.count) - 1]
        }
        p50 = rank(0.50)
        p90 = rank(0.90)
        p99 = rank(0.99)
        max = sorted[sorted.count - 1]
        mean = sorted.reduce(0, +) / Double(sorted.count)
    }

    init(count: Int, p50: Double, p90: Double, p99: Double, max: Double, mean: Double) {
        self.count = count
        self.p50 = p50
        self.p90 = p90
        self.p99 = p99
        self.max = max
        self.mean = mean
    }

    /// The same statistics with every value multiplied by `factor` (e.g. seconds → milliseconds).
    func scaled(by factor: Double) -> Percentiles {
        Percentiles(
            count: count, p50: p50 * factor, p90: p90 * factor, p99: p99 * factor, max: max * factor,
            mean: mean * factor)
    }

    /// As JSON: `{"count", "p50", "p90", "p99", "max", "mean"}`.
    var json: JSONValue {
        .object([
            ("count", .int(count)), ("p50", .number(p50)), ("p90", .number(p90)), ("p99", .number(p99)),
            ("max", .number(max)), ("mean", .number(mean)),
        ])
    }

    /// Reads ``json`` back (for `--compare`); nil if a field is missing.
    init?(json: JSONValue?) {
        guard let json, let p50 = json["p50"]?.number, let p90 = json["p90"]?.number, let p99 = json["p99"]?.number,
            let max = json["max"]?.number
        else { return nil }
        self.init(
            // A count past Int's range (a hand-edited file) would trap in Int(_:): read it as 0.
            count: (json["count"]?.number).flatMap { Int(exactly: $0.rounded()) } ?? 0, p50: p50, p90: p90, p99: p99,
            max: max,
            mean: json["mean"]?.number ?? 0)
    }
}

/// Monotonic timing helpers over `ContinuousClock`.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum Timing {
    /// A duration in seconds as a `Double`.
    @inline(__always)
    static func seconds(_ d: Duration) -> Double {
        let c = d.components
        return Double(c.seconds) + Double(c.attoseconds) * 1e-18
    }

    /// Runs `body` `count` times after `warmUp` untimed runs and returns each run's seconds — fewer runs (at least
    /// one) once warm-up and runs together have taken `maxSeconds`, so a scenario whose setup takes a second is not
    /// timed 200 times.
    static func repeated<E: Error>(
        _ count: Int, warmUp: Int, maxSeconds: Double = .infinity, _ body: () throws(E) -> Void
    ) throws(E) -> [Double] {
        let clock = ContinuousClock()
        let begin = clock.now
        for _ in 0..<warmUp where seconds(clock.now - begin) < maxSeconds { try body() }
        var samples: [Double] = []
        samples.reserveCapacity(min(count, 1 << 16))
        for _ in 0..<count {
            let start = clock.now
            try body()
            samples.append(seconds(clock.now - start))
            if seconds(clock.now - begin) >= maxSeconds { break }
        }
        return samples
    }
}
