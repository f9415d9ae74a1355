import MercatorMath

/// Elevation bounds [lo, hi] metres for every tile of the Web Mercator XYZ pyramid (the geometry model's *Covers over
/// terrain* (§14)): lo ≤ every elevation in the tile's closed square ≤ hi.
///
/// Given as the root's range (tile 0/0/0) and a list of entries; a tile not listed takes the bounds of its nearest
/// listed ancestor (the root at worst), an unwrapped column i the bounds of its real column i mod 2ⁿ. Always true:
/// every range is finite with lo ≤ hi, no tile is listed twice, and every listed range lies inside its parent's
/// effective range, so ranges nest down the pyramid (a producer deriving coarse levels by min/max over their
/// children always nests; one taking coarse levels from downsampled overviews may not, and is refused rather than
/// silently clamped — a too-narrow parent would leave holes in a cover).
///
/// Storage: one table per level 1…N_b of packed keys (y·2³² + x, `UInt64`) sorted row-major, beside their ranges
/// (two `Double`s): **24 bytes per entry** (a DEM pyramid of every tile of levels 1…12, 22.4 million entries, takes
/// 537 MB; a continent's few million, tens of MB). A lookup binary-searches the tile's level-N_b ancestor, then
/// each shallower ancestor until a listed one: O(log n) when the ancestor at N_b is listed (as in a derived pyramid
/// over its data), O(N_b · log n) at worst, no allocation.
public struct TerrainBounds: Sendable, Hashable {
    /// A listed tile and its range.
    public struct Entry: Sendable, Hashable {
        /// The tile (n, x, y).
        public var tile: TileID
        /// Its bounds [lo, hi] metres.
        public var range: ElevationRange

        /// An entry: `tile` has bounds `range`.
        public init(tile: TileID, range: ElevationRange) {
            self.tile = tile
            self.range = range
        }
    }

    /// One level's listed tiles: sorted packed keys and their ranges, index for index.
    struct LevelTable: Sendable, Hashable {
        var keys: [UInt64] = []
        var ranges: [ElevationRange] = []

        /// The range of the tile with packed key `key`, or nil when it is not listed.
        @inline(__always)
        func range(ofKey key: UInt64) -> ElevationRange? {
            keys.withUnsafeBufferPointer { k -> ElevationRange? in
                var low = 0
                var high = k.count
                while low < high {
                    let mid = (low + high) >> 1
                    if k[mid] < key { low = mid + 1 } else { high = mid }
                }
                return low < k.count && k[low] == key ? ranges[low] : nil
            }
        }
    }

    /// The root's bounds [lo, hi] metres (tile 0/0/0), which contain every tile's.
    public let root: ElevationRange
    /// Tables of levels 0…N_b (level 0's is empty: the root is ``root``).
    let tables: [LevelTable]
    /// The number of listed entries (the root not counted).
    public let entryCount: Int

    /// The most entries a bounds pyramid may hold, 2²⁵ (33,554,432: more than every tile of levels 1…12,
    /// 805 MB at 24 bytes each). Past it the list is refused before it is stored.
    public static let maximumEntries = 1 << 25

