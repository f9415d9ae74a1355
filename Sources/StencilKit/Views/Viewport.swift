/// A view of the terrain without a route (MODEL.md §8): a centre point, a bearing shown up and a ``Screen``; its
/// visible tiles are the tiles its footprint needs (positive area, §2), each with its real tile and draw origin.
///
/// Always true of a viewport: its centre c and bearing are finite; max(|c.x|, |c.y|) plus the footprint's reach from c
/// at any bearing, m, is at most ``Flight/maximumExtent``; its footprint's bounding square at any bearing spans at
/// most ``Flight/maximumTilesPerFrame`` tiles — so every cover below answers in time proportional to its output; and
/// both sides of its footprint are at least 4·e_draw, with e_draw = 2e + 16·ulp(m) and
/// e = ``/MercatorMath/TileGrid/tieTolerance``, so it draws a tile: a frame leaves out overlaps thinner than e_draw,
/// a margin over the stencils' e that keeps every culled tile of a flight or track in its stencil at any distance
/// from the image.
/// Rows past the terrain are not an error: a map shows nothing there, so covers list the terrain's rows only.
///
/// Culling a pose of a flight is this view at the pose's position and heading
/// (``FlightLoop/cull(_:lateralOffset:order:into:)``).
public struct Viewport: Sendable, Hashable {
    /// The tile grid viewed. For a map drawn from an XYZ level, the level's grid.
    public let grid: TileGrid
    /// The screen and how it shows the terrain (size, scale in terrain px per point, anchor, margin).
    public let screen: Screen
    /// The footprint (§4) on the terrain, margin included: the screen's extents about ``center`` at ``bearing``.
    public let footprint: Footprint

    /// The point shown at the screen's anchor, in unwrapped terrain pixels of ``grid``.
    @inlinable
    public var center: PixelPoint { footprint.origin }
    /// The bearing shown up, in degrees clockwise from north (the heading of a pose).
    @inlinable
    public var bearing: Double { footprint.heading }
    /// Terrain pixels → screen points: the view heading-up (bearing up), its centre at the screen's anchor.
    public var transform: ScreenTransform { ScreenTransform(screen: screen, footprint: footprint) }

    /// A view centred on a terrain pixel. The centre's x is unwrapped (any world copy); its y may lie off the
    /// terrain (rows past it are simply not listed).
    /// - Throws: ``StencilError/nonFinite(field:value:)`` for a non-finite centre or bearing;
    ///   ``StencilError/outOfRange(field:value:valid:)`` for a footprint reaching past ``Flight/maximumExtent``,
    ///   spanning more than ``Flight/maximumTilesPerFrame`` tiles, or with a side under 4·e_draw (see the type).
    /// - Complexity: O(1).
    public init(grid: TileGrid, center: PixelPoint, bearing: Double = 0, screen: Screen) throws(StencilError) {
        try StencilError.requireFinite(center.x, "View centre x")
        try StencilError.requireFinite(center.y, "View centre y")
        try StencilError.requireFinite(bearing, "View bearing")
        let footprint = Footprint(origin: center, heading: bearing, along: screen.along, across: screen.across)
        try Self.requireWithinLimits(footprint, on: grid, what: "View")
        self.init(unchecked: grid, footprint: footprint, screen: screen)
    }

    /// A view centred on a geographic coordinate, converted to ``grid``'s pixels (MODEL.md §1). Latitudes past
    /// the terrain's limit are allowed (the view shows the terrain's rows only).
    /// - Throws: the errors of ``init(grid:center:bearing:screen:)``.
    /// - Complexity: O(1).
    public init(grid: TileGrid, center: GeoCoordinate, bearing: Double = 0, screen: Screen) throws(StencilError) {
        try self.init(grid: grid, center: grid.unclampedPixel(of: center), bearing: bearing, screen: screen)
    }

    /// A view of a footprint already checked (a flight's pose).
    init(unchecked grid: TileGrid, footprint: Footprint, screen: Screen) {
        self.grid = grid
        self.footprint = footprint
        self.screen = screen
    }

    // MARK: Limits

