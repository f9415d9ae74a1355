import Foundation

/// The isometric-latitude functions shared by every Mercator computation: ψ = asinh(tan φ) and its inverse.
///
/// The forward function is evaluated in double-double arithmetic from the latitude in degrees, reduced exactly
/// before any conversion to radians (see `IsometricLatitude`), so ψ and every quantity scaled from it
/// (Mercator metres R·ψ, terrain pixel rows H/2 − k·ψ, a map's height) are rounded once from a value good to
/// about 2⁻⁷⁰: within one unit in the last place of the correctly rounded result, and almost always equal to it,
/// for every |φ| < 90°, even 10⁻¹⁴° from a pole.
public enum Mercator {
    /// ψ = asinh(tan φ) = atanh(sin φ) = ln tan(45° + φ/2) in radians, for φ in degrees.
    ///
    /// Within 0.5 + 2⁻¹⁶ ulp of the exact value for every |φ| < 90°; ±∞ at φ = ±90°, NaN beyond ±90° or for NaN.
    /// - Complexity: O(1): about 40 double-double operations.
    public static func isometricLatitude(_ latitude: Double) -> Double {
        isometricLatitude(latitude, scaledBy: 1)
    }

    /// φ = atan(sinh ψ) in degrees, for ψ in radians. Always strictly inside ±90° for finite ψ
    /// of magnitude below about 19 (beyond that φ rounds to ±90°).
    @inlinable
    public static func latitude(isometric psi: Double) -> Double {
        atan(sinh(psi)) * 180 / .pi
    }

    /// factor·ψ(φ) rounded once (so within 0.5 + 2⁻¹⁶ ulp of the exact product): the Mercator northing R·ψ.
    /// Latitudes below 2⁻⁸⁰⁰° are scaled up by 2⁶⁰⁰ first, so even a subnormal latitude keeps every bit.
    static func isometricLatitude(_ latitude: Double, scaledBy factor: Double) -> Double {
        guard abs(latitude) < 90 else { return outOfRange(latitude) * factor }
        if abs(latitude) < 0x1p-800 {
            let psi = DoubleDouble.radians(fromDegrees: DoubleDouble(latitude * 0x1p600))
            return (psi * factor).value * 0x1p-600
        }
        return (IsometricLatitude.doubleDouble(latitude) * factor).value
    }

    /// offset − scale·ψ(φ) rounded once, for a scale given to 106 bits (a pixel row H/2 − k·ψ).
    static func offset(_ offset: Double, minusIsometricLatitude latitude: Double, scaledBy scale: DoubleDouble)
        -> Double
    {
        guard abs(latitude) < 90 else { return offset - scale.hi * outOfRange(latitude) }
        return (DoubleDouble(offset) - IsometricLatitude.doubleDouble(latitude) * scale).value
    }

    /// ψ at or past the poles: ±∞ at exactly ±90°, NaN beyond them or for NaN.
    private static func outOfRange(_ latitude: Double) -> Double {
        abs(latitude) == 90 ? (latitude < 0 ? -.infinity : .infinity) : .nan
    }
}
