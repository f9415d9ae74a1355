/// How a number reads in an error message, the one rule of every message of the package (MercatorMath, StencilKit
/// and the command-line tool): a whole number in Int64's range as an integer (`40`, not `40.0`; `-9223372036854775808`
/// for Int.min passed as a Double); any other finite number
/// in Swift's shortest form that reads back to the same `Double` (`0.25`, `85.0511287798066`, `30.000000000000004`),
/// with its exponent written plainly (`1e-9`, `2.5e+20`), so a tiny value keeps its digits instead of rounding to
/// `0`, and a value just past a limit never prints as the limit; `nan`, `inf` and `-inf` as Swift prints them.
package enum MessageNumber {
    /// `value` as a message prints it.
    /// - Complexity: O(1).
    package static func text(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        // Every whole Double in [−2⁶³, 2⁶³) is an Int64 exactly.
        if value == value.rounded(), value >= -0x1p63, value < 0x1p63 { return "\(Int64(value))" }
        let printed = "\(value)"
        // Swift writes 1e-09 and 1e+16: the exponent's leading zeros are dropped.
        guard let e = printed.firstIndex(of: "e") else { return printed }
        let sign = printed[printed.index(after: e)]
        let digits = printed[printed.index(e, offsetBy: 2)...].drop(while: { $0 == "0" })
        return String(printed[..<e]) + "e" + (sign == "-" ? "-" : "+") + (digits.isEmpty ? "0" : digits)
    }
}
