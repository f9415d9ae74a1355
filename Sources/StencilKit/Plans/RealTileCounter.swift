/// The ranks of a fixed set of real tiles (a track's whole working set): each tile's position in row-major order,
/// so that sets of its tiles can be kept as marks in an array instead of hashed.
/// - Complexity: O(runs) to build; a run's ranks in O(log runs of its row). Memory O(runs).
struct RealTileRanks: Sendable {
    /// The tiles ranked.
    let tiles: TileSet
    /// The tiles before each run of `tiles.spans`.
    private let before: [Int]

    init(_ set: TileSet) {
        self.tiles = set
        var before: [Int] = []
        before.reserveCapacity(set.spans.count)
        var total = 0
        for span in set.spans {
            before.append(total)
            total += span.count
        }
        self.before = before
    }

    /// Number of tiles ranked.
    var count: Int { tiles.count }

    /// The ranks of the real tiles `first...last` of `row`, or nil unless all are in the set.
    func ranks(row: Int, first: Int, last: Int) -> Range<Int>? {
        let range = tiles.spanIndices(inRow: row)
        let lo = tiles.spans[range].partitioningIndex { !($0.last < first) }
        guard lo < range.upperBound, tiles.spans[lo].first <= first, last <= tiles.spans[lo].last else { return nil }
        let start = before[lo] + (first - tiles.spans[lo].first)
        return start..<(start + (last - first + 1))
    }
}

/// A running set of real tiles (ghost columns folded onto their real ones), counting distinct tiles: the tiles of
/// ``RealTileRanks`` are marks in an array (no hashing); any other tile, which partial pieces rounded differently
/// could in principle reach, goes to a hashed set so the count stays exact.
struct RealTileCounter {
    let grid: TileGrid
    let clip: Bool
    let ranks: RealTileRanks
    /// `marks[i] == generation` when the tile of rank i is in the set.
    private var marks: [UInt32]
    private var generation: UInt32 = 1
    /// The ranks in the set, for ``formUnion(_:)``.
    private var members: [Int] = []
    /// Tiles in the set outside `ranks`.
    private var outside: Set<TileIndex> = []

    init(grid: TileGrid, clip: Bool, ranks: RealTileRanks) {
        self.grid = grid
        self.clip = clip
        self.ranks = ranks
        marks = [UInt32](repeating: 0, count: ranks.count)
    }

    /// Number of distinct tiles in the set.
    var count: Int { members.count + outside.count }

    /// Adds the real tiles of the unwrapped run `first...last` of `row` that neither this set nor `other` holds.
    /// - Complexity: O(tiles of the run + log runs of the row).
    mutating func insert(row: Int, first: Int, last: Int, unless other: RealTileCounter? = nil) {
        guard !clip || grid.containsRow(row) else { return }
        if last - first + 1 >= grid.columns {
            insertReal(row: row, first: 0, last: grid.columns - 1, unless: other)
            return
        }
        let a = grid.realColumn(of: first)
        let b = a + (last - first)
        if b < grid.columns {
            insertReal(row: row, first: a, last: b, unless: other)
        } else {
            insertReal(row: row, first: a, last: grid.columns - 1, unless: other)
            insertReal(row: row, first: 0, last: b - grid.columns, unless: other)
        }
    }

    private mutating func insertReal(row: Int, first: Int, last: Int, unless other: RealTileCounter?) {
        guard let range = ranks.ranks(row: row, first: first, last: last) else {
            for column in first...last {
                if let r = ranks.ranks(row: row, first: column, last: column) {
                    add(r.lowerBound, unless: other)
                } else {
                    let tile = TileIndex(column: column, row: row)
                    if let other, other.outside.contains(tile) { continue }
                    outside.insert(tile)
                }
            }
            return
        }
        for i in range { add(i, unless: other) }
    }

    @inline(__always)
    private mutating func add(_ i: Int, unless other: RealTileCounter?) {
        if let other, other.marks[i] == other.generation { return }
        if marks[i] != generation {
            marks[i] = generation
            members.append(i)
        }
    }

    /// Empties the set, keeping its storage: O(1) (the marks' generation moves on; O(tiles ranked) once in 2³²).
    mutating func removeAll() {
        members.removeAll(keepingCapacity: true)
        outside.removeAll(keepingCapacity: true)
        if generation == .max {
            for i in marks.indices { marks[i] = 0 }
            generation = 1
        } else {
            generation += 1
        }
    }

    /// Adds every tile of `other` (counted on the same ranks): O(tiles of `other`).
    mutating func formUnion(_ other: RealTileCounter) {
        for i in other.members where marks[i] != generation {
            marks[i] = generation
            members.append(i)
        }
        outside.formUnion(other.outside)
    }
}