    /// Bounds from the root's range and a list of entries.
    /// - Throws: ``TerrainBoundsError`` naming the entry: ``TerrainBoundsError/nonFinite(tile:range:)``,
    ///   ``TerrainBoundsError/reversed(tile:range:)`` (lo > hi, the root's included),
    ///   ``TerrainBoundsError/duplicate(tile:)`` (an entry 0/0/0 repeats the root),
    ///   ``TerrainBoundsError/outsideParent(tile:range:ancestor:parentRange:)`` for a range not inside its parent's
    ///   effective bounds, ``TerrainBoundsError/tooManyEntries(count:limit:)`` past ``maximumEntries``. Value checks
    ///   are made in list order (the first bad entry is named); duplicates and nesting level by level, row-major.
    /// - Complexity: O(n · log n) time to sort, plus O(n · N_b · log n) at worst for the nesting check; 24 bytes per
    ///   entry kept, 8 more while sorting.
    public init(root: ElevationRange, entries: [Entry]) throws(TerrainBoundsError) {
        guard entries.count <= Self.maximumEntries else {
            throw .tooManyEntries(count: entries.count, limit: Self.maximumEntries)
        }
        try Self.check(root, of: .world)
        var deepest = 0
        for entry in entries {
            try Self.check(entry.range, of: entry.tile)
            if entry.tile.level == 0 { throw .duplicate(tile: entry.tile) }
            deepest = max(deepest, entry.tile.level)
        }
        var order = Array(entries.indices)
        order.sort { i, j in
            let a = entries[i].tile
            let b = entries[j].tile
            return a < b
        }
        var tables = [LevelTable](repeating: LevelTable(), count: deepest + 1)
        var start = 0
        while start < order.count {
            let level = entries[order[start]].tile.level
            var end = start
            while end < order.count && entries[order[end]].tile.level == level { end += 1 }
            var table = LevelTable()
            table.keys.reserveCapacity(end - start)
            table.ranges.reserveCapacity(end - start)
            for k in start..<end {
                let entry = entries[order[k]]
                let key = Self.key(x: entry.tile.x, y: entry.tile.y)
                if let previous = table.keys.last, previous == key { throw .duplicate(tile: entry.tile) }
                // The parent's effective range, from the levels above (already stored).
                let parent = Self.effectiveRange(
                    level: level - 1, x: entry.tile.x >> 1, y: entry.tile.y >> 1, root: root, tables: tables)
                guard parent.range.contains(entry.range) else {
                    throw .outsideParent(
                        tile: entry.tile, range: entry.range, ancestor: parent.tile, parentRange: parent.range)
                }
                table.keys.append(key)
                table.ranges.append(entry.range)
            }
            tables[level] = table
            start = end
        }
        self.root = root
        self.tables = tables
        entryCount = entries.count
    }

    /// Bounds from the list form of a view or scenario file: `root` [lo, hi] and entries [n, x, y, lo, hi].
    /// - Throws: ``TerrainBoundsError/noRoot`` for a nil root, ``TerrainBoundsError/malformed(index:count:)`` for a
    ///   root or entry of the wrong length, ``TerrainBoundsError/notInPyramid(index:level:x:y:)`` for an entry that
    ///   is not a tile, and the errors of ``init(root:entries:)``.
    /// - Complexity: as ``init(root:entries:)``.
    public init(root: [Double]?, list: [[Double]]) throws(TerrainBoundsError) {
        guard let root else { throw .noRoot }
        guard root.count == 2 else { throw .malformed(index: -1, count: root.count) }
        guard list.count <= Self.maximumEntries else {
            throw .tooManyEntries(count: list.count, limit: Self.maximumEntries)
        }
        var entries: [Entry] = []
        entries.reserveCapacity(list.count)
        for (index, row) in list.enumerated() {
            guard row.count == 5 else { throw .malformed(index: index, count: row.count) }
            let (n, x, y) = (row[0], row[1], row[2])
            func whole(_ v: Double, below limit: Double) -> Bool {
                v.isFinite && v == v.rounded() && v >= 0 && v < limit
            }
            let across = whole(n, below: Double(TileID.maximumLevel + 1)) ? Double(1 << Int(n)) : 0
            guard across > 0, whole(x, below: across), whole(y, below: across)
            else { throw .notInPyramid(index: index, level: n, x: x, y: y) }
            entries.append(
                Entry(
                    tile: TileID(unchecked: Int(n), Int(x), Int(y)), range: ElevationRange(lo: row[3], hi: row[4])))
        }
        try self.init(root: ElevationRange(lo: root[0], hi: root[1]), entries: entries)
    }

    /// Flat ground at the datum: root [0, 0], no entries (every box is §11's flat tile).
    public static let flat = TerrainBounds(uncheckedRoot: .zero)

    private init(uncheckedRoot root: ElevationRange) {
        self.root = root
        tables = [LevelTable()]
        entryCount = 0
    }

    /// N_b: the deepest listed level (0 with no entries). Tiles deeper than it take their level-N_b ancestor's
    /// bounds.
    public var deepestLevel: Int { tables.count - 1 }

    /// The bounds of `tile`: its own when listed, else those of its nearest listed ancestor (the root at worst).
    /// - Complexity: O(log n) when its ancestor at ``deepestLevel`` (or itself) is listed, O(N_b · log n) at worst;
    ///   no allocation.
    public func range(of tile: TileID) -> ElevationRange {
        range(level: tile.level, x: tile.x, y: tile.y)
    }

