import Foundation
import TestSupport
import Testing

@testable import StencilKit

/// The brute-force reference for the stencil of any track (MODEL.md §4, §5, §7), racetracks included. It reads only
/// each piece's raw parameters (start, heading, length; or start, heading, radius, signed angle) — for a racetrack,
/// ``init(flight:)`` derives its four pieces from the route's ends, ρ and the turn side alone — and the screen's and
/// band's input values; every pose comes from the §7 formulas in ``TrackGeometry``, none from the library (no
/// Footprint, ConvexCover, TurnSweep or Arc).
///
/// Each sampled pose's footprint is a rotated rectangle, tested against the tiles of its bounding box with a
/// separating-axis test (positive area: strict inequalities on the x, y, u and r axes). Two sets come out:
/// - **required**: tiles some sampled footprint, shrunk by `tight`, needs. Sampled poses are real poses, so the
///   stencil must hold all of them (no holes). `tight` = max(10⁻⁶ px, 4 × the grid's tie tolerance): an overlap
///   thinner than the tie tolerance is touching, not needing, so a grazed tile is never required.
/// - **allowed**: tiles some sampled footprint grown by its sampling tolerance needs (axis-aligned footprints on
///   straight pieces and at axis headings exactly: touching is not needing). Every pose lies within that tolerance
///   of a sample, so every tile of the exact stencil must be here (no extra tiles).
///
/// Sampling. Lateral offsets: −d, 0, +d exactly and between, at least five, spaced at most the footprint's width
/// (``TrackGeometry/bandOffsets(_:width:)``). Straight pieces: poses spaced at most half the footprint's length, ends
/// included — the union of those rectangles is the piece's whole sweep, so a straight piece is exact. Turn pieces: a
/// coarse pass at angle steps whose gap moves no footprint point more than `coarse` px (grow = outer·gap/2, outer
/// the farthest footprint point from the centre), always with samples exactly at α = 0 and α = |Δ|; and exact
/// samples wherever the heading passes a multiple of 90° (a racetrack's U-turn at 90° from an axis heading), where
/// the footprint is axis-aligned and reaches farthest in x or y. Every tile the coarse grown samples reach but no
/// sample requires is then refined: each coarse sample reaching it is resampled `fine` times more densely over its
/// half gaps, adding to both sets. So "no holes" and "no extra tiles" hold to outer·gap/(2·fine) px in turns
/// (≤ 0.04 px with the defaults) and to `tight` on straight pieces.
struct TrackOracle {
    /// One sampled footprint: origin + p·u + q·r for p ∈ [a0, a1], q ∈ [c0, c1].
    struct Rect {
        var ox: Double, oy: Double
        var ux: Double, uy: Double
        var rx: Double, ry: Double
        var a0: Double, a1: Double
        var c0: Double, c1: Double
        /// Growth for the "allowed" test (the sampling tolerance).
        var grow: Double
        /// Shrinkage for the "required" test (the grazing tolerance `tight`).
        var shrink: Double

        var isAxisAligned: Bool { ux == 0 || uy == 0 }

        /// The bounding box with every extent moved outward by `pad` (inward when negative).
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
    /// The tile window the bitmaps cover (every grown sample's bounding box).
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

    /// The oracle of a track, from its pieces' raw parameters.
    /// - Parameters:
    ///   - coarse: the largest distance a footprint point moves between coarse turn samples, in px.
    ///   - fine: how many times more densely turns are resampled near undecided tiles.
    init(track: Track, coarse: Double = 2.5, fine: Int = 64) {
        self.init(
            pieces: track.pieces.map(TrackGeometry.Piece.init), grid: track.grid, screen: track.screen,
            band: track.lateralBand, coarse: coarse, fine: fine)
    }

    /// The oracle of a racetrack's track, from the racetrack's input values alone (route ends, turn radius and
    /// side, screen, band): its pieces are ``TrackGeometry/racetrack(from:to:radius:sign:)``, not the library's.
    init(flight: Racetrack, coarse: Double = 2.5, fine: Int = 64) {
        self.init(
            pieces: Self.racetrackPieces(flight), grid: flight.grid, screen: flight.screen, band: flight.lateralBand,
            coarse: coarse, fine: fine)
    }

    /// A racetrack's four pieces as the oracle derives them (outbound, U-turn at B, return, U-turn at A).
    static func racetrackPieces(_ flight: Racetrack) -> [TrackGeometry.Piece] {
        let (a, b) = (flight.route.start, flight.route.end)
        return TrackGeometry.racetrack(
            from: (a.x, a.y), to: (b.x, b.y), radius: flight.turn.radius,
            sign: flight.turn.direction == .right ? 1 : -1)
    }

