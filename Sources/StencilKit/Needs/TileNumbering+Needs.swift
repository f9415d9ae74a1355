import MercatorMath

extension TileNumbering where Tile == TileIndex {
    /// The numbering of `needs`' tiles on `grid`, each with the number the needs gave it (its place in
    /// ``Needs/tiles``).
    /// - Complexity: O(tiles).
    package init(needs: Needs<TileIndex>, grid: TileGrid) {
        self.init(grid: grid)
        for tile in needs.tiles { _ = number(of: tile) }
    }
}
