import Foundation

/// A number as the package's tools write it (the benchmark's reports, its scenario messages and its pictures' captions):
/// at most `decimals` decimals, trailing zeros dropped, `-0` as `0`, infinities as `∞` and `-∞`. Package-internal: one
/// formatter for the tools, not part of the library's API.
package func fmt(_ x: Double, decimals: Int = 3) -> String {
    guard x.isFinite else { return x > 0 ? "∞" : "-∞" }
    var s = String(format: "%.\(decimals)f", x)
    if s.contains(".") {
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
    }
    return s == "-0" ? "0" : s
}
