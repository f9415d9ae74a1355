import Foundation
import StencilKit

/// Invariants of the `api` target's route, view, level and streaming cases (``APICalls`` in APIRoutes.swift). Each
/// is checked against a small independent computation written here from the documentation (a separating-axis
/// overlap test, an exact floor of a sum, a walk up the parents, a replay against the loader model), never against
/// the library's own helpers. A violation stops the fuzzer with `fatalError`.
extension FuzzChecks {
    /// The most tiles in a view's bounding box (grown by its ring) for its tiles to be listed and checked one by one.
    static let maximumViewTiles = 6_000.0

    // MARK: Tracks

    /// Pieces chained: each starts where the previous one ends at the heading it ends with (to rounding), arc
    /// lengths add up, and the track flown backwards has the same pieces the other way.
    static func checkPieces(_ track: Track, headingJumps: Bool = false) {
        let pieces = track.pieces
        let starts = track.pieceStarts
        require(
            !pieces.isEmpty && starts.count == pieces.count + 1 && starts[0] == 0, "piece starts \(starts.prefix(4))")
        require(track.length.isFinite && track.length >= 0, "length \(track.length)")
        let t = track.grid.tileLength
        for i in pieces.indices {
            require(starts[i + 1] == starts[i] + pieces[i].length, "piece \(i)'s start \(starts[i + 1])")
            require(pieces[i].length >= 0 && pieces[i].length.isFinite, "piece \(i)'s length \(pieces[i].length)")
            let h = pieces[i].startHeading
            require(h >= 0 && h < 360, "piece \(i)'s heading \(h)")
            guard i > 0 else { continue }
            let a = pieces[i - 1]
            let b = pieces[i]
            let size = max(abs(a.end.x), abs(a.end.y), abs(b.start.x), abs(b.start.y))
            let tolerance = 1e-9 * (size + a.length + b.length + radius(a) + radius(b) + t)
            require(
                (b.start - a.end).length <= tolerance,
                "piece \(i) starts at \(b.start), \((b.start - a.end).length) px from where piece \(i - 1) ends, \(a.end)"
            )
            require(
                headingJumps || angle(a.endHeading, b.startHeading) <= 1e-6,
                "piece \(i) starts at heading \(b.startHeading), piece \(i - 1) ends at \(a.endHeading)")
        }
        let back = track.reversed()
        require(back.pieces.count == pieces.count, "reversed piece count")
        require(abs(back.length - track.length) <= 1e-9 * track.length, "reversed length \(back.length)")
        require(back.pieces[0].start == pieces[pieces.count - 1].end, "reversed start")
        require(
            angle(back.pieces[0].startHeading, pieces[pieces.count - 1].endHeading + 180) <= 1e-9, "reversed heading")
    }

    static func radius(_ piece: TrackPiece) -> Double {
        if case .turn(let p) = piece { return p.radius }
        return 0
    }

    /// The smaller angle between two headings, in degrees.
    static func angle(_ a: Double, _ b: Double) -> Double {
        let d = (a.truncatingRemainder(dividingBy: 360) - b.truncatingRemainder(dividingBy: 360))
            .truncatingRemainder(dividingBy: 360)
        let e = abs(d)
        return min(e, 360 - e)
    }

    /// Whether two points are the same place on the terrain: rows equal and columns a whole number of widths
    /// apart, to within `tolerance`.
    static func samePlace(_ a: PixelPoint, _ b: PixelPoint, width: Double, tolerance: Double) -> Bool {
        let dx = abs(a.x - b.x).truncatingRemainder(dividingBy: width)
        return abs(a.y - b.y) <= tolerance && min(dx, width - dx) <= tolerance
    }

    /// A waypoint track's ends: a one-way track starts at W₀ and ends at Wₙ; a closed one ends where it starts.
    static func checkWaypointEnds(
        _ track: Track, waypoints: [GeoCoordinate], closure: TrackClosure, radius: Double, legs: LegKind
    ) {
        let grid = track.grid
        let first = track.pieces[0].start
        let last = track.pieces[track.pieces.count - 1].end
        let tolerance = 1e-9 * (max(abs(first.x), abs(first.y), abs(last.x), abs(last.y)) + track.length + grid.width)
        let context = "\(waypoints.count) waypoints \(legs) \(closure) ρ = \(radius) on \(grid)"
        switch closure {
        case .oneWay:
            guard let w0 = try? grid.pixel(of: waypoints[0]),
                let wn = try? grid.pixel(of: waypoints[waypoints.count - 1])
            else { fatalError("a one-way track was built from waypoints past the terrain — \(context)") }
            require(
                samePlace(first, w0, width: grid.width, tolerance: tolerance),
                "starts at \(first), not W₀ \(w0) — \(context)")
            require(
                samePlace(last, wn, width: grid.width, tolerance: tolerance),
                "ends at \(last), not Wₙ \(wn) — \(context)")
        case .loop, .racetrack:
            require(
                samePlace(first, last, width: grid.width, tolerance: tolerance),
                "a circuit from \(first) ends at \(last) — \(context)")
        }
    }

