import MercatorMath

/// A tile of a perspective camera's cover (§11): its level, its unwrapped and real ids, and where it lies.
///
/// Draw it as the image of its square under the camera's ``PerspectiveCamera/homography``; while its texture loads,
/// draw a resident ancestor (``/MercatorMath/UnwrappedTileID/parentFallback(minLevel:isResident:)`` on ``tile``).
public struct PitchedTile: Sendable, Hashable {
    /// The unwrapped id (n, i, y): its column i may lie outside 0 ..< 2ⁿ (a ghost across ±180°).
    public let tile: UnwrappedTileID
    /// The real tile drawn there, (n, i mod 2ⁿ, y): the texture to load.
    public let realTile: TileID
    /// The square's top-left corner in px of the camera's reference level n_r: (i, y)·``size``.
    public let origin: PixelPoint
    /// The square's side in px of the reference level, T·2^(n_r − n).
    public let size: Double

    /// Creates a tile.
    public init(tile: UnwrappedTileID, realTile: TileID, origin: PixelPoint, size: Double) {
        self.tile = tile
        self.realTile = realTile
        self.origin = origin
        self.size = size
    }

    /// The tile's level n.
    @inlinable
    public var level: Int { tile.level }

    /// The square's corners in reference-level px, in the order of ``Footprint/corners`` turned to the map: top-left,
    /// top-right, bottom-right, bottom-left.
    public var corners: Quad {
        let x1 = origin.x + size
        let y1 = origin.y + size
        return Quad(origin, PixelPoint(x: x1, y: origin.y), PixelPoint(x: x1, y: y1), PixelPoint(x: origin.x, y: y1))
    }
}
