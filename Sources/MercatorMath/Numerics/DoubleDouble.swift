import Foundation

/// An unevaluated sum `hi + lo` of two doubles with |lo| ≤ ulp(hi)/2: about 106 significant bits, for the few
/// places where a result must be right to the last bit of a `Double` (the isometric latitude).
///
/// The operations are the classic error-free transformations (Dekker 1971, Knuth TAOCP §4.2.2, Shewchuk 1997):
/// `twoSum` and `product` are exact; `+`, `*` and `/` have relative errors of a few units of 2⁻¹⁰⁶
/// (no underflow or overflow is handled: callers keep magnitudes between 2⁻⁹⁰⁰ and 2⁹⁰⁰).
struct DoubleDouble: Sendable, Hashable {
    /// The leading part, the sum rounded to a `Double`.
    var hi: Double
    /// The trailing part, the rounding error of `hi`.
    var lo: Double

    /// The value `hi + lo`; `hi` and `lo` must already be normalised (|lo| ≤ ulp(hi)/2).
    init(_ hi: Double, _ lo: Double = 0) {
        self.hi = hi
        self.lo = lo
    }

    /// The value rounded to a `Double`.
    var value: Double { hi + lo }

    /// a + b exactly, for any doubles (Knuth's TwoSum, 6 flops).
    static func twoSum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        let bb = s - a
        return DoubleDouble(s, (a - (s - bb)) + (b - bb))
    }

    /// a + b exactly when |a| ≥ |b| or a = 0 (Dekker's FastTwoSum, 3 flops).
    static func fastTwoSum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        return DoubleDouble(s, b - (s - a))
    }

    /// a·b exactly (one fused multiply-add), barring underflow.
    static func product(_ a: Double, _ b: Double) -> DoubleDouble {
        let p = a * b
        return DoubleDouble(p, (-p).addingProduct(a, b))
    }

    /// −x, exactly.
    static prefix func - (x: DoubleDouble) -> DoubleDouble { DoubleDouble(-x.hi, -x.lo) }

    /// Sum with both trailing parts carried (Shewchuk's accurate double-double addition).
    static func + (x: DoubleDouble, y: DoubleDouble) -> DoubleDouble {
        let s = twoSum(x.hi, y.hi)
        let t = twoSum(x.lo, y.lo)
        let u = fastTwoSum(s.hi, s.lo + t.hi)
        return fastTwoSum(u.hi, u.lo + t.lo)
    }

    /// x + y for a `Double` y.
    static func + (x: DoubleDouble, y: Double) -> DoubleDouble {
        let s = twoSum(x.hi, y)
        return fastTwoSum(s.hi, s.lo + x.lo)
    }

    /// x − y.
    static func - (x: DoubleDouble, y: DoubleDouble) -> DoubleDouble { x + (-y) }

    /// x·y: the exact product of the leading parts plus the cross terms (the lo·lo term is below 2⁻¹⁰⁶).
    static func * (x: DoubleDouble, y: DoubleDouble) -> DoubleDouble {
        let p = product(x.hi, y.hi)
        return fastTwoSum(p.hi, p.lo + (x.hi * y.lo + x.lo * y.hi))
    }

    /// x·y for a `Double` y.
    static func * (x: DoubleDouble, y: Double) -> DoubleDouble {
        let p = product(x.hi, y)
        return fastTwoSum(p.hi, p.lo + x.lo * y)
    }

    /// Quotient by long division: two correction steps on the leading quotient.
    static func / (x: DoubleDouble, y: DoubleDouble) -> DoubleDouble {
        let q1 = x.hi / y.hi
        let r1 = x - y * q1
        let q2 = r1.hi / y.hi
        let r2 = r1 - y * q2
        let q3 = r2.hi / y.hi
        return fastTwoSum(q1, q2) + q3
    }

    /// x scaled by 2^n exactly (barring underflow and overflow).
    func scaled(byPowerOfTwo n: Int) -> DoubleDouble {
        DoubleDouble(
            Double(sign: .plus, exponent: n, significand: hi), Double(sign: .plus, exponent: n, significand: lo))
    }

    /// π to 106 bits.
    static let pi = DoubleDouble(0x1.921fb54442d18p+1, 0x1.1a62633145c07p-53)
    /// 2π to 106 bits.
    static let twoPi = DoubleDouble(0x1.921fb54442d18p+2, 0x1.1a62633145c07p-52)
    /// ln 2 to 106 bits.
    static let ln2 = DoubleDouble(0x1.62e42fefa39efp-1, 0x1.abc9e3b39803fp-56)
    /// π/180, radians per degree, to 106 bits.
    static let radiansPerDegree = DoubleDouble(0x1.1df46a2529d39p-6, 0x1.5c1d8becdd291p-62)

    /// `degrees`·π/180 to 106 bits.
    static func radians(fromDegrees degrees: DoubleDouble) -> DoubleDouble { degrees * radiansPerDegree }
}
