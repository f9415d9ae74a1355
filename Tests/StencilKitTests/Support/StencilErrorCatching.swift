import Foundation

@testable import StencilKit

/// The typed error `body` throws, or nil when it returns: for tests that check a refusal's kind and figures.
func stencilError<T>(_ body: () throws(StencilError) -> T) -> StencilError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}

/// How a message prints `x` (the rule MessageNumberTests checks on hand-worked values): a whole number in Int64's
/// range as an integer, any other as Swift's shortest round-trip form with its exponent's zeros dropped.
func printed(_ x: Double) -> String {
    if x == x.rounded(), x >= -0x1p63, x < 0x1p63 { return "\(Int64(x))" }
    return "\(x)".replacingOccurrences(of: "e-0", with: "e-").replacingOccurrences(of: "e+0", with: "e+")
}
