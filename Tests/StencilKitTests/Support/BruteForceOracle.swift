import Foundation

@testable import StencilKit

/// A brute-force reference for the stencil, written from MODEL.md §2–§5 alone: it reuses none of the library's
/// geometry (no FlightLoop, Footprint, ConvexCover, TurnSweep or Arc), only the flight's input values.
///
/// It samples the loop densely — both legs, both U-turns, and lateral offsets from −d to +d — builds each sampled
/// footprint from the pose formulas of §3–§4, and tests it against every tile of its bounding box with a
/// separating-axis test (positive area: strict inequalities on all four axes).
///
/// Two sets come out:
/// - **required**: tiles some sampled footprint needs. Sampled poses are real poses, so the stencil must hold all of
///   them (no holes). Axis-aligned samples are tested exactly; rotated ones are shrunk by 1e-6 px to stay clear of
///   rounding in the trigonometry.
/// - **allowed**: tiles some sampled footprint *grown by the sampling tolerance* needs. Every pose lies within that
///   tolerance of a sample, so every tile of the exact stencil must be in this set (no extra tiles).
///
/// Sampling tolerances. A footprint translated along its own heading by less than its length overlaps its
/// predecessor, so leg samples spaced ≤ half the footprint's length (and ≤ T/4) cover the leg's sweep exactly;
/// lateral offsets spaced ≤ the footprint's width likewise cover the band exactly. Only the turns leave gaps: a
/// rotation by Δα moves a point at distance R from the turn centre by at most R·Δα, so turn samples are grown by
/// R_max·Δα, with Δα ≤ 0.5° chosen so that this is at most 3 px. A stencil tile that only grown turn samples reach
/// is then re-examined with the turn resampled 64 times more finely around those samples. So "no extra tiles" holds
/// to 1e-6 px along the legs and to R_max·Δα/64 ≤ 0.05 px in the turns.
struct BruteForceOracle {
    /// One sampled footprint: the points origin + p·u + q·r for p ∈ [a0, a1], q ∈ [c0, c1].
    struct Sample {
        var ox: Double, oy: Double
        var ux: Double, uy: Double
        var rx: Double, ry: Double
        var a0: Double, a1: Double
        var c0: Double, c1: Double
        /// Growth for the "allowed" test (the sampling tolerance).
        var grow: Double
        /// Shrinkage for the "required" test: 0 when axis-aligned (exact arithmetic), else 1e-6 px.
        var shrink: Double
        /// For turn samples: which turn (0 at B, 1 at A), the angle turned in radians and the lateral offset.
        var turn = -1
        var alpha = 0.0
        var delta = 0.0

        var isAxisAligned: Bool { ux == 0 || uy == 0 }

