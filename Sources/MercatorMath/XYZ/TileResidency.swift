/// A renderer's answer to "is this tile's texture loaded?", asked by ``UnwrappedTileID/parentFallback(in:minLevel:)``.
/// Conform a texture cache to it; a `Set<TileID>` already conforms.
public protocol TileResidency {
    /// Whether the texture of the real tile `id` is resident (loaded and drawable).
    /// - Complexity: should be O(1) — a parent fallback asks it up to n times per tile.
    func isResident(_ id: TileID) -> Bool
}

extension Set: TileResidency where Element == TileID {
    /// Whether the set holds `id`.
    /// - Complexity: O(1) on average.
    @inlinable
    public func isResident(_ id: TileID) -> Bool { contains(id) }
}
