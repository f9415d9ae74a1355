/// The exact set of tiles a whole flight can ever show (MODEL.md §5): every tile that a footprint of some pose of
/// the loop, at some lateral offset in the band, overlaps with positive area — no more, no fewer.
///
/// The stencil is a value: keep it to fly the same route again, and use ``reversed(keepingTrack:)`` for B→A.
public struct Stencil: Sendable, Hashable {
    /// The flight the stencil is for.
    public let flight: Flight
    /// The tiles to draw, in unwrapped columns (ghost tiles across ±180° keep their unwrapped column).
    public let unwrapped: TileSet
    /// The distinct real tiles to load (columns in [0, columns)): ghosts map onto these, each counted once.
    public let real: TileSet
    /// Whether rows past the terrain were dropped because clipping was asked for.
    public let isClipped: Bool
    /// Whether the caller asked to clip to the terrain (kept for ``reversed(keepingTrack:)``).
    public let clipsToTerrain: Bool

    /// Computes the stencil of a flight.
    ///
    /// Rows past the terrain are found from the shapes' bounding box before any tile is scanned, so a flight that
    /// leaves the terrain is refused at once, and one clipped to it scans the terrain's rows only.
    /// - Parameter clipToTerrain: drop rows past the terrain's top or bottom instead of refusing.
    /// - Throws: ``StencilError/leavesTerrain(rows:gridRows:latitudeReached:latitudeLimit:)`` when the sweep needs
    ///   rows outside the terrain and `clipToTerrain` is false.
    public init(flight: Flight, clipToTerrain: Bool = false) throws(StencilError) {
        let loop = FlightLoop(flight)
        let grid = flight.grid
        let length = loop.legLength
        let corridors = [
            loop.corridor(outbound: true, from: 0, to: length),
            loop.corridor(outbound: false, from: 0, to: length),
        ]
        let sweeps = [loop.turnSweep(atEnd: true), loop.turnSweep(atEnd: false)]
        var bounds = sweeps[0].bounds.union(sweeps[1].bounds)
        for corridor in corridors { bounds = bounds.union(corridor.corners.bounds) }
        func scan(_ rows: ClosedRange<Int>, _ body: (Int, Int, Int) -> Void) {
            for corridor in corridors { ConvexCover.forEachRow(of: corridor.corners, on: grid, rows: rows, body) }
            for sweep in sweeps { sweep.forEachRun(on: grid, rows: rows, body) }
        }
        func needs(_ row: Int) -> Bool {
            var found = false
            scan(row...row) { _, _, _ in found = true }
            return found
        }
        // Every shape's y-range is its bounding box's, with positive width strictly inside it, so no shape needs a
        // row outside these (ConvexCover.neededRows); the extreme rows are almost always needed too.
        var (first, last) = ConvexCover.neededRows(minY: bounds.minY, maxY: bounds.maxY, on: grid)
        if first < 0 || last >= grid.rows {
            // The exact extreme rows: scan inward from the bounds' rows to the first row something needs.
            while first <= last && !needs(first) { first += 1 }
            while last >= first && !needs(last) { last -= 1 }
        }
        let leaves = first <= last && (first < 0 || last >= grid.rows)
        if leaves && !clipToTerrain {
            throw Self.terrainError(rows: first...last, grid: grid, bounds: bounds)
        }
        // Clipped or not, only the terrain's rows remain to scan.
        var spans: [ColumnSpan] = []
        let top = max(first, 0)
        let bottom = min(last, grid.rows - 1)
        if top <= bottom {
            scan(top...bottom) { row, a, b in spans.append(ColumnSpan(row: row, first: a, last: b)) }
        }
        self.init(flight: flight, unwrapped: TileSet(spans: spans), isClipped: leaves, clipsToTerrain: clipToTerrain)
    }

    /// A stencil holding exactly `unwrapped` (the real tiles derived from it).
    init(flight: Flight, unwrapped: TileSet, isClipped: Bool, clipsToTerrain: Bool) {
        self.flight = flight
        self.isClipped = isClipped
        self.clipsToTerrain = clipsToTerrain
        self.unwrapped = unwrapped
        self.real = Self.realTiles(of: unwrapped, on: flight.grid)
    }

    /// The error for a flight whose shapes need `rows` (some outside the terrain) within `bounds`: it names the
    /// rows past the edge that is crossed (the top one if both are) and the latitude reached there.
    static func terrainError(rows: ClosedRange<Int>, grid: TileGrid, bounds: Bounds) -> StencilError {
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

    private init(reusing stencil: Stencil, for flight: Flight) {
        self.flight = flight
        unwrapped = stencil.unwrapped
        real = stencil.real
        isClipped = stencil.isClipped
        clipsToTerrain = stencil.clipsToTerrain
    }

    /// The distinct real tiles under a set of unwrapped tiles.
    static func realTiles(of set: TileSet, on grid: TileGrid) -> TileSet {
        var spans: [ColumnSpan] = []
        for span in set.spans {
            if span.count >= grid.columns {
                spans.append(ColumnSpan(row: span.row, first: 0, last: grid.columns - 1))
                continue
            }
            let first = grid.realColumn(of: span.first)
            let last = first + span.count - 1
            if last < grid.columns {
                spans.append(ColumnSpan(row: span.row, first: first, last: last))
            } else {
                spans.append(ColumnSpan(row: span.row, first: first, last: grid.columns - 1))
                spans.append(ColumnSpan(row: span.row, first: 0, last: last - grid.columns))
            }
        }
        return TileSet(spans: spans)
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

    /// The stencil of the flight flown B→A (see ``Flight/reversed(keepingTrack:)``).
    ///
    /// When the reversed loop covers the same ground the stencil is reused as it is, with no computation: with
    /// pivots (ρ = 0) and the same turn direction the reversed loop flies the same legs at the same headings and
    /// the same turns; keeping the track with a centred anchor, every footprint equals the one at the opposite
    /// heading. Otherwise the reversed loop is a different shape and its stencil is computed.
    public func reversed(keepingTrack: Bool = false) throws(StencilError) -> Stencil {
        let flipped = flight.reversed(keepingTrack: keepingTrack)
        let screen = flight.screen
        let centred = screen.anchor.x == 0.5 && screen.anchor.y == 0.5
        let symmetric = keepingTrack ? centred : flight.turn.radius == 0
        guard symmetric else { return try Stencil(flight: flipped, clipToTerrain: clipsToTerrain) }
        return Stencil(reusing: self, for: flipped)
    }
}
