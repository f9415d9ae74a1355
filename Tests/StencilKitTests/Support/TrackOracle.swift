import Foundation

@testable import StencilKit

/// A brute-force reference for the stencil of any track (MODEL.md §4, §5, §7), the generalisation of
/// ``BruteForceOracle`` from the racetrack to chains of straight and turn pieces. It reads only each piece's raw
/// parameters (start, heading, length; or start, heading, radius, signed angle) and the screen's and band's input
/// values; every pose comes from the §7 formulas in ``TrackGeometry``, none from the library.
///
/// Each sampled pose's footprint is a rotated rectangle, tested against the tiles of its bounding box with a
/// separating-axis test (positive area: strict inequalities on the x, y, u and r axes). Two sets come out:
/// - **required**: tiles some sampled footprint, shrunk by `shrink` when rotated (exact when axis-aligned), needs.
///   Sampled poses are real poses, so the stencil must hold all of them (no holes).
/// - **allowed**: tiles some sampled footprint grown by its sampling tolerance needs. Every pose lies within that
///   tolerance of a sample, so every tile of the exact stencil must be here (no extra tiles).
///
/// Sampling. Straight pieces: poses spaced at most half the footprint's length, ends included, and lateral offsets
/// −d…+d spaced at most the footprint's width — the union of those rectangles is the piece's whole sweep, so a
/// straight piece is exact (grown by `tight` only). Turn pieces: a coarse pass at angle steps whose gap moves no
/// footprint point more than `coarse` px (grow = outer·gap/2, outer the farthest footprint point from the centre),
/// always with samples exactly at α = 0 and α = |Δ|. Every tile the coarse grown samples reach but no sample
/// requires is then refined: each coarse sample reaching it is resampled `fine` times more densely over its half
/// gaps, adding to both sets. So "no holes" and "no extra tiles" hold to outer·gap/(2·fine) px in turns (≤ 0.04 px
/// with the defaults) and to `tight` on straight pieces.
struct TrackOracle {
    /// One sampled footprint: origin + p·u + q·r for p ∈ [a0, a1], q ∈ [c0, c1].
    struct Rect {
        var ox: Double, oy: Double
        var ux: Double, uy: Double
        var rx: Double, ry: Double
        var a0: Double, a1: Double
        var c0: Double, c1: Double
        var grow: Double
        var shrink: Double

        var isAxisAligned: Bool { ux == 0 || uy == 0 }

        /// The bounding box with every extent moved outward by `pad`.
        func box(pad: Double) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
            let p0 = a0 - pad, p1 = a1 + pad, q0 = c0 - pad, q1 = c1 + pad
            let minX = ox + min(p0 * ux, p1 * ux) + min(q0 * rx, q1 * rx)
            let maxX = ox + max(p0 * ux, p1 * ux) + max(q0 * rx, q1 * rx)
            let minY = oy + min(p0 * uy, p1 * uy) + min(q0 * ry, q1 * ry)
            let maxY = oy + max(p0 * uy, p1 * uy) + max(q0 * ry, q1 * ry)
            return (minX, minY, maxX, maxY)
        }

