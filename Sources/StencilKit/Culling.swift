/// What one frame shows: its footprint and the transform that places terrain pixels on the screen.
public struct FrameView: Sendable, Hashable {
    /// The frame's footprint in terrain pixels (margin included).
    public let footprint: Footprint
    /// Terrain pixels → screen points.
    public let transform: ScreenTransform
}

extension FlightLoop {
    /// Culls one frame (MODEL.md §5): fills `tiles` with the tiles the footprint of `pose`, moved `lateralOffset`
    /// pixels to the right, overlaps with positive area — each with its real tile, draw position and distance —
    /// nearest to the aircraft first.
    ///
    /// Cost grows with the visible tiles only (one column run per row of the rotated footprint, then an in-place
    /// heap sort). `tiles` is emptied keeping its capacity, so a buffer reused across frames allocates nothing
    /// once it has grown to the largest frame. Every tile returned is in the flight's ``Stencil``; rows past the
    /// terrain (reached only by a flight clipped to it) are left out.
    /// - Throws: ``StencilError/offsetOutsideBand(offset:band:)`` unless |lateralOffset| ≤ the band; for a pose
    ///   built by hand, the errors of ``footprint(of:lateralOffset:)`` (non-finite, or reaching past
    ///   ``Flight/maximumExtent``).
    @discardableResult
    public func cull(_ pose: Pose, lateralOffset: Double = 0, into tiles: inout [VisibleTile])
        throws(StencilError) -> FrameView
    {
        let footprint = try self.footprint(of: pose, lateralOffset: lateralOffset)
        let grid = flight.grid
        let t = grid.tileLength
        let eye = footprint.origin
        tiles.removeAll(keepingCapacity: true)
        ConvexCover.forEachRow(of: footprint.corners, on: grid) { row, first, last in
            // Rows past the terrain have no texture; only a flight clipped to the terrain reaches them.
            guard grid.containsRow(row) else { return }
            let y = Double(row) * t
            for column in first...last {
                let x = Double(column) * t
                let dx = x + t / 2 - eye.x
                let dy = y + t / 2 - eye.y
                tiles.append(
                    VisibleTile(
                        tile: TileIndex(column: column, row: row),
                        realTile: TileIndex(column: grid.realColumn(of: column), row: row),
                        origin: PixelPoint(x: x, y: y), distance: (dx * dx + dy * dy).squareRoot()))
            }
        }
        VisibleTile.sortNearestFirst(&tiles)
        let transform = ScreenTransform(screen: flight.screen, footprint: footprint)
        return FrameView(footprint: footprint, transform: transform)
    }
}

/// An in-place heap sort: O(n log n) and no allocation, unlike a merge-based sort.
enum HeapSort {
    static func sort<T>(_ array: inout [T], by less: (T, T) -> Bool) {
        let n = array.count
        guard n > 1 else { return }
        array.withUnsafeMutableBufferPointer { buffer in
            func siftDown(_ start: Int, _ end: Int) {
                var root = start
                while 2 * root + 1 < end {
                    var child = 2 * root + 1
                    if child + 1 < end && less(buffer[child], buffer[child + 1]) { child += 1 }
                    guard less(buffer[root], buffer[child]) else { return }
                    buffer.swapAt(root, child)
                    root = child
                }
            }
            for start in stride(from: n / 2 - 1, through: 0, by: -1) { siftDown(start, n) }
            for end in stride(from: n - 1, to: 0, by: -1) {
                buffer.swapAt(0, end)
                siftDown(0, end)
            }
        }
    }
}
