import MercatorMath
import StencilScenarios

/// A fixed arithmetic loop timed before and after a run, to tell whether the machine was busy while it ran.
///
/// One timing is ``repetitions`` runs of ``iterations`` steps of a 64-bit xorshift–multiply mix (about 2 ms each on a
/// 2020s core, a serial chain of dependent operations); its figure is the fastest run and its spread the slowest ÷ the fastest − 1. The absolute
/// figures of a run are called noisy when either timing's spread, or the change of the fastest run from before to
/// after, is more than ``tolerance``: another process took the core for part of a run, or the clock speed moved.
/// Ratio targets (``RatioCheck``) do not depend on it: the method and its reference see the same machine.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct Calibration: Sendable {
    /// Steps of one run of the loop.
    static let iterations = 1 << 20
    /// Runs per timing.
    static let repetitions = 15
    /// The largest spread or change that still counts as quiet: 25 %.
    static let tolerance = 0.25

    /// Seconds of each run, before and after.
    var before: [Double]
    var after: [Double] = []

    /// Times the loop once (the "before" timing).
    static func start() -> Calibration { Calibration(before: runs()) }

    /// Times the loop again (the "after" timing).
    mutating func finish() { after = Self.runs() }

    /// The spread of a timing: its slowest run ÷ its fastest − 1 (0 for no runs).
    static func spread(_ runs: [Double]) -> Double {
        guard let lo = runs.min(), let hi = runs.max(), lo > 0 else { return 0 }
        return hi / lo - 1
    }

    /// The fastest run after ÷ the fastest before − 1.
    var change: Double {
        guard let a = after.min(), let b = before.min(), b > 0 else { return 0 }
        return a / b - 1
    }

    /// Whether the absolute figures are noisy (``tolerance`` passed by a spread or the change).
    var noisy: Bool {
        max(Self.spread(before), Self.spread(after), abs(change)) > Self.tolerance
    }

    /// One line for the report.
    var summary: String {
        let ms = { (s: Double) in fmt(s * 1e3, decimals: 3) + " ms" }
        return "calibration loop (\(Figures.count(Self.iterations)) mixing steps, fastest of \(Self.repetitions)): "
            + "before \(ms(before.min() ?? 0)) (spread \(fmt(Self.spread(before) * 100, decimals: 0))%), "
            + "after \(ms(after.min() ?? 0)) (spread \(fmt(Self.spread(after) * 100, decimals: 0))%), "
            + "change \(fmt(change * 100, decimals: 0))%; "
            + (noisy
                ? "past \(fmt(Self.tolerance * 100))%: absolute figures noisy, machine busy"
                : "within \(fmt(Self.tolerance * 100))%: the machine was quiet")
    }

    /// As JSON.
    var json: JSONValue {
        .object([
            ("beforeMs", .number((before.min() ?? 0) * 1e3)), ("afterMs", .number((after.min() ?? 0) * 1e3)),
            ("spreadBefore", .number(Self.spread(before))), ("spreadAfter", .number(Self.spread(after))),
            ("change", .number(change)), ("tolerance", .number(Self.tolerance)), ("noisy", .bool(noisy)),
        ])
    }

    /// The seconds of ``repetitions`` runs of the loop, after one untimed run.
    private static func runs() -> [Double] {
        let clock = ContinuousClock()
        blackHole(loop(seed: 1))
        return (0..<repetitions).map { r in
            let start = clock.now
            blackHole(loop(seed: UInt64(r)))
            return Timing.seconds(clock.now - start)
        }
    }

    /// ``iterations`` steps of x ← (x ⊕ (x ≫ 31)) · 0xBF58476D1CE4E5B9 + 1 (mod 2⁶⁴), a serial chain the optimiser
    /// can neither fold (the shift–xor is not linear over the integers) nor vectorise.
    @inline(never)
    static func loop(seed: UInt64) -> UInt64 {
        var x = seed
        for _ in 0..<iterations { x = (x ^ (x >> 31)) &* 0xBF58_476D_1CE4_E5B9 &+ 1 }
        return x
    }
}