        /// The bounding box of the rectangle with every extent moved outward by `pad` (inward when negative).
        func box(pad: Double) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
            let p0 = a0 - pad, p1 = a1 + pad, q0 = c0 - pad, q1 = c1 + pad
            let minX = ox + min(p0 * ux, p1 * ux) + min(q0 * rx, q1 * rx)
            let maxX = ox + max(p0 * ux, p1 * ux) + max(q0 * rx, q1 * rx)
            let minY = oy + min(p0 * uy, p1 * uy) + min(q0 * ry, q1 * ry)
            let maxY = oy + max(p0 * uy, p1 * uy) + max(q0 * ry, q1 * ry)
            return (minX, minY, maxX, maxY)
        }
    }

    let tileSize: Double
    let samples: [Sample]
    /// The tile window the bitmaps cover (every grown sample's bounding box).
    let firstColumn: Int, lastColumn: Int, firstRow: Int, lastRow: Int
    private(set) var required: [Bool]
    private(set) var allowed: [Bool]
    /// Largest growth used for any sample (the "no extra tiles" tolerance), for messages.
    let tolerance: Double
    /// The U-turns' geometry, for refining: centre, starting u and r, σ, ρ, angle step (radians), extents.
    struct TurnGeometry {
        var cx: Double, cy: Double
        var ux: Double, uy: Double, rx: Double, ry: Double
        var sigma: Double, rho: Double, step: Double, outer: Double
        var a0: Double, a1: Double, c0: Double, c1: Double

        /// The footprint after turning `alpha` radians (0…π), moved `delta` across.
        func footprint(alpha: Double, delta: Double, grow: Double) -> Sample {
            let cb = cos(alpha)
            let sb = sigma * sin(alpha)
            let vx = cb * ux + sb * rx, vy = cb * uy + sb * ry
            let wx = cb * rx - sb * ux, wy = cb * ry - sb * uy
            let px = cx - sigma * rho * wx + delta * wx
            let py = cy - sigma * rho * wy + delta * wy
            return Sample(
                ox: px, oy: py, ux: vx, uy: vy, rx: wx, ry: wy, a0: a0, a1: a1, c0: c0, c1: c1, grow: grow,
                shrink: 1e-6)
        }
    }
    let turns: [TurnGeometry]

    init(flight: Flight) {
        let t = Double(flight.grid.tileSize)
        tileSize = t
        let (list, turnList) = Self.sample(flight, tileSize: t)
        samples = list
        turns = turnList
        tolerance = list.map(\.grow).max() ?? 0
        var c0 = Int.max, c1 = Int.min, r0 = Int.max, r1 = Int.min
        for s in list {
            let b = s.box(pad: s.grow)
            c0 = min(c0, Int((b.minX / t).rounded(.down)))
            c1 = max(c1, Int((b.maxX / t).rounded(.up)) - 1)
            r0 = min(r0, Int((b.minY / t).rounded(.down)))
            r1 = max(r1, Int((b.maxY / t).rounded(.up)) - 1)
        }
        firstColumn = c0
        lastColumn = c1
        firstRow = r0
        lastRow = r1
        let width = c1 - c0 + 1
        var req = [Bool](repeating: false, count: width * (r1 - r0 + 1))
        var all = req
        req.withUnsafeMutableBufferPointer { reqBuffer in
            all.withUnsafeMutableBufferPointer { allBuffer in
                for s in list {
                    Self.mark(s, tileSize: t, firstColumn: c0, firstRow: r0, width: width, reqBuffer, allBuffer)
                }
            }
        }
        required = req
        allowed = all
    }

    private func index(_ tile: TileIndex) -> Int? {
        guard tile.column >= firstColumn, tile.column <= lastColumn, tile.row >= firstRow, tile.row <= lastRow else {
            return nil
        }
        return (tile.row - firstRow) * (lastColumn - firstColumn + 1) + (tile.column - firstColumn)
    }

    func isRequired(_ tile: TileIndex) -> Bool { index(tile).map { required[$0] } ?? false }
    func isAllowed(_ tile: TileIndex) -> Bool { index(tile).map { allowed[$0] } ?? false }

    private func tiles(_ bits: [Bool]) -> [TileIndex] {
        var result: [TileIndex] = []
        let width = lastColumn - firstColumn + 1
        for (i, bit) in bits.enumerated() where bit {
            result.append(TileIndex(column: firstColumn + i % width, row: firstRow + i / width))
        }
        return result
    }

    var requiredTiles: [TileIndex] { tiles(required) }
    var allowedTiles: [TileIndex] { tiles(allowed) }

    // MARK: Sampling the loop (MODEL.md §3–§4)

    static func sample(_ flight: Flight, tileSize t: Double) -> ([Sample], [TurnGeometry]) {
        let a = flight.route.start
        let b = flight.route.end
        let dx = b.x - a.x
        let dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        // u(θ) is the unit vector A→B; r(θ) = (cos θ, sin θ) = (−u.y, u.x). Exact for axis-aligned routes.
        let ux = dx / length
        let uy = dy / length
        let rx = -uy
        let ry = ux

        // §4: along p ∈ [−(1 − a_y)·h·z − m, a_y·h·z + m], across q ∈ [−a_x·w·z − m, (1 − a_x)·w·z + m].
        let extents = ScreenExtents(flight.screen)
        let (a0, a1, c0, c1) = (extents.a0, extents.a1, extents.c0, extents.c1)

        let sigma: Double = flight.turn.direction == .right ? 1 : -1
        let rho = flight.turn.radius
        let d = flight.lateralBand

        // Lateral offsets −d … +d (0 included), spaced no wider than the footprint.
        var offsets: [Double] = [0]
        if d > 0 {
            var n = max(5, Int((2 * d / (c1 - c0)).rounded(.up)) + 1)
            if n % 2 == 0 { n += 1 }
            offsets = (0..<n).map { d * Double(2 * $0 - (n - 1)) / Double(n - 1) }
        }

        var out: [Sample] = []
        func add(
            _ px: Double, _ py: Double, _ vx: Double, _ vy: Double, _ wx: Double, _ wy: Double, grow: Double,
            turn: Int = -1, alpha: Double = 0
        ) {
            let aligned = vx == 0 || vy == 0
            for delta in offsets {
                out.append(
                    Sample(
                        ox: px + delta * wx, oy: py + delta * wy, ux: vx, uy: vy, rx: wx, ry: wy, a0: a0, a1: a1,
                        c0: c0, c1: c1, grow: grow, shrink: aligned ? 0 : 1e-6, turn: turn, alpha: alpha,
                        delta: delta))
            }
        }

        // Legs: outbound P_A + s·u at heading θ; return P_B + 2σρ·r − s·u at heading θ + 180°.
        let step = min(0.25 * t, (a1 - a0) / 2)
        let legCount = Int((length / step).rounded(.up)) + 1
        let backX = b.x + 2 * sigma * rho * rx
        let backY = b.y + 2 * sigma * rho * ry
        for i in 0..<legCount {
            let s = length * Double(i) / Double(legCount - 1)
            add(a.x + s * ux, a.y + s * uy, ux, uy, rx, ry, grow: 1e-6)
            add(backX - s * ux, backY - s * uy, -ux, -uy, -rx, -ry, grow: 1e-6)
        }

        // U-turns: about C = P + σρ·r(θ); after turning α the heading is base + σα and the position C − σρ·r(heading).
        let reachAlong = max(abs(a0), abs(a1))
        let reachAcross = max(abs(c0 - d - sigma * rho), abs(c1 + d - sigma * rho))
        let outer = (reachAlong * reachAlong + reachAcross * reachAcross).squareRoot()
        var steps = max(360, Int((Double.pi * outer / 3).rounded(.up)))
        if steps % 2 == 1 { steps += 1 }
        let turnGrow = outer * Double.pi / Double(steps) + 1e-6
        var turns: [TurnGeometry] = []
        for (index, (p, bu, br)) in [(b, (ux, uy), (rx, ry)), (a, (-ux, -uy), (-rx, -ry))].enumerated() {
            let cx = p.x + sigma * rho * rx
            let cy = p.y + sigma * rho * ry
            turns.append(
                TurnGeometry(
                    cx: cx, cy: cy, ux: bu.0, uy: bu.1, rx: br.0, ry: br.1, sigma: sigma, rho: rho,
                    step: Double.pi / Double(steps), outer: outer, a0: a0, a1: a1, c0: c0, c1: c1))
            for k in 0...steps {
                let (cb, sb) = Self.cosSin(k, of: steps, sign: sigma)
                // u(base + β) = cos β·u + sin β·r;  r(base + β) = cos β·r − sin β·u.
                let vx = cb * bu.0 + sb * br.0
                let vy = cb * bu.1 + sb * br.1
                let wx = cb * br.0 - sb * bu.0
                let wy = cb * br.1 - sb * bu.1
                add(
                    cx - sigma * rho * wx, cy - sigma * rho * wy, vx, vy, wx, wy, grow: turnGrow, turn: index,
                    alpha: Double.pi * Double(k) / Double(steps))
            }
        }
        return (out, turns)
    }

    /// cos and sin of β = sign·180°·k/n, exact at 0°, ±90° and ±180°.
    static func cosSin(_ k: Int, of n: Int, sign: Double) -> (Double, Double) {
        if k == 0 { return (1, 0) }
        if 2 * k == n { return (0, sign) }
        if k == n { return (-1, 0) }
        let beta = sign * Double.pi * Double(k) / Double(n)
        return (cos(beta), sin(beta))
    }

    // MARK: Refinement

    /// Whether the open tile square and the sample's rectangle, moved outward by `pad` (inward when negative),
    /// share positive area: strict overlap on the x, y, u and r axes.
    static func overlaps(_ s: Sample, pad: Double, tile: TileIndex, tileSize t: Double) -> Bool {
        let x0 = Double(tile.column) * t
        let y0 = Double(tile.row) * t
        let b = s.box(pad: pad)
        guard b.minX < x0 + t, b.maxX > x0, b.minY < y0 + t, b.maxY > y0 else { return false }
        if s.isAxisAligned { return true }
        let half = t / 2 * (abs(s.ux) + abs(s.uy))
        let cx = x0 + t / 2 - s.ox
        let cy = y0 + t / 2 - s.oy
        let pu = cx * s.ux + cy * s.uy
        let pr = cx * s.rx + cy * s.ry
        return pu - half < s.a1 + pad && pu + half > s.a0 - pad && pr - half < s.c1 + pad && pr + half > s.c0 - pad
    }

    /// For a tile only the grown samples reach: whether a leg sample (exact up to 1e-6 px) reaches it, or the
    /// turns, resampled 64 times more finely around every turn sample whose grown footprint reaches the tile, come
    /// within R_max·Δα/64 (≤ 0.05 px) of it.
    func isAllowedAfterRefinement(_ tile: TileIndex) -> Bool {
        if isRequired(tile) { return true }
        guard isAllowed(tile) else { return false }
        let fine = 64
        for s in samples where s.turn < 0 && Self.overlaps(s, pad: s.grow, tile: tile, tileSize: tileSize) {
            return true
        }
        for s in samples where s.turn >= 0 && Self.overlaps(s, pad: s.grow, tile: tile, tileSize: tileSize) {
            let turn = turns[s.turn]
            let grow = turn.outer * turn.step / Double(fine) + 1e-6
            for i in -fine...fine {
                let alpha = s.alpha + turn.step * Double(i) / Double(fine)
                guard alpha >= 0, alpha <= Double.pi else { continue }
                let f = turn.footprint(alpha: alpha, delta: s.delta, grow: grow)
                if Self.overlaps(f, pad: grow, tile: tile, tileSize: tileSize) { return true }
            }
        }
        return false
    }

    // MARK: Separating-axis test

    private static func mark(
        _ s: Sample, tileSize t: Double, firstColumn: Int, firstRow: Int, width: Int,
        _ required: UnsafeMutableBufferPointer<Bool>, _ allowed: UnsafeMutableBufferPointer<Bool>
    ) {
        let grown = s.box(pad: s.grow)
        let exact = s.box(pad: -s.shrink)
        let col0 = Int((grown.minX / t).rounded(.down))
        let col1 = Int((grown.maxX / t).rounded(.up)) - 1
        let row0 = Int((grown.minY / t).rounded(.down))
        let row1 = Int((grown.maxY / t).rounded(.up)) - 1
        guard col0 <= col1, row0 <= row1 else { return }
        let aligned = s.isAxisAligned
        // A tile's projection on u (or r) is its centre's projection ± (T/2)(|u.x| + |u.y|).
        let half = t / 2 * (abs(s.ux) + abs(s.uy))
        let ga0 = s.a0 - s.grow, ga1 = s.a1 + s.grow, gc0 = s.c0 - s.grow, gc1 = s.c1 + s.grow
        let ea0 = s.a0 + s.shrink, ea1 = s.a1 - s.shrink, ec0 = s.c0 + s.shrink, ec1 = s.c1 - s.shrink
        for row in row0...row1 {
            let y0 = Double(row) * t
            let y1 = y0 + t
            let cy = y0 + t / 2 - s.oy
            let base = (row - firstRow) * width - firstColumn
            for col in col0...col1 {
                let i = base + col
                if required[i] { continue }
                let x0 = Double(col) * t
                let x1 = x0 + t
                var pu = 0.0
                var pr = 0.0
                if !aligned {
                    let cx = x0 + t / 2 - s.ox
                    pu = cx * s.ux + cy * s.uy
                    pr = cx * s.rx + cy * s.ry
                }
                if !allowed[i] {
                    // The x and y axes hold by the choice of col0…col1 and row0…row1.
                    if !aligned && !(pu - half < ga1 && pu + half > ga0 && pr - half < gc1 && pr + half > gc0) {
                        continue
                    }
                    allowed[i] = true
                }
                guard exact.minX < x1, exact.maxX > x0, exact.minY < y1, exact.maxY > y0 else { continue }
                if aligned || (pu - half < ea1 && pu + half > ea0 && pr - half < ec1 && pr + half > ec0) {
                    required[i] = true
                }
            }
        }
    }
}

