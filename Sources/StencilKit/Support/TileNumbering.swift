import MercatorMath

/// Numbers the distinct real tiles of a flight in order of first sight: through a flat table where the tiles have
/// dense keys (a grid of at most 2²⁰ tiles), through a dictionary otherwise.
///
/// ``Needs`` numbers its tiles with it (``Needs/tiles`` is the numbering's order); stencil-bench's streaming
/// comparison continues the needs' numbering (`init(needs:grid:)`) with the other tiles its methods touch.
package struct TileNumbering<Tile: StreamedTile> {
    let key: ((Tile) -> Int)?
    var table: [Int32]
    var dictionary: [Tile: Int32] = [:]
    /// The tiles, by number.
    package private(set) var tiles: [Tile] = []

    /// An empty numbering through a dictionary.
    package init() {
        key = nil
        table = []
    }

    /// An empty numbering through a table of `count` entries whose callers give each tile's entry
    /// (``number(of:cell:)``).
    package init(tableSize count: Int) {
        key = nil
        table = [Int32](repeating: -1, count: count)
    }

    /// An empty numbering through a table of `count` entries, `key` giving each tile's entry.
    package init(denseKeyCount count: Int, key: @escaping (Tile) -> Int) {
        self.key = key
        table = [Int32](repeating: -1, count: count)
    }

    /// Number of tiles numbered so far.
    package var count: Int { tiles.count }

    /// The number of `tile`, assigning the next one if it is new.
    /// - Complexity: O(1) (on average, through the dictionary).
    @inline(__always)
    package mutating func number(of tile: Tile) -> Int { number(of: tile, cell: key.map { $0(tile) } ?? -1) }

    /// The number of `tile`, whose table entry the caller computed (`cell`, or −1 for the dictionary), assigning
    /// the next one if it is new: the producer's key inlined, where a stored closure would not be.
    /// - Complexity: O(1) (on average, through the dictionary).
    @inline(__always)
    package mutating func number(of tile: Tile, cell: Int) -> Int {
        if cell >= 0 {
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

    /// The number of `tile` if it has one, its table entry computed by the caller (`cell`, or −1).
    /// - Complexity: O(1) (on average, through the dictionary).
    @inline(__always)
    package func existingNumber(of tile: Tile, cell: Int) -> Int? {
        if cell >= 0 {
            let n = table[cell]
            return n >= 0 ? Int(n) : nil
        }
        return dictionary[tile].map { Int($0) }
    }

    /// The number of `tile` if it has one.
    /// - Complexity: O(1) (on average, through the dictionary).
    @inline(__always)
    package func existingNumber(of tile: Tile) -> Int? { existingNumber(of: tile, cell: key.map { $0(tile) } ?? -1) }
}

extension TileNumbering where Tile == TileIndex {
    /// An empty numbering of `grid`'s real tiles (a table on grids of at most 2²⁰ tiles).
    package init(grid: TileGrid) {
        let (cells, overflow) = grid.columns.multipliedReportingOverflow(by: grid.rows)
        if !overflow && cells <= 1 << 20 {
            let columns = grid.columns
            self.init(denseKeyCount: cells, key: { $0.row * columns + $0.column })
        } else {
            self.init()
        }
    }
}
