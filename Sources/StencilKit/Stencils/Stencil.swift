/// The exact set of tiles a whole track can ever show (the geometry model's *Stencil, culling and budget* and *Tracks:
/// routes of any shape* (§5, §7)): every tile that a footprint of some pose
/// of the track, at some lateral offset in the band, overlaps with positive area — no more, no fewer.
///
/// The stencil is a value: keep it to fly the same route again, and use ``reversed()`` to fly it backwards.
public struct Stencil: Sendable, Hashable {
    /// The track the stencil is for.
    public let track: Track
    /// The tiles to draw, in unwrapped columns (ghost tiles across ±180° keep their unwrapped column).
    public let unwrapped: TileSet
    /// The distinct real tiles to load (columns in [0, columns)): ghosts map onto these, each counted once.
    public let real: TileSet
    /// Whether rows past the terrain were dropped because clipping was asked for.
    public let isClipped: Bool
    /// Whether the caller asked to clip to the terrain (kept for ``reversed()``).
    public let clipsToTerrain: Bool

    /// The most column runs a stencil may hold, 2²² (about 100 MB of runs): a route needing more is refused up
    /// front as too large rather than filling memory.
    public static let maximumRuns = 1 << 22

    /// The most tiles the turn sweeps of one stencil may have to test one by one, 2²⁵ (a few seconds of work): a
    /// track whose turns sweep more (a band or radius of millions of pixels on a fine grid) is refused up front.
    public static let maximumTurnCandidates = 1 << 25

    /// The tile grid.
    public var grid: TileGrid { track.grid }

    /// Computes the stencil of a track.
    ///
    /// Rows past the terrain are found from the shapes' bounding box before any tile is scanned, so a track that
    /// leaves the terrain is refused at once, and one clipped to it scans the terrain's rows only.
    /// - Complexity: O(rows of the straight pieces + candidate tiles of the turn sweeps that no straight piece
    ///   holds + runs): a turn tests no tile a straight piece already needs, most candidates far from the turn's
    ///   ends are rejected by a bound, and the runs are merged by a counting sort on their rows. Memory grows with
    ///   the runs, never with the grid.
    /// - Parameter clipToTerrain: drop rows past the terrain's top or bottom instead of refusing.
    /// - Parameter track: the track whose pieces, screen and band are swept.
    /// - Throws: ``StencilError/leavesTerrain(rows:gridRows:latitudeReached:latitudeLimit:)`` when the sweep needs
    ///   rows outside the terrain and `clipToTerrain` is false; ``StencilError/tooLarge(what:value:limit:advice:)``
    ///   when the shapes would need more than ``maximumRuns`` runs.
    public init(track: Track, clipToTerrain: Bool = false) throws(StencilError) {
        let grid = track.grid
        let shapes = TrackShapes(track: track)
        let (first, last) = shapes.neededRows()
        let leaves = first <= last && (first < 0 || last >= grid.rows)
        if leaves && !clipToTerrain {
            throw Self.terrainError(rows: first...last, grid: grid, bounds: shapes.bounds)
        }
        // Clipped or not, only the terrain's rows remain to scan.
        let top = max(first, 0)
        let bottom = min(last, grid.rows - 1)
        var tiles = TileSet.empty
        if top <= bottom {
            try Self.checkRunCount(shapes: shapes, rows: top...bottom)
            tiles = shapes.tiles(rows: top...bottom)
        }
        self.init(track: track, unwrapped: tiles, isClipped: leaves, clipsToTerrain: clipToTerrain)
    }

