import Foundation

/// How a message prints `x`, written again for the tests of both targets (MercatorMathTests' MessageNumberTests checks
/// the rule on hand-worked values): a whole number in Int64's range as an integer, any other as Swift's shortest
/// round-trip form with its exponent's zeros dropped.
public func printed(_ x: Double) -> String {
    if x == x.rounded(), x >= -0x1p63, x < 0x1p63 { return "\(Int64(x))" }
    return "\(x)".replacingOccurrences(of: "e-0", with: "e-").replacingOccurrences(of: "e+0", with: "e+")
}
