/// The shapes a track sweeps over its whole band (the geometry model's *Tracks: routes of any shape* (§7)): one
/// rectangle per straight piece and one turn
/// sweep per turn piece, with a rectangle swept again two pieces later (a leg flown back over its own ground after
/// a U-turn in place, as the legs of a pivot racetrack with a centred anchor are) kept once.
struct TrackShapes: Sendable {
    let grid: TileGrid
    /// Each straight piece's swept rectangle (corners).
    let corridors: [Quad]
    /// Each turn piece's sweep, kept compact.
    let sweeps: [TurnShape]
    /// The bounding box of every shape.
    let bounds: PixelBounds

    init(track: Track) {
        self.init(track: track, pieces: track.pieces.indices)
    }

    /// The shapes of the pieces in `range` of `track`.
    init(track: Track, pieces range: Range<Int>) {
        grid = track.grid
        let across = track.screen.across.widened(by: track.lateralBand)
        let along = track.screen.along
        var corridors: [Quad] = []
        corridors.reserveCapacity(range.count)
        var corridorOfPiece = [Int?](repeating: nil, count: range.count + 2)
        var box = PixelBounds.empty
        for index in range {
            guard case .straight(let piece) = track.pieces[index] else { continue }
            let quad = Self.corridor(piece, along: along, across: across)
            box = box.union(quad.bounds)
            // A track flown back over its own ground (out, a U-turn in place, back) sweeps the same rectangle two
            // straight pieces apart: keep it once.
            if index - 2 >= range.lowerBound, let earlier = corridorOfPiece[index - 2 - range.lowerBound + 1],
                CornerSet(corridors[earlier]) == CornerSet(quad)
            {
                corridorOfPiece[index - range.lowerBound + 1] = earlier
                continue
            }
            corridorOfPiece[index - range.lowerBound + 1] = corridors.count
            corridors.append(quad)
        }
        var sweeps: [TurnShape] = []
        sweeps.reserveCapacity(range.count - corridors.count)
        for index in range {
            guard case .turn(let piece) = track.pieces[index] else { continue }
            let sweep = Self.sweep(piece, along: along, across: across)
            box = box.union(sweep.bounds)
            let slot = index - range.lowerBound + 1
            sweeps.append(TurnShape(sweep, before: corridorOfPiece[slot - 1], after: corridorOfPiece[slot + 1]))
        }
        self.corridors = corridors
        self.sweeps = sweeps
        bounds = box
    }

    /// The rectangle a straight piece sweeps: along [along.lower, ℓ + along.upper] from its start, across the band.
    static func corridor(_ piece: StraightPiece, along: Interval, across: Interval) -> Quad {
        Footprint(
            origin: piece.start, heading: piece.heading, along: Interval(along.lower, piece.length + along.upper),
            across: across
        ).corners
    }

    /// The sweep of a turn piece: the rectangle relative to C spanning p ∈ along and q ∈ across − σρ in the frame
    /// of the turn's starting heading, rotated by σα for α ∈ [0, |Δ|].
    static func sweep(_ piece: TurnPiece, along: Interval, across: Interval) -> TurnSweep {
        let start = Footprint(
            origin: piece.center, heading: piece.heading, along: along,
            across: across.shifted(by: -piece.sign * piece.radius))
        return TurnSweep(start: start, sign: piece.sign, degrees: piece.degrees)
    }

    /// The tiles the shapes need within `rows`: the corridors' runs, merged once, then the tiles of each turn sweep
    /// outside them (a sweep tests only its candidate tiles that no corridor holds).
    /// - Complexity: O(corridor rows + R + candidate sweep tiles outside the corridors), R the runs reported: the
    ///   runs are merged by a counting sort on their consecutive rows (``TileSet/init(spans:)``). Memory O(R).
    func tiles(rows: ClosedRange<Int>) -> TileSet {
        var spans: [ColumnSpan] = []
        // Room for the corridors' runs, one a row (the sweeps add few: only tiles no corridor holds).
        let t = grid.tileLength
        let count = corridors.reduce(0.0) { $0 + (($1.bounds.maxY - $1.bounds.minY) / t).rounded(.up) + 1 }
        spans.reserveCapacity(Int(Swift.min(count, Double(Stencil.maximumRuns))) + 16)
        for quad in corridors { ConvexCover.appendRows(of: quad, on: grid, rows: rows, to: &spans) }
        let covered = TileSet(spans: spans)
        guard !sweeps.isEmpty else { return covered }
        var added: [ColumnSpan] = []
        var known = KnownRuns(covered: covered)
        for i in sweeps.indices {
            known.coversStart = sweeps[i].before != nil
            known.coversEnd = sweeps[i].after != nil
            // The sweep is built again from what was kept of it: O(1), no trigonometry.
            sweeps[i].sweep.forEachRun(on: grid, rows: rows, known: known) { row, a, b in
                added.append(ColumnSpan(row: row, first: a, last: b))
            }
        }
        guard !added.isEmpty else { return covered }
        return TileSet(spans: covered.spans + added)
    }

