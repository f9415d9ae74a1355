import MercatorMath

/// The box B(T) of a tile over terrain (the geometry model's *Covers over terrain* (§14)): the tile's closed square
/// [x0, x1] × [y0, y1] (px of the reference level n_r) times the heights [z_lo, z_hi] px its elevation bounds reach
/// over its rows (``HeightScale/heights(of:kappa:)``). Every terrain point of the tile lies in it.
///
/// Always true: x0 < x1, y0 < y1, z_lo ≤ z_hi. A tile with bounds [0, 0] has the flat box z_lo = z_hi = 0. Boxes
/// nest: a child's box lies in its parent's (its bounds lie in its parent's, its rows' κ within its parent's).
public struct TerrainBox: Sendable, Hashable {
    /// The square's west and east edges, px of the reference level (unwrapped).
    public let x0, x1: Double
    /// The square's north and south edges, px of the reference level.
    public let y0, y1: Double
    /// The least and greatest heights, px of the reference level above the datum.
    public let zLow, zHigh: Double

    /// A box from its edges.
    @inlinable
    public init(x0: Double, x1: Double, y0: Double, y1: Double, zLow: Double, zHigh: Double) {
        self.x0 = x0
        self.x1 = x1
        self.y0 = y0
        self.y1 = y1
        self.zLow = zLow
        self.zHigh = zHigh
    }

    /// Whether the box is flat (z_lo = z_hi): then it meets a volume by area, not volume.
    @inlinable
    public var isFlat: Bool { zLow == zHigh }
}

extension TerrainBounds {
    /// The box B(T) of the unwrapped tile (level, column, row) at reference level n_r: its square of side
    /// T·2^(n_r − n) px and the heights of its bounds (those of the real column) over its rows.
    /// - Parameters:
    ///   - tile: an unwrapped tile, row in 0 ..< 2ⁿ.
    ///   - scale: κ of the reference level (its width W = T·2^n_r) and body: the square's side is W/2ⁿ.
    /// - Complexity: that of ``range(of:)``, plus two `cosh`.
    public func box(of tile: UnwrappedTileID, scale: HeightScale) -> TerrainBox {
        let side = scale.width / Double(1 << tile.level)
        return box(level: tile.level, column: tile.x, row: tile.y, side: side, scale: scale)
    }

    /// The box of (level, column, row) for a tile of `side` px.
    @inline(__always)
    func box(level: Int, column: Int, row: Int, side: Double, scale: HeightScale) -> TerrainBox {
        let x0 = Double(column) * side
        let y0 = Double(row) * side
        let y1 = y0 + side
        let range = self.range(level: level, column: column, row: row)
        guard range != .zero else { return TerrainBox(x0: x0, x1: x0 + side, y0: y0, y1: y1, zLow: 0, zHigh: 0) }
        let z = HeightScale.heights(of: range, kappa: scale.pixelsPerMetre(overRows: y0, y1))
        return TerrainBox(x0: x0, x1: x0 + side, y0: y0, y1: y1, zLow: z.low, zHigh: z.high)
    }
}
