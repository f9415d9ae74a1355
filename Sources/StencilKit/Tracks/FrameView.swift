/// What one frame shows: its footprint and the transform that places terrain pixels on the screen.
public struct FrameView: Sendable, Hashable {
    /// The frame's footprint in terrain pixels (margin included).
    public let footprint: Footprint
    /// Terrain pixels → screen points.
    public let transform: ScreenTransform
}

extension FlightLoop {
    /// Culls one frame: fills `tiles` with the visible tiles of the ``Viewport`` at the pose moved
    /// `lateralOffset` pixels to its right, bearing the pose's heading, with the flight's grid and screen
    /// (MODEL.md §8: culling a pose is the view at the pose) — each with its real tile, draw origin and centre
    /// offset from the moved aircraft, in `order`.
    ///
    /// The default order is row-major, like a viewport's: it is the order a renderer draws in, and the nearest-first
    /// sort used to be half the cost of a frame; pass ``TileOrder/nearestFirst`` to prioritise loads.
    ///
    /// What holds: the tiles are exactly those the footprint overlaps with positive area, in the terrain's rows
    /// (rows past it, reached only by a flight clipped to the terrain, are left out). When `pose` is one of this
    /// loop's poses (from ``pose(_:at:)``, ``pose(atArcLength:)``, ``pose(atTime:timing:)`` or a frame sequence) and
    /// |lateralOffset| ≤ the band, every tile is also in the flight's ``Stencil`` — the stencil is the union of these
    /// footprints (§5). A pose built by hand is culled all the same, but nothing ties its tiles to the stencil.
    ///
    /// `tiles` is emptied keeping its capacity, so a buffer reused across frames allocates nothing once it has grown
    /// to the largest frame.
    /// - Throws: ``StencilError/offsetOutsideBand(offset:band:)`` unless |lateralOffset| ≤ the band; for a pose
    ///   built by hand, the errors of ``footprint(of:lateralOffset:)`` (non-finite, or reaching past
    ///   ``Flight/maximumExtent``).
    /// - Complexity: that of ``Viewport/visibleTiles(order:into:)``: O(rows + tiles) row-major.
    @discardableResult
    public func cull(
        _ pose: Pose, lateralOffset: Double = 0, order: TileOrder = .rowMajor, into tiles: inout [VisibleTile]
    ) throws(StencilError) -> FrameView {
        let footprint = try self.footprint(of: pose, lateralOffset: lateralOffset)
        let view = Viewport(unchecked: flight.grid, footprint: footprint, screen: flight.screen)
        view.visibleTiles(order: order, into: &tiles)
        return FrameView(footprint: footprint, transform: view.transform)
    }
}
