import Foundation

/// The divided difference of the isometric latitude, q = (ψ(φ₂) − ψ(φ₁)) / (φ₂ − φ₁) with the angles in radians,
/// which turns a rhumb line's latitude change into its longitude change (Δλ = tan θ · q · Δφ). After Karney's
/// rhumb-line paper and GeographicLib's `Rhumb`, written anew for the sphere and in degrees.
///
/// Latitudes are never converted to radians while they are large (the error of φ·π/180 is multiplied by tan φ
/// near a pole: 5730 at 89.99°): sines and cosines come from ``Degrees/sinCos(_:)``, which reduces exactly, and
/// only the half-difference h = (φ₂ − φ₁)/2 and the small angles inside it are converted.
///
/// - When the two latitudes are close (|tanh Δψ| ≤ ½): with m = φ₁ + h,
///   sin φ₂ − sin φ₁ = 2·cos m·sin h and 1 − sin φ₁·sin φ₂ = ½·(cos²φ₁ + cos²φ₂ + (sin φ₂ − sin φ₁)²), a sum of
///   squares without cancellation, so z = tanh Δψ = (sin φ₂ − sin φ₁)/(1 − sin φ₁ sin φ₂) is accurate to a few ulps
///   and q = atanh(z)/z · cos m · (sin h / h) / (1 − sin φ₁ sin φ₂), which is sec φ₁ exactly in the limit h = 0.
///   cos m = cos φ₁·cos h − sin φ₁·sin h cancels by at most a factor 2 (m lies no nearer the pole than halfway).
/// - Otherwise |Δψ| > 0.55 and ψ₂ − ψ₁ is taken from the double-double ψ of each latitude (`IsometricLatitude`),
///   which loses nothing to cancellation.
///
/// Both are within a few ulps of q, so Δλ is too, whatever the latitudes.
enum DividedDifference {
    /// q for φ₂ = φ₁ + Δφ exactly (degrees; Δφ need not make φ₁ + Δφ a `Double`): the direct problem, where the
    /// latitude change comes from the distance and rounding φ₂ first would cost up to ulp(φ₂)·tan φ₂ of q.
    /// Both latitudes must lie strictly inside ±90°.
    static func quotient(from latitude: Double, by delta: Double) -> Double {
        let (s1, c1) = Degrees.sinCos(latitude)
        let h = delta / 2
        let (sh, ch) = Degrees.sinCos(h)
        let cm = c1 * ch - s1 * sh  // cos(φ₁ + h)
        let sm = s1 * ch + c1 * sh  // sin(φ₁ + h)
        let near = Close(c1: c1, c2: cm * ch - sm * sh, cosMid: cm, half: h, sinHalf: sh)
        if abs(near.z) <= 0.5 { return near.quotient }
        let end = DoubleDouble.twoSum(latitude, delta)
        let dPsi = IsometricLatitude.doubleDouble(end) - IsometricLatitude.doubleDouble(latitude)
        return (dPsi / DoubleDouble.radians(fromDegrees: DoubleDouble(delta))).value
    }

    /// ψ(φ₂) − ψ(φ₁) and q for two latitudes in degrees strictly inside ±90° (the inverse problem).
    static func isometricLatitude(from latitude1: Double, to latitude2: Double) -> (
        difference: Double, quotient: Double
    ) {
        let delta = DoubleDouble.twoSum(latitude2, -latitude1)  // exact
        let (s1, c1) = Degrees.sinCos(latitude1)
        let (_, c2) = Degrees.sinCos(latitude2)
        let h = delta.hi / 2
        let (sh, ch) = Degrees.sinCos(h)
        let near = Close(c1: c1, c2: c2, cosMid: c1 * ch - s1 * sh, half: h, sinHalf: sh)
        if abs(near.z) <= 0.5 { return (atanh(near.z), near.quotient) }
        let dPsi = IsometricLatitude.doubleDouble(latitude2) - IsometricLatitude.doubleDouble(latitude1)
        return (dPsi.value, (dPsi / DoubleDouble.radians(fromDegrees: delta)).value)
    }

    /// The close-latitude form, from cos φ₁, cos φ₂, cos m and h = (φ₂ − φ₁)/2 in degrees.
    private struct Close {
        /// tanh Δψ = (sin φ₂ − sin φ₁)/(1 − sin φ₁ sin φ₂).
        let z: Double
        /// q = atanh(z)/z · cos m · (sin h / h) / (1 − sin φ₁ sin φ₂).
        let quotient: Double

        init(c1: Double, c2: Double, cosMid: Double, half h: Double, sinHalf sh: Double) {
            let n = 2 * cosMid * sh  // sin φ₂ − sin φ₁
            let d = (c1 * c1 + c2 * c2 + n * n) / 2  // 1 − sin φ₁ sin φ₂
            z = n / d
            // sin h / h, h in radians; below 1e-8° it is 1 to within 2⁻⁶⁵.
            let sinc = abs(h) < 1e-8 ? 1 : sh / (h * .pi / 180)
            // atanh(z)/z; below 1e-9 it is 1 to within 2⁻⁶⁰.
            let atanhc = abs(z) < 1e-9 ? 1 : atanh(z) / z
            quotient = atanhc * cosMid * sinc / d
        }
    }
}
