import MercatorMath

/// The one owner of what a footprint may be (the geometry model's *Screen footprint* and *Views* articles): how far
/// from the image origin it may reach, how many tiles one frame may cover, and the tie tolerances that decide when an
/// overlap counts. Views, tracks, stencils and point queries all ask it; every refusal has one error kind and one
/// wording, whichever of them refuses.
///
/// Always true of a footprint these checks accept: its corners lie within ``maximumExtent`` of the origin (row and
/// column numbers fit an `Int` with room to spare); its bounding square at any heading spans at most
/// ``maximumTilesPerFrame`` tiles, so every cover answers in time proportional to its output; and both of its sides
/// are at least 4·e_draw (``drawTolerance(reaching:on:)``), so it draws a tile.
public enum FootprintLimits {
    /// The largest distance in pixels from the image origin that any part of a footprint, a track or a view may
    /// reach, 2⁴⁰.
    public static let maximumExtent: Double = 1_099_511_627_776

    /// The most tiles one frame's footprint may cover, 2²⁰ (its bounding square at any heading, in tiles, with a
    /// tile of slack on every side): a screen that needs more is a scale error, not a frame to draw.
    public static let maximumTilesPerFrame = 1 << 20

    /// The tie tolerance e of stencils, plans and schedule needs: an overlap thinner than e counts as touching
    /// (``/MercatorMath/TileGrid/tieTolerance``).
    /// - Complexity: O(1).
    public static func tieTolerance(on grid: TileGrid) -> Double { grid.tieTolerance }

    /// The tie tolerance of what a frame draws, e_draw = 2e + 16·ulp(m) for corners reaching at most `m` px from the
    /// origin: a margin over the stencils' e that keeps every culled tile of a track in its stencil at any distance
    /// from the image (the rounding of a pose's corners grows with m).
    /// - Complexity: O(1).
    @inline(__always)
    public static func drawTolerance(reaching m: Double, on grid: TileGrid) -> Double {
        2 * grid.tieTolerance + 16 * m.ulp
    }

    /// The farthest a footprint corner lies from its pose, band included: √(max|p|² + (max|q| + d)²).
    /// - Complexity: O(1).
    static func reach(along: Interval, across: Interval, band: Double = 0) -> Double {
        let p = max(abs(along.lower), abs(along.upper))
        let q = max(abs(across.lower), abs(across.upper)) + band
        return (p * p + q * q).squareRoot()
    }

    /// Throws unless a footprint reaching `reach` px from its pose, widened by nothing more, has a bounding square at
    /// any heading, 2·reach/T + 2 tiles on a side, of at most ``maximumTilesPerFrame`` tiles.
    /// - Throws: ``StencilError/tooLarge(what:value:limit:advice:)``.
    static func requireTileCount(reach: Double, on grid: TileGrid, of what: String) throws(StencilError) {
        let side = 2 * reach / grid.tileLength + 2
        guard side * side <= Double(maximumTilesPerFrame) else {
            throw .tooLarge(
                what: "Footprint size in tiles of the \(what) (screen × scale and band / tile size, squared)",
                value: (side * side).rounded(), limit: Double(maximumTilesPerFrame),
                advice: "lower the scale, the screen size or the band")
        }
    }

    /// Throws unless `farthest`, the largest coordinate any footprint of the thing reaches, is within
    /// ``maximumExtent``.
    /// - Throws: ``StencilError/outOfRange(field:value:valid:)``.
    static func requireExtent(_ farthest: Double, of what: String) throws(StencilError) {
        guard farthest <= maximumExtent else {
            throw .outOfRange(
                field: "Footprint reach of the \(what) (position, screen × scale, band and turns, in px)",
                value: farthest, valid: "at most \(StencilError.format(maximumExtent)) px from the image origin")
        }
    }