    /// A hand-built track has one piece per step, from `start` at `heading`, each as long as its step says.
    static func checkSteps(_ track: Track, start: PixelPoint, heading: Double, steps: [TrackStep]) {
        require(track.pieces.count == steps.count, "\(track.pieces.count) pieces for \(steps.count) steps")
        require(track.pieces[0].start == start, "starts at \(track.pieces[0].start), not \(start)")
        require(
            angle(track.pieces[0].startHeading, heading) <= 1e-9, "starts at heading \(track.pieces[0].startHeading)")
        for (piece, step) in zip(track.pieces, steps) {
            switch (piece, step) {
            case (.straight(let p), .straight(let length)):
                require(p.length == length, "straight of \(p.length) for a step of \(length)")
            case (.turn(let p), .turn(let radius, let degrees)):
                require(
                    p.radius == radius && p.angle == degrees, "turn \(p.radius), \(p.angle) for \(radius), \(degrees)")
            default:
                fatalError("piece \(piece) for step \(step)")
            }
        }
    }

    // MARK: Views

    /// Tiles in the bounding box of a footprint (nil when not finite).
    static func boxTiles(of footprint: Footprint, on grid: TileGrid) -> Double? {
        let b = footprint.corners.bounds
        let t = grid.tileLength
        let tiles = ((b.maxX - b.minX) / t + 2) * (min(b.maxY - b.minY, grid.height + 2 * t) / t + 2)
        return tiles.isFinite ? tiles : nil
    }

