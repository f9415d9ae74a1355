extension TileGrid {
    /// A Web Mercator XYZ level: 2^level × 2^level tiles of `tileSize` px (φlim ≈ 85.0511287798°). The level is the
    /// integer pyramid level n of the geometry model's *Views and levels of detail* (§8), not a fractional map zoom
    /// (see ``LevelOfDetail``).
    /// - Throws: ``MercatorError/outOfRange(field:value:range:)`` unless 0 ≤ level ≤ 30, 1 ≤ tileSize and the
    ///   image is at most 2⁵³ px wide.
    public static func xyz(level: Int, tileSize: Int = 256) throws(MercatorError) -> TileGrid {
        try TileID.validate(level: level, "XYZ level")
        try TileID.validate(tileSize: tileSize, level: level)
        return try TileGrid(columns: 1 << level, rows: 1 << level, tileSize: tileSize)
    }

    /// A Web Mercator XYZ level: 2^zoom × 2^zoom tiles of 256 px (φlim ≈ 85.0511287798°).
    /// - Throws: ``MercatorError/outOfRange(field:value:range:)`` unless 0 ≤ zoom ≤ 30.
    @available(*, deprecated, renamed: "xyz(level:tileSize:)", message: "a level is not a map zoom: use xyz(level:)")
    public static func webMercator(zoom: Int) throws(MercatorError) -> TileGrid {
        try xyz(level: zoom)
    }

    /// The XYZ level n of this grid when it is one — exactly when it has 2ⁿ × 2ⁿ tiles with 0 ≤ n ≤ 30 — else nil.
    ///
    /// The level is a property of the grid's shape alone: a square grid of 2ⁿ × 2ⁿ tiles covers λ ∈ [−180°, 180°)
    /// and φ up to ±85.0511287798° exactly as Web Mercator level n does, whatever its tile size (256, 512, …) and
    /// however it was made (``xyz(level:tileSize:)``, ``xyz(level:tileSize:)`` or ``init(columns:rows:tileSize:)``).
    /// Grids are values compared by their sizes, so no record of how one was made is kept. (The body is not part of
    /// a grid either: a 2ⁿ × 2ⁿ grid of Mars is the same XYZ level on the Mars sphere.)
    public var xyzLevel: Int? {
        guard columns == rows, columns & (columns - 1) == 0 else { return nil }
        let level = columns.trailingZeroBitCount
        return level <= TileID.maximumLevel ? level : nil
    }

    /// The unwrapped XYZ id (n, column, row) of a tile of this grid; its column may lie in any world copy.
    /// - Throws: ``MercatorError/notXYZLevel(columns:rows:)`` unless the grid is an XYZ level, and
    ///   ``MercatorError/outOfRange(field:value:range:)`` for a row outside 0…2ⁿ − 1.
    public func unwrappedTileID(of tile: TileIndex) throws(MercatorError) -> UnwrappedTileID {
        guard let level = xyzLevel else { throw .notXYZLevel(columns: columns, rows: rows) }
        return try UnwrappedTileID(level: level, x: tile.column, y: tile.row)
    }

    /// The XYZ id of the real tile a tile of this grid draws: (n, column mod 2ⁿ, row), so a ghost tile's column is
    /// wrapped into the real world.
    /// - Throws: like ``unwrappedTileID(of:)``.
    public func tileID(of tile: TileIndex) throws(MercatorError) -> TileID {
        try unwrappedTileID(of: tile).canonical
    }
}
