/// The isometric latitude ψ(φ) = asinh(tan φ) = atanh(sin φ) = ln tan(45° + φ/2) in double-double arithmetic,
/// for φ in degrees, with a relative error below 2⁻⁷⁰ wherever 10⁻⁹° ≤ |φ| < 90°.
///
/// Why it is accurate to the last bit of a `Double` even next to the poles: the angle is never converted to
/// radians while it is large. For |φ| ≥ 45° the exact co-angle δ = (90° − |φ|)/2 (exact: Sterbenz, then a halving)
/// gives ψ = −ln tan δ, which is well conditioned (a relative error ε in tan δ moves ψ by ε, and ψ ≥ 0.88);
/// for |φ| < 45° the exact half angle h = |φ|/2 gives ψ = 2·atanh(tan h) with tan h ≤ tan 22.5°. Only the small
/// angle δ or h (at most 22.5°) is turned into radians, in double-double (π/180 to 106 bits), and its sine and cosine
/// come from Taylor series on |r| ≤ 0.393 (19th and 20th order, truncation below 2⁻⁷⁷). The logarithm reduces its
/// argument to m ∈ [√½, √2] by the exponent and uses ln m = 2·atanh((m − 1)/(m + 1)), a series in w² ≤ 0.0295
/// (31st order, truncation below 2⁻⁸⁰). A latitude below 10⁻⁹° gives ψ = φ·π/180 (the next term, ψ³/6, is below
/// 2⁻⁷⁴ of it).
enum IsometricLatitude {
    /// Below this |φ| (degrees) ψ = φ·π/180 to better than 2⁻⁷⁴.
    static let linearLimit = 1e-9

    /// ψ(φ) in radians for φ in degrees, |φ| < 90°, as a double-double. For |φ| below 2⁻⁹⁰⁰ the trailing part
    /// underflows and only the leading part is meaningful.
    static func doubleDouble(_ latitude: Double) -> DoubleDouble {
        let a = abs(latitude)
        let psi = magnitude(DoubleDouble(a))
        return latitude < 0 ? -psi : psi
    }

    /// ψ(φ) for a latitude given as a double-double in degrees, |φ| < 90° (used where φ₂ = φ₁ + Δφ is not a `Double`).
    static func doubleDouble(_ latitude: DoubleDouble) -> DoubleDouble {
        latitude.hi < 0 ? -magnitude(-latitude) : magnitude(latitude)
    }

    /// ψ(a) for 0 ≤ a < 90° (degrees, double-double).
    private static func magnitude(_ a: DoubleDouble) -> DoubleDouble {
        if a.hi < linearLimit { return DoubleDouble.radians(fromDegrees: a) }
        if a.hi >= 45 {
            // δ = (90 − a)/2: 90 − a.hi is exact for a.hi ∈ [45, 90] (Sterbenz), the halving is exact.
            let delta = DoubleDouble.twoSum(90 - a.hi, -a.lo).scaled(byPowerOfTwo: -1)
            let (s, c) = sinCos(radians: DoubleDouble.radians(fromDegrees: delta))
            return -log(s / c)
        }
        let half = a.scaled(byPowerOfTwo: -1)
        let (s, c) = sinCos(radians: DoubleDouble.radians(fromDegrees: half))
        let t = s / c  // tan h ∈ [0, tan 22.5°]
        // 2·atanh(t) = ln((1 + t)/(1 − t)); the series needs |t| ≤ 3 − 2√2 = 0.17157…
        if t.hi <= 0.1715 { return twiceAtanh(t) }
        return log((t + 1) / (-t + 1))
    }

    /// sin r and cos r for |r| ≤ 0.3927 (22.5°), by Taylor series in double-double.
    static func sinCos(radians r: DoubleDouble) -> (sin: DoubleDouble, cos: DoubleDouble) {
        let x = r * r
        return (r * horner(sinCoefficients, x), horner(cosCoefficients, x))
    }

    /// ln x for a finite x > 0 (double-double, x.hi between 2⁻⁹⁰⁰ and 2⁹⁰⁰).
    static func log(_ x: DoubleDouble) -> DoubleDouble {
        var e = x.hi.exponent
        var m = x.scaled(byPowerOfTwo: -Int(e))  // m.hi ∈ [1, 2)
        if m.hi > 0x1.6a09e667f3bcdp+0 {  // √2
            m = m.scaled(byPowerOfTwo: -1)
            e += 1
        }
        let w = (m + -1) / (m + 1)  // |w| ≤ 3 − 2√2
        return DoubleDouble.ln2 * Double(e) + twiceAtanh(w)
    }

    /// 2·atanh(w) = 2w·Σ w²ᵏ/(2k + 1) for |w| ≤ 0.1716.
    static func twiceAtanh(_ w: DoubleDouble) -> DoubleDouble {
        (w * horner(atanhCoefficients, w * w)).scaled(byPowerOfTwo: 1)
    }

