/// Finds split points along a track in along-track arc length (MODEL.md §5, §7): the working set of an interval
/// [s0, s1] (every real tile visible from a pose whose arc length lies in it, over the whole band; a pivot at arc
/// length a belongs to every interval holding a), the furthest reach that fits a capacity, and the pause and
/// seamless split rules on top of it.
///
/// Reach is found piece by piece: whole pieces are added to a running set of real tiles while they fit, and only
/// the piece that overflows is bisected, down to neighbouring doubles. Working sets only grow with the interval,
/// so the greedy furthest-reaching split gives the fewest segments.
struct TrackSegmentPlanner {
    let track: Track
    let clip: Bool
    let grid: TileGrid
    let along: Interval
    let across: Interval
    /// Each piece's whole sweep, as unwrapped runs.
    let pieceRuns: [[ColumnSpan]]
    /// The whole track's working set (the real tiles of every piece), ranked for the running sets of ``reach``.
    let ranks: RealTileRanks

    init(track: Track, clipToTerrain: Bool) throws(StencilError) {
        // Refuse a track that leaves the terrain, exactly as its stencil would, before any piece is scanned: only
        // the extreme rows are looked at.
        let shapes = TrackShapes(track: track)
        let (first, last) = shapes.neededRows()
        if first <= last && (first < 0 || last >= track.grid.rows) && !clipToTerrain {
            throw Stencil.terrainError(rows: first...last, grid: track.grid, bounds: shapes.bounds)
        }
        if first <= last {
            try Stencil.checkRunCount(shapes: shapes, rows: Swift.max(first, 0)...Swift.max(Swift.max(first, 0), last))
        }
        self.track = track
        clip = clipToTerrain
        grid = track.grid
        along = track.screen.along
        across = track.screen.across.widened(by: track.lateralBand)
        var runs: [[ColumnSpan]] = []
        runs.reserveCapacity(track.pieces.count)
        for index in track.pieces.indices {
            runs.append([])
            Self.scan(track.pieces[index], along: along, across: across, grid: grid, from: nil, to: nil) {
                runs[index].append(ColumnSpan(row: $0, first: $1, last: $2))
            }
        }
        pieceRuns = runs
        var all: [ColumnSpan] = []
        all.reserveCapacity(runs.reduce(0) { $0 + $1.count })
        for pieceRuns in runs {
            for run in pieceRuns where !clipToTerrain || grid.containsRow(run.row) { all.append(run) }
        }
        ranks = RealTileRanks(Stencil.realTiles(of: TileSet(spans: all), on: grid))
    }

    /// Number of distinct real tiles of the whole track (the working set of [0, L]).
    var stencilTiles: Int { ranks.count }

    var length: Double { track.length }

    /// Calls `body` with the runs of a piece's poses from local arc length `from` to `to` (nil: the piece's ends).
    static func scan(
        _ piece: TrackPiece, along: Interval, across: Interval, grid: TileGrid, from: Double?, to: Double?,
        _ body: (Int, Int, Int) -> Void
    ) {
        switch piece {
        case .straight(let p):
            let lo = from ?? 0
            let hi = to ?? p.length
            let quad = Footprint(
                origin: p.start, heading: p.heading, along: Interval(lo + along.lower, hi + along.upper),
                across: across
            ).corners
            ConvexCover.forEachRow(of: quad, on: grid, body)
        case .turn(let p):
            let radians = 180 / Double.pi
            let a0 = p.radius > 0 ? Swift.min((from ?? 0) / p.radius * radians, p.degrees) : 0
            let a1 = p.radius > 0 ? Swift.min((to ?? p.length) / p.radius * radians, p.degrees) : p.degrees
            let start = Footprint(
                origin: p.center, heading: p.heading(at: a0), along: along,
                across: across.shifted(by: -p.sign * p.radius))
            if a1 > a0 {
                TurnSweep(start: start, sign: p.sign, degrees: a1 - a0).forEachRun(on: grid, body)
            } else {
                ConvexCover.forEachRow(of: start.corners, on: grid, body)
            }
        }
    }

