/// The device screen and how it shows the terrain (the geometry model's *Screen footprint* (§4)): `width × height`
/// points, heading-up, at
/// `scale` terrain pixels per point, with the aircraft at `anchor` and an optional `margin` of terrain pixels.
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
    public let scale: Double
    /// The aircraft's place on the screen.
    public let anchor: Anchor
    /// Terrain pixels (not scaled by scale) added on every side of the footprint, e.g. for filtering seams.
    public let margin: Double

    /// The zooms a screen may have, 10⁻¹² … 10¹² terrain px per point. The screen transform divides by the scale, so a
    /// scale of 2.2·10⁻³⁰⁸ made every transformed position infinite; 10⁻¹² keeps positions up to
    /// ``FootprintLimits/maximumExtent`` (2⁴⁰ px) far inside the finite range, and 10¹² is past any useful scale.
    public static let validScales: ClosedRange<Double> = 1e-12...1e12

    /// The largest footprint extent, twice ``FootprintLimits/maximumExtent`` (2⁴¹ px): width × scale, height × scale
    /// and the
    /// margin must each stay within it, so the footprint's extents and corners are finite. No flight can show a
    /// larger footprint: every footprint must lie within ``FootprintLimits/maximumExtent`` of the image origin.
    public static var maximumExtent: Double { 2 * FootprintLimits.maximumExtent }

    /// Creates a screen.
    /// - Throws: ``StencilError`` for non-finite values, a width, height or scale ≤ 0, a scale outside
    ///   ``validScales``, an anchor outside [0, 1]², a negative margin, or a width × scale, height × scale or margin
    ///   past ``maximumExtent``.
    public init(width: Double, height: Double, scale: Double = 1, anchor: Anchor = .center, margin: Double = 0)
        throws(StencilError)
    {
        try StencilError.requirePositive(width, "Screen width")
        try StencilError.requirePositive(height, "Screen height")
        try StencilError.requirePositive(scale, "Scale")
        guard Self.validScales.contains(scale) else {
            throw .outOfRange(field: "Scale", value: scale, valid: "in [1e-12, 1e12] terrain px per point")
        }
        try StencilError.requireUnit(anchor.x, "Anchor x")
        try StencilError.requireUnit(anchor.y, "Anchor y")
        try StencilError.requireNonNegative(margin, "Margin")
        // Three checks written out: an array of (value, field) pairs would allocate on every screen made (a chase
        // camera makes one a frame).
        try Self.requireWithinExtent(width * scale, "Screen width × scale in px")
        try Self.requireWithinExtent(height * scale, "Screen height × scale in px")
        try Self.requireWithinExtent(margin, "Margin")
        self.width = width
        self.height = height
        self.scale = scale
        self.anchor = anchor
        self.margin = margin
    }

    /// Throws unless `value` ≤ ``maximumExtent``.
    static func requireWithinExtent(_ value: Double, _ field: String) throws(StencilError) {
        guard value <= maximumExtent else {
            throw .outOfRange(
                field: field, value: value, valid: "at most \(maximumExtent) px (2 × FootprintLimits.maximumExtent)")
        }
    }

    /// Along-track extent of the footprint relative to the aircraft, ahead positive, margin included:
    /// [−(1 − a_y)·h·z − m, a_y·h·z + m].
    public var along: Interval {
        Interval(-(1 - anchor.y) * height * scale - margin, anchor.y * height * scale + margin)
    }

    /// Across-track extent of the footprint relative to the aircraft, right positive, margin included:
    /// [−a_x·w·z − m, (1 − a_x)·w·z + m].
    public var across: Interval {
        Interval(-anchor.x * width * scale - margin, (1 - anchor.x) * width * scale + margin)
    }
}
