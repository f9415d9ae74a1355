import MercatorMath

/// A terrain camera's cover, in a buffer reused from frame to frame (the geometry model's *Covers over terrain*
/// (§14)): tiles of several levels, disjoint, whose boxes together hold every terrain point the screen sees.
///
/// Keep one per render loop and pass it to ``TerrainCamera/cover(order:depths:into:)`` every frame: its arrays keep their
/// capacity, so once they have grown to the largest cover a frame allocates nothing.
public struct TerrainCover: Sendable {
    /// The tiles of the last cover, in the order asked for: a view of the buffer's storage, no copy.
    public var tiles: ArraySlice<PitchedTile> { storage[..<count] }
    /// The least depth δ over B(T) ∩ V of each tile of ``tiles``, index for index, px (filled for
    /// ``TileOrder/nearestFirst``, and for ``TileOrder/rowMajor`` when asked with `depths: true`).
    public var leastDepths: ArraySlice<Double> { depthStorage[..<(hasDepths ? count : 0)] }
    /// How many boxes the last cover decided one by one: tested against V, or taken whole inside a parent's box that
    /// lies in V (tiles of [0, 0] subtrees decided a row at a time by §11's row covers are not counted). The cover's
    /// time grows with it (stencil-bench's terrain table prints both); a camera close above a high box (example 9d)
    /// decides many.
    public internal(set) var examinedBoxes = 0
    /// Tile storage that only grows; the first `count` are the cover's.
    var storage: [PitchedTile] = []
    var depthStorage: [Double] = []
    var hasDepths = false
    /// Tiles (or run tiles) written so far.
    var count = 0
    /// The level being read and the level being written: tiles whose boxes meet V (scratch).
    var candidates: [TerrainCandidate] = []
    var nextCandidates: [TerrainCandidate] = []
    /// The cover as runs (level, row, first, last), when asked for runs only.
    var runs: [LevelRun] = []
    /// (least depth, tile) pairs of a nearest-first sort (scratch).
    var keyed: [(key: Double, tile: PitchedTile)] = []

    /// An empty buffer.
    public init() {}
}

/// A tile whose box meets the view volume, with its bounds (kept so that children of a [0, 0] tile or below N_b
/// need no lookup), its least depth there and whether it is refined.
struct TerrainCandidate: Sendable {
    var column: Int
    var row: Int
    var range: ElevationRange
    var depth: Double
    var refine: Bool
    /// Whether its whole box lies in V (a refined box whose eight corners are in V): so do its children's.
    var inside = false
}
