import Foundation
import MercatorMath

/// Heights in px (the geometry model's *Covers over terrain* (§14)): a point at elevation e metres on pixel row y of
/// the reference level n_r is at height z = e·κ(y) px, with κ(y) = (k/R)·cosh((W/2 − y)/k) px per metre, W = T·2^n_r,
/// k = W/2π (κ of §12 written by row: k/(R·cos φ) at the row's latitude φ; MapLibre's Mercator 3-D convention).
///
/// Always true: k and R are finite and positive.
public struct HeightScale: Sendable, Hashable {
    /// k = W/2π px per radian of the reference level.
    public let pixelsPerRadian: Double
    /// W = T·2^n_r: the world's width in px of the reference level.
    public let width: Double
    /// W/2: the equator's row.
    public let equatorRow: Double
    /// R, the body's radius in metres.
    public let radius: Double

    /// The scale of reference level `referenceLevel` (0…30) for tiles of `tileSize` px on `body`.
    /// - Complexity: O(1).
    public init(referenceLevel: Int, tileSize: Int, body: Body = .earth) {
        let width = Double(tileSize) * exp2(Double(referenceLevel))
        self.width = width
        pixelsPerRadian = width / (2 * Double.pi)
        equatorRow = width / 2
        radius = body.radius
    }

    /// κ(y) = (k/R)·cosh((W/2 − y)/k) px per metre on pixel row y (any real row; it grows away from the equator).
    /// - Complexity: O(1).
    @inline(__always)
    public func pixelsPerMetre(atRow y: Double) -> Double {
        pixelsPerRadian / radius * cosh((equatorRow - y) / pixelsPerRadian)
    }

    /// The least and largest κ over the rows [y0, y1]: at the row edges, except that the least is at the equator
    /// (k/R) when the rows straddle it.
    /// - Complexity: O(1).
    @inline(__always)
    public func pixelsPerMetre(overRows y0: Double, _ y1: Double) -> (least: Double, largest: Double) {
        let k0 = pixelsPerMetre(atRow: y0)
        let k1 = pixelsPerMetre(atRow: y1)
        let least = y0 < equatorRow && equatorRow < y1 ? pixelsPerRadian / radius : min(k0, k1)
        return (least, max(k0, k1))
    }

    /// The heights [z_lo, z_hi] px of elevations `range` over rows whose κ runs over `kappa`: z_lo = lo·κ_max if
    /// lo < 0 else lo·κ_min, z_hi = hi·κ_max if hi > 0 else hi·κ_min — the least and greatest e·κ over the tile.
    /// - Complexity: O(1).
    @inline(__always)
    public static func heights(of range: ElevationRange, kappa: (least: Double, largest: Double)) -> (
        low: Double, high: Double
    ) {
        let low = range.lo < 0 ? range.lo * kappa.largest : range.lo * kappa.least
        let high = range.hi > 0 ? range.hi * kappa.largest : range.hi * kappa.least
        return (low, high)
    }
}
