/// One visibility interval of one real tile (the geometry model's *Streaming schedule* (§9)): the tile is in the need
/// N_k of every frame k from ``firstFrame`` through ``lastFrame`` and in neither neighbouring frame's need.
///
/// Always true: firstFrame ≤ lastFrame, and two runs of the same tile leave at least one frame between them.
public struct NeedRun<Tile: StreamedTile>: Sendable, Hashable {
    /// The real tile.
    public let tile: Tile
    /// The tile's number in ``Needs/tiles`` (its order of first need).
    public let tileNumber: Int
    /// The first and the last frame of the run.
    public let firstFrame, lastFrame: Int

    /// Creates a run.
    public init(tile: Tile, tileNumber: Int, firstFrame: Int, lastFrame: Int) {
        self.tile = tile
        self.tileNumber = tileNumber
        self.firstFrame = firstFrame
        self.lastFrame = lastFrame
    }

    /// The frames of the run, firstFrame … lastFrame.
    public var frames: ClosedRange<Int> { firstFrame...lastFrame }
}
