/// A view of the terrain without a route (MODEL.md §8): a centre point, a bearing shown up and a ``Screen``; its
/// visible tiles are the tiles its footprint needs (positive area, §2), each with its real tile and draw origin.
///
/// Always true of a viewport: its centre and bearing are finite, its footprint reaches no farther than
/// ``Flight/maximumExtent`` from the image origin, and its footprint's bounding square at any bearing spans at most
/// ``Flight/maximumTilesPerFrame`` tiles — so every cover below answers in time proportional to its output.
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
    ///   ``StencilError/outOfRange(field:value:valid:)`` for a footprint reaching past ``Flight/maximumExtent`` or
    ///   spanning more than ``Flight/maximumTilesPerFrame`` tiles.
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

    /// Throws unless the footprint's corners lie within ``Flight/maximumExtent`` of the image origin and its
    /// bounding square at any heading, 2·√(p² + q²)/T + 2 tiles on a side (p, q the largest along- and
    /// across-track reach from the centre), holds at most ``Flight/maximumTilesPerFrame`` tiles — the bound a
    /// ``Flight`` applies to its screen.
    static func requireWithinLimits(_ footprint: Footprint, on grid: TileGrid, what: String) throws(StencilError) {
        let along = footprint.along
        let across = footprint.across
        let ahead = max(abs(along.lower), abs(along.upper))
        let aside = max(abs(across.lower), abs(across.upper))
        let side = 2 * (ahead * ahead + aside * aside).squareRoot() / grid.tileLength + 2
        guard side * side <= Double(Flight.maximumTilesPerFrame) else {
            throw .outOfRange(
                field: "\(what) footprint size in tiles (screen × scale / tile size, squared)",
                value: (side * side).rounded(),
                valid: "at most \(Flight.maximumTilesPerFrame) tiles; lower the scale or the screen size")
        }
        let limit = Flight.maximumExtent
        let corners = footprint.corners
        for i in 0..<4 {
            let corner = corners[i]
            guard abs(corner.x) <= limit, abs(corner.y) <= limit else {
                throw .outOfRange(
                    field: "\(what) footprint reach (centre and screen × scale, in px)",
                    value: max(abs(corner.x), abs(corner.y)),
                    valid: "at most \(limit) px from the image origin")
            }
        }
    }
}