    /// Σ cₖ·xᵏ by Horner's rule in double-double.
    private static func horner(_ coefficients: [DoubleDouble], _ x: DoubleDouble) -> DoubleDouble {
        var sum = coefficients[coefficients.count - 1]
        for c in coefficients.dropLast().reversed() { sum = sum * x + c }
        return sum
    }

    /// (−1)ᵏ/(2k + 1)!, k = 0…9, to 106 bits.
    private static let sinCoefficients: [DoubleDouble] = [
        DoubleDouble(0x1.0000000000000p+0, 0),
        DoubleDouble(-0x1.5555555555555p-3, -0x1.5555555555555p-57),
        DoubleDouble(0x1.1111111111111p-7, 0x1.1111111111111p-63),
        DoubleDouble(-0x1.a01a01a01a01ap-13, -0x1.a01a01a01a01ap-73),
        DoubleDouble(0x1.71de3a556c734p-19, -0x1.c154f8ddc6c00p-73),
        DoubleDouble(-0x1.ae64567f544e4p-26, 0x1.c062e06d1f209p-80),
        DoubleDouble(0x1.6124613a86d09p-33, 0x1.f28e0cc748ebep-87),
        DoubleDouble(-0x1.ae7f3e733b81fp-41, -0x1.1d8656b0ee8cbp-97),
        DoubleDouble(0x1.952c77030ad4ap-49, 0x1.ac981465ddc6cp-103),
        DoubleDouble(-0x1.2f49b46814157p-57, -0x1.2650f61dbdcb4p-112),
    ]

    /// (−1)ᵏ/(2k)!, k = 0…10, to 106 bits.
    private static let cosCoefficients: [DoubleDouble] = [
        DoubleDouble(0x1.0000000000000p+0, 0),
        DoubleDouble(-0x1.0000000000000p-1, 0),
        DoubleDouble(0x1.5555555555555p-5, 0x1.5555555555555p-59),
        DoubleDouble(-0x1.6c16c16c16c17p-10, 0x1.f49f49f49f49fp-65),
        DoubleDouble(0x1.a01a01a01a01ap-16, 0x1.a01a01a01a01ap-76),
        DoubleDouble(-0x1.27e4fb7789f5cp-22, -0x1.cbbc05b4fa99ap-76),
        DoubleDouble(0x1.1eed8eff8d898p-29, -0x1.2aec959e14c06p-83),
        DoubleDouble(-0x1.93974a8c07c9dp-37, -0x1.05d6f8a2efd1fp-92),
        DoubleDouble(0x1.ae7f3e733b81fp-45, 0x1.1d8656b0ee8cbp-101),
        DoubleDouble(-0x1.6827863b97d97p-53, -0x1.eec01221a8b0bp-107),
        DoubleDouble(0x1.e542ba4020225p-62, 0x1.ea72b4afe3c2fp-120),
    ]

    /// 1/(2k + 1), k = 0…15, to 106 bits.
    private static let atanhCoefficients: [DoubleDouble] = [
        DoubleDouble(0x1.0000000000000p+0, 0),
        DoubleDouble(0x1.5555555555555p-2, 0x1.5555555555555p-56),
        DoubleDouble(0x1.999999999999ap-3, -0x1.999999999999ap-57),
        DoubleDouble(0x1.2492492492492p-3, 0x1.2492492492492p-57),
        DoubleDouble(0x1.c71c71c71c71cp-4, 0x1.c71c71c71c71cp-58),
        DoubleDouble(0x1.745d1745d1746p-4, -0x1.745d1745d1746p-59),
        DoubleDouble(0x1.3b13b13b13b14p-4, -0x1.3b13b13b13b14p-58),
        DoubleDouble(0x1.1111111111111p-4, 0x1.1111111111111p-60),
        DoubleDouble(0x1.e1e1e1e1e1e1ep-5, 0x1.e1e1e1e1e1e1ep-61),
        DoubleDouble(0x1.af286bca1af28p-5, 0x1.af286bca1af28p-59),
        DoubleDouble(0x1.8618618618618p-5, 0x1.8618618618618p-59),
        DoubleDouble(0x1.642c8590b2164p-5, 0x1.642c8590b2164p-60),
        DoubleDouble(0x1.47ae147ae147bp-5, -0x1.eb851eb851eb8p-61),
        DoubleDouble(0x1.2f684bda12f68p-5, 0x1.2f684bda12f68p-59),
        DoubleDouble(0x1.1a7b9611a7b96p-5, 0x1.1a7b9611a7b96p-61),
        DoubleDouble(0x1.0842108421084p-5, 0x1.0842108421084p-60),
    ]
}
