import Foundation

@testable import StencilKit

/// An independent reference for plans of tracks (MODEL.md §5, §7): the track's poses sampled finely from the
/// pieces' raw parameters (``TrackGeometry``), and each pose's real tiles by a rectangle/tile overlap test written
/// here (positive area: strict inequalities on the x, y, u and r axes, as in ``TrackOracle``). Nothing of the
/// library's geometry is used; only the split positions are read from the plan, in the library's arc length
/// (`Track.pieceStarts`, checked here against a sum of the pieces' own lengths).
///
/// Sampling. Straight pieces every ≤ T/8 of arc length, turns (and pivots) every ≤ 0.25°, always with each piece's
/// two ends, plus any arc lengths asked for (split points and points just past them). A sample's **required** tiles
/// are those some lateral offset's footprint needs, shrunk by `tight` (offsets −d, 0, +d and between, spaced at most a
/// footprint width apart): real poses, so every plan must hold them. Its **allowed** tiles are those the footprint
/// widened across by the band (exactly the union over every δ ∈ [−d, d], the offset being along the footprint's own
/// across axis) and grown by the sampling tolerance reaches: on straight pieces `tight` (footprints T/8 apart overlap,
/// so their union is the sweep), on turns the farthest footprint point's travel over half a sample gap. Every pose of
/// an arc-length interval lies within that tolerance of a sample in it (the interval's ends are samples), so a
/// segment's working set must lie within the union of its samples' allowed tiles.
struct TrackPlanOracle {
    /// One sampled pose.
    struct Sample {
        /// The piece and its parameter (pixels along a straight piece, degrees through a turn).
        var piece: Int
        var parameter: Double
        /// Along-track arc length s.
        var arcLength: Double
        var x: Double, y: Double, heading: Double
        /// Real tiles (ids in ``TrackPlanOracle/tiles``) needed by some lateral offset's footprint.
        var required: [Int32]
        /// Real tiles the band-widened footprint, grown by the sampling tolerance, reaches.
        var allowed: [Int32]
    }

    let grid: TileGrid
    let clip: Bool
    let pieces: [TrackGeometry.Piece]
    /// The library's arc length at each piece's start, and the total.
    let starts: [Double]
    /// The same, summed here from the pieces' raw parameters.
    let ownStarts: [Double]
    /// §4 extents: along p ∈ [a0, a1], across q ∈ [c0, c1]; the band d and the offsets sampled across it.
    let a0: Double, a1: Double, c0: Double, c1: Double, band: Double
    let offsets: [Double]
    let tight: Double
    /// Every real tile any sample reaches, and its id.
    private(set) var tiles: [TileIndex] = []
    private(set) var ids: [TileIndex: Int32] = [:]
    /// The samples of the whole track, in flying order.
    private(set) var base: [Sample] = []

    static let straightStepTiles = 0.125
    static let turnStepDegrees = 0.25

    init(track: Track, clip: Bool) {
        grid = track.grid
        self.clip = clip
        pieces = track.pieces.map(TrackGeometry.Piece.init)
        starts = track.pieceStarts
        var own = [0.0]
        for piece in pieces { own.append(own[own.count - 1] + piece.length) }
        ownStarts = own
        let screen = track.screen
        let extents = ScreenExtents(screen)
        (a0, a1, c0, c1) = (extents.a0, extents.a1, extents.c0, extents.c1)
        let d = track.lateralBand
        band = d
        offsets = TrackGeometry.bandOffsets(d, width: c1 - c0)
        tight = max(1e-6, 4 * track.grid.tieTolerance)
        var samples: [Sample] = []
        for index in pieces.indices {
            for parameter in baseParameters(index) { samples.append(sample(piece: index, parameter: parameter)) }
        }
        base = samples
    }

    /// Every ≤ T/8 along a straight piece, every ≤ 0.25° through a turn, both ends included.
    func baseParameters(_ index: Int) -> [Double] {
        let piece = pieces[index]
        let limit = piece.limit
        let step: Double
        if case .straight = piece {
            step = Self.straightStepTiles * grid.tileLength
        } else {
            step = Self.turnStepDegrees
        }
        let n = max(1, Int((limit / step).rounded(.up)))
        return (0...n).map { $0 == n ? limit : limit * Double($0) / Double(n) }
    }

