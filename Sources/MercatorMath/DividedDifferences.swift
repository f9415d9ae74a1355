import Foundation

/// Divided differences (f(x) − f(y)) / (x − y) that stay accurate when x and y are nearly equal,
/// after Karney's rhumb-line paper and GeographicLib's `Rhumb` (written anew here for the sphere).
enum DividedDifference {
    /// (tan x − tan y) / (x − y).
    static func tan(_ x: Double, _ y: Double) -> Double {
        let d = x - y
        let tx = Foundation.tan(x)
        let ty = Foundation.tan(y)
        let txy = tx * ty
        guard d != 0 else { return 1 + txy }
        return (2 * txy > -1 ? (1 + txy) * Foundation.tan(d) : tx - ty) / d
    }

    /// (asinh x − asinh y) / (x − y).
    static func asinh(_ x: Double, _ y: Double) -> Double {
        let d = x - y
        let hx = (1 + x * x).squareRoot()
        let hy = (1 + y * y).squareRoot()
        guard d != 0 else { return 1 / hx }
        let arg = x * y > 0 ? d * (x + y) / (x * hy + y * hx) : x * hy - y * hx
        return Foundation.asinh(arg) / d
    }

    /// (ψ(x) − ψ(y)) / (x − y) for the isometric latitude ψ(φ) = asinh(tan φ), angles in radians.
    /// Equals sec φ when x = y.
    static func isometricLatitude(_ x: Double, _ y: Double) -> Double {
        asinh(Foundation.tan(x), Foundation.tan(y)) * tan(x, y)
    }
}
