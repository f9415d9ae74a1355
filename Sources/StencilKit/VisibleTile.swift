/// A tile one frame draws: where (its unwrapped place, ghosts included) and with which texture (its real tile).
public struct VisibleTile: Sendable, Hashable {
    /// The unwrapped tile; its column may lie outside the grid (a ghost across ±180°).
    public let tile: TileIndex
    /// The real tile whose texture is drawn there.
    public let realTile: TileIndex
    /// The tile's top-left corner in unwrapped terrain pixels; map it with the frame's ``ScreenTransform``.
    public let origin: PixelPoint
    /// Distance in terrain pixels from the aircraft to the tile's centre (the loading priority: nearest first).
    public let distance: Double

    /// Creates a visible tile.
    public init(tile: TileIndex, realTile: TileIndex, origin: PixelPoint, distance: Double) {
        self.tile = tile
        self.realTile = realTile
        self.origin = origin
        self.distance = distance
    }

    /// Sorts tiles nearest to the aircraft first (equal distances row-major), in place and without allocating:
    /// the order ``FlightLoop/cull(_:lateralOffset:into:)`` returns.
    public static func sortNearestFirst(_ tiles: inout [VisibleTile]) {
        HeapSort.sort(&tiles, by: drawsBefore)
    }

    /// Nearest first; equal distances in row-major order of the unwrapped tile.
    @inlinable
    static func drawsBefore(_ a: VisibleTile, _ b: VisibleTile) -> Bool {
        a.distance != b.distance ? a.distance < b.distance : a.tile < b.tile
    }
}

/// The affine map from terrain pixels to screen points for one frame, heading-up with the aircraft at the
/// screen's anchor: `screen.x = a·x + c·y + tx`, `screen.y = b·x + d·y + ty` (the layout of `CGAffineTransform`).
public struct ScreenTransform: Sendable, Hashable {
    /// Coefficients of the affine map.
    public let a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// The transform for a footprint of `screen` at `position` and `heading`.
    public init(screen: Screen, position: PixelPoint, heading: Double) {
        self.init(
            screen: screen,
            footprint: Footprint(origin: position, heading: heading, along: screen.along, across: screen.across))
    }

    /// The transform that shows `footprint` (made for `screen`) on the screen, heading-up, its origin at the
    /// screen's anchor.
    public init(screen: Screen, footprint: Footprint) {
        let u = footprint.ahead
        let r = footprint.right
        let position = footprint.origin
        let z = screen.zoom
        a = r.x / z
        c = r.y / z
        b = -u.x / z
        d = -u.y / z
        tx = screen.anchor.x * screen.width - r.dot(position) / z
        ty = screen.anchor.y * screen.height + u.dot(position) / z
    }

    /// The screen point, in points from the top-left corner, of a terrain pixel.
    @inlinable
    public func apply(to p: PixelPoint) -> PixelPoint {
        PixelPoint(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// Rotation of the map in degrees (clockwise on screen), the negative of the heading: terrain is drawn
    /// heading-up.
    public var rotation: Double { Degrees.atan2(b, a) }
}
