/// Finds split points along a track in its ``PlanMeasure`` (the geometry model's *Stencil, culling and budget* and
/// *Tracks* articles): the working set of a position interval [u₀, u₁] (every real tile visible from a pose whose
/// position lies in it, over the whole band; a piece held whole at position p belongs to every interval holding p),
/// the furthest reach from a position that fits a capacity, and the pause and seamless split rules on top of it.
///
/// Working sets only grow with the interval, so the greedy furthest-reaching split gives the fewest segments on a
/// line. Reach is found piece by piece: the pieces meeting the interval are walked in the measure's order, whole
/// pieces are added to a running set of real tiles while they fit, and only where the set overflows is the
/// position bisected, down to neighbouring doubles.
struct SegmentPlanner {
    /// The track split, and its grid.
    let track: Track
    let grid: TileGrid
    /// Whether rows outside the grid are dropped from the working sets.
    let clip: Bool
    /// The footprint's extents relative to a pose: along the heading the screen's, across it the screen's widened
    /// by the lateral band on each side.
    let along, across: Interval
    /// How positions along the track are measured (the track's ``Track/planMeasure``).
    let measure: PlanMeasure
    /// The measure's length M.
    let length: Double
    /// Whether positions wrap (a loop measured by arc length): a segment may run through the take-off point.
    let isCircular: Bool
    /// Piece indices sorted by their spans' (lower, upper): both ends are non-decreasing in this order.
    let order: [Int]
    /// The spans in ``order``.
    let spans: [PlanMeasure.PieceSpan]
    /// Each piece's whole sweep, as unwrapped runs.
    let pieceRuns: [[ColumnSpan]]
    /// The whole track's working set (the real tiles of every piece), ranked for the running sets of ``reach``.
    let ranks: RealTileRanks

