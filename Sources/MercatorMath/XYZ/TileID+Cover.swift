/// Covers of a longitude–latitude box: the XYZ tiles it needs, at a level or a range of levels.
extension TileID {
    /// The most tiles a cover lists, 2²⁰ = 1,048,576 (a whole level 10): a box and levels that need more are
    /// refused up front, before anything is allocated. ``tileCount(west:south:east:north:levels:)`` counts first.
    public static let maximumCoverCount = 1 << 20

    /// The tiles at `level` a box needs (mercantile's `tiles(west, south, east, north, level)`), in row-major order
    /// (row y, then column x): ``tiles(west:south:east:north:levels:)`` for one level.
    /// - Throws: like ``tiles(west:south:east:north:levels:)``.
    /// - Complexity: O(log 2ⁿ) to find the tiles, then O(count) to list them.
    public static func tiles(west: Double, south: Double, east: Double, north: Double, atLevel level: Int)
        throws(MercatorError) -> [TileID]
    {
        try TileID.validate(level: level, "Cover level")
        return try tiles(west: west, south: south, east: east, north: north, levels: level...level)
    }

    /// The tiles at every level of `levels` a box needs (mercantile's `tiles(west, south, east, north, zooms)`), by
    /// the positive-area rule of the geometry model's *Tiles, unwrapped columns and ghost tiles* (§2): a tile is
    /// needed exactly when its box (``geoBounds``) and the given box overlap with positive area. Touching along an
    /// edge or at a corner does not count, so a box drawn exactly on tile edges needs exactly the tiles inside it,
    /// and a box of zero width or height needs none. Sorted by level, then row-major within a level (row y, then
    /// column x): the order of `TileID`'s `<`.
    ///
    /// The box runs from `west` eastward to `east` and from `south` to `north`, in degrees. When west > east it
    /// crosses the antimeridian and is the two boxes [west, 180°] and [−180°, east] (a tile both need is listed
    /// once). Latitudes are clamped to Web Mercator's limit φlim = ±85.0511287798° (the outer edges of the first and
    /// last rows), so a box wholly past it needs no tile.
    ///
    /// Each edge is compared with the tile edges ``geoBounds`` computes — λ = 180·(x·2^(1−n) − 1) and
    /// φ = atan(sinh(π·(1 − y·2^(1−n)))), each rounded once — so the cover is exactly the set of tiles whose
    /// ``geoBounds`` overlap the box with positive area. The columns and rows are found by binary search on each
    /// level's edges (4 searches of at most 31 steps a level); no tile is tested.
    ///
    /// Where mercantile differs: it lists the tiles from the one holding the box's north-west corner to the one
    /// holding a point 10⁻¹¹° inside its south-east corner. So it lists a column or a row for a box (or one half of
    /// a box crossing ±180°) of zero width or height, a tile of the first or last row for a box wholly past φlim,
    /// and drops a tile the box overlaps by less than about 10⁻¹¹° along an edge (its east and south edges are moved
    /// in by 10⁻¹¹°, and a point within 10⁻¹⁴ of a world width, 3.6·10⁻¹²°, before a tile edge counts as past it).
    /// Everywhere else the two agree (`MercantileReferenceTests` lists where they differ).
    /// - Throws: ``MercatorError/nonFinite(field:value:)`` for a non-finite edge;
    ///   ``MercatorError/outOfRange(field:value:range:)`` for a longitude outside [−180, 180], a latitude outside
    ///   [−90, 90], a south edge above the north edge, or a level outside 0…30;
    ///   ``MercatorError/tooManyTiles(count:limit:)`` when the cover would list more than
    ///   ``maximumCoverCount`` tiles (checked before any tile is listed).
    /// - Complexity: O(L · log 2ⁿ) for L levels to find the tiles (no tile is tested), then O(count) to list them.
    public static func tiles(
        west: Double, south: Double, east: Double, north: Double, levels: ClosedRange<Int>
    ) throws(MercatorError) -> [TileID] {
        let box = try GeoBoxCover(west: west, south: south, east: east, north: north, levels: levels)
        let spans = box.levelSpans()
        let count = spans.reduce(0) { $0 + $1.count }
        guard count <= maximumCoverCount else { throw .tooManyTiles(count: count, limit: maximumCoverCount) }
        var tiles: [TileID] = []
        tiles.reserveCapacity(count)
        for span in spans where span.count > 0 {
            for y in span.rows {
                for run in span.columns {
                    for x in run { tiles.append(TileID(unchecked: span.level, x, y)) }
                }
            }
        }
        return tiles
    }

    /// How many tiles ``tiles(west:south:east:north:levels:)`` would list, without listing them and without a
    /// limit: Σ over the levels of (columns × rows) needed (at most (4³¹ − 1)/3, which fits an `Int`).
    /// - Throws: like ``tiles(west:south:east:north:levels:)``, except for the tile-count limit.
    /// - Complexity: O(L · log 2ⁿ) for L levels.
    public static func tileCount(
        west: Double, south: Double, east: Double, north: Double, levels: ClosedRange<Int>
    ) throws(MercatorError) -> Int {
        let box = try GeoBoxCover(west: west, south: south, east: east, north: north, levels: levels)
        return box.levelSpans().reduce(0) { $0 + $1.count }
    }
}

