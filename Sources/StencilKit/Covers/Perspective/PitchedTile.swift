import MercatorMath

/// A tile of a perspective camera's cover (§11): its level, its unwrapped and real ids, and where it lies.
///
/// Draw it as the image of its square under the camera's ``PerspectiveCamera/homography``; while its texture loads,
/// draw a resident ancestor (``/MercatorMath/UnwrappedTileID/parentFallback(minLevel:isResident:)`` on ``tile``).
/// It stores only its unwrapped id and its side (32 bytes, so a cover writes little); the real tile and the origin
/// are computed when asked.
public struct PitchedTile: Sendable, Hashable {
    /// The unwrapped id (n, i, y): its column i may lie outside 0 ..< 2ⁿ (a ghost across ±180°).
    public let tile: UnwrappedTileID
    /// The square's side in px of the camera's reference level n_r, T·2^(n_r − n).
    public let size: Double

    /// Creates a tile.
    @inlinable
    public init(tile: UnwrappedTileID, size: Double) {
        self.tile = tile
        self.size = size
    }

    /// The tile's level n.
    @inlinable
    public var level: Int { tile.level }

    /// The real tile drawn there, (n, i mod 2ⁿ, y): the texture to load.
    /// - Complexity: O(1): a mask.
    @inlinable
    public var realTile: TileID { tile.canonical }

    /// The square's top-left corner in px of the reference level: (i, y)·``size``.
    @inlinable
    public var origin: PixelPoint { PixelPoint(x: Double(tile.x) * size, y: Double(tile.y) * size) }

    /// The square's corners in reference-level px: top-left, top-right, bottom-right, bottom-left.
    public var corners: Quad {
        let o = origin
        let x1 = o.x + size
        let y1 = o.y + size
        return Quad(o, PixelPoint(x: x1, y: o.y), PixelPoint(x: x1, y: y1), PixelPoint(x: o.x, y: y1))
    }
}