    /// sin and cos of an angle in degrees, exact at multiples of 90° (the test suite's own reduction).
    static func sinCos(degrees: Double) -> (sin: Double, cos: Double) {
        var h = degrees.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        let quadrant = (h / 90).rounded()
        let rest = h - 90 * quadrant
        let s = rest == 0 ? 0 : sin(rest * .pi / 180)
        let c = rest == 0 ? 1 : cos(rest * .pi / 180)
        switch Int(quadrant) % 4 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    /// The tiles of the terrain's rows that a rectangle must list (`needed`: its projections and the tile's share
    /// more than a tie band on every axis x, y, ahead, right) and may list (`allowed`: no axis separates them by more
    /// than the band). The band is generous: 8e plus 10⁻¹¹ of the coordinates' size.
    static func overlapOracle(
        center: PixelPoint, bearing: Double, along: Interval, across: Interval, grid: TileGrid
    ) -> (needed: Set<TileIndex>, allowed: Set<TileIndex>) {
        let t = grid.tileLength
        let (s, c) = sinCos(degrees: bearing)
        let u = (x: s, y: -c)
        let r = (x: c, y: s)
        let corners = [
            (along.lower, across.lower), (along.upper, across.lower), (along.upper, across.upper),
            (along.lower, across.upper),
        ].map { p, q in
            (center.x + p * u.x + q * r.x, center.y + p * u.y + q * r.y)
        }
        let size = corners.map { abs($0.0) + abs($0.1) }.max()! + t
        let band = 8 * grid.tieTolerance + 1e-11 * size
        let xs = corners.map(\.0)
        let ys = corners.map(\.1)
        let c0 = Int((xs.min()! / t).rounded(.down)) - 1
        let c1 = Int((xs.max()! / t).rounded(.down)) + 1
        let r0 = max(0, Int((ys.min()! / t).rounded(.down)) - 1)
        let r1 = min(grid.rows - 1, Int((ys.max()! / t).rounded(.down)) + 1)
        var needed = Set<TileIndex>()
        var allowed = Set<TileIndex>()
        guard r0 <= r1 else { return (needed, allowed) }
        for row in r0...r1 {
            for column in c0...c1 {
                let x0 = Double(column) * t
                let y0 = Double(row) * t
                func shared(_ a: Double, _ b: Double) -> Double {
                    var lo = Double.infinity
                    var hi = -Double.infinity
                    for (x, y) in corners {
                        let v = x * a + y * b
                        lo = min(lo, v)
                        hi = max(hi, v)
                    }
                    var tlo = Double.infinity
                    var thi = -Double.infinity
                    for (x, y) in [(x0, y0), (x0 + t, y0), (x0, y0 + t), (x0 + t, y0 + t)] {
                        let v = x * a + y * b
                        tlo = min(tlo, v)
                        thi = max(thi, v)
                    }
                    return min(hi, thi) - max(lo, tlo)
                }
                let m = min(shared(1, 0), shared(0, 1), shared(u.x, u.y), shared(r.x, r.y))
                let tile = TileIndex(column: column, row: row)
                if m > band {
                    needed.insert(tile)
                    allowed.insert(tile)
                } else if m > -band {
                    allowed.insert(tile)
                }
            }
        }
        return (needed, allowed)
    }

    /// A list of view tiles: distinct, in the terrain's rows, each with its real tile, origin and centre offset
    /// derived here from its numbers, in `order`.
    static func checkTileList(_ tiles: [VisibleTile], order: TileOrder, view: Viewport, what: String) {
        let grid = view.grid
        let t = grid.tileLength
        let c = view.center
        var seen = Set<TileIndex>()
        for v in tiles {
            require(seen.insert(v.tile).inserted, "\(what): \(v.tile) listed twice")
            require(grid.containsRow(v.tile.row), "\(what): \(v.tile) is off the terrain's \(grid.rows) rows")
            let n = grid.columns
            let real = ((v.tile.column % n) + n) % n
            require(
                v.realTile == TileIndex(column: real, row: v.tile.row),
                "\(what): real tile of \(v.tile) is \(v.realTile)")
            let x = Double(v.tile.column) * t
            let y = Double(v.tile.row) * t
            require(v.origin == PixelPoint(x: x, y: y), "\(what): origin of \(v.tile) is \(v.origin)")
            require(
                v.centerOffset == PixelPoint(x: (x + t / 2) - c.x, y: (y + t / 2) - c.y),
                "\(what): centre offset of \(v.tile) is \(v.centerOffset)")
        }
        for (a, b) in zip(tiles, tiles.dropFirst()) {
            switch order {
            case .rowMajor:
                require(a.tile < b.tile, "\(what): \(a.tile) before \(b.tile) is not row-major")
            case .nearestFirst:
                let da = a.centerOffset.x * a.centerOffset.x + a.centerOffset.y * a.centerOffset.y
                let db = b.centerOffset.x * b.centerOffset.x + b.centerOffset.y * b.centerOffset.y
                require(
                    da < db || (da == db && a.tile < b.tile), "\(what): \(a.tile) before \(b.tile) is not nearest first"
                )
            }
        }
    }

    /// A view: its transform puts the centre at the anchor; its visible tiles (both orders) are exactly those the
    /// footprint overlaps (separating-axis oracle, borderline overlaps either way); a ring of width 0 is empty; the
    /// ring of width `ring` is disjoint from the visible tiles and exactly the grown footprint's other tiles.
    static func checkView(_ view: Viewport, ring width: Double) {
        let grid = view.grid
        let screen = view.screen
        let fp = view.footprint
        let context =
            "view of \(grid) at \(view.center) bearing \(view.bearing), screen \(screen.width) × \(screen.height) "
            + "at scale \(screen.scale), anchor (\(screen.anchor.x), \(screen.anchor.y)), margin \(screen.margin), "
            + "ring \(width)"
        func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
            Self.require(condition(), "\(message()) — \(context)")
        }
        let transform = view.transform
        for v in [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty, transform.rotation] {
            require(v.isFinite, "non-finite transform \(transform)")
        }
        let anchor = transform.apply(to: view.center)
        let scaleSize = (abs(view.center.x) + abs(view.center.y)) / screen.scale + screen.width + screen.height
        require(
            abs(anchor.x - screen.anchor.x * screen.width) <= 1e-9 * scaleSize
                && abs(anchor.y - screen.anchor.y * screen.height) <= 1e-9 * scaleSize,
            "the centre is drawn at \(anchor), not at the anchor")
        var tiles: [VisibleTile] = []
        do { try view.prefetchRing(width: 0, into: &tiles) } catch {
            fatalError("a ring of width 0 threw \(error) — \(context)")
        }
        require(tiles.isEmpty, "a ring of width 0 holds \(tiles.count) tiles")
        guard let box = boxTiles(of: fp, on: grid), box <= maximumViewTiles else { return }
        var visible: [VisibleTile] = []
        var nearest: [VisibleTile] = []
        view.visibleTiles(into: &visible)
        view.visibleTiles(order: .nearestFirst, into: &nearest)
        checkTileList(visible, order: .rowMajor, view: view, what: "visible")
        checkTileList(nearest, order: .nearestFirst, view: view, what: "nearest-first visible")
        let got = Set(visible.map(\.tile))
        require(Set(nearest.map(\.tile)) == got && nearest.count == visible.count, "nearest-first lists other tiles")
        let (needed, allowed) = overlapOracle(
            center: view.center, bearing: view.bearing, along: fp.along, across: fp.across, grid: grid)
        require(got.isSuperset(of: needed), "missing visible tiles \(needed.subtracting(got).sorted().prefix(8))")
        require(
            got.isSubset(of: allowed),
            "visible tiles outside the footprint \(got.subtracting(allowed).sorted().prefix(8))")

        // The ring.
        guard width.isFinite, width >= 0 else {
            let threw: Bool
            do {
                try view.prefetchRing(width: width, into: &tiles)
                threw = false
            } catch {
                threw = true
            }
            require(threw, "a ring of width \(width) was accepted")
            return
        }
        var grown = fp
        grown.along = Interval(fp.along.lower - width, fp.along.upper + width)
        grown.across = Interval(fp.across.lower - width, fp.across.upper + width)
        guard let grownBox = boxTiles(of: grown, on: grid), grownBox <= maximumViewTiles else { return }
        let far = grown.corners.bounds
        let farthest = max(abs(far.minX), abs(far.maxX), abs(far.minY), abs(far.maxY))
        var ring: [VisibleTile] = []
        var ringNearest: [VisibleTile] = []
        do {
            try view.prefetchRing(width: width, into: &ring)
            try view.prefetchRing(width: width, order: .nearestFirst, into: &ringNearest)
        } catch {
            // The limits count the grown footprint's bounding square at any bearing, terrain or not.
            let p = max(abs(grown.along.lower), abs(grown.along.upper))
            let q = max(abs(grown.across.lower), abs(grown.across.upper))
            let side = 2 * (p * p + q * q).squareRoot() / grid.tileLength + 2
            require(
                farthest > FootprintLimits.maximumExtent / 2
                    || side * side > 0.99 * Double(FootprintLimits.maximumTilesPerFrame),
                "a ring of \(grownBox) tiles threw \(error)")
            return
        }
        checkTileList(ring, order: .rowMajor, view: view, what: "ring")
        checkTileList(ringNearest, order: .nearestFirst, view: view, what: "nearest-first ring")
        let ringSet = Set(ring.map(\.tile))
        require(
            Set(ringNearest.map(\.tile)) == ringSet && ringNearest.count == ring.count,
            "nearest-first ring lists other tiles")
        require(
            ringSet.isDisjoint(with: got),
            "ring meets the visible tiles at \(ringSet.intersection(got).sorted().prefix(8))")
        let (grownNeeded, grownAllowed) = overlapOracle(
            center: view.center, bearing: view.bearing, along: grown.along, across: grown.across, grid: grid)
        let ringNeeded = grownNeeded.subtracting(got)
        require(ringSet.isSuperset(of: ringNeeded), "ring misses \(ringNeeded.subtracting(ringSet).sorted().prefix(8))")
        require(
            ringSet.isSubset(of: grownAllowed),
            "ring tiles outside the grown footprint \(ringSet.subtracting(grownAllowed).sorted().prefix(8))")
    }

