/// A ``MapLibreCamera``'s cover in a buffer reused from frame to frame.
///
/// Keep one per render loop and pass it to ``MapLibreCamera/cover(into:)``: its arrays keep their capacity, so once
/// they have grown to the largest cover a frame allocates nothing.
public struct MapLibreCover: Sendable {
    /// The tiles of the last cover, in MapLibre's order: a view of the buffer's storage, no copy.
    public var tiles: ArraySlice<MapLibreTile> { storage[..<count] }
    /// Storage that only grows (to the largest cover so far): the sorted tiles.
    var storage: [MapLibreTile] = []
    /// The tiles as found, with MapLibre's squared distance and the order found (a stable sort's tie rule).
    var keys: [(distance: Double, index: Int, tile: MapLibreTile)] = []
    /// The depth-first traversal's stack of candidate tiles.
    var stack: [MapLibreCandidate] = []
    /// Tiles in ``storage``.
    var count = 0

    /// An empty buffer.
    public init() {}
}

/// A tile waiting on the traversal's stack: level, column within its world, row, world copy, and whether an
/// ancestor already lies wholly inside the frustum.
struct MapLibreCandidate: Sendable {
    var level: Int
    var x: Int
    var y: Int
    var wrap: Int
    var fullyVisible: Bool
}