    /// Whether some shape needs a tile in `row` (the terrain-row search).
    func needs(row: Int) -> Bool {
        for quad in corridors {
            var found = false
            ConvexCover.forEachRow(of: quad, on: grid, rows: row...row) { _, _, _ in found = true }
            if found { return true }
        }
        for shape in sweeps {
            var found = false
            shape.sweep.forEachRun(on: grid, rows: row...row) { _, _, _ in found = true }
            if found { return true }
        }
        return false
    }

    /// The rows the shapes need, found exactly at the extremes: (first, last), first > last when none.
    func neededRows() -> (first: Int, last: Int) {
        guard bounds.minY <= bounds.maxY else { return (0, -1) }
        var (first, last) = ConvexCover.neededRows(minY: bounds.minY, maxY: bounds.maxY, on: grid)
        if first < 0 || last >= grid.rows {
            // The exact extreme rows: scan inward from the bounds' rows to the first row something needs.
            while first <= last && !needs(row: first) { first += 1 }
            while last >= first && !needs(row: last) { last -= 1 }
        }
        return (first, last)
    }
}

/// A turn piece's sweep as ``TrackShapes`` keeps it between its passes: its extent (for the row and size checks)
/// and what rebuilds it without trigonometry, about a fifth of the memory of the sweep with its arcs.
struct TurnShape: Sendable {
    /// The rectangle at the start of the turn, with its origin at the turn centre.
    let start: Footprint
    /// +1 for a right turn, −1 for a left one.
    let sign: Double
    /// The angle turned, 0 < Δ ≤ 360 degrees.
    let degrees: Double
    /// The rotation by sign·Δ.
    let rotation: SweepRotation
    /// The sweep's exact bounding box.
    let bounds: PixelBounds
    /// Nearest and farthest distance of the rectangle from the centre.
    let innerRadius, outerRadius: Double
    /// The index into ``TrackShapes/corridors`` of the straight pieces before and after the turn.
    let before, after: Int?

    init(_ sweep: TurnSweep, before: Int?, after: Int?) {
        start = sweep.start
        sign = sweep.sign
        degrees = sweep.degrees
        rotation = sweep.rotation
        bounds = sweep.bounds
        innerRadius = sweep.innerRadius
        outerRadius = sweep.outerRadius
        self.before = before
        self.after = after
    }

    /// The sweep, built again: O(1), no trigonometry, no allocation.
    var sweep: TurnSweep { TurnSweep(start: start, sign: sign, degrees: degrees, rotation: rotation, bounds: bounds) }
}

/// The corners of a quadrilateral as an unordered set, to find shapes that coincide.
struct CornerSet: Hashable {
    let a: PixelPoint, b: PixelPoint, c: PixelPoint, d: PixelPoint

    init(_ quad: Quad) {
        func less(_ p: PixelPoint, _ q: PixelPoint) -> Bool { p.x != q.x ? p.x < q.x : p.y < q.y }
        var p = (quad.a, quad.b, quad.c, quad.d)
        // A sorting network for four.
        if less(p.1, p.0) { swap(&p.0, &p.1) }
        if less(p.3, p.2) { swap(&p.2, &p.3) }
        if less(p.2, p.0) { swap(&p.0, &p.2) }
        if less(p.3, p.1) { swap(&p.1, &p.3) }
        if less(p.2, p.1) { swap(&p.1, &p.2) }
        (a, b, c, d) = p
    }
}
