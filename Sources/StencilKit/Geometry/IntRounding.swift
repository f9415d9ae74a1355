/// ⌊x⌋ and ⌈x⌉ as integers for |x| < 2⁶³ (tile rows and columns), by truncation and one correction: the same values
/// as `Int(x.rounded(.down))` and `Int(x.rounded(.up))`, without a call into libm where the target lacks SSE4.1's
/// rounding instruction (x86-64 without `-msse4.1`: the per-row cost of a cover halves). Exact: `Int(x)` truncates
/// toward zero, and `Double(i)` is exact for |i| < 2⁵³, while a larger |x| is already an integer, so `Double(i) == x`.
enum IntRounding {
    /// ⌊x⌋ for |x| < 2⁶³.
    @inline(__always)
    static func floor(_ x: Double) -> Int {
        let i = Int(x)
        return Double(i) > x ? i - 1 : i
    }

    /// ⌈x⌉ for |x| < 2⁶³.
    @inline(__always)
    static func ceil(_ x: Double) -> Int {
        let i = Int(x)
        return Double(i) < x ? i + 1 : i
    }
}
