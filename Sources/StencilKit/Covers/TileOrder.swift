/// The order a cover lists its tiles in.
public enum TileOrder: Sendable, Hashable, CaseIterable {
    /// By row, top to bottom, then by unwrapped column, west to east: the order a renderer draws in, and the
    /// cheapest (the cover produces it directly, no sort).
    case rowMajor
    /// Nearest to the view's centre first — by squared distance from the view's centre to the tile's centre, ties
    /// row-major — the order to request loads in. Costs an in-place sort (no allocation).
    case nearestFirst
}

/// The in-place sorts behind ``TileOrder/nearestFirst``: insertion sort for short arrays, heap sort otherwise;
/// neither allocates, unlike the standard library's merge-based sort.
enum NearestFirstSort {
    /// Insertion sort up to this many elements.
    static let insertionLimit = 32

    static func sort(_ tiles: inout [VisibleTile]) {
        let n = tiles.count
        guard n > 1 else { return }
        tiles.withUnsafeMutableBufferPointer { buffer in
            if n <= insertionLimit {
                for i in 1..<n {
                    let x = buffer[i]
                    let key = x.squaredDistance
                    var j = i
                    while j > 0 {
                        let y = buffer[j - 1]
                        let other = y.squaredDistance
                        guard key < other || (key == other && x.tile < y.tile) else { break }
                        buffer[j] = y
                        j -= 1
                    }
                    buffer[j] = x
                }
            } else {
                HeapSort.sort(buffer, by: VisibleTile.drawsBefore)
            }
        }
    }
}