    // MARK: Levels

    /// ⌊a + b⌋ exactly for finite a, b (Knuth's two-sum: s + e = a + b exactly, and the floor of s + e is s's unless s
    /// is an integer and e < 0).
    static func floorOfSum(_ a: Double, _ b: Double) -> Int {
        let s = a + b
        let ap = s - b
        let bp = s - ap
        let e = (a - ap) + (b - bp)
        let f = s.rounded(.down)
        return Int(f) - (s == f && e < 0 ? 1 : 0)
    }

    /// A draw level: n = clamp(⌊Z + b⌋, n_min, n_max) exactly, z = 2^(n − Z), the grid the XYZ level n.
    static func checkDrawLevel(_ level: DrawLevel, rule: LevelOfDetail) {
        let z = level.mapZoom
        let expected = min(max(floorOfSum(z, rule.levelBias), rule.minLevel), rule.maxLevel)
        let context =
            "\(level) with tile size \(rule.tileSize), bias \(rule.levelBias), levels \(rule.minLevel)…\(rule.maxLevel)"
        require(level.level == expected, "level \(level.level), expected \(expected) — \(context)")
        require(level.scale > 0 && level.scale.isFinite, "scale \(level.scale) — \(context)")
        require(
            abs(log2(level.scale) - (Double(level.level) - z)) <= 1e-12, "scale \(level.scale) ≠ 2^(n − Z) — \(context)"
        )
        require(
            level.grid.xyzLevel == level.level && level.grid.tileSize == rule.tileSize,
            "grid \(level.grid) — \(context)")
        require(
            (try? TileGrid.xyz(level: level.level, tileSize: rule.tileSize)) == level.grid,
            "grid \(level.grid) — \(context)")
    }

    /// The parent fallback of a tile through a residency set: the nearest resident proper ancestor at or above
    /// `minLevel` (found here by walking the parents), the sub-square of its texture inside [0, 1]² and where the
    /// tile lies in it; a ghost falls back like its real tile; the closure form agrees with the protocol form.
    static func checkFallback(_ tile: UnwrappedTileID, resident: Set<TileID>, minLevel: Int) {
        let fallback = tile.parentFallback(in: resident, minLevel: minLevel)
        let context =
            "fallback of \(tile) with \(resident.sorted()) resident, min level \(minLevel): \(String(describing: fallback))"
        require(tile.parentFallback(minLevel: minLevel, isResident: { resident.contains($0) }) == fallback, context)
        let n = 1 << tile.level
        let real = ((tile.x % n) + n) % n
        require(
            tile.canonical == (try? TileID(level: tile.level, x: real, y: tile.y)),
            "canonical \(tile.canonical) — \(context)")
        var expected: TileID?
        var walk = tile.canonical.parent
        while let p = walk, p.level >= max(0, minLevel) {
            if resident.contains(p) {
                expected = p
                break
            }
            walk = p.parent
        }
        require(fallback?.ancestor == expected, "expected \(String(describing: expected)) — \(context)")
        guard let f = fallback else { return }
        let j = f.generations
        require(j >= 1 && j <= tile.level && j == tile.level - f.ancestor.level, "generations — \(context)")
        require(f.ancestor.isAncestor(of: tile.canonical) && resident.contains(f.ancestor), "ancestor — \(context)")
        let side = 1 / Double(1 << j)
        require(f.textureSide == side, "side — \(context)")
        let m = 1 << j
        require(
            f.textureX == Double(((tile.x % m) + m) % m) * side && f.textureY == Double(tile.y % m) * side,
            "origin — \(context)")
        require(
            f.textureX >= 0 && f.textureY >= 0 && f.textureX + side <= 1 && f.textureY + side <= 1,
            "sub-square outside [0, 1]² — \(context)")
        // The tile's square is the sub-square of its ancestor's: x = (ancestor.x + textureX)·2ʲ.
        require(
            (Double(f.ancestor.x) + f.textureX) * Double(m) == Double(real)
                && (Double(f.ancestor.y) + f.textureY) * Double(m) == Double(tile.y), "placement — \(context)")
        require(
            UnwrappedTileID(tile.canonical).parentFallback(in: resident, minLevel: minLevel) == f,
            "ghost ≠ real — \(context)")
    }

    // MARK: Pyramids

