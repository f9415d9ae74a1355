/// A view of the terrain without a route (the geometry model's *Views and levels of detail* (§8)): a centre point, a
/// bearing shown up and a ``Screen``; its
/// visible tiles are the tiles its footprint needs (positive area, §2), each with its real tile and draw origin.
///
/// Always true of a viewport: its centre and bearing are finite and its footprint is within every limit of
/// ``FootprintLimits`` — it reaches no farther than ``FootprintLimits/maximumExtent`` from the image origin, its
/// bounding square at any bearing spans at most ``FootprintLimits/maximumTilesPerFrame`` tiles (so every cover
/// below answers in time proportional to its output), and both of its sides are at least 4·e_draw
/// (``FootprintLimits/drawTolerance(reaching:on:)``), so it draws a tile.
/// Rows past the terrain are not an error: a map shows nothing there, so covers list the terrain's rows only.
///
/// Culling a pose of a track is this view at the pose's position and heading
/// (``Track/cull(_:lateralOffset:order:into:)``).
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
    ///   ``StencilError/outOfRange(field:value:valid:)`` for a footprint reaching past
    /// ``FootprintLimits/maximumExtent`` or with a side under 4·e_draw;
    /// ``StencilError/tooLarge(what:value:limit:advice:)``
    ///   for one spanning more than ``FootprintLimits/maximumTilesPerFrame`` tiles.
    /// - Complexity: O(1).
    public init(grid: TileGrid, center: PixelPoint, bearing: Double = 0, screen: Screen) throws(StencilError) {
        try StencilError.requireFinite(center.x, "View centre x")
        try StencilError.requireFinite(center.y, "View centre y")
        try StencilError.requireFinite(bearing, "View bearing")
        let footprint = Footprint(origin: center, heading: bearing, along: screen.along, across: screen.across)
        try FootprintLimits.require(footprint, on: grid, of: "view")
        self.init(unchecked: grid, footprint: footprint, screen: screen)
    }

    /// A view centred on a geographic coordinate, converted to ``grid``'s pixels (the geometry model's *Coordinates,
    /// Mercator and images* (§1)). Latitudes past
    /// the terrain's limit are allowed (the view shows the terrain's rows only).
    /// - Throws: the errors of ``init(grid:center:bearing:screen:)``.
    /// - Complexity: O(1).
    public init(grid: TileGrid, center: GeoCoordinate, bearing: Double = 0, screen: Screen) throws(StencilError) {
        try self.init(grid: grid, center: grid.unclampedPixel(of: center), bearing: bearing, screen: screen)
    }

    /// A view of a footprint already checked (a track's pose).
    init(unchecked grid: TileGrid, footprint: Footprint, screen: Screen) {
        self.grid = grid
        self.footprint = footprint
        self.screen = screen
    }
}

extension Viewport {
    /// The XYZ id of the real tile a visible tile draws, (n, column mod 2ⁿ, row) — MapLibre's `CanonicalTileID`,
    /// mercantile's `Tile` — when the view's grid is an XYZ level (``/MercatorMath/TileGrid/xyzLevel``); nil for
    /// any other grid, or for a tile whose row is not one of the grid's (never one this view listed). Does not
    /// throw, unlike ``/MercatorMath/TileGrid/tileID(of:)``: a visible tile's row is always on the terrain.
    /// - Complexity: O(1): a power-of-two test and a mask; no allocation.
    @inlinable
    public func tileID(of tile: VisibleTile) -> TileID? {
        unwrappedTileID(of: tile)?.canonical
    }

    /// The unwrapped XYZ id of a visible tile, (n, unwrapped column, row), whose
    /// ``/MercatorMath/UnwrappedTileID/worldCopy`` says which copy of the world it is drawn in (MapLibre's
    /// `UnwrappedTileID`), when the view's grid is an XYZ level; nil otherwise (see ``tileID(of:)``).
    /// - Complexity: O(1); no allocation.
    @inlinable
    public func unwrappedTileID(of tile: VisibleTile) -> UnwrappedTileID? {
        try? grid.unwrappedTileID(of: tile.tile)
    }
}
