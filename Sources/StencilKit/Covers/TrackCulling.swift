extension Track {
    /// The footprint (the geometry model's *Screen footprint* (§4)) of a pose moved `lateralOffset` pixels to its
    /// right.
    /// - Throws: ``StencilError/offsetOutsideBand(offset:band:)`` unless |offset| ≤ the band;
    /// ``StencilError/nonFinite(field:value:)`` for a non-finite pose; ``StencilError/outOfRange(field:value:valid:)``
    ///   for a footprint reaching past ``FootprintLimits/maximumExtent`` (only a pose built by hand can).
    /// - Complexity: O(1).
    public func footprint(of pose: TrackPose, lateralOffset: Double = 0) throws(StencilError) -> Footprint {
        try StencilError.requireFinite(lateralOffset, "Lateral offset")
        guard abs(lateralOffset) <= lateralBand else {
            throw .offsetOutsideBand(offset: lateralOffset, band: lateralBand)
        }
        try StencilError.requireFinite(pose.position.x, "Pose x")
        try StencilError.requireFinite(pose.position.y, "Pose y")
        try StencilError.requireFinite(pose.heading, "Pose heading")
        var footprint = Footprint(
            origin: pose.position, heading: pose.heading, along: screen.along, across: screen.across)
        footprint.origin = pose.position + lateralOffset * footprint.right
        try FootprintLimits.require(footprint, on: grid, of: "pose")
        return footprint
    }

    /// Culls one frame: the visible tiles of the ``Viewport`` at the pose moved `lateralOffset` pixels to its right,
    /// bearing its heading (the geometry model's *Views and levels of detail* (§8): culling a pose is the view at the
    /// pose), in `order`.
    ///
    /// What holds: the tiles are exactly those the footprint overlaps with positive area, in the terrain's rows.
    /// For a pose of this track (from ``pose(piece:parameter:)``, ``pose(atArcLength:)``, ``pose(atTime:timing:)-(_,FlightTiming)``
    /// or ``frames(at:)-(FlightTiming)``) and |lateralOffset| ≤ the band, every tile is also in the track's ``Stencil``. `tiles`
    /// is emptied keeping its capacity, so a reused buffer allocates nothing.
    /// - Throws: the errors of ``footprint(of:lateralOffset:)``.
    /// - Complexity: that of ``Viewport/visibleTiles(order:into:)``: O(rows + tiles) row-major.
    @discardableResult
    public func cull(
        _ pose: TrackPose, lateralOffset: Double = 0, order: TileOrder = .rowMajor, into tiles: inout [VisibleTile]
    ) throws(StencilError) -> FrameView {
        let footprint = try self.footprint(of: pose, lateralOffset: lateralOffset)
        let view = Viewport(unchecked: grid, footprint: footprint, screen: screen)
        view.visibleTiles(order: order, into: &tiles)
        return FrameView(footprint: footprint, transform: view.transform)
    }
}