    /// The farthest footprint point (band included) from a turn's centre, and the angular sample gap in degrees.
    func turnReach(_ index: Int) -> (outer: Double, gap: Double) {
        guard case .turn(_, _, _, let rho, let angle) = pieces[index] else { return (0, 0) }
        let sigma: Double = angle > 0 ? 1 : -1
        let along = max(abs(a0), abs(a1))
        let across = max(abs(c0 - band - sigma * rho), abs(c1 + band - sigma * rho))
        let n = max(1, Int((abs(angle) / Self.turnStepDegrees).rounded(.up)))
        return ((along * along + across * across).squareRoot(), abs(angle) / Double(n))
    }

    /// The sample at a piece's parameter.
    mutating func sample(piece index: Int, parameter: Double) -> Sample {
        let piece = pieces[index]
        let pose = piece.pose(parameter)
        let local: Double
        let grow: Double
        switch piece {
        case .straight:
            local = parameter
            grow = tight
        case .turn(_, _, _, let rho, _):
            local = rho * parameter * .pi / 180
            let (outer, gap) = turnReach(index)
            grow = outer * gap * .pi / 180 / 2 + tight
        }
        let u = TrackGeometry.ahead(pose.heading)
        let r = TrackGeometry.right(pose.heading)
        var required = Set<Int32>()
        for delta in offsets {
            Self.forEachTile(
                ox: pose.x + delta * r.x, oy: pose.y + delta * r.y, u: u, r: r, p: (a0, a1), q: (c0, c1), pad: -tight,
                tileSize: grid.tileLength
            ) { column, row in if let id = id(column, row) { required.insert(id) } }
        }
        var allowed = Set<Int32>()
        Self.forEachTile(
            ox: pose.x, oy: pose.y, u: u, r: r, p: (a0, a1), q: (c0 - band, c1 + band), pad: grow,
            tileSize: grid.tileLength
        ) { column, row in if let id = id(column, row) { allowed.insert(id) } }
        return Sample(
            piece: index, parameter: parameter, arcLength: starts[index] + local, x: pose.x, y: pose.y,
            heading: pose.heading, required: required.sorted(), allowed: allowed.sorted())
    }

    /// The id of the real tile of unwrapped (column, row), nil for a row off the terrain when clipping.
    private mutating func id(_ column: Int, _ row: Int) -> Int32? {
        if clip && (row < 0 || row >= grid.rows) { return nil }
        let columns = grid.columns
        let tile = TileIndex(column: ((column % columns) + columns) % columns, row: row)
        if let id = ids[tile] { return id }
        let id = Int32(tiles.count)
        tiles.append(tile)
        ids[tile] = id
        return id
    }

    /// The id of a real tile, if any sample reaches it.
    func id(of tile: TileIndex) -> Int32? { ids[tile] }

    /// The piece and parameter at arc length `s` (the first piece of positive length whose range holds it; the
    /// last piece's end for s ≥ the track's length), from the pieces' own parameters.
    func placement(atArcLength s: Double) -> (piece: Int, parameter: Double) {
        var chosen = pieces.count - 1
        var found = false
        for index in pieces.indices where pieces[index].length > 0 && starts[index] <= s && s < starts[index + 1] {
            chosen = index
            found = true
            break
        }
        if !found { return (chosen, pieces[chosen].limit) }
        let local = s - starts[chosen]
        switch pieces[chosen] {
        case .straight(_, _, _, let length): return (chosen, min(max(local, 0), length))
        case .turn(_, _, _, let rho, let angle): return (chosen, min(max(local / (rho * .pi / 180), 0), abs(angle)))
        }
    }

