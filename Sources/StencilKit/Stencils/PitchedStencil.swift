import MercatorMath

/// Every tile a chase camera shows along a track (§11): the union of its frames' covers, as unwrapped ids with their
/// levels and as real tiles per level.
///
/// Built frame by frame from each cover's runs diffed with the previous frame's, so the work is O(runs per frame +
/// tiles that enter), not O(tiles per frame).
public struct PitchedStencil: Sendable, Hashable {
    /// The distinct unwrapped tiles of all frames' covers, by level, then row, then column.
    public let tiles: [UnwrappedTileID]
    /// The distinct real tiles (ghost columns folded), by level, then row, then column: the textures the flight
    /// ever shows.
    public let real: [TileID]

    /// The pitched stencil of a track's frames seen by `camera`.
    /// - Throws: the errors of the camera at each pose; ``StencilError/outOfRange(field:value:valid:)`` for a track
    ///   with a lateral band; ``StencilError/tooLarge(what:value:limit:advice:)`` when frames × runs per frame
    ///   passes 2²⁷ (estimated from the first frame, before the rest).
    /// - Complexity: O(frames × runs per frame + tiles · log tiles).
    public init(frames: TrackFrames, camera: ChaseCamera) throws(StencilError) {
        var seen = Set<UnwrappedTileID>()
        var covers = try ChaseFrameCovers(frames: frames, camera: camera)
        try FrameWalk.walk(
            &covers, entered: { _, level, column, row in seen.insert(UnwrappedTileID(unchecked: level, column, row)) },
            left: { _, _, _, _ in })
        // Level, then row, then column.
        tiles = seen.sorted { ($0.level, $0.y, $0.x) < ($1.level, $1.y, $1.x) }
        real = Set(tiles.map(\.canonical)).sorted { ($0.level, $0.y, $0.x) < ($1.level, $1.y, $1.x) }
    }

    /// The number of distinct real tiles.
    public var realTileCount: Int { real.count }

    /// The real tiles of one level.
    /// - Complexity: O(real tiles).
    public func real(atLevel level: Int) -> [TileID] { real.filter { $0.level == level } }

    /// The number of real tiles per level, for the levels that have any.
    /// - Complexity: O(real tiles).
    public var realTileCountPerLevel: [Int: Int] {
        real.reduce(into: [:]) { counts, tile in counts[tile.level, default: 0] += 1 }
    }

    /// Bytes to hold every real tile once: distinct real tiles of all levels × bytes per tile.
    /// - Complexity: O(1).
    public func bytes(for format: TextureFormat) -> Int { real.count * format.bytesPerTile }
}
