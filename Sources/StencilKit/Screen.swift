/// The device screen and how it shows the terrain (MODEL.md §4): `width × height` points, heading-up, at
/// `zoom` terrain pixels per point, with the aircraft at `anchor` and an optional `margin` of terrain pixels.
public struct Screen: Sendable, Hashable {
    /// Where the aircraft sits on the screen, as fractions from the top-left corner.
    public struct Anchor: Sendable, Hashable {
        /// Fraction of the width from the left edge, in [0, 1].
        public var x: Double
        /// Fraction of the height from the top edge, in [0, 1].
        public var y: Double
        /// Creates an anchor (validated when the ``Screen`` is made).
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
        /// The screen's centre, (0.5, 0.5).
        public static let center = Anchor(x: 0.5, y: 0.5)
    }

    /// Width in points.
    public let width: Double
    /// Height in points.
    public let height: Double
    /// Terrain pixels per screen point.
    public let zoom: Double
    /// The aircraft's place on the screen.
    public let anchor: Anchor
    /// Terrain pixels (not scaled by zoom) added on every side of the footprint, e.g. for filtering seams.
    public let margin: Double

    /// Creates a screen.
    /// - Throws: ``StencilError`` for non-finite values, a width, height or zoom ≤ 0, an anchor outside [0, 1]²
    ///   or a negative margin.
    public init(width: Double, height: Double, zoom: Double = 1, anchor: Anchor = .center, margin: Double = 0)
        throws(StencilError)
    {
        try StencilError.requirePositive(width, "Screen width")
        try StencilError.requirePositive(height, "Screen height")
        try StencilError.requirePositive(zoom, "Zoom")
        try StencilError.requireUnit(anchor.x, "Anchor x")
        try StencilError.requireUnit(anchor.y, "Anchor y")
        try StencilError.requireNonNegative(margin, "Margin")
        self.width = width
        self.height = height
        self.zoom = zoom
        self.anchor = anchor
        self.margin = margin
    }

    /// Along-track extent of the footprint relative to the aircraft, ahead positive, margin included:
    /// [−(1 − a_y)·h·z − m, a_y·h·z + m].
    public var along: Interval {
        Interval(-(1 - anchor.y) * height * zoom - margin, anchor.y * height * zoom + margin)
    }

    /// Across-track extent of the footprint relative to the aircraft, right positive, margin included:
    /// [−a_x·w·z − m, (1 − a_x)·w·z + m].
    public var across: Interval {
        Interval(-anchor.x * width * zoom - margin, (1 - anchor.x) * width * zoom + margin)
    }
}