    /// The oracle of the track made of `pieces` on `grid`, seen through `screen`, with lateral band `d`.
    init(
        pieces: [TrackGeometry.Piece], grid: TileGrid, screen: Screen, band d: Double, coarse: Double = 2.5,
        fine: Int = 64
    ) {
        let t = Double(grid.tileSize)
        tileSize = t
        let tight = max(1e-6, 4 * grid.tieTolerance)
        let extents = ScreenExtents(screen)
        (a0, a1, c0, c1) = (extents.a0, extents.a1, extents.c0, extents.c1)
        band = d
        offsets = TrackGeometry.bandOffsets(d, width: c1 - c0)

        // Sample every piece: exact samples (decided directly) and coarse turn samples (refined below).
        var rects: [Rect] = []
        var turnSamples: [TurnSample] = []
        var turns: [Turn] = []
        for piece in pieces {
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
                            turn, heading: heading + sigma * alpha, delta: delta, a0, a1, c0, c1, grow: grow,
                            tight: tight)
                        turnSamples.append(TurnSample(turn: turns.count, alpha: alpha, delta: delta, rect: rect))
                    }
                }
                // Exact axis-aligned poses where the heading passes a multiple of 90°.
                for axis in TrackGeometry.axisHeadings(from: heading, turning: angle) {
                    for delta in offsets {
                        rects.append(
                            Self.turnRect(turn, heading: axis, delta: delta, a0, a1, c0, c1, grow: 0, tight: tight))
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
                    turn, heading: turn.heading + turn.sigma * alpha, delta: sample.delta, a0, a1, c0, c1, grow: grow,
                    tight: tight)
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

    /// The footprint of a turn at `heading` (θ + σα after turning α), moved `delta` across (§7: C − σρ·r(heading)).
    static func turnRect(
        _ turn: Turn, heading: Double, delta: Double, _ a0: Double, _ a1: Double, _ c0: Double, _ c1: Double,
        grow: Double, tight: Double
    ) -> Rect {
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
        // A tile's projection on u (or r) is its centre's projection ± (T/2)(|u.x| + |u.y|).
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
                                // The x and y axes hold by the choice of cs…ce and rs…re.
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
}

// MARK: Checking stencils against the oracle

extension TrackOracle {
    /// Problems of a stencil against this oracle (empty when it matches): holes, extra tiles, rows outside the
    /// terrain, and the real tiles (each once, exactly those under the unwrapped ones).
    /// - Parameter clipped: the stencil was clipped to the terrain, so tiles of rows outside it are dropped.
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
        problems += Self.realProblems(stencil)
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

    /// Every stencil check of `track` (whose oracle this is); one line per problem. Without clipping the stencil
    /// throws iff the sweep needs a row outside the terrain, and the error names those rows; when `nearEdge`, the
    /// stencil clipped to the terrain holds the same tiles with the rows outside dropped.
    func problems(of track: Track, nearEdge: Bool) -> [String] {
        let grid = track.grid
        let required = requiredTiles
        let allowed = allowedTiles
        let outside = { (t: TileIndex) in t.row < 0 || t.row >= grid.rows }
        let mustLeave = required.contains(where: outside)
        let mayLeave = allowed.contains(where: outside)
        var problems: [String] = []
        do {
            let stencil = try Stencil(track: track)
            if mustLeave {
                problems.append(
                    "no error although rows \(Set(required.filter(outside).map(\.row)).sorted()) are needed")
            }
            if stencil.isClipped { problems.append("unclipped stencil says isClipped") }
            problems += compare(stencil, clipped: false)
        } catch {
            if !mayLeave {
                problems.append("threw \(error) although no sampled footprint reaches past the terrain")
            } else if case .leavesTerrain(let rows, let gridRows, let latitude, let limit) = error {
                problems += Self.rowProblems(rows, required: required, allowed: allowed, gridRows: grid.rows)
                if gridRows != grid.rows || limit != grid.latitudeLimit {
                    problems.append("error names \(gridRows) rows and limit \(limit)")
                }
                let pastLimit = rows.lowerBound < 0 ? latitude > limit : latitude < -limit
                if !pastLimit { problems.append("error latitude \(latitude) is not past ±\(limit)") }
                if error.kind != "offTerrain" { problems.append("kind \(error.kind)") }
            } else {
                problems.append("wrong error: \(error)")
            }
        }
        if nearEdge {
            do {
                let stencil = try Stencil(track: track, clipToTerrain: true)
                if mustLeave && !stencil.isClipped { problems.append("clipped stencil says not clipped") }
                if !mayLeave && stencil.isClipped { problems.append("stencil says clipped with nothing outside") }
                problems += compare(stencil, clipped: true)
            } catch {
                problems.append("clipToTerrain: true threw \(error)")
            }
        }
        return problems
    }

    /// The rows a `leavesTerrain` error names, against the oracle: the needed rows past the edge it crosses (the top
    /// one when both are crossed), from the farthest needed row to the one nearest the terrain — exactly −1 or
    /// `gridRows` when the sweep also needs a row of the terrain.
    static func rowProblems(
        _ rows: ClosedRange<Int>, required: [TileIndex], allowed: [TileIndex], gridRows last: Int
    ) -> [String] {
        let reqRows = required.map(\.row)
        let allRows = allowed.map(\.row)
        let (reqLo, reqHi) = (reqRows.min() ?? 0, reqRows.max() ?? 0)
        let (allLo, allHi) = (allRows.min()!, allRows.max()!)
        let ok: Bool
        if rows.lowerBound < 0 {
            ok =
                rows.lowerBound >= allLo && rows.lowerBound <= min(reqLo, -1)
                && rows.upperBound >= min(-1, reqHi) && rows.upperBound <= min(-1, allHi)
                && (reqHi < 0 || rows.upperBound == -1)
        } else {
            ok =
                rows.upperBound <= allHi && rows.upperBound >= max(reqHi, last) && allLo >= 0 && reqLo >= 0
                && rows.lowerBound <= max(last, reqLo) && rows.lowerBound >= max(last, allLo)
                && (reqLo >= last || rows.lowerBound == last)
        }
        guard !ok else { return [] }
        return ["error rows \(rows) vs rows needed \(reqLo)…\(reqHi) (allowed \(allLo)…\(allHi))"]
    }

    /// The oracle's own checks can fail, on `count` unclipped cases that `draw` makes from `g` (nil: a case near
    /// the terrain's edge, skipped): each case's stencil matches its oracle; the stencil missing one required tile
    /// (drawn from `g`) is reported with holes; the stencil holding one neighbouring tile no sampled footprint comes
    /// near is reported with extra tiles. And the oracle's slack — stencil tiles only a grown sample reaches — stays
    /// within 2 % of the stencils' tiles, or "no extra tiles" would mean little.
    static func expectItCatchesAMissingOrAnExtraTile(
        in count: Int, cases g: inout SplitMix64,
        draw: (inout SplitMix64) throws -> (track: Track, oracle: TrackOracle)?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var checked = 0
        var stencilTiles = 0
        var slack = 0
        while checked < count {
            guard let (track, oracle) = try draw(&g) else { continue }
            checked += 1
            let stencil = try Stencil(track: track)
            let tiles = stencil.unwrapped.tiles
            stencilTiles += tiles.count
            slack += tiles.filter { !oracle.isRequired($0) }.count
            #expect(oracle.compare(stencil, clipped: false).isEmpty, sourceLocation: sourceLocation)

            let required = tiles.filter { oracle.isRequired($0) }
            let victim = required[g.int(0...(required.count - 1))]
            let holed = Stencil(
                track: track, unwrapped: stencil.unwrapped.subtracting(TileSet([victim])), isClipped: false,
                clipsToTerrain: false)
            #expect(
                oracle.compare(holed, clipped: false).contains { $0.hasPrefix("holes") },
                sourceLocation: sourceLocation)

            let set = Set(tiles)
            let outsider = tiles.lazy.flatMap { t in
                [(1, 0), (-1, 0), (0, 1), (0, -1)].map { TileIndex(column: t.column + $0.0, row: t.row + $0.1) }
            }.first { !set.contains($0) && !oracle.isAllowed($0) }
            if let outsider {
                let padded = Stencil(
                    track: track, unwrapped: stencil.unwrapped.union(TileSet([outsider])), isClipped: false,
                    clipsToTerrain: false)
                #expect(
                    oracle.compare(padded, clipped: false).contains { $0.hasPrefix("extra") },
                    sourceLocation: sourceLocation)
            }
        }
        #expect(
            Double(slack) <= 0.02 * Double(stencilTiles), "\(slack) of \(stencilTiles) tiles only within tolerance",
            sourceLocation: sourceLocation)
    }
}