    /// The index of the first piece whose closed arc-length range reaches `s` (end ≥ s).
    func firstPiece(reaching s: Double) -> Int {
        var lo = 0
        var hi = track.pieces.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if track.pieceStarts[mid + 1] < s { lo = mid + 1 } else { hi = mid }
        }
        return Swift.min(lo, track.pieces.count - 1)
    }

    /// Calls `body` with the runs of the poses whose arc length lies in [s0, s1].
    func forEachRun(_ s0: Double, _ s1: Double, _ body: (Int, Int, Int) -> Void) {
        var index = firstPiece(reaching: s0)
        while index < track.pieces.count {
            let a = track.pieceStarts[index]
            let b = track.pieceStarts[index + 1]
            guard a <= s1 else { break }
            if a >= s0 && b <= s1 {
                for run in pieceRuns[index] { body(run.row, run.first, run.last) }
            } else {
                Self.scan(
                    track.pieces[index], along: along, across: across, grid: grid, from: Swift.max(s0, a) - a,
                    to: Swift.min(s1, b) - a, body)
            }
            index += 1
        }
    }

    /// The distinct real tiles visible from poses with arc length in [s0, s1], over the whole band.
    func workingSet(_ s0: Double, _ s1: Double) -> TileSet {
        var spans: [ColumnSpan] = []
        forEachRun(s0, s1) { row, first, last in
            if !clip || grid.containsRow(row) { spans.append(ColumnSpan(row: row, first: first, last: last)) }
        }
        return Stencil.realTiles(of: TileSet(spans: spans), on: grid)
    }

    /// The furthest s1 in [s0, L] such that the working set of [s0, s1] fits `capacity`, or nil when not even
    /// [s0, s0] does.
    func reach(from s0: Double, capacity: Int) -> Double? {
        var base = RealTileCounter(grid: grid, clip: clip, ranks: ranks)
        var extra = RealTileCounter(grid: grid, clip: clip, ranks: ranks)
        var index = firstPiece(reaching: s0)
        while index < track.pieces.count {
            let a = track.pieceStarts[index]
            let b = track.pieceStarts[index + 1]
            let lo = Swift.max(s0, a)
            // The tiles this piece adds to the interval so far (the running set is never copied).
            extra.removeAll()
            if a >= s0 {
                for run in pieceRuns[index] {
                    extra.insert(row: run.row, first: run.first, last: run.last, unless: base)
                }
            } else {
                scan(index, lo, b) { extra.insert(row: $0, first: $1, last: $2, unless: base) }
            }
            if base.count + extra.count <= capacity {
                base.formUnion(extra)
                index += 1
                continue
            }
            // This piece overflows: find how far into it the interval can reach.
            func fits(_ s1: Double) -> Bool {
                extra.removeAll()
                scan(index, lo, s1) { extra.insert(row: $0, first: $1, last: $2, unless: base) }
                return base.count + extra.count <= capacity
            }
            guard fits(lo) else {
                // Not even the piece's first pose fits: end just before it, if that is still past s0.
                if a > s0 { return a.nextDown >= s0 ? a.nextDown : nil }
                return nil
            }
            var good = lo
            var bad = b
            while true {
                let mid = good + (bad - good) / 2
                guard mid > good, mid < bad else { break }
                if fits(mid) { good = mid } else { bad = mid }
            }
            return good
        }
        return length
    }

    private func scan(_ index: Int, _ s0: Double, _ s1: Double, _ body: (Int, Int, Int) -> Void) {
        let a = track.pieceStarts[index]
        Self.scan(track.pieces[index], along: along, across: across, grid: grid, from: s0 - a, to: s1 - a, body)
    }

    /// Split positions strictly inside (0, L) for the policy, or nil when no split fits.
    func splits(capacity: Int, policy: LoadPolicy) -> [Double]? {
        guard let whole = reach(from: 0, capacity: capacity) else { return nil }
        if whole >= length { return [] }
        switch policy {
        case .pause:
            var splits: [Double] = []
            var start = 0.0
            while true {
                guard let end = reach(from: start, capacity: capacity), end > start else { return nil }
                if end >= length { return splits }
                splits.append(end)
                start = end
                guard splits.count < SegmentPlanner.maximumSegments else { return nil }
            }
        case .seamless:
            return seamlessSplits(capacity: capacity)
        }
    }

    /// The smallest capacity for which `policy` finds a plan (bisection, then checked upward).
    func minimumCapacity(policy: LoadPolicy) -> Int {
        var lo = 1
        var hi = Swift.max(1, stencilTiles)
        while lo < hi {
            let mid = (lo + hi) / 2
            if splits(capacity: mid, policy: policy) != nil { hi = mid } else { lo = mid + 1 }
        }
        while splits(capacity: lo, policy: policy) == nil { lo += 1 }
        return lo
    }
}