    /// Throws unless both sides of a footprint with extents `along` × `across`, reaching at most `farthest` px from
    /// the image origin, are at least 4·e_draw: a narrower footprint would draw no tile at all, since overlaps
    /// thinner than e_draw count as touching (1.0·10⁻⁶ px on Mars Viking near the image; a screen of 480 points at a
    /// scale of 10⁻¹² is 4.8·10⁻¹⁰ px wide). Tracks apply it at twice their farthest reach, so every pose passes a
    /// view's own check with margin.
    /// - Throws: ``StencilError/outOfRange(field:value:valid:)``.
    static func requireDrawable(
        along: Interval, across: Interval, reaching farthest: Double, on grid: TileGrid, of what: String
    ) throws(StencilError) {
        let minimum = 4 * drawTolerance(reaching: farthest, on: grid)
        let side = min(along.upper - along.lower, across.upper - across.lower)
        guard side >= minimum else {
            throw .outOfRange(
                field:
                    "\(what.prefix(1).uppercased() + what.dropFirst()) footprint side (screen × scale and margin, in px)",
                value: side,
                valid:
                    "at least \(minimum) px (4 × the draw tolerance 2e + 16 ulp at \(farthest) px from the origin); "
                    + "raise the scale or the screen size")
        }
    }

    /// Throws unless one footprint is within every limit: its reach max(|c.x|, |c.y|) + √(p² + q²) from the origin
    /// (p, q the largest along- and across-track reach from its origin c), its size in tiles, and its sides.
    ///
    /// A filter answers first without a square root or a division, for the footprints well inside every limit
    /// (every view a renderer draws). With the bound 2·(p + q) ≥ 2·√(p² + q²), twice the reach and so above its
    /// rounded value, the reach passes when max(|c.x|, |c.y|) + 2·(p + q) ≤ ``maximumExtent``. The size passes
    /// when p² + q² ≤ (0.999·r·T)², with r·T = (√N − 2)·T/2 the largest reach the size check allows
    /// (N = ``maximumTilesPerFrame``): 0.1 % inside it, far more than the rounding of either form. The sides pass
    /// when they are at least 4·e_draw at the larger distance, since e_draw grows with the distance. A footprint the
    /// filter does not pass is checked exactly, so what is accepted and what is refused, with which message, does not
    /// depend on the filter (`ViewportLimitFilterTests`).
    /// - Complexity: O(1); five multiplications and a few comparisons, inlined, when the filter passes.
    @inline(__always)
    static func require(_ footprint: Footprint, on grid: TileGrid, of what: String) throws(StencilError) {
        if passesFilter(footprint, on: grid) { return }
        try requireExactly(footprint, on: grid, of: what)
    }

    /// The filter of ``require(_:on:of:)``: true only for a footprint its exact checks accept.
    @inline(__always)
    static func passesFilter(_ footprint: Footprint, on grid: TileGrid) -> Bool {
        let along = footprint.along
        let across = footprint.across
        let ahead = max(abs(along.lower), abs(along.upper))
        let aside = max(abs(across.lower), abs(across.upper))
        let c = footprint.origin
        let farthestBound = max(abs(c.x), abs(c.y)) + 2 * (ahead + aside)
        let safeReach = safeReachInTiles * grid.tileLength
        return ahead * ahead + aside * aside <= safeReach * safeReach && farthestBound <= maximumExtent
            && min(along.upper - along.lower, across.upper - across.lower)
                >= 4 * drawTolerance(reaching: farthestBound, on: grid)
    }

    /// The exact checks of ``require(_:on:of:)``, for a footprint its filter did not pass.
    @inline(never)
    static func requireExactly(_ footprint: Footprint, on grid: TileGrid, of what: String) throws(StencilError) {
        let reach = reach(along: footprint.along, across: footprint.across)
        try requireTileCount(reach: reach, on: grid, of: what)
        let c = footprint.origin
        let farthest = max(abs(c.x), abs(c.y)) + reach
        try requireExtent(farthest, of: what)
        try requireDrawable(along: footprint.along, across: footprint.across, reaching: farthest, on: grid, of: what)
    }

    /// 0.999·(√N − 2)/2 with N = ``maximumTilesPerFrame`` = 2²⁰ (√N = 1024, a constant the compiler folds; a test
    /// checks it against N): a reach in tile lengths that the size check always accepts (the filter's bound).
    static var safeReachInTiles: Double { 0.999 * (1024 - 2) / 2 }
}
