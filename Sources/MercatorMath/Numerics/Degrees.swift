import Foundation

/// Trigonometry in degrees that is exact at multiples of 90°, in the manner of GeographicLib's
/// `sincosd` and `atan2d`: headings of 0°, 90°, 180° and 270° give vectors with exact zero components,
/// so axis-aligned geometry lands exactly on tile boundaries.
public enum Degrees {
    /// The sine and cosine of `degrees`, exact (0 or ±1) at multiples of 90°; NaN for a non-finite angle.
    @inlinable
    public static func sinCos(_ degrees: Double) -> (sin: Double, cos: Double) {
        guard degrees.isFinite else { return (.nan, .nan) }
        // Reduce to one turn first (exact) so the quadrant fits an Int however large the angle.
        let turn = degrees.remainder(dividingBy: 360)  // exact, in [-180, 180]
        let reduced = turn.remainder(dividingBy: 90)  // exact, in [-45, 45]
        let quadrant = Int(((turn - reduced) / 90).rounded()) & 3
        let radians = reduced * .pi / 180
        let s = sin(radians)
        let c = cos(radians)
        switch quadrant {
        case 0: return (s, c)
        case 1: return (c, 0 - s)
        case 2: return (0 - s, 0 - c)
        default: return (0 - c, s)
        }
    }

    /// `atan2(y, x)` in degrees in (-180, 180], exact (0, ±90, 180) for points on the axes.
    @inlinable
    public static func atan2(_ y: Double, _ x: Double) -> Double {
        var x = x
        var y = y
        var quadrant = 0
        if abs(y) > abs(x) {
            swap(&x, &y)
            quadrant = 2
        }
        if x.sign == .minus {
            x = -x
            quadrant += 1
        }
        let angle = Foundation.atan2(y, x) * 180 / .pi
        switch quadrant {
        case 1: return (y.sign == .minus ? -180 : 180) - angle
        case 2: return 90 - angle
        case 3: return -90 + angle
        default: return angle
        }
    }

    /// `degrees` reduced to [0, 360).
    @inlinable
    public static func normalizedHeading(_ degrees: Double) -> Double {
        let r = degrees.truncatingRemainder(dividingBy: 360)
        let h = r < 0 ? r + 360 : r
        return h >= 360 ? 0 : h + 0  // + 0 turns -0 into +0
    }

    /// The longitude difference `end − start` reduced to [-180, 180], with GeographicLib's convention
    /// (`Math::AngDiff`) for the tie: the exact difference is reduced modulo 360° (no rounding before the
    /// reduction, so 0.1 → −179.9, whose exact difference is a hair past −180°, gives +180, east), and a
    /// difference of exactly ±180° (modulo 360°) keeps the sign of `end − start` as given: 0 → 180 is +180 (east),
    /// 180 → 0 and 0 → −180 are −180 (west), −180 → 0 and 0 → 540 are +180.
    ///
    /// Both reductions are exact (IEEE remainder) and the one subtraction is error-free (TwoSum), so the only
    /// rounding is the final one; the result is exact whenever it is representable. NaN for a non-finite input.
    /// - Complexity: O(1).
    public static func difference(from start: Double, to end: Double) -> Double {
        let a = start.remainder(dividingBy: 360)  // exact, in [-180, 180]
        let b = end.remainder(dividingBy: 360)
        let d = b - a  // d + e = b − a exactly
        let dd = d - b
        let e = (b - (d - dd)) - (a + dd)
        var r = d.remainder(dividingBy: 360)  // exact; r + e ≡ end − start (mod 360)
        if e == 0 {
            // An exact tie: the sign of the difference as given decides (end − start rounds, but keeps its sign).
            if abs(r) == 180 { r = end - start < 0 ? -180 : 180 }
            return r
        }
        // r + e lies just past ±180 when r = ±180 and e points outwards: wrap it.
        if r == 180 && e > 0 { r = -180 } else if r == -180 && e < 0 { r = 180 }
        return r + e
    }

    /// `degrees` reduced to [-180, 180).
    @inlinable
    public static func normalizedLongitude(_ degrees: Double) -> Double {
        let r = degrees.remainder(dividingBy: 360)  // exact, in [-180, 180]
        return r >= 180 ? r - 360 : r + 0
    }
}