        /// Whether the open tile square and the rectangle moved outward by `pad` share positive area.
        func overlaps(column: Int, row: Int, tileSize t: Double, pad: Double) -> Bool {
            let x0 = Double(column) * t
            let y0 = Double(row) * t
            let b = box(pad: pad)
            guard b.minX < x0 + t, b.maxX > x0, b.minY < y0 + t, b.maxY > y0 else { return false }
            if isAxisAligned { return true }
            let half = t / 2 * (abs(ux) + abs(uy))
            let cx = x0 + t / 2 - ox
            let cy = y0 + t / 2 - oy
            let pu = cx * ux + cy * uy
            let pr = cx * rx + cy * ry
            return pu - half < a1 + pad && pu + half > a0 - pad && pr - half < c1 + pad && pr + half > c0 - pad
        }
    }

    /// A turn piece's geometry for resampling.
    struct Turn {
        var cx: Double, cy: Double
        var heading: Double, sigma: Double, rho: Double, degrees: Double
        /// Farthest footprint point from the centre (band included).
        var outer: Double
        /// The coarse angle gap in degrees.
        var gap: Double
    }

    /// A coarse turn sample: which turn, its angle in degrees and lateral offset.
    struct TurnSample {
        var turn: Int
        var alpha: Double
        var delta: Double
        var rect: Rect
    }

    let tileSize: Double
    let firstColumn: Int, lastColumn: Int, firstRow: Int, lastRow: Int
    private(set) var required: [Bool]
    private(set) var allowed: [Bool]
    /// Largest grow over the samples that decide "allowed" (the "no extra tiles" tolerance), for messages.
    private(set) var tolerance: Double
    /// Samples drawn (coarse and fine), for the report.
    private(set) var sampleCount = 0

    /// Footprint extents (§4) and band.
    let a0: Double, a1: Double, c0: Double, c1: Double, band: Double
    let offsets: [Double]

    /// - Parameters:
    ///   - coarse: the largest distance a footprint point moves between coarse turn samples, in px.
    ///   - fine: how many times more densely turns are resampled near undecided tiles.
    init(track: Track, coarse: Double = 2.5, fine: Int = 64) {
        let t = Double(track.grid.tileSize)
        tileSize = t
        let tie = track.grid.tieTolerance
        let tight = max(1e-6, 4 * tie)
        let screen = track.screen
        let extents = ScreenExtents(screen)
        (a0, a1, c0, c1) = (extents.a0, extents.a1, extents.c0, extents.c1)
        let d = track.lateralBand
        band = d
        if d > 0 {
            let n = max(2, Int((2 * d / (c1 - c0)).rounded(.up)) + 1)
            var list: [Double] = []
            for i in 0..<n {
                let f = Double(i) / Double(n - 1)
                list.append(i == n - 1 ? d : -d + 2 * d * f)
            }
            offsets = list
        } else {
            offsets = [0]
        }

        // Sample every piece.
        var rects: [Rect] = []
        var turnSamples: [TurnSample] = []
        var turns: [Turn] = []
        for piece in track.pieces.map(TrackGeometry.Piece.init) {
            switch piece {
            case .straight(let x, let y, let heading, let length):
                let u = TrackGeometry.ahead(heading)
                let r = TrackGeometry.right(heading)
                let spacing = min((a1 - a0) / 2, t)
                let n = max(1, Int((length / spacing).rounded(.up)))
                for i in 0...n {
                    let s = i == n ? length : length * Double(i) / Double(n)
                    // Axis-aligned footprints are decided exactly on the allowed side (touching is not needing).
                    let grow = u.x == 0 || u.y == 0 ? 0 : tight
                    for delta in offsets {
                        rects.append(
                            Self.rect(
                                x + s * u.x + delta * r.x, y + s * u.y + delta * r.y, u, r, a0, a1, c0, c1,
                                grow: grow, tight: tight))
                    }
                }
            case .turn(let x, let y, let heading, let rho, let angle):
                let sigma: Double = angle > 0 ? 1 : -1
                let r0 = TrackGeometry.right(heading)
                let cx = x + sigma * rho * r0.x
                let cy = y + sigma * rho * r0.y
                let along = max(abs(a0), abs(a1))
                let across = max(abs(c0 - d - sigma * rho), abs(c1 + d - sigma * rho))
                let outer = (along * along + across * across).squareRoot()
                let degrees = abs(angle)
                let n = max(1, Int((degrees * .pi / 180 * outer / (2 * coarse)).rounded(.up)))
                let gap = degrees / Double(n)
                let turn = Turn(
                    cx: cx, cy: cy, heading: heading, sigma: sigma, rho: rho, degrees: degrees, outer: outer, gap: gap)
                let grow = outer * gap * .pi / 180 / 2 + tight
                for k in 0...n {
                    let alpha = k == n ? degrees : gap * Double(k)
                    for delta in offsets {
                        let rect = Self.turnRect(
                            turn, alpha: alpha, delta: delta, a0, a1, c0, c1, grow: grow, tight: tight)
                        turnSamples.append(TurnSample(turn: turns.count, alpha: alpha, delta: delta, rect: rect))
                    }
                }
                turns.append(turn)
            }
        }

        // The window: every grown sample's bounding box.
        var col0 = Int.max, col1 = Int.min, row0 = Int.max, row1 = Int.min
        for rect in rects + turnSamples.map(\.rect) {
            let b = rect.box(pad: rect.grow)
            col0 = min(col0, Int((b.minX / t).rounded(.down)))
            col1 = max(col1, Int((b.maxX / t).rounded(.up)) - 1)
            row0 = min(row0, Int((b.minY / t).rounded(.down)))
            row1 = max(row1, Int((b.maxY / t).rounded(.up)) - 1)
        }
        firstColumn = col0
        lastColumn = col1
        firstRow = row0
        lastRow = row1
        let width = col1 - col0 + 1
        required = [Bool](repeating: false, count: width * (row1 - row0 + 1))
        allowed = required
        // Tiles only coarse turn samples (grown) reach.
        var coarseOnly = required
        tolerance = tight
        sampleCount = rects.count + turnSamples.count

        for rect in rects { mark(rect, coarse: false, &coarseOnly) }
        for sample in turnSamples { mark(sample.rect, coarse: true, &coarseOnly) }

        // Refinement of the undecided tiles: reached by a grown coarse turn sample, required by none.
        for sample in turnSamples {
            let b = sample.rect.box(pad: sample.rect.grow)
            let cs = Int((b.minX / t).rounded(.down))
            let ce = Int((b.maxX / t).rounded(.up)) - 1
            let rs = Int((b.minY / t).rounded(.down))
            let re = Int((b.maxY / t).rounded(.up)) - 1
            var pending: [(Int, Int)] = []
            for row in rs...re {
                for col in cs...ce {
                    let i = (row - row0) * width + (col - col0)
                    if coarseOnly[i] && !required[i]
                        && sample.rect.overlaps(column: col, row: row, tileSize: t, pad: sample.rect.grow)
                    {
                        pending.append((col, row))
                    }
                }
            }
            guard !pending.isEmpty else { continue }
            let turn = turns[sample.turn]
            let step = turn.gap / Double(fine)
            let grow = turn.outer * step * .pi / 180 / 2 + tight
            tolerance = max(tolerance, grow)
            for j in -(fine / 2)...(fine / 2) {
                let alpha = sample.alpha + step * Double(j)
                guard alpha >= 0, alpha <= turn.degrees else { continue }
                let rect = Self.turnRect(
                    turn, alpha: alpha, delta: sample.delta, a0, a1, c0, c1, grow: grow, tight: tight)
                sampleCount += 1
                for (col, row) in pending {
                    let i = (row - row0) * width + (col - col0)
                    if required[i] { continue }
                    if !allowed[i] && rect.overlaps(column: col, row: row, tileSize: t, pad: grow) { allowed[i] = true }
                    if rect.overlaps(column: col, row: row, tileSize: t, pad: -rect.shrink) { required[i] = true }
                }
            }
        }
    }

    static func rect(
        _ ox: Double, _ oy: Double, _ u: (x: Double, y: Double), _ r: (x: Double, y: Double), _ a0: Double,
        _ a1: Double, _ c0: Double, _ c1: Double, grow: Double, tight: Double
    ) -> Rect {
        Rect(
            ox: ox, oy: oy, ux: u.x, uy: u.y, rx: r.x, ry: r.y, a0: a0, a1: a1, c0: c0, c1: c1, grow: grow,
            shrink: tight)
    }

    /// The footprint after turning `alpha` degrees, moved `delta` across (§7: C − σρ·r(θ + σα), heading θ + σα).
    static func turnRect(
        _ turn: Turn, alpha: Double, delta: Double, _ a0: Double, _ a1: Double, _ c0: Double, _ c1: Double,
        grow: Double, tight: Double
    ) -> Rect {
        let heading = turn.heading + turn.sigma * alpha
        let u = TrackGeometry.ahead(heading)
        let r = TrackGeometry.right(heading)
        let k = delta - turn.sigma * turn.rho
        return rect(turn.cx + k * r.x, turn.cy + k * r.y, u, r, a0, a1, c0, c1, grow: grow, tight: tight)
    }

    /// Marks the tiles a sample needs (shrunk: required) and reaches (grown: allowed, or coarse only).
    private mutating func mark(_ s: Rect, coarse: Bool, _ coarseOnly: inout [Bool]) {
        let t = tileSize
        let b = s.box(pad: s.grow)
        let cs = Int((b.minX / t).rounded(.down))
        let ce = Int((b.maxX / t).rounded(.up)) - 1
        let rs = Int((b.minY / t).rounded(.down))
        let re = Int((b.maxY / t).rounded(.up)) - 1
        guard cs <= ce, rs <= re else { return }
        let width = lastColumn - firstColumn + 1
        let exact = s.box(pad: -s.shrink)
        let aligned = s.isAxisAligned
        let half = t / 2 * (abs(s.ux) + abs(s.uy))
        let ga0 = s.a0 - s.grow, ga1 = s.a1 + s.grow, gc0 = s.c0 - s.grow, gc1 = s.c1 + s.grow
        let ea0 = s.a0 + s.shrink, ea1 = s.a1 - s.shrink, ec0 = s.c0 + s.shrink, ec1 = s.c1 - s.shrink
        required.withUnsafeMutableBufferPointer { required in
            allowed.withUnsafeMutableBufferPointer { allowed in
                coarseOnly.withUnsafeMutableBufferPointer { coarseOnly in
                    for row in rs...re {
                        let y0 = Double(row) * t
                        let y1 = y0 + t
                        let cy = y0 + t / 2 - s.oy
                        let base = (row - firstRow) * width - firstColumn
                        for col in cs...ce {
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
                                guard pu - half < ga1 && pu + half > ga0 && pr - half < gc1 && pr + half > gc0 else {
                                    continue
                                }
                            }
                            if coarse { coarseOnly[i] = true } else { allowed[i] = true }
                            guard exact.minX < x1, exact.maxX > x0, exact.minY < y1, exact.maxY > y0 else { continue }
                            if aligned || (pu - half < ea1 && pu + half > ea0 && pr - half < ec1 && pr + half > ec0) {
                                required[i] = true
                                allowed[i] = true
                            }
                        }
                    }
                }
            }
        }
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

    /// Problems of a stencil against this oracle (empty when it matches): holes, extra tiles, rows outside the
    /// terrain, and the real tiles (each once, exactly those under the unwrapped ones).
    func compare(_ stencil: Stencil, clipped: Bool) -> [String] {
        var problems: [String] = []
        let grid = stencil.grid
        let inside = { (tile: TileIndex) in tile.row >= 0 && tile.row < grid.rows }
        let tiles = stencil.unwrapped.tiles
        let set = Set(tiles)
        if set.count != tiles.count || tiles.count != stencil.unwrapped.count {
            problems.append(
                "unwrapped lists \(tiles.count) tiles, \(set.count) distinct, count \(stencil.unwrapped.count)")
        }
        let holes = requiredTiles.filter { (!clipped || inside($0)) && !set.contains($0) }
        if !holes.isEmpty {
            problems.append("holes (needed by a sampled footprint, missing): \(holes.prefix(12)) of \(holes.count)")
        }
        let extras = tiles.filter { !isAllowed($0) }
        if !extras.isEmpty {
            problems.append(
                "extra tiles (no sampled footprint within \(tolerance) px needs them): "
                    + "\(extras.prefix(12)) of \(extras.count)")
        }
        let outside = tiles.filter { !inside($0) }
        if !outside.isEmpty { problems.append("tiles outside the terrain's rows: \(outside.prefix(6))") }
        problems += OracleCheck.realProblems(stencil)
        return problems
    }
}