    /// A pyramid: one stencil per level, each on its XYZ level; the top one the track's own; each level holds the
    /// parents of the next level's tiles (real and unwrapped), as the type documents.
    static func checkPyramid(_ pyramid: PyramidStencil, track: Track, clip: Bool) {
        let levels = pyramid.levels
        let context = "pyramid \(levels) of a track of \(track.pieces.count) pieces on \(track.grid), clip \(clip)"
        require(pyramid.stencils.count == levels.count, "\(pyramid.stencils.count) stencils — \(context)")
        require(
            pyramid.stencil(atLevel: levels.lowerBound - 1) == nil
                && pyramid.stencil(atLevel: levels.upperBound + 1) == nil, "stencil outside the levels — \(context)")
        for level in levels {
            let s = pyramid.stencil(atLevel: level)
            require(
                s?.grid.xyzLevel == level && s?.grid.tileSize == track.grid.tileSize,
                "level \(level)'s grid — \(context)")
        }
        if let own = try? Stencil(track: track, clipToTerrain: clip) {
            require(
                pyramid.stencils.last?.real == own.real, "the top level is not the track's own stencil — \(context)")
        }
        require(pyramid.tileCount == pyramid.stencils.reduce(0) { $0 + $1.tileCount }, "tile count — \(context)")
        for level in levels.dropLast() {
            let coarse = pyramid.stencils[level - levels.lowerBound]
            let fine = pyramid.stencils[level + 1 - levels.lowerBound]
            for tile in fine.real {
                let parent = TileIndex(column: tile.column >> 1, row: tile.row >> 1)
                require(
                    coarse.real.contains(parent), "level \(level) lacks \(parent), the parent of \(tile) — \(context)")
            }
            for tile in fine.unwrapped {
                let parent = TileIndex(column: tile.column >> 1, row: tile.row >> 1)
                require(
                    coarse.unwrapped.contains(parent),
                    "level \(level) lacks unwrapped \(parent), parent of \(tile) — \(context)")
            }
        }
    }

    // MARK: Needs and schedules

    /// The needs of a flight: runs within the frames, a tile's runs apart, sizes and per-frame lists agreeing, and
    /// every tile culled at a frame's pose (offsets 0 and ±d) in that frame's need. Returns N_k for every frame.
    static func checkNeeds(_ needs: Needs<TileIndex>, frames: TrackFrames) -> [Set<TileIndex>] {
        let track = frames.track
        let grid = track.grid
        let context = "needs of \(frames.count) frames of a track of \(track.pieces.count) pieces on \(grid)"
        require(
            needs.frameCount == frames.count && needs.framesPerSecond == frames.framesPerSecond, "frames — \(context)")
        require(Set(needs.tiles).count == needs.tiles.count, "a tile listed twice — \(context)")
        for tile in needs.tiles {
            require(
                tile.column >= 0 && tile.column < grid.columns && grid.containsRow(tile.row),
                "\(tile) not a real tile — \(context)")
        }
        var perFrame = [Set<TileIndex>](repeating: [], count: needs.frameCount)
        var lastRun: [Int: NeedRun<TileIndex>] = [:]
        var previousFirst = 0
        var used = Set<Int>()
        for run in needs.runs {
            require(
                run.firstFrame >= 0 && run.firstFrame <= run.lastFrame && run.lastFrame < needs.frameCount,
                "run \(run) — \(context)")
            require(run.tile == needs.tiles[run.tileNumber], "run \(run)'s tile — \(context)")
            require(run.firstFrame >= previousFirst, "runs not by first frame — \(context)")
            previousFirst = run.firstFrame
            if let before = lastRun[run.tileNumber] {
                require(run.firstFrame > before.lastFrame + 1, "runs \(before) and \(run) meet — \(context)")
            }
            lastRun[run.tileNumber] = run
            used.insert(run.tileNumber)
            for k in run.frames { perFrame[k].insert(run.tile) }
        }
        require(used.count == needs.tiles.count, "a tile without a run — \(context)")
        require(needs.needSizes() == perFrame.map(\.count), "need sizes — \(context)")
        var culled: [VisibleTile] = []
        let band = track.lateralBand
        let step = max(1, frames.count / 6)
        for k in stride(from: 0, to: frames.count, by: step) {
            require(needs.need(ofFrame: k) == perFrame[k].sorted(), "need of frame \(k) — \(context)")
            let pose = frames.pose(ofFrame: k)
            for offset in [0, band, -band] {
                guard (try? track.cull(pose, lateralOffset: offset, into: &culled)) != nil else {
                    fatalError("culling frame \(k) at offset \(offset) threw — \(context)")
                }
                for v in culled {
                    require(
                        perFrame[k].contains(v.realTile),
                        "frame \(k) draws \(v.realTile) at offset \(offset), not in its need — \(context)")
                }
            }
        }
        return perFrame
    }

    /// A refused schedule: a capacity below 1, or C < Ĉ with the payload naming C, Ĉ, L and a throughput exactly
    /// when L ≤ C.
    static func checkRefusal(_ error: StencilError, capacity: Int, smallest: Int, window: Int) {
        let context = "schedule refused at capacity \(capacity) (Ĉ = \(smallest), L = \(window)): \(error)"
        if capacity < 1 {
            guard case .outOfRange = error else { fatalError("unexpected error — \(context)") }
            return
        }
        guard case .infeasibleSchedule(let r) = error else { fatalError("unexpected error — \(context)") }
        require(capacity < smallest, "refused at C ≥ Ĉ — \(context)")
        require(
            r.capacity == capacity && r.smallestCapacity == smallest && r.windowBound == window, "payload — \(context)")
        require(
            (r.smallestThroughput == nil) == (window > capacity),
            "throughput \(String(describing: r.smallestThroughput)) — \(context)")
        require(r.heldTiles > capacity, "held tiles \(r.heldTiles) — \(context)")
        if let mu = r.smallestThroughput { require(mu.isFinite && mu > 0, "throughput \(mu) — \(context)") }
        require(!r.description.isEmpty, "empty description")
    }

