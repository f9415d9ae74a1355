import Foundation
import MercatorMath

/// Human-readable figures for the report.
package enum Figures {
    /// Seconds as µs below 1 ms, with three decimals below 1 µs and one above, else ms (three decimals), e.g.
    /// `0.250 µs`, `12.3 µs`, `4.213 ms`.
    package static func time(_ seconds: Double) -> String {
        if seconds < 1e-6 { return String(format: "%.3f µs", seconds * 1e6) }
        if seconds < 1e-3 { return fmt(seconds * 1e6, decimals: 1).padDecimal(1) + " µs" }
        return String(format: "%.3f ms", seconds * 1e3)
    }

    /// Seconds in µs with one decimal.
    package static func micro(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1e6) }

    /// Seconds in ms with three decimals.
    package static func milli(_ seconds: Double) -> String { String(format: "%.3f", seconds * 1e3) }

    /// A whole number with thousands separators: 6,160,384.
    package static func count(_ n: Int) -> String {
        let digits = String(abs(n))
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out += "," }
            out.append(ch)
        }
        return n < 0 ? "-" + out : out
    }

    /// A byte count with thousands separators; `Int.max`, where byte counts saturate, reads as
    /// `≥ 9,223,372,036,854,775,807` (the true count does not fit in 64 bits).
    package static func bytes(_ n: Int) -> String { n == .max ? "≥ " + count(n) : count(n) }

    /// A ratio such as `1.37×`.
    package static func ratio(_ x: Double) -> String { String(format: "%.2f×", x) }

    /// A headroom factor: `×1190` (no decimals above 100).
    package static func headroom(_ x: Double) -> String {
        guard x.isFinite else { return "∞" }
        return x >= 100 ? String(format: "×%.0f", x) : String(format: "×%.1f", x)
    }
}

extension String {
    fileprivate func padDecimal(_ n: Int) -> String {
        if contains(".") { return self }
        return self + "." + String(repeating: "0", count: n)
    }
}
