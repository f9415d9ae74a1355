/// Numbers the distinct real tiles of a flight in order of first sight: a flat table on grids of at most 2²⁰ tiles,
/// a dictionary beyond.
///
/// ``TrackNeeds`` numbers its tiles with it (``TrackNeeds/tiles`` is the numbering's order); stencil-bench's
/// streaming comparison continues the needs' numbering (`init(needs:)`) with the other tiles its methods touch.
/// Tiles must be real tiles of the grid.
package struct TileNumbering {
    let columns: Int
    var table: [Int32]
    var dictionary: [TileIndex: Int32] = [:]
    let usesTable: Bool
    /// The tiles, by number.
    package private(set) var tiles: [TileIndex] = []

    /// An empty numbering of `grid`'s tiles.
    package init(grid: TileGrid) {
        columns = grid.columns
        let (cells, overflow) = grid.columns.multipliedReportingOverflow(by: grid.rows)
        usesTable = !overflow && cells <= 1 << 20
        table = usesTable ? [Int32](repeating: -1, count: cells) : []
    }

    /// The numbering of `needs`' tiles, each with the number the needs gave it (its place in ``TrackNeeds/tiles``).
    /// - Complexity: O(tiles).
    package init(needs: TrackNeeds) {
        self.init(grid: needs.grid)
        for tile in needs.tiles { _ = number(of: tile) }
    }

    /// Number of tiles numbered so far.
    package var count: Int { tiles.count }

    /// The number of `tile`, assigning the next one if it is new.
    /// - Complexity: O(1) (on average, on grids of more than 2²⁰ tiles).
    @inline(__always)
    package mutating func number(of tile: TileIndex) -> Int {
        if usesTable {
            let cell = tile.row * columns + tile.column
            let n = table[cell]
            if n >= 0 { return Int(n) }
            table[cell] = Int32(truncatingIfNeeded: tiles.count)
        } else {
            if let n = dictionary[tile] { return Int(n) }
            dictionary[tile] = Int32(truncatingIfNeeded: tiles.count)
        }
        tiles.append(tile)
        return tiles.count - 1
    }

    /// The number of `tile` if it has one.
    /// - Complexity: O(1) (on average, on grids of more than 2²⁰ tiles).
    @inline(__always)
    package func existingNumber(of tile: TileIndex) -> Int? {
        if usesTable {
            let n = table[tile.row * columns + tile.column]
            return n >= 0 ? Int(n) : nil
        }
        return dictionary[tile].map { Int($0) }
    }
}
