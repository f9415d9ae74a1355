import MercatorMath

/// The flat screen (§4) culled at every frame of a track (§9): frame k's cover is the rectangle the footprint sweeps
/// across the lateral band (the footprint widened by d on each side across-track), covered by the positive-area rule
/// (`RectangleCover`, rows past the terrain left out), as one unwrapped column run per row folded to at most two
/// real runs (`RealColumnRuns`). Its runs are of real tiles, so no real tile is drawn twice in one frame.
/// - Complexity: O(log pieces + rows of the frame) per frame.
struct ScreenFrameCovers: FrameCovers {
    let frames: TrackFrames
    let grid: TileGrid

    /// The covers of `frames` (``Needs/init(frames:)`` checks the row scans before).
    init(frames: TrackFrames) {
        self.frames = frames
        grid = frames.track.grid
    }

    /// The rows one frame's footprint can span: its diagonal (band included) in tiles, plus 2 for the partial rows
    /// at either end, at most the grid's rows. An upper bound at every heading.
    static func rowsPerFrame(of track: Track) -> Double {
        let along = track.screen.along
        let across = track.screen.across.widened(by: track.lateralBand)
        let a = along.upper - along.lower
        let c = across.upper - across.lower
        let diagonal = (a * a + c * c).squareRoot()
        return Swift.min(Double(track.grid.rows), (diagonal / track.grid.tileLength).rounded(.down) + 2)
    }

    var frameCount: Int { frames.count }

    /// Frames × the tiles a frame can hold: every run starts at a frame that holds its tile.
    var entryBound: Double? {
        let rows = Self.rowsPerFrame(of: frames.track)
        return Double(frames.count) * Swift.min(rows * rows, Double(grid.columns) * Double(grid.rows))
    }

    /// Grids of at most 2²⁰ tiles are numbered through a flat table.
    var denseKeyCount: Int {
        let (cells, overflow) = grid.columns.multipliedReportingOverflow(by: grid.rows)
        return !overflow && cells <= 1 << 20 ? cells : 0
    }

    @inline(__always)
    func denseKey(of tile: TileIndex) -> Int { tile.row * grid.columns + tile.column }

    @inline(__always)
    func realTile(level: Int, column: Int, row: Int) -> TileIndex { TileIndex(column: column, row: row) }

    func cover(frame k: Int, into runs: inout [LevelRun]) throws(StencilError) {
        runs.removeAll(keepingCapacity: true)
        let track = frames.track
        let pose = frames.pose(ofFrame: k)
        let footprint = Footprint(
            origin: pose.position, heading: pose.heading, along: track.screen.along,
            across: track.screen.across.widened(by: track.lateralBand))
        let cover = RectangleCover(footprint.corners, on: grid, tolerance: grid.tieTolerance)
        guard !cover.isEmpty else { return }
        for row in cover.firstRow...cover.lastRow {
            let (first, last) = cover.span(row: row)
            guard first <= last else { continue }
            let real = RealColumnRuns(unwrappedFirst: first, last: last, columns: grid.columns)
            runs.append(LevelRun(level: 0, row: row, first: real.first0, last: real.last0))
            if real.count > 1 { runs.append(LevelRun(level: 0, row: row, first: real.first1, last: real.last1)) }
        }
    }
}