    /// Refuses shapes whose runs (one per shape and row, an upper bound for the runs reported) pass
    /// ``maximumRuns``.
    /// - Returns: that bound.
    @discardableResult
    static func checkRunCount(shapes: TrackShapes, rows: ClosedRange<Int>) throws(StencilError) -> Int {
        let t = shapes.grid.tileLength
        var runs = 0.0
        func add(_ box: PixelBounds, perRow: Double) {
            let lo = max(Double(rows.lowerBound), (box.minY / t).rounded(.down))
            let hi = min(Double(rows.upperBound), (box.maxY / t).rounded(.up))
            if hi >= lo { runs += (hi - lo + 1) * perRow }
        }
        for quad in shapes.corridors { add(quad.bounds, perRow: 1) }
        // A sweep's row may hold a run on each side of its hole; its candidate tiles (tested one by one) lie in the
        // annulus r_lo ≤ |X − C| ≤ r_hi within its bounds.
        var candidates = 0.0
        for sweep in shapes.sweeps {
            add(sweep.bounds, perRow: 2)
            let box = sweep.bounds
            let annulus = Double.pi * (sweep.outerRadius * sweep.outerRadius - sweep.innerRadius * sweep.innerRadius)
            let area = Swift.min(annulus, (box.maxX - box.minX) * (box.maxY - box.minY))
            candidates += area / (t * t) + 4 * (box.maxX - box.minX + box.maxY - box.minY) / t
        }
        guard candidates <= Double(maximumTurnCandidates) else {
            throw .tooLarge(
                what: "Turn-sweep tiles to test", value: candidates.rounded(), limit: Double(maximumTurnCandidates),
                advice: "the turns sweep too many tiles (a band or turn radius far larger than the screen); use a "
                    + "coarser grid or a smaller band, radius, screen or scale")
        }
        guard runs <= Double(maximumRuns) else {
            throw .tooLarge(
                what: "Stencil column runs", value: runs, limit: Double(maximumRuns),
                advice: "use a coarser grid, a shorter route, or a smaller screen, scale or band")
        }
        return Int(runs)
    }

    /// A stencil holding exactly `unwrapped` (the real tiles derived from it).
    init(track: Track, unwrapped: TileSet, isClipped: Bool, clipsToTerrain: Bool) {
        self.track = track
        self.isClipped = isClipped
        self.clipsToTerrain = clipsToTerrain
        self.unwrapped = unwrapped
        self.real = Self.realTiles(of: unwrapped, on: track.grid)
    }

    /// The error for a flight whose shapes need `rows` (some outside the terrain) within `bounds`: it names the
    /// rows past the edge that is crossed (the top one if both are) and the latitude reached there.
    static func terrainError(rows: ClosedRange<Int>, grid: TileGrid, bounds: PixelBounds) -> StencilError {
        let top = rows.lowerBound < 0
        let outside =
            top
            ? rows.lowerBound...Swift.min(-1, rows.upperBound)
            : Swift.max(grid.rows, rows.lowerBound)...rows.upperBound
        return .leavesTerrain(
            rows: outside, gridRows: grid.rows,
            latitudeReached: grid.latitude(atPixelY: top ? bounds.minY : bounds.maxY),
            latitudeLimit: grid.latitudeLimit)
    }

    private init(reusing stencil: Stencil, for track: Track) {
        self.track = track
        unwrapped = stencil.unwrapped
        real = stencil.real
        isClipped = stencil.isClipped
        clipsToTerrain = stencil.clipsToTerrain
    }

    /// The distinct real tiles under a set of unwrapped tiles.
    static func realTiles(of set: TileSet, on grid: TileGrid) -> TileSet {
        set.realTiles(on: grid)
    }

    /// The unwrapped tiles in row-major order (for drawing).
    public var unwrappedTiles: [TileIndex] { unwrapped.tiles }
    /// The distinct real tiles in row-major order (for loading).
    public var realTiles: [TileIndex] { real.tiles }
    /// Number of distinct real tiles: the textures to hold.
    public var tileCount: Int { real.count }

    /// Texture memory for the distinct real tiles in `format` (65,536 bytes a tile for ``TextureFormat/rgba8Tile128``).
    /// Saturates at `Int.max` when the product does not fit in an `Int`.
    public func bytes(for format: TextureFormat) -> Int { format.bytes(forTiles: real.count) }

    /// Whether an unwrapped tile is drawn by some pose of the flight.
    public func contains(_ tile: TileIndex) -> Bool { unwrapped.contains(tile) }

    /// The stencil of the track flown backwards (``Track/reversed()``).
    ///
    /// The reversed track flies through the same positions at the opposite headings. With a centred anchor every
    /// footprint equals the one at the opposite heading (the screen's extents, margin and band are symmetric about
    /// the pose), so the stencil is reused as it is, with no computation; otherwise it is computed.
    /// - Throws: as ``init(track:clipToTerrain:)``.
    public func reversed() throws(StencilError) -> Stencil {
        let reversedTrack = track.reversed()
        let anchor = track.screen.anchor
        guard anchor.x == 0.5 && anchor.y == 0.5 else {
            return try Stencil(track: reversedTrack, clipToTerrain: clipsToTerrain)
        }
        return Stencil(reusing: self, for: reversedTrack)
    }
}
