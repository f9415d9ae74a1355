import Foundation
import TestSupport
import Testing

@testable import StencilKit

/// One pitched camera's parameters, from which the tests build both the library's ``PerspectiveCamera`` (pixel
/// centre) and the tests' own ``PitchedOracle``: neither is derived from the other.
struct PitchedParameters: CustomStringConvertible {
    var center: PixelPoint
    var referenceLevel: Int
    var bearing: Double
    var pitch: Double
    var fieldOfView: Double = 36.87
    var horizon: Double = 89.25
    var width: Double
    var height: Double
    var scale: Double
    var margin: Double = 0
    var tileSize: Int = 256
    var bias: Double = 0
    var minLevel: Int = 0
    var maxLevel: Int = 22

    var description: String {
        "PerspectiveCamera(center: PixelPoint(x: \(center.x), y: \(center.y)), referenceLevel: \(referenceLevel), "
            + "bearing: \(bearing), pitch: \(pitch), fieldOfView: \(fieldOfView), horizon: \(horizon), "
            + "screen: Screen(width: \(width), height: \(height), scale: \(scale), margin: \(margin)), "
            + "levels: LevelOfDetail(tileSize: \(tileSize), levelBias: \(bias), minLevel: \(minLevel), "
            + "maxLevel: \(maxLevel)))"
    }

    func camera() throws -> PerspectiveCamera {
        try PerspectiveCamera(
            center: center, referenceLevel: referenceLevel, bearing: bearing, pitch: pitch, fieldOfView: fieldOfView,
            horizon: horizon, screen: Screen(width: width, height: height, scale: scale, margin: margin),
            levels: LevelOfDetail(tileSize: tileSize, levelBias: bias, minLevel: minLevel, maxLevel: maxLevel))
    }

    var oracle: PitchedOracle {
        PitchedOracle(
            center: PitchedOracle.V(x: center.x, y: center.y), referenceLevel: referenceLevel, bearing: bearing,
            pitch: pitch, fieldOfView: fieldOfView, horizon: horizon, width: width, height: height, scale: scale,
            margin: margin, tileSize: tileSize, bias: bias, minLevel: minLevel, maxLevel: maxLevel)
    }
}

enum PitchedCheck {
    typealias Tile = PitchedOracle.Tile

    static func tile(_ t: PitchedTile) -> Tile { Tile(level: t.tile.level, x: t.tile.x, y: t.tile.y) }

    static func tiles(_ camera: PerspectiveCamera, _ order: TileOrder = .rowMajor) throws -> [Tile] {
        try camera.cover(order: order).map(tile)
    }

    /// A readable difference of two tile sets.
    static func difference(library: [Tile], oracle: [Tile]) -> String {
        let a = Set(library)
        let b = Set(oracle)
        return "only in the library: \(a.subtracting(b).sorted()); only in the oracle: \(b.subtracting(a).sorted())"
    }

    /// The facts every cover tile must carry: its real tile (n, i mod 2ⁿ, y), level, origin (i, y)·T·2^(n_r−n) and
    /// size T·2^(n_r−n), all exact (powers of two).
    static func checkTileFields(_ tiles: [PitchedTile], referenceLevel: Int, tileSize: Int) {
        for t in tiles {
            let n = t.tile.level
            let across = 1 << n
            let real = ((t.tile.x % across) + across) % across
            #expect(t.level == n)
            #expect(t.realTile.level == n && t.realTile.x == real && t.realTile.y == t.tile.y)
            let side = Double(tileSize) * exp2(Double(referenceLevel - n))
            #expect(t.size == side)
            #expect(t.origin == PixelPoint(x: Double(t.tile.x) * side, y: Double(t.tile.y) * side))
        }
    }

    /// Coarsest level first, then row, then unwrapped column, no repeats.
    static func isRowMajor(_ tiles: [Tile]) -> Bool {
        zip(tiles, tiles.dropFirst()).allSatisfy { $0 < $1 }
    }

    /// No tile of the list lies inside another (no repeats, no ancestor of a tile listed).
    static func disjoint(_ tiles: [Tile], minLevel: Int) -> Bool {
        let set = Set(tiles)
        guard set.count == tiles.count else { return false }
        for t in tiles where t.level > minLevel {
            for k in minLevel..<t.level {
                let s = t.level - k
                if set.contains(Tile(level: k, x: t.x >> s, y: t.y >> s)) { return false }
            }
        }
        return true
    }

    /// Nearest first by the oracle's least depth over tile ∩ footprint: non-decreasing within `slack` relative, plus
    /// the rounding of depths at the coordinates' size (ties are common: every tile on the near edge has its least
    /// depth there). Returns the first pair out of order, or nil.
    static func nearestFirstViolation(_ tiles: [Tile], _ oracle: PitchedOracle, slack: Double = 1e-9) -> String? {
        let keys = tiles.map { oracle.leastDepth($0) ?? -.infinity }
        let size = oracle.corners.map { max(abs($0.x), abs($0.y)) }.max()!
        for i in keys.indices.dropFirst() where keys[i - 1] > keys[i] + slack * abs(keys[i]) + 1e-13 * size + 1e-9 {
            return "\(tiles[i - 1]) (least depth \(keys[i - 1])) before \(tiles[i]) (\(keys[i]))"
        }
        return nil
    }

    static func isNearestFirst(_ tiles: [Tile], _ oracle: PitchedOracle, slack: Double = 1e-9) -> Bool {
        nearestFirstViolation(tiles, oracle, slack: slack) == nil
    }
}