    /// The most segments a plan may have (``BudgetPlan/maximumSegments``).
    static let maximumSegments = BudgetPlan.maximumSegments

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
        let measure = track.planMeasure
        self.measure = measure
        length = measure.length(of: track)
        isCircular = measure == .arcLength && track.closure.isClosed && Self.closesOnItself(track)
        let all = track.pieces.indices.map { measure.span(ofPiece: $0, in: track) }
        let sorted = track.pieces.indices.sorted {
            (all[$0].range.lower, all[$0].range.upper, $0) < (all[$1].range.lower, all[$1].range.upper, $1)
        }
        order = sorted
        spans = sorted.map { all[$0] }
        var runs: [[ColumnSpan]] = []
        runs.reserveCapacity(track.pieces.count)
        for index in track.pieces.indices {
            runs.append([])
            Self.scan(track.pieces[index], along: along, across: across, grid: grid, from: nil, to: nil) {
                runs[index].append(ColumnSpan(row: $0, first: $1, last: $2))
            }
        }
        pieceRuns = runs
        var every: [ColumnSpan] = []
        every.reserveCapacity(runs.reduce(0) { $0 + $1.count })
        for pieceRuns in runs {
            for run in pieceRuns where !clipToTerrain || grid.containsRow(run.row) { every.append(run) }
        }
        ranks = RealTileRanks(Stencil.realTiles(of: TileSet(spans: every), on: grid))
    }

    /// Whether the track ends where it starts (to within the grid's tie tolerance, in x modulo whole widths) at the
    /// heading it starts with, so that flying on into the next lap is flying on along the track. A track built by
    /// hand may be called a loop without closing; its laps jump from its end to its start, and it is planned on a
    /// line, its lap's end crossing back to the first segment.
    static func closesOnItself(_ track: Track) -> Bool {
        guard let first = track.pieces.first, let last = track.pieces.last else { return false }
        let width = track.grid.width
        let tolerance = 1e3 * track.grid.tieTolerance
        let dx = last.end.x - first.start.x
        let shift = (dx / width).rounded() * width
        let headings = abs(Degrees.normalizedHeading(last.endHeading - first.startHeading + 180) - 180)
        return abs(dx - shift) <= tolerance && abs(last.end.y - first.start.y) <= tolerance && headings <= 1e-9
    }

    /// Number of distinct real tiles of the whole track (the working set of [0, M]).
    var stencilTiles: Int { ranks.count }

    // MARK: Scanning

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

    /// The number of pieces in the walk: one lap, or two on a circular measure (an interval may run past M).
    private var walkCount: Int { isCircular ? 2 * order.count : order.count }

    /// The span of the k-th piece of the walk (laps after the first shifted by M).
    @inline(__always)
    private func span(_ k: Int) -> PlanMeasure.PieceSpan {
        let n = order.count
        guard k >= n else { return spans[k] }
        let s = spans[k - n]
        return PlanMeasure.PieceSpan(Interval(s.range.lower + length, s.range.upper + length), s.direction)
    }

    /// The first k of the walk whose span's upper end is at least `u`.
    private func firstPiece(reaching u: Double) -> Int {
        let k = spans.partitioningIndex { $0.range.upper >= u }
        if k < spans.count || !isCircular { return k }
        return spans.count + spans.partitioningIndex { $0.range.upper + length >= u }
    }

    /// Calls `body` with the runs of the k-th piece of the walk over the positions [u0, u1] ∩ its span.
    private func scan(_ k: Int, _ u0: Double, _ u1: Double, _ body: (Int, Int, Int) -> Void) {
        let s = span(k)
        let index = order[k % order.count]
        let lo = s.range.lower
        let hi = s.range.upper
        if s.direction == .whole || (u0 <= lo && hi <= u1) {
            for run in pieceRuns[index] { body(run.row, run.first, run.last) }
            return
        }
        let from: Double
        let to: Double
        if s.direction == .forward {
            from = Swift.max(u0, lo) - lo
            to = Swift.min(u1, hi) - lo
        } else {
            from = hi - Swift.min(u1, hi)
            to = hi - Swift.max(u0, lo)
        }
        Self.scan(track.pieces[index], along: along, across: across, grid: grid, from: from, to: to, body)
    }

    /// Calls `body` with the runs of the poses whose position lies in [u0, u1] (u1 − u0 ≤ M; past M on a circular
    /// measure, the next lap's).
    func forEachRun(_ u0: Double, _ u1: Double, _ body: (Int, Int, Int) -> Void) {
        var k = firstPiece(reaching: u0)
        while k < walkCount, span(k).range.lower <= u1 {
            scan(k, u0, u1, body)
            k += 1
        }
    }

    /// The distinct real tiles visible from poses with position in [u0, u1], over the whole band.
    func workingSet(_ u0: Double, _ u1: Double) -> TileSet {
        var spans: [ColumnSpan] = []
        forEachRun(u0, u1) { row, first, last in
            if !clip || grid.containsRow(row) { spans.append(ColumnSpan(row: row, first: first, last: last)) }
        }
        return Stencil.realTiles(of: TileSet(spans: spans), on: grid)
    }

    /// Whether the working set of [u0, u1] fits `capacity`.
    func fits(_ u0: Double, _ u1: Double, capacity: Int) -> Bool {
        workingSet(u0, u1).count <= capacity
    }

    // MARK: Reach

    /// The furthest u1 in [u0, limit] such that the working set of [u0, u1] fits `capacity`, or nil when not even
    /// [u0, u0] does; `limit` is M on a line, at most u0 + M on a circle.
    ///
    /// The pieces meeting the interval are walked in the measure's order. Pieces whose span ends at the next end v
    /// are completed together (with their contribution from u0 on), the pieces already under way are included up to
    /// v, except a piece that only starts at v (its first pose is the last pose of the pieces ending there: tracks
    /// are chains); while the running set fits, the walk moves on to the next end; where it overflows, the position
    /// is bisected between the last end that fit and v.
    func reach(from u0: Double, capacity: Int, limit: Double? = nil) -> Double? {
        let limit = limit ?? length
        var base = RealTileCounter(grid: grid, clip: clip, ranks: ranks)
        var extra = RealTileCounter(grid: grid, clip: clip, ranks: ranks)
        let count = walkCount
        var k = firstPiece(reaching: u0)
        var current = u0
        while k < count, span(k).range.lower <= limit {
            let v = Swift.min(span(k).range.upper, limit)
            var j = k
            // The pieces completing at v, and the ones under way there, over [u0, v].
            extra.removeAll()
            while j < count, span(j).range.upper <= v {
                scan(j, u0, v) { extra.insert(row: $0, first: $1, last: $2, unless: base) }
                j += 1
            }
            var m = j
            while m < count, span(m).range.lower < v {
                scan(m, u0, v) { extra.insert(row: $0, first: $1, last: $2, unless: base) }
                m += 1
            }
            if base.count + extra.count <= capacity {
                if v >= limit { return limit }
                if j == k {
                    // Only pieces under way end here (the limit cut them): nothing completes.
                    return limit
                }
                // Completed pieces join the running set; pieces under way (none on an arc-length measure, whose
                // pieces chain end to start) are scanned again at the next end.
                if m > j {
                    extra.removeAll()
                    for c in k..<j { scan(c, u0, v) { extra.insert(row: $0, first: $1, last: $2, unless: base) } }
                }
                base.formUnion(extra)
                current = v
                k = j
                continue
            }
            // When only pieces held at v itself (pivots there) overflow, and nothing else is under way, every
            // position before v fits (the pieces ending at v, partly flown, hold no more than whole): the reach is
            // the double before v, as the bisection below would find, without its steps.
            if m == j && j - k > 1 && span(j - 1).range.lower == v {
                extra.removeAll()
                for c in k..<j where span(c).range.lower < v {
                    scan(c, u0, v) { extra.insert(row: $0, first: $1, last: $2, unless: base) }
                }
                if base.count + extra.count <= capacity && v.nextDown >= current && v.nextDown >= u0 {
                    return v.nextDown
                }
            }
            // Overflow between `current` and v: every piece with a span reaching past `current` and starting by u.
            func fits(_ u: Double) -> Bool {
                extra.removeAll()
                var c = k
                while c < count, span(c).range.lower <= u {
                    scan(c, u0, u) { extra.insert(row: $0, first: $1, last: $2, unless: base) }
                    c += 1
                }
                return base.count + extra.count <= capacity
            }
            guard fits(current) else {
                // Not even the poses at `current` fit: end just before them, if that is still past u0.
                if current > u0 { return current.nextDown >= u0 ? current.nextDown : nil }
                return nil
            }
            var good = current
            var bad = v
            while true {
                let mid = good + (bad - good) / 2
                guard mid > good, mid < bad else { break }
                if fits(mid) { good = mid } else { bad = mid }
            }
            return good
        }
        return limit
    }

    /// The least u0 in [lower, upper] such that the working set of [u0, u1] fits, or nil when not even [upper, u1]
    /// does: the backward mirror of ``reach(from:capacity:limit:)``, bisected down to neighbouring doubles (the
    /// backward pause plan asks over [0, u1], the search round a loop's circle over a narrower range).
    /// - Complexity: O(60) scans of the pieces in [lower, u1], counted in one reused running set.
    func reachBack(to u1: Double, from lower: Double, below upper: Double, capacity: Int) -> Double? {
        var counter = RealTileCounter(grid: grid, clip: clip, ranks: ranks)
        func fits(_ u0: Double) -> Bool {
            counter.removeAll()
            forEachRun(u0, u1) { counter.insert(row: $0, first: $1, last: $2) }
            return counter.count <= capacity
        }
        guard fits(upper) else { return nil }
        var bad = lower
        var good = upper
        while true {
            let mid = bad + (good - bad) / 2
            guard mid > bad, mid < good else { break }
            if fits(mid) { good = mid } else { bad = mid }
        }
        return good
    }
}
