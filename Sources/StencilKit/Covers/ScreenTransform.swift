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
        let z = screen.scale
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
