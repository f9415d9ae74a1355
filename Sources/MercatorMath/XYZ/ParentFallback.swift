/// What to draw for a visible tile whose own texture is not resident (the geometry model's *Views and levels of detail*
/// (§8)): the nearest resident ancestor
/// (n − j, ⌊i/2ʲ⌋, ⌊y/2ʲ⌋), j ≥ 1, and the sub-square of its texture that covers the tile — origin
/// ((i mod 2ʲ)/2ʲ, (y mod 2ʲ)/2ʲ), side 1/2ʲ, in texture units (0…1, y down), drawn over the tile's own square.
/// Always 1 ≤ j ≤ n and the sub-square lies inside [0, 1]²; its numbers are exact dyadic fractions.
public struct ParentFallback: Sendable, Hashable, CustomStringConvertible {
    /// The resident ancestor whose texture is drawn, (n − j, ⌊i/2ʲ⌋ mod 2ⁿ⁻ʲ, ⌊y/2ʲ⌋).
    public let ancestor: TileID
    /// How many levels up the ancestor is, j ≥ 1: the texture is magnified 2ʲ times.
    public let generations: Int
    /// The sub-square's left edge, (i mod 2ʲ)/2ʲ (Euclidean, so also right for ghost tiles).
    public let textureX: Double
    /// The sub-square's top edge, (y mod 2ʲ)/2ʲ.
    public let textureY: Double
    /// The sub-square's side, 1/2ʲ.
    public let textureSide: Double

    /// The fallback of `tile` to its ancestor `generations` = j ≥ 1 levels up (no residency asked).
    /// Returns nil unless 1 ≤ j ≤ the tile's level.
    /// - Complexity: O(1).
    @inlinable
    public init?(_ tile: UnwrappedTileID, generations j: Int) {
        guard j >= 1, j <= tile.level else { return nil }
        let canonical = tile.canonical
        let mask = (1 << j) - 1
        let side = Double(sign: .plus, exponent: -j, significand: 1)
        ancestor = TileID(unchecked: tile.level - j, canonical.x >> j, canonical.y >> j)
        generations = j
        textureX = Double(canonical.x & mask) * side
        textureY = Double(canonical.y & mask) * side
        textureSide = side
    }

    /// `z/x/y [x, y] side s`.
    public var description: String { "\(ancestor) [\(textureX), \(textureY)] side \(textureSide)" }
}

extension UnwrappedTileID {
    /// The nearest resident ancestor of this tile at or above `minLevel`, and the texture sub-square to draw from it
    /// (the geometry model's *Views and levels of detail* (§8)); nil if none of them is resident. The tile itself is
    /// not asked: call this for a visible tile
    /// whose own texture is missing. A `minLevel` below 0 counts as 0; at or above the tile's level nothing is asked.
    ///
    /// Since 2ʲ divides 2ⁿ, i mod 2ʲ = x mod 2ʲ for the real column x, so a ghost tile falls back exactly like its
    /// real tile; the residency is asked about real (canonical) ids only.
    /// - Complexity: O(j) calls to `residency`, j = the levels walked up (at most n − minLevel); no allocation.
    @inlinable
    public func parentFallback(in residency: some TileResidency, minLevel: Int = 0) -> ParentFallback? {
        parentFallback(minLevel: minLevel) { residency.isResident($0) }
    }

    /// The nearest ancestor at or above `minLevel` for which `isResident` holds, as
    /// ``parentFallback(in:minLevel:)`` does with a residency protocol.
    /// - Complexity: O(j) calls to `isResident`; no allocation (the closure does not escape).
    @inlinable
    public func parentFallback(minLevel: Int = 0, isResident: (TileID) -> Bool) -> ParentFallback? {
        let canonical = self.canonical
        let top = max(0, minLevel)
        var level = self.level - 1
        while level >= top {
            let shift = self.level - level
            if isResident(TileID(unchecked: level, canonical.x >> shift, canonical.y >> shift)) {
                return ParentFallback(self, generations: shift)
            }
            level -= 1
        }
        return nil
    }
}