    /// The base samples with samples at the arc lengths `extra` merged in, in flying order (by arc length, then
    /// piece and parameter: the order pivots and ends of pieces are flown in).
    mutating func samples(adding extra: [Double]) -> [Sample] {
        var added: [Sample] = []
        for s in extra where s >= 0 && s <= starts[pieces.count] {
            let (piece, parameter) = placement(atArcLength: s)
            var sample = sample(piece: piece, parameter: parameter)
            // The arc length asked for, not the one recomputed from the parameter (an ulp apart, it could fall on
            // the other side of a split placed an ulp before a piece's end).
            sample.arcLength = min(max(s, starts[piece]), starts[piece + 1])
            added.append(sample)
        }
        guard !added.isEmpty else { return base }
        func before(_ a: Sample, _ b: Sample) -> Bool {
            (a.arcLength, a.piece, a.parameter) < (b.arcLength, b.piece, b.parameter)
        }
        added.sort(by: before)
        var merged: [Sample] = []
        merged.reserveCapacity(base.count + added.count)
        var j = 0
        for sample in base {
            while j < added.count && before(added[j], sample) {
                merged.append(added[j])
                j += 1
            }
            merged.append(sample)
        }
        merged += added[j...]
        return merged
    }

    /// Tiles needed strictly between two neighbouring samples of one turn piece that neither sample requires: the
    /// candidates (tiles either one's grown footprint reaches) tested at 32 poses across the gap. Turn samples can
    /// miss a tile a footprint corner grazes between them (by up to the farthest point's travel over half a gap);
    /// this narrows that to a 32nd.
    mutating func between(_ a: Sample, _ b: Sample) -> [Int32] {
        guard a.piece == b.piece, case .turn = pieces[a.piece], a.parameter < b.parameter else { return [] }
        var candidates = Set(a.allowed).union(b.allowed)
        candidates.subtract(a.required)
        candidates.subtract(b.required)
        guard !candidates.isEmpty else { return [] }
        var found = Set<Int32>()
        let fine = 32
        for i in 1..<fine {
            let parameter = a.parameter + (b.parameter - a.parameter) * Double(i) / Double(fine)
            for id in sample(piece: a.piece, parameter: parameter).required where candidates.contains(id) {
                found.insert(id)
            }
        }
        return found.sorted()
    }

    /// Calls `body` with every unwrapped tile (column, row) that the rectangle origin + p·u + q·r, p ∈ p.0…p.1,
    /// q ∈ q.0…q.1, moved outward by `pad` (inward when negative), overlaps with positive area: the open tile
    /// square and the rectangle are separated along none of x, y, u and r (strict inequalities throughout).
    static func forEachTile(
        ox: Double, oy: Double, u: (x: Double, y: Double), r: (x: Double, y: Double), p: (Double, Double),
        q: (Double, Double), pad: Double, tileSize t: Double, _ body: (Int, Int) -> Void
    ) {
        let p0 = p.0 - pad, p1 = p.1 + pad, q0 = q.0 - pad, q1 = q.1 + pad
        guard p0 < p1, q0 < q1 else { return }
        let minX = ox + min(p0 * u.x, p1 * u.x) + min(q0 * r.x, q1 * r.x)
        let maxX = ox + max(p0 * u.x, p1 * u.x) + max(q0 * r.x, q1 * r.x)
        let minY = oy + min(p0 * u.y, p1 * u.y) + min(q0 * r.y, q1 * r.y)
        let maxY = oy + max(p0 * u.y, p1 * u.y) + max(q0 * r.y, q1 * r.y)
        let aligned = u.x == 0 || u.y == 0
        // A tile's projection on u (or r) is its centre's projection ± (T/2)(|u.x| + |u.y|).
        let half = t / 2 * (abs(u.x) + abs(u.y))
        for row in Int((minY / t).rounded(.down))...Int((maxY / t).rounded(.up)) {
            let y0 = Double(row) * t
            guard minY < y0 + t, maxY > y0 else { continue }
            let cy = y0 + t / 2 - oy
            for column in Int((minX / t).rounded(.down))...Int((maxX / t).rounded(.up)) {
                let x0 = Double(column) * t
                guard minX < x0 + t, maxX > x0 else { continue }
                if !aligned {
                    let cx = x0 + t / 2 - ox
                    let pu = cx * u.x + cy * u.y
                    let pr = cx * r.x + cy * r.y
                    guard pu - half < p1, pu + half > p0, pr - half < q1, pr + half > q0 else { continue }
                }
                body(column, row)
            }
        }
    }
}
