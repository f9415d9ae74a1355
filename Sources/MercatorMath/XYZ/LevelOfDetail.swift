import Foundation

/// How a map shown at a fractional map zoom picks the pyramid level it draws from (the geometry model's *Views and
/// levels of detail* (§8)): the rule of a tile
/// source, with its tile size, level bias and level range (MapLibre's `tileSize`, `minzoom`, `maxzoom`).
/// Always 1 ≤ tileSize ≤ 2⁵³⁻ᵐᵃˣᴸᵉᵛᵉˡ, 0 ≤ levelBias < 1 and 0 ≤ minLevel ≤ maxLevel ≤ 30.
///
/// Three words, one meaning each: a **level** n is an integer pyramid level (2ⁿ × 2ⁿ tiles); a **map zoom** Z is
/// the fractional zoom of a slippy map (the world is T·2^Z points wide); a **scale** z is terrain pixels of the
/// drawn level per screen point (`Screen.scale` in StencilKit).
///
/// There is no pixel ratio: screens are measured in points (the geometry model's *Screen footprint* (§4)) and Z counts
/// points, so the level and the
/// scale do not depend on the display's density. A source of high-density tiles (512 px per 256-point tile, "@2x")
/// is described by its texture size T = 512 with the map zoom reduced by 1 (Z counted in T-wide tiles), or a renderer
/// that wants more texels per point raises ``levelBias`` or adds log₂ of its pixel ratio to Z.
public struct LevelOfDetail: Sendable, Hashable {
    /// The tile edge T in terrain pixels (and in points at a whole map zoom Z = n).
    public let tileSize: Int
    /// The bias b ∈ [0, 1) added to the map zoom before flooring: 0 takes the floor (the next coarser level, never
    /// magnifying by more than 2), 0.5 rounds to the nearest level.
    public let levelBias: Double
    /// The coarsest level drawn, n_min: a map zoom below it draws level n_min shrunk (scale below 1).
    public let minLevel: Int
    /// The finest level that exists, n_max: a map zoom past it draws level n_max magnified (overzoom, scale above 1).
    public let maxLevel: Int

    /// Creates the rule; the defaults are 256-px tiles, the floor (b = 0) and every level 0…30.
    /// - Throws: ``MercatorError`` naming the valid range: ``MercatorError/outOfHalfOpenRange(field:value:range:)``
    ///   for a bias outside [0, 1) (``MercatorError/nonFinite(field:value:)`` for NaN or infinity),
    ///   ``MercatorError/outOfRange(field:value:range:)`` for a level outside 0…30 or a tile size outside
    ///   1…2⁵³⁻ᵐᵃˣᴸᵉᵛᵉˡ, ``MercatorError/levelsOutOfOrder(minimum:maximum:)`` when minLevel > maxLevel.
    public init(tileSize: Int = 256, levelBias: Double = 0, minLevel: Int = 0, maxLevel: Int = 30)
        throws(MercatorError)
    {
        try MercatorError.requireFinite(levelBias, "Level bias")
        guard levelBias >= 0, levelBias < 1 else {
            throw .outOfHalfOpenRange(field: "Level bias", value: levelBias, range: 0..<1)
        }
        try TileID.validate(level: minLevel, "Minimum level")
        try TileID.validate(level: maxLevel, "Maximum level")
        guard minLevel <= maxLevel else { throw .levelsOutOfOrder(minimum: minLevel, maximum: maxLevel) }
        try TileID.validate(tileSize: tileSize, level: maxLevel)
        self.tileSize = tileSize
        self.levelBias = levelBias
        self.minLevel = minLevel
        self.maxLevel = maxLevel
    }

    /// The largest map zoom accepted, 30.
    public static let maximumMapZoom = 30.0

    /// The level a map zoom Z draws from and the scale it draws at:
    /// n = clamp(⌊Z + b⌋, n_min, n_max) and z = 2^(n − Z) terrain px per point.
    ///
    /// ⌊Z + b⌋ is computed exactly, not from the rounded sum: Z + b is split into its rounded value s and rounding
    /// error e (Knuth's two-sum, s + e = Z + b exactly), and the floor steps up at an integer only when s + e
    /// reaches it. (Z = 0.49999999999999994 with b = 0.5 is level 0, although the sum rounds to 1.)
    /// z = exp2(n − Z): the difference rounds at most once, by at most 2⁻⁴⁹ (it is exact whenever n is unclamped
    /// and Z ≥ 1), so z's relative error is below 1.5·10⁻¹⁵.
    /// - Throws: ``MercatorError/nonFinite(field:value:)`` for NaN or infinity,
    ///   ``MercatorError/outOfRange(field:value:range:)`` unless 0 ≤ Z ≤ 30.
    /// - Complexity: O(1).
    public func drawLevel(forMapZoom mapZoom: Double) throws(MercatorError) -> DrawLevel {
        try MercatorError.requireFinite(mapZoom, "Map zoom")
        guard mapZoom >= 0, mapZoom <= Self.maximumMapZoom else {
            throw .outOfRange(field: "Map zoom", value: mapZoom, range: 0...Self.maximumMapZoom)
        }
        let level = max(minLevel, min(Self.floorOfSum(mapZoom, levelBias), maxLevel))
        let scale = exp2(Double(level) - mapZoom)
        let grid = try TileGrid.xyz(level: level, tileSize: tileSize)
        return DrawLevel(mapZoom: mapZoom, level: level, scale: scale, grid: grid)
    }

    /// ⌊a + b⌋ exactly, for finite a and b of either sign with |a + b| < 2⁵².
    package static func floorOfSum(_ a: Double, _ b: Double) -> Int {
        let s = a + b
        let bb = s - a
        let e = (a - (s - bb)) + (b - bb)  // a + b = s + e exactly
        let f = s.rounded(.down)
        // s + e < f only when s is the integer f itself and e < 0 (|e| ≤ ulp(s)/2 is smaller than the distance
        // from s to any integer it is not, above or below, whatever its sign).
        return Int(s == f && e < 0 ? f - 1 : f)
    }
}
