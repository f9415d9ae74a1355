import Foundation
import MercatorMath
import TestSupport

/// Independent arithmetic for the XYZ tests: integer division and remainders written with `/` and `%` (the
/// library uses shifts and masks), and the latitude of a Mercator row by the Gudermannian 2·atan(eˣ) − 90°
/// (the library uses atan(sinh x)).
enum XYZReference {
    /// ⌊a / b⌋ for b > 0, by truncating division corrected for negative remainders.
    static func floorDivision(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return a % b < 0 ? q - 1 : q
    }

    /// a mod b in [0, b) for b > 0.
    static func euclideanRemainder(_ a: Int, _ b: Int) -> Int {
        let r = a % b
        return r < 0 ? r + b : r
    }

    /// The latitude in degrees of the edge between rows y − 1 and y of a level with `tiles` rows:
    /// φ = 2·atan(exp(π·(1 − 2y/tiles))) − 90°.
    static func latitude(ofRowEdge y: Int, tiles: Int) -> Double {
        let psi = Double.pi * (1 - 2 * Double(y) / Double(tiles))
        return 2 * atan(exp(psi)) * 180 / .pi - 90
    }

    /// The longitude in degrees of the edge between columns x − 1 and x: x/tiles·360 − 180.
    static func longitude(ofColumnEdge x: Int, tiles: Int) -> Double {
        Double(x) / Double(tiles) * 360 - 180
    }

    /// The quadkey from its definition: for k = 1…n the digit 2·(y_k mod 2) + (x_k mod 2) of the ancestor
    /// (x_k, y_k) = (x / 2ⁿ⁻ᵏ, y / 2ⁿ⁻ᵏ) at level k.
    static func quadkey(level: Int, x: Int, y: Int) -> String {
        var digits = ""
        for k in stride(from: 1, through: level, by: 1) {
            var divisor = 1
            for _ in 0..<(level - k) { divisor *= 2 }
            let digit = 2 * ((y / divisor) % 2) + (x / divisor) % 2
            digits += String(digit)
        }
        return digits
    }

    /// π·R for the Earth sphere: half the Web Mercator world in metres.
    static let halfWorldMetres = Double.pi * 6_378_137
}

extension SplitMix64 {
    /// A random valid tile id at a random level 0…30.
    mutating func tileID(levels: ClosedRange<Int> = 0...30) -> TileID {
        let level = levels.lowerBound + int(below: levels.count)
        let tiles = 1 << level
        return try! TileID(level: level, x: int(below: tiles), y: int(below: tiles))
    }
}