    /// A planned schedule replayed against the loader model (the test suite's `ScheduleCheck.replay`, rewritten):
    /// completions from the request list alone, events in time order (evictions first at equal times); after those
    /// at or before t_k every tile of N_k holds a slot and is complete; never more than C slots; no tile requested
    /// while it holds a slot nor evicted while loading. Also the request fields, the bounds and the take-off wait.
    static func checkSchedule(
        _ schedule: StreamingSchedule<TileIndex>, needs: [Set<TileIndex>], capacity: Int, loader: LoaderModel
    ) {
        let latency = loader.latency
        let throughput = loader.throughput
        let fps = schedule.framesPerSecond
        let context =
            "schedule of \(needs.count) frames at \(fps) fps, C = \(capacity), λ = \(latency), μ = \(throughput): "
            + "\(schedule.preload.count) preloaded, \(schedule.requests.count) requests, "
            + "\(schedule.evictions.count) evictions, peak \(schedule.peakTiles)"
        func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
            Self.require(condition(), "\(message()) — \(context)")
        }
        require(
            schedule.capacity == capacity && schedule.loader == loader && schedule.frameCount == needs.count, "fields")
        require(schedule.peakTiles <= capacity, "peak above the capacity")
        require(
            schedule.requestCount >= schedule.latencyBound,
            "fewer requests than the latency bound \(schedule.latencyBound)")
        require(schedule.latencyBound >= schedule.beladyBound, "latency bound below Belady's \(schedule.beladyBound)")
        if latency < 1 / fps {
            require(schedule.latencyBound == schedule.beladyBound, "latency bound ≠ Belady's below a frame")
        }
        for r in schedule.preload {
            // The fuzzer found fl(−w + λ) an ulp past the stated completion; −w is nudged like every request now.
            require(r.time + latency <= r.completion && r.completion <= r.deadline, "preload \(r)")
            require(
                r.deadlineFrame >= 0 && r.deadlineFrame < needs.count && r.deadline == Double(r.deadlineFrame) / fps,
                "deadline of \(r)")
        }
        for r in schedule.requests {
            require(r.time + latency <= r.completion && r.completion <= r.deadline, "request \(r)")
            require(
                r.deadlineFrame >= 0 && r.deadlineFrame < needs.count && r.deadline == Double(r.deadlineFrame) / fps,
                "deadline of \(r)")
        }
        for (a, b) in zip(schedule.requests, schedule.requests.dropFirst()) {
            require(a.time <= b.time, "requests out of order")
        }
        for (a, b) in zip(schedule.evictions, schedule.evictions.dropFirst()) {
            require(a.time <= b.time, "evictions out of order")
        }

