/// A tile a view draws: where (its unwrapped place, ghosts included) and with which texture (its real tile).
///
/// It carries the offset of its centre from the view's centre rather than the distance, so a row-major cover takes
/// no square root per tile: ``distance`` is computed when asked, and the nearest-first order compares squared
/// distances.
public struct VisibleTile: Sendable, Hashable {
    /// The unwrapped tile; its column may lie outside the grid (a ghost across ±180°).
    public let tile: TileIndex
    /// The real tile whose texture is drawn there.
    public let realTile: TileIndex
    /// The tile's top-left corner in unwrapped terrain pixels; map it with the view's ``ScreenTransform``.
    public let origin: PixelPoint
    /// The tile's centre minus the view's centre (the aircraft, for a culled pose), in terrain pixels:
    /// (origin.x + T/2 − c.x, origin.y + T/2 − c.y).
    public let centerOffset: PixelPoint

    /// Creates a visible tile.
    @inlinable
    public init(tile: TileIndex, realTile: TileIndex, origin: PixelPoint, centerOffset: PixelPoint) {
        self.tile = tile
        self.realTile = realTile
        self.origin = origin
        self.centerOffset = centerOffset
    }

    /// Distance in terrain pixels from the view's centre to the tile's centre, |``centerOffset``| (the loading
    /// priority: nearest first). Computed on each use (one square root).
    @inlinable
    public var distance: Double { centerOffset.length }

    /// The squared distance |``centerOffset``|², the key of the nearest-first order.
    @inlinable
    var squaredDistance: Double { centerOffset.x * centerOffset.x + centerOffset.y * centerOffset.y }

    /// Sorts tiles nearest to the view's centre first, in place and without allocating: by squared distance, ties
    /// row-major (``TileOrder/nearestFirst``).
    /// - Complexity: O(n²) comparisons for up to 32 tiles (insertion sort, fastest there), O(n log n) beyond (heap
    ///   sort).
    public static func sortNearestFirst(_ tiles: inout [VisibleTile]) {
        NearestFirstSort.sort(&tiles)
    }

    /// Nearest first; equal squared distances in row-major order of the unwrapped tile.
    @inlinable
    static func drawsBefore(_ a: VisibleTile, _ b: VisibleTile) -> Bool {
        let da = a.squaredDistance
        let db = b.squaredDistance
        return da != db ? da < db : a.tile < b.tile
    }
}