/// Checks a stencil against the oracle; returns one line per problem (empty when it matches).
enum OracleCheck {
    /// - Parameter clipped: the stencil was clipped to the terrain, so tiles of rows outside it are dropped.
    static func compare(_ stencil: Stencil, _ oracle: BruteForceOracle, clipped: Bool) -> [String] {
        var problems: [String] = []
        let grid = stencil.grid
        let inside = { (tile: TileIndex) in tile.row >= 0 && tile.row < grid.rows }
        let tiles = stencil.unwrapped.tiles
        let set = Set(tiles)
        if set.count != tiles.count || tiles.count != stencil.unwrapped.count {
            problems.append(
                "unwrapped lists \(tiles.count) tiles, \(set.count) distinct, count \(stencil.unwrapped.count)")
        }
        let holes = oracle.requiredTiles.filter { (!clipped || inside($0)) && !set.contains($0) }
        if !holes.isEmpty {
            problems.append("holes (needed by a sampled footprint, missing): \(holes.prefix(12)) of \(holes.count)")
        }
        let extras = tiles.filter { !oracle.isAllowed($0) }
        if !extras.isEmpty {
            problems.append(
                "extra tiles (no sampled footprint within \(oracle.tolerance) px needs them): "
                    + "\(extras.prefix(12)) of \(extras.count)")
        } else {
            let near = tiles.filter { !oracle.isAllowedAfterRefinement($0) }
            if !near.isEmpty {
                problems.append("extra tiles (no finely resampled turn footprint within 0.05 px): \(near.prefix(12))")
            }
        }
        let outside = tiles.filter { !inside($0) }
        if !outside.isEmpty { problems.append("tiles outside the terrain's rows: \(outside.prefix(6))") }
        problems += realProblems(stencil)
        return problems
    }