    /// Throws unless the footprint reaches no farther than ``Flight/maximumExtent`` from the image origin — checked as
    /// max(|c.x|, |c.y|) + √(p² + q²), with p, q the largest along- and across-track reach from the centre c, the
    /// bound a ``Flight`` applies to its route — and its bounding square at any heading, 2·√(p² + q²)/T + 2 tiles on a
    /// side, holds at most ``Flight/maximumTilesPerFrame`` tiles, as a flight's screen must.
    ///
    /// A filter answers first without a square root or a division, for the footprints well inside every limit
    /// (every view a renderer draws). With the bound 2·(p + q) ≥ 2·√(p² + q²), twice the reach and so above its
    /// rounded value, the reach passes when max(|c.x|, |c.y|) + 2·(p + q) ≤ ``Flight/maximumExtent``. The size
    /// passes when p² + q² ≤ (0.999·r·T)², with r·T = (√N − 2)·T/2 the largest reach the size check allows
    /// (N = ``Flight/maximumTilesPerFrame``): 0.1 % inside it, far more than the rounding of either form. The sides
    /// pass when they are at least 4·e_draw at the larger distance, since e_draw grows with the distance. A footprint
    /// the filter does not pass is checked by the exact formulas above, so what is accepted and what is refused,
    /// with which message, is unchanged (`ViewportLimitFilterTests`).
    /// - Complexity: O(1); five multiplications and a few comparisons, inlined, when the filter passes.
    @inline(__always)
    static func requireWithinLimits(_ footprint: Footprint, on grid: TileGrid, what: String) throws(StencilError) {
        if passesLimitFilter(footprint, on: grid) { return }
        try requireWithinLimitsExactly(footprint, on: grid, what: what)
    }

    /// The filter of ``requireWithinLimits(_:on:what:)``: true only for a footprint its exact checks accept.
    @inline(__always)
    static func passesLimitFilter(_ footprint: Footprint, on grid: TileGrid) -> Bool {
        let along = footprint.along
        let across = footprint.across
        let ahead = max(abs(along.lower), abs(along.upper))
        let aside = max(abs(across.lower), abs(across.upper))
        let c = footprint.origin
        let farthestBound = max(abs(c.x), abs(c.y)) + 2 * (ahead + aside)
        let safeReach = safeReachInTiles * grid.tileLength
        return ahead * ahead + aside * aside <= safeReach * safeReach && farthestBound <= Flight.maximumExtent
            && min(along.upper - along.lower, across.upper - across.lower)
                >= 4 * RectangleCover.drawTolerance(reaching: farthestBound, on: grid)
    }

    /// The exact checks of ``requireWithinLimits(_:on:what:)``, for a footprint its filter did not pass.
    @inline(never)
    static func requireWithinLimitsExactly(_ footprint: Footprint, on grid: TileGrid, what: String)
        throws(StencilError)
    {
        let along = footprint.along
        let across = footprint.across
        let ahead = max(abs(along.lower), abs(along.upper))
        let aside = max(abs(across.lower), abs(across.upper))
        let c = footprint.origin
        let reach = (ahead * ahead + aside * aside).squareRoot()
        let side = 2 * reach / grid.tileLength + 2
        guard side * side <= Double(Flight.maximumTilesPerFrame) else {
            throw .outOfRange(
                field: "\(what) footprint size in tiles (screen × scale / tile size, squared)",
                value: (side * side).rounded(),
                valid: "at most \(Flight.maximumTilesPerFrame) tiles; lower the scale or the screen size")
        }
        let farthest = max(abs(c.x), abs(c.y)) + reach
        guard farthest <= Flight.maximumExtent else {
            throw .outOfRange(
                field: "\(what) reach (centre, screen × scale and margin, in px)", value: farthest,
                valid: "at most \(Flight.maximumExtent) px from the image origin")
        }
        try requireDrawable(along: along, across: across, reaching: farthest, on: grid, what: what)
    }

    /// 0.999·(√N − 2)/2 with N = ``Flight/maximumTilesPerFrame`` = 2²⁰ (√N = 1024, a constant the compiler folds;
    /// a test checks it against N): a reach in tile lengths that the size check of
    /// ``requireWithinLimits(_:on:what:)`` always accepts (the filter's bound).
    static var safeReachInTiles: Double { 0.999 * (1024 - 2) / 2 }

    /// Throws unless both sides of a footprint with extents `along` × `across`, reaching at most `farthest` px from
    /// the image origin, are at least 4·e_draw, four times the tie tolerance of a drawn cover there
    /// (`RectangleCover.drawTolerance`, 2e + 16·ulp): a narrower footprint would draw no tile at all, since overlaps
    /// thinner than e_draw count as touching (1.0·10⁻⁶ px on Mars Viking near the image; a screen of 480 points at a
    /// scale of 10⁻¹² is 4.8·10⁻¹⁰ px wide). Flights and tracks apply it at their farthest reach.
    static func requireDrawable(
        along: Interval, across: Interval, reaching farthest: Double, on grid: TileGrid, what: String
    ) throws(StencilError) {
        let minimum = 4 * RectangleCover.drawTolerance(reaching: farthest, on: grid)
        let side = min(along.upper - along.lower, across.upper - across.lower)
        guard side >= minimum else {
            throw .outOfRange(
                field: "\(what) footprint side (screen × scale and margin, in px)", value: side,
                valid:
                    "at least \(minimum) px (4 × the draw tolerance 2e + 16 ulp at \(farthest) px from the origin); "
                    + "raise the scale or the screen size")
        }
    }
}