        var failures: [String] = []
        func fail(_ text: String) { if failures.count < 8 { failures.append(text) } }
        let p = schedule.preload.count
        let w = schedule.takeoffWait
        let expectedWait = p == 0 ? 0 : latency + Double(p - 1) / throughput
        if abs(w - expectedWait) > 1e-9 * max(1, w) { fail("take-off wait \(w), expected \(expectedWait)") }
        var events: [(time: Double, kind: Int, order: Int, tile: TileIndex, completion: Double)] = []
        for (i, r) in schedule.preload.enumerated() {
            if r.time != -w { fail("preload \(r.tile) requested at \(r.time), not −w = \(-w)") }
            events.append((-w, 1, i, r.tile, Double(i - (p - 1)) / throughput))
        }
        var previous = p > 0 ? 0.0 : -Double.infinity
        for (i, r) in schedule.requests.enumerated() {
            if r.time < 0 { fail("request \(r.tile) at \(r.time) before take-off") }
            let c = max(r.time + latency, previous + 1 / throughput)
            previous = c
            events.append((r.time, 1, p + i, r.tile, c))
        }
        for (i, e) in schedule.evictions.enumerated() { events.append((e.time, 0, i, e.tile, 0)) }
        events.sort { a, b in
            a.time != b.time ? a.time < b.time : (a.kind != b.kind ? a.kind < b.kind : a.order < b.order)
        }
        var held: [TileIndex: Double] = [:]
        var peak = 0
        var next = 0
        func apply(through time: Double) {
            while next < events.count && events[next].time <= time {
                let e = events[next]
                if e.kind == 0 {
                    if let c = held[e.tile] {
                        if c > e.time { fail("\(e.tile) evicted at \(e.time) while loading (until \(c))") }
                        held[e.tile] = nil
                    } else {
                        fail("\(e.tile) evicted at \(e.time) without holding a slot")
                    }
                } else {
                    if held[e.tile] != nil { fail("\(e.tile) requested at \(e.time) while holding a slot") }
                    held[e.tile] = e.completion
                    peak = max(peak, held.count)
                    if held.count > capacity { fail("\(held.count) slots in use at \(e.time)") }
                }
                next += 1
            }
        }
        for (k, need) in needs.enumerated() {
            let t = Double(k) / fps
            apply(through: t)
            for tile in need {
                guard let c = held[tile] else {
                    fail("frame \(k) (t = \(t)): \(tile) not resident")
                    continue
                }
                if c > t { fail("frame \(k) (t = \(t)): \(tile) completes only at \(c)") }
            }
        }
        apply(through: .infinity)
        require(failures.isEmpty, "replay: \(failures.joined(separator: "; "))")
        require(peak == schedule.peakTiles, "replay peak \(peak) ≠ peakTiles")
    }

    /// The driver stepped at every action time and frame time, each load reported complete at the completion the
    /// schedule gives it: it returns the schedule's requests and evictions at their times, every frame's need is
    /// resident and complete, slots stay within C, and no tile is reported at risk (but one requested at the instant
    /// it completes, which no report can precede).
    static func driveAtActions(_ schedule: StreamingSchedule<TileIndex>, needs: [Set<TileIndex>]) {
        let fps = schedule.framesPerSecond
        let loads = schedule.preload + schedule.requests
        let context =
            "driver at action times: \(needs.count) frames at \(fps) fps, C = \(schedule.capacity), λ = \(schedule.loader.latency), μ = \(schedule.loader.throughput), \(loads.count) loads"
        var driver = ScheduleDriver(schedule: schedule)
        var frameAt: [Double: Int] = [:]
        for k in 0..<schedule.frameCount { frameAt[Double(k) / fps] = k }
        var times = Set(frameAt.keys)
        for r in loads { times.insert(r.time) }
        for e in schedule.evictions { times.insert(e.time) }
        var requests: [TileIndex] = []
        var evictions: [TileIndex] = []
        var risk: [TileIndex] = []
        var issued: [(tile: TileIndex, time: Double)] = []
        var evicted: [(tile: TileIndex, time: Double)] = []
        var nextLoad = 0  // loads issued: 0..<nextLoad
        var nextReport = 0  // loads reported complete: 0..<nextReport (completions come in load order)
        var complete = Set<TileIndex>()
        var slots = Set<TileIndex>()
        var risks: [String] = []
        for (a, b) in zip(loads, loads.dropFirst()) {
            require(a.completion <= b.completion, "loads not in completion order — \(context)")
        }
        func deliver(through t: Double) {
            while nextReport < nextLoad && loads[nextReport].completion <= t {
                let load = loads[nextReport]
                let known = driver.completed(load.tile, at: load.completion, atRisk: &risk)
                require(known, "completion of \(load.tile) not in flight — \(context)")
                if !risk.isEmpty { risks.append("late \(risk) at \(load.completion)") }
                complete.insert(load.tile)
                nextReport += 1
            }
        }
        for t in times.sorted() {
            deliver(through: t)
            driver.step(to: t, requests: &requests, evictions: &evictions, atRisk: &risk)
            // A load requested at its deadline that completes at the same instant (λ = 0, or λ below an ulp of t)
            // cannot be reported complete before the step that issues it: the driver says it is at risk, rightly
            // by its contract ("not yet reported complete"). Only other reports are findings.
            var immediate = Set<TileIndex>()
            for (i, tile) in requests.enumerated()
            where nextLoad + i < loads.count && loads[nextLoad + i].completion == t { immediate.insert(tile) }
            let flagged = risk.filter { !immediate.contains($0) }
            if !flagged.isEmpty { risks.append("at risk \(flagged) at \(t)") }
            for tile in evictions {
                require(slots.remove(tile) != nil, "\(tile) evicted at \(t) without a slot — \(context)")
                require(complete.remove(tile) != nil, "\(tile) evicted at \(t) while loading — \(context)")
                evicted.append((tile, t))
            }
            for tile in requests {
                require(
                    nextLoad < loads.count && loads[nextLoad].tile == tile,
                    "request \(tile) at \(t) out of order — \(context)")
                require(slots.insert(tile).inserted, "\(tile) requested at \(t) while holding a slot — \(context)")
                issued.append((tile, t))
                nextLoad += 1
            }
            require(slots.count <= schedule.capacity, "\(slots.count) slots at \(t) — \(context)")
            // Loads completing at their own request time (λ = 0) are reported after the step that returns them.
            deliver(through: t)
            if let k = frameAt[t] {
                if k == 0 { require(driver.isReadyForTakeOff, "not ready for take-off at frame 0 — \(context)") }
                for tile in needs[k] {
                    require(complete.contains(tile), "frame \(k): \(tile) not resident — \(context)")
                }
            }
        }
        require(
            issued.map(\.tile) == loads.map(\.tile) && issued.map(\.time) == loads.map(\.time),
            "requests ≠ the schedule's — \(context)")
        require(
            evicted.map(\.tile) == schedule.evictions.map(\.tile)
                && evicted.map(\.time) == schedule.evictions.map(\.time), "evictions ≠ the schedule's — \(context)")
        require(driver.nextActionTime == nil, "actions left — \(context)")
        require(risks.isEmpty, "\(risks.prefix(3)) — \(context)")
    }

    /// The driver stepped only at −w and at frame times, against a FIFO loader of `loader`'s latency and throughput
    /// (c = max(t + λ, previous + 1/μ) from the step that issues the request). With `late` nil (a schedule planned
    /// with `loader.forSteps(every: 1/fps)`): nothing stalls, no tile is at risk, never more than C slots, no tile
    /// evicted while loading. With `late` (load m delayed by late[m % count] seconds, or lost for nil; a load released
    /// before it arrives is dropped): each load is reported at risk at most once, so a tile is reported at most as
    /// often as it is loaded; and every load not complete when its deadline's step has passed has been reported by
    /// then (counted per tile: a report names a tile, and may come, from a late completion's projection, before the
    /// load it concerns is even requested).
    static func driveStepped(
        _ schedule: StreamingSchedule<TileIndex>, needs: [Set<TileIndex>], loader: LoaderModel, late: [Double?]?
    ) {
        let fps = schedule.framesPerSecond
        let loads = schedule.preload + schedule.requests
        let context =
            "driver stepped per frame (late \(String(describing: late))): \(needs.count) frames at \(fps) fps, C = \(schedule.capacity), planned λ = \(schedule.loader.latency), loader λ = \(loader.latency), μ = \(loader.throughput), \(loads.count) loads"
        var loadsOf: [TileIndex: [Int]] = [:]
        for (m, r) in loads.enumerated() { loadsOf[r.tile, default: []].append(m) }
        let byDeadline = loads.indices.sorted { loads[$0].deadline < loads[$1].deadline }
        var deadlineCursor = 0
        var driver = ScheduleDriver(schedule: schedule)
        var requests: [TileIndex] = []
        var evictions: [TileIndex] = []
        var risk: [TileIndex] = []
        var queue: [(tile: TileIndex, time: Double, load: Int)] = []
        var last = -Double.infinity
        var complete = Set<TileIndex>()
        var slots = Set<TileIndex>()
        var nextIssue: [TileIndex: Int] = [:]  // how many loads of each tile were issued
        var done = [Bool](repeating: false, count: loads.count)
        var reports: [TileIndex: Int] = [:]  // at-risk reports per tile
        var lateAtDeadline: [TileIndex: Int] = [:]  // loads not complete when their deadline's step passed
        var problems: [String] = []
        func record(_ tiles: [TileIndex], at t: Double) {
            for tile in tiles {
                reports[tile, default: 0] += 1
                if late == nil { problems.append("\(tile) at risk at \(t)") }
                if reports[tile]! > loadsOf[tile]?.count ?? 0 {
                    problems.append("\(tile) reported more often than loaded at \(t)")
                }
            }
        }
        for frame in -1..<needs.count {
            let t = frame < 0 ? -schedule.takeoffWait : Double(frame) / fps
            for arrival in queue.filter({ $0.time <= t }).sorted(by: { $0.time < $1.time }) {
                complete.insert(arrival.tile)
                done[arrival.load] = true
                if !driver.completed(arrival.tile, at: arrival.time, atRisk: &risk) {
                    problems.append("completion of \(arrival.tile) not in flight")
                }
                trace("  load \(arrival.load) of \(arrival.tile) arrives at \(arrival.time): at risk \(risk)")
                record(risk, at: arrival.time)
            }
            queue.removeAll { $0.time <= t }
            driver.step(to: t, requests: &requests, evictions: &evictions, atRisk: &risk)
            trace("t = \(t): requests \(requests), evictions \(evictions), at risk \(risk)")
            record(risk, at: t)
            for tile in evictions {
                if !complete.contains(tile) {
                    if late == nil { problems.append("\(tile) evicted while loading at \(t)") }
                    queue.removeAll { $0.tile == tile }  // the loader drops a load released before it arrives
                }
                complete.remove(tile)
                slots.remove(tile)
            }
            for tile in requests {
                if !slots.insert(tile).inserted { problems.append("\(tile) requested twice at \(t)") }
                let n = nextIssue[tile, default: 0]
                guard let m = loadsOf[tile].flatMap({ n < $0.count ? $0[n] : nil }) else {
                    problems.append("\(tile) requested more often than scheduled")
                    continue
                }
                nextIssue[tile] = n + 1
                var arrival = max(t + loader.latency, last + loader.interval)
                if let late {
                    guard let delay = late[m % late.count] else { continue }  // lost
                    arrival = max(arrival + delay, last + loader.interval)
                }
                last = arrival
                trace(
                    "  load \(m) of \(tile) (deadline \(loads[m].deadline), planned completion \(loads[m].completion)) will arrive at \(arrival)"
                )
                queue.append((tile, arrival, m))
            }
            if slots.count > schedule.capacity { problems.append("\(slots.count) slots at \(t)") }
            while deadlineCursor < byDeadline.count && loads[byDeadline[deadlineCursor]].deadline <= t {
                let m = byDeadline[deadlineCursor]
                if !done[m] { lateAtDeadline[loads[m].tile, default: 0] += 1 }
                deadlineCursor += 1
            }
            for (tile, count) in lateAtDeadline where reports[tile, default: 0] < count {
                problems.append(
                    "\(tile): \(count) loads late at their deadline by \(t), \(reports[tile, default: 0]) reported at risk"
                )
            }
            if frame >= 0 {
                for tile in needs[frame] where !complete.contains(tile) {
                    if late == nil {
                        problems.append("frame \(frame): \(tile) missing")
                    } else if nextIssue[tile] == nil {
                        problems.append("frame \(frame): \(tile) never requested")
                    }
                }
            }
            if !problems.isEmpty { break }
        }
        require(problems.isEmpty, "\(problems.prefix(3)) — \(context)")
    }
}