/// A validated box and level range, and the column runs and row range each level needs.
struct GeoBoxCover {
    /// One level's needed tiles: every column of `columns` (one or two ascending, disjoint runs) in every row of
    /// `rows`.
    struct LevelSpan {
        let level: Int
        let columns: [ClosedRange<Int>]
        let rows: Range<Int>
        /// Columns × rows (0 when nothing is needed).
        var count: Int { columns.reduce(0) { $0 + $1.count } * rows.count }
    }

    /// The longitude pieces, each of positive width: one, or two when the box crosses the antimeridian.
    let pieces: [(west: Double, east: Double)]
    /// The clamped latitudes, south < north when any tile is needed.
    let south: Double
    let north: Double
    let levels: ClosedRange<Int>

    /// φlim: the north edge of row 0 exactly as ``TileID/geoBounds`` computes it.
    static let latitudeLimit = TileID.rowEdge(0, level: 0)

    init(west: Double, south: Double, east: Double, north: Double, levels: ClosedRange<Int>) throws(MercatorError) {
        for (value, field) in [(west, "West edge"), (south, "South edge"), (east, "East edge"), (north, "North edge")] {
            try MercatorError.requireFinite(value, field)
        }
        for (value, field) in [(west, "West edge"), (east, "East edge")] where abs(value) > 180 {
            throw .outOfRange(field: field, value: value, range: -180...180)
        }
        for (value, field) in [(south, "South edge"), (north, "North edge")] where abs(value) > 90 {
            throw .outOfRange(field: field, value: value, range: -90...90)
        }
        guard south <= north else { throw .outOfRange(field: "South edge", value: south, range: -90...north) }
        try TileID.validate(level: levels.lowerBound, "Lowest cover level")
        try TileID.validate(level: levels.upperBound, "Highest cover level")
        if west <= east {
            pieces = west < east ? [(west, east)] : []
        } else {
            pieces = [(-180.0, east), (west, 180.0)].filter { $0.0 < $0.1 }
        }
        let limit = Self.latitudeLimit
        self.south = max(south, -limit)
        self.north = min(north, limit)
        self.levels = levels
    }

    /// Each level's column runs and rows; a level needs nothing when the box has no area inside the world.
    func levelSpans() -> [LevelSpan] {
        levels.map { level in
            guard !pieces.isEmpty, south < north else { return LevelSpan(level: level, columns: [], rows: 0..<0) }
            let last = (1 << level) - 1
            // Rows y with φ(y + 1) < north and φ(y) > south; φ decreases with y, φ(0) = φlim and φ(2ⁿ) = −φlim.
            let firstRow = Self.firstIndex(in: 0, last) { TileID.rowEdge($0 + 1, level: level) < north }
            let lastRow = Self.firstIndex(in: 0, last + 1) { !(TileID.rowEdge($0, level: level) > south) } - 1
            // Columns x with λ(x + 1) > west and λ(x) < east, per piece; merged when the two pieces meet.
            var runs: [ClosedRange<Int>] = []
            for piece in pieces {
                let first = Self.firstIndex(in: 0, last) { TileID.columnEdge($0 + 1, level: level) > piece.west }
                let end = Self.firstIndex(in: 0, last + 1) { !(TileID.columnEdge($0, level: level) < piece.east) }
                guard first <= end - 1 else { continue }
                if let previous = runs.last, previous.upperBound + 1 >= first {
                    runs[runs.count - 1] = previous.lowerBound...max(previous.upperBound, end - 1)
                } else {
                    runs.append(first...(end - 1))
                }
            }
            guard firstRow <= lastRow, !runs.isEmpty else { return LevelSpan(level: level, columns: [], rows: 0..<0) }
            return LevelSpan(level: level, columns: runs, rows: firstRow..<(lastRow + 1))
        }
    }

    /// The smallest k in [low, high] where `holds(k)`, for a predicate false then true along [low, high]; `high`
    /// when it holds nowhere before it. Binary search: ⌈log₂(high − low + 1)⌉ evaluations.
    static func firstIndex(in low: Int, _ high: Int, where holds: (Int) -> Bool) -> Int {
        var low = low
        var high = high
        while low < high {
            let middle = low + (high - low) / 2
            if holds(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

extension TileID {
    /// The longitude of column edge k at `level`, 180·(k·2^(1−n) − 1), as ``geoBounds`` computes it.
    static func columnEdge(_ k: Int, level: Int) -> Double {
        180 * halfTurns(k, level)
    }

    /// The latitude of row edge k at `level`, atan(sinh(π·(1 − k·2^(1−n)))), as ``geoBounds`` computes it.
    static func rowEdge(_ k: Int, level: Int) -> Double {
        Mercator.latitude(isometric: .pi * halfTurns(k, level, flipped: true))
    }
}