    /// stencil.real must be exactly the real tiles (column mod columns) under stencil.unwrapped, each once.
    static func realProblems(_ stencil: Stencil) -> [String] {
        var problems: [String] = []
        let grid = stencil.grid
        let columns = grid.columns
        let mapped = Set(
            stencil.unwrapped.tiles.map {
                TileIndex(column: ((($0.column % columns) + columns) % columns), row: $0.row)
            })
        let real = stencil.real.tiles
        if Set(real) != mapped {
            problems.append(
                "real tiles differ from the mapped unwrapped tiles: \(Set(real).symmetricDifference(mapped).sorted().prefix(8))"
            )
        }
        if Set(real).count != real.count { problems.append("real lists a tile twice") }
        if stencil.real.count != real.count || stencil.tileCount != real.count {
            problems.append("real.count \(stencil.real.count), tileCount \(stencil.tileCount), listed \(real.count)")
        }
        if let bad = real.first(where: { $0.column < 0 || $0.column >= columns }) {
            problems.append("real tile \(bad) is not in columns 0..<\(columns)")
        }
        if stencil.bytes(for: .rgba8Tile128) != real.count * 65_536 {
            problems.append("bytes \(stencil.bytes(for: .rgba8Tile128)) ≠ \(real.count) × 65536")
        }
        return problems
    }
}
