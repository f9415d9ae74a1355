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
    /// - Parameter clipToTerrain: drop rows past the terrain's top or bottom instead of refusing.
    /// - Throws: ``StencilError/leavesTerrain(rows:gridRows:latitudeReached:latitudeLimit:)`` when the sweep needs
    ///   rows outside the terrain and `clipToTerrain` is false.
    public init(flight: Flight, clipToTerrain: Bool = false) throws(StencilError) {
        let loop = FlightLoop(flight)
        let grid = flight.grid
        var spans: [ColumnSpan] = []
        let emit = { (row: Int, first: Int, last: Int) in spans.append(ColumnSpan(row: row, first: first, last: last)) }
        let length = loop.legLength
        let corridors = [
            loop.corridor(outbound: true, from: 0, to: length),
            loop.corridor(outbound: false, from: 0, to: length),
        ]
        let sweeps = [loop.turnSweep(atEnd: true), loop.turnSweep(atEnd: false)]
        for corridor in corridors { ConvexCover.forEachRow(of: corridor.corners, on: grid, emit) }
        for sweep in sweeps { sweep.forEachRun(on: grid, emit) }
        var bounds = sweeps[0].bounds.union(sweeps[1].bounds)
        for corridor in corridors { bounds = bounds.union(corridor.corners.bounds) }
        try self.init(flight: flight, spans: spans, bounds: bounds, clipToTerrain: clipToTerrain)
    }

    /// Builds a stencil from the runs a flight's shapes need, checking or clipping the terrain's rows.
    init(flight: Flight, spans: [ColumnSpan], bounds: Bounds, clipToTerrain: Bool) throws(StencilError) {
        let grid = flight.grid
        let all = TileSet(spans: spans)
        var clipped = false
        if let rows = all.rows, rows.lowerBound < 0 || rows.upperBound >= grid.rows {
            guard clipToTerrain else {
                // Name the rows past the edge that is crossed (the top one if both are).
                let top = rows.lowerBound < 0
                let outside =
                    top
                    ? rows.lowerBound...Swift.min(-1, rows.upperBound)
                    : Swift.max(grid.rows, rows.lowerBound)...rows.upperBound
                throw .leavesTerrain(
                    rows: outside, gridRows: grid.rows,
                    latitudeReached: grid.latitude(atPixelY: top ? bounds.minY : bounds.maxY),
                    latitudeLimit: grid.latitudeLimit)
            }
            clipped = true
        }
        self.flight = flight
        self.isClipped = clipped
        self.clipsToTerrain = clipToTerrain
        self.unwrapped = clipped ? TileSet(spans: all.spans.filter { grid.containsRow($0.row) }) : all
        self.real = Self.realTiles(of: unwrapped, on: grid)
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

    /// Texture memory for the distinct real tiles at `bytesPerTile` (65,536 for 128 px RGBA8).
    public func bytes(bytesPerTile: Int) -> Int { real.count * bytesPerTile }

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