    /// The bounds of the tile at `level`, real column `x`, row `y` (both in 0 ..< 2^level).
    @inline(__always)
    func range(level: Int, x: Int, y: Int) -> ElevationRange {
        let deepest = tables.count - 1
        guard deepest > 0 else { return root }
        let shift = max(level - deepest, 0)
        return Self.effectiveRange(level: level - shift, x: x >> shift, y: y >> shift, root: root, tables: tables)
            .range
    }

    /// The bounds of the unwrapped tile (level, column i, row y): those of the real column i mod 2^level. Rows must
    /// lie in 0 ..< 2^level.
    @inline(__always)
    func range(level: Int, column: Int, row: Int) -> ElevationRange {
        range(level: level, x: column & ((1 << level) - 1), y: row)
    }

    /// The bounds of the unwrapped tile (level, column i, row y), as ``range(level:column:row:)``, for lookups made in
    /// increasing key order within one row (a row of children, west to east): the level's table is searched from
    /// `cursor` (an index into it, 0 to start a row) by doubling steps, so a run of listed neighbours costs O(1)
    /// each; a key before the cursor (a column wrapped across ±180°) is searched in the whole table. `cursor` is
    /// left at the key's place. The answer is ``range(level:column:row:)``'s: a tile not listed at its level (or
    /// below N_b) takes its ancestor's as there.
    /// - Complexity: O(log d), d the distance from the cursor in the table; no allocation.
    @inline(__always)
    func range(level: Int, column: Int, row: Int, cursor: inout Int) -> ElevationRange {
        let deepest = tables.count - 1
        guard level <= deepest, level > 0 else { return range(level: level, column: column, row: row) }
        let x = column & ((1 << level) - 1)
        let key = Self.key(x: x, y: row)
        let found = tables[level].keys.withUnsafeBufferPointer { k -> Int? in
            var low = cursor < k.count && k[cursor] <= key ? cursor : 0
            // Doubling steps from the cursor bracket the key, then a binary search in the bracket.
            var step = 1
            var high = low
            while high < k.count && k[high] < key {
                low = high + 1
                high = min(high + step, k.count)
                step *= 2
            }
            while low < high {
                let mid = (low + high) >> 1
                if k[mid] < key { low = mid + 1 } else { high = mid }
            }
            cursor = low
            return low < k.count && k[low] == key ? low : nil
        }
        if let found { return tables[level].ranges[found] }
        return Self.effectiveRange(level: level - 1, x: x >> 1, y: row >> 1, root: root, tables: tables).range
    }

    /// Every listed entry (the root not included), level by level and row-major.
    /// - Complexity: O(n); allocates the array.
    public var entries: [Entry] {
        var out: [Entry] = []
        out.reserveCapacity(entryCount)
        for (level, table) in tables.enumerated() {
            for (key, range) in zip(table.keys, table.ranges) {
                out.append(
                    Entry(
                        tile: TileID(unchecked: level, Int(key & 0xFFFF_FFFF), Int(key >> 32)), range: range))
            }
        }
        return out
    }

    /// The range of the nearest listed tile at or above (level, x, y), with that tile (the root at worst).
    @inline(__always)
    static func effectiveRange(level: Int, x: Int, y: Int, root: ElevationRange, tables: [LevelTable]) -> (
        tile: TileID, range: ElevationRange
    ) {
        var (n, x, y) = (min(level, tables.count - 1), x, y)
        if level > n {
            x >>= level - n
            y >>= level - n
        }
        while n > 0 {
            if let range = tables[n].range(ofKey: key(x: x, y: y)) { return (TileID(unchecked: n, x, y), range) }
            n -= 1
            x >>= 1
            y >>= 1
        }
        return (.world, root)
    }

    /// The packed key of column x, row y: y·2³² + x (sorts row-major).
    @inline(__always)
    static func key(x: Int, y: Int) -> UInt64 { UInt64(y) << 32 | UInt64(x) }

    /// Throws unless `range` is finite with lo ≤ hi.
    static func check(_ range: ElevationRange, of tile: TileID) throws(TerrainBoundsError) {
        guard range.lo.isFinite, range.hi.isFinite else { throw .nonFinite(tile: tile, range: range) }
        guard range.lo <= range.hi else { throw .reversed(tile: tile, range: range) }
    }
}
