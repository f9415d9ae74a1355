import Foundation
import TestSupport
import Testing

@testable import StencilKit

/// Thousands of random views checked against an independent exact overlap test written here: the footprint's
/// corners from the test's own trigonometry (``CullingCheck``), and a separating-axis test of the open tile against
/// the closed rotated rectangle. Every tile of the view's bounding box (grown by a tile) is classified:
/// - **needed**: the shared length of the projections on every axis (x, y, ahead, right) exceeds the tie band;
/// - **forbidden**: some axis separates them (shared length ≤ 0 at a heading that is a multiple of 90°, where every
///   number is exact; ≤ −band at other headings, whose projections round);
/// - **borderline**: in between — an overlap no thicker than the tie band, which the library may count or not.
/// The tie band is a few ``TileGrid/tieTolerance`` (the library treats thinner overlaps as touching), plus 10⁻¹² of
/// the coordinates' size for rounding at large coordinates.
struct ViewportRandomTests {
    /// Two seeds × 1500 views.
    static let seeds: [UInt64] = [0x71E3_0001, 0x71E3_0002]
    static let viewsPerSeed = 1500

    /// A random view and its ring width.
    struct Case: CustomStringConvertible {
        var grid: TileGrid
        var center: PixelPoint
        var bearing: Double
        var screen: Screen
        var ring: Double
        var description: String {
            "\(grid), centre \(center), bearing \(bearing), screen \(screen.width)×\(screen.height) z=\(screen.scale) "
                + "anchor (\(screen.anchor.x), \(screen.anchor.y)) m=\(screen.margin), ring \(ring)"
        }
    }

    static func makeCase(_ rng: inout SplitMix64) throws -> Case {
        let grid: TileGrid
        switch rng.int(0...9) {
        case 0...5: grid = try TileGrid.xyz(level: rng.int(0...22))
        case 6: grid = .marsViking
        case 7: grid = .marsVikingDouble
        default:
            grid = try TileGrid(
                columns: rng.int(1...6), rows: rng.int(1...6), tileSize: rng.pick([1, 3, 10, 64, 100, 255]))
        }
        let t = grid.tileLength
        let bearing: Double
        switch rng.int(0...9) {
        case 0...2: bearing = Double(rng.int(-8...8)) * 45
        case 3: bearing = Double(rng.int(-4...4)) * 90 + rng.pick([-1.0, 1]) * rng.uniform(1e-14, 1e-12)
        default: bearing = rng.uniform(-720, 720)
        }
        let anchor: Screen.Anchor
        switch rng.int(0...9) {
        case 0...2: anchor = .center
        case 3: anchor = Screen.Anchor(x: rng.pick([0, 1]), y: rng.pick([0, 1]))
        default: anchor = Screen.Anchor(x: rng.unit(), y: rng.unit())
        }
        let scale: Double
        switch rng.int(0...3) {
        case 0: scale = 1
        case 1: scale = pow(2, Double(rng.int(-2...2)))
        default: scale = pow(2, rng.uniform(-2, 2))
        }
        // Up to 12 tiles each way, so views are often wider than a small world.
        let width = rng.chance(0.3) ? Double(rng.int(1...12)) * t / scale : rng.uniform(0.05, 12) * t / scale
        let height = rng.chance(0.3) ? Double(rng.int(1...12)) * t / scale : rng.uniform(0.05, 12) * t / scale
        let margin = rng.chance(0.5) ? 0 : (rng.chance(0.3) ? Double(rng.int(1...2)) * t : rng.uniform(0, t))
        let screen = try Screen(width: width, height: height, scale: scale, anchor: anchor, margin: margin)
        let w = grid.width
        let h = grid.height
        var x: Double
        var y: Double
        switch rng.int(0...9) {
        case 0...1:
            // On tile corners and half-tiles, so edges land on tile boundaries.
            x = Double(rng.int(-2 * grid.columns...3 * grid.columns)) * t / 2
            y = Double(rng.int(-2...(2 * grid.rows + 2))) * t / 2
        case 2...3:
            // Near ±180° (x = 0 or the world's width), any world copy.
            x = Double(rng.int(-1...2)) * w + rng.uniform(-2 * t, 2 * t)
            y = rng.uniform(-0.3 * h, 1.3 * h)
        default:
            x = rng.uniform(-1.5 * w, 2.5 * w)
            y = rng.uniform(-0.3 * h, 1.3 * h)
        }
        let ring =
            rng.chance(0.2) ? 0 : (rng.chance(0.3) ? Double(rng.int(1...2)) * t : rng.uniform(0, 2 * t))
        return Case(grid: grid, center: PixelPoint(x: x, y: y), bearing: bearing, screen: screen, ring: ring)
    }

    /// The needed, forbidden and borderline tiles of the rectangle (extents grown by `grow`) among the terrain's rows.
    static func oracle(_ c: Case, grow: Double) -> (needed: Set<TileIndex>, allowed: Set<TileIndex>) {
        let t = c.grid.tileLength
        let u = CullingCheck.ahead(c.bearing)
        let r = CullingCheck.right(c.bearing)
        let (along, across) = CullingCheck.extents(c.screen)
        let p0 = along.0 - grow
        let p1 = along.1 + grow
        let q0 = across.0 - grow
        let q1 = across.1 + grow
        let corners = [(p0, q0), (p1, q0), (p1, q1), (p0, q1)].map { p, q in
            (c.center.x + p * u.x + q * r.x, c.center.y + p * u.y + q * r.y)
        }
        let exact = c.bearing.truncatingRemainder(dividingBy: 90) == 0
        let e = c.grid.tieTolerance
        let size = corners.map { abs($0.0) + abs($0.1) }.max()! + t
        let band = 4 * e + 1e-12 * size
        let xs = corners.map(\.0)
        let ys = corners.map(\.1)
        let c0 = Int((xs.min()! / t).rounded(.down)) - 1
        let c1 = Int((xs.max()! / t).rounded(.down)) + 1
        let r0 = max(0, Int((ys.min()! / t).rounded(.down)) - 1)
        let r1 = min(c.grid.rows - 1, Int((ys.max()! / t).rounded(.down)) + 1)
        var needed = Set<TileIndex>()
        var allowed = Set<TileIndex>()
        guard r0 <= r1 else { return (needed, allowed) }
        for row in r0...r1 {
            for column in c0...c1 {
                let x0 = Double(column) * t
                let y0 = Double(row) * t
                // Shared projection length on an axis (a, b): min of the highs minus max of the lows.
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
                } else if exact ? m > 0 : m > -band {
                    allowed.insert(tile)
                }
            }
        }
        return (needed, allowed)
    }

    static func isRowMajor(_ tiles: [VisibleTile]) -> Bool {
        zip(tiles, tiles.dropFirst()).allSatisfy { a, b in
            a.tile.row < b.tile.row || (a.tile.row == b.tile.row && a.tile.column < b.tile.column)
        }
    }

    /// Nearest first: squared distances from the centre (computed here from the tile numbers) non-decreasing, ties
    /// row-major.
    static func isNearestFirst(_ tiles: [VisibleTile], center: PixelPoint, t: Double) -> Bool {
        let d = tiles.map { v in
            let dx = (Double(v.tile.column) * t + t / 2) - center.x
            let dy = (Double(v.tile.row) * t + t / 2) - center.y
            return dx * dx + dy * dy
        }
        return zip(tiles.indices, tiles.indices.dropFirst()).allSatisfy { i, j in
            d[i] < d[j]
                || (d[i] == d[j]
                    && (tiles[i].tile.row < tiles[j].tile.row
                        || (tiles[i].tile.row == tiles[j].tile.row && tiles[i].tile.column < tiles[j].tile.column)))
        }
    }

    /// Real tile, origin and centre offset of every tile, derived here from the tile numbers.
    static func fieldProblems(_ tiles: [VisibleTile], _ c: Case) -> [String] {
        let t = c.grid.tileLength
        var problems: [String] = []
        for v in tiles {
            let real = CullingCheck.realColumn(v.tile.column, columns: c.grid.columns)
            let x = Double(v.tile.column) * t
            let y = Double(v.tile.row) * t
            if v.realTile != TileIndex(column: real, row: v.tile.row) {
                problems.append("real of \(v.tile): \(v.realTile)")
            }
            if v.origin != PixelPoint(x: x, y: y) { problems.append("origin of \(v.tile): \(v.origin)") }
            let offset = PixelPoint(x: (x + t / 2) - c.center.x, y: (y + t / 2) - c.center.y)
            if v.centerOffset != offset { problems.append("offset of \(v.tile): \(v.centerOffset) vs \(offset)") }
            if !c.grid.containsRow(v.tile.row) { problems.append("\(v.tile) is off the terrain") }
        }
        return problems
    }

    @Test(arguments: seeds)
    func randomViewsAndRingsMatchTheSeparatingAxisTest(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var visible: [VisibleTile] = []
        var nearest: [VisibleTile] = []
        var ring: [VisibleTile] = []
        var ringNearest: [VisibleTile] = []
        var failures = 0
        var coverage = (ghosts: 0, wider: 0, offTerrain: 0, exact: 0, borderline: 0, tiles: 0, ringTiles: 0)
        for index in 0..<Self.viewsPerSeed {
            let c = try Self.makeCase(&rng)
            let view = try Viewport(grid: c.grid, center: c.center, bearing: c.bearing, screen: c.screen)
            view.visibleTiles(into: &visible)
            view.visibleTiles(order: .nearestFirst, into: &nearest)
            try view.prefetchRing(width: c.ring, into: &ring)
            try view.prefetchRing(width: c.ring, order: .nearestFirst, into: &ringNearest)

            var problems: [String] = []
            let (needed, allowed) = Self.oracle(c, grow: 0)
            let got = Set(visible.map(\.tile))
            if got.count != visible.count { problems.append("duplicate visible tiles") }
            if !got.isSuperset(of: needed) { problems.append("missing \(needed.subtracting(got).sorted())") }
            if !got.isSubset(of: allowed) { problems.append("extra \(got.subtracting(allowed).sorted())") }
            if !Self.isRowMajor(visible) { problems.append("visible tiles not row-major") }
            if nearest.count != visible.count || Set(nearest) != Set(visible) {
                problems.append("nearest-first lists other tiles")
            }
            if !Self.isNearestFirst(nearest, center: c.center, t: c.grid.tileLength) {
                problems.append("nearest-first order broken")
            }
            problems += Self.fieldProblems(visible, c)

            let (grownNeeded, grownAllowed) = Self.oracle(c, grow: c.ring)
            let ringSet = Set(ring.map(\.tile))
            if ringSet.count != ring.count { problems.append("duplicate ring tiles") }
            if !ringSet.isDisjoint(with: got) { problems.append("ring meets visible: \(ringSet.intersection(got))") }
            let ringNeeded = grownNeeded.subtracting(got)
            let ringAllowed = grownAllowed.subtracting(got)
            if !ringSet.isSuperset(of: ringNeeded) {
                problems.append("ring missing \(ringNeeded.subtracting(ringSet).sorted())")
            }
            if !ringSet.isSubset(of: ringAllowed) {
                problems.append("ring extra \(ringSet.subtracting(ringAllowed).sorted())")
            }
            if c.ring == 0 && !ring.isEmpty { problems.append("a ring of width 0 is not empty") }
            if !Self.isRowMajor(ring) { problems.append("ring not row-major") }
            if Set(ringNearest) != Set(ring) || ringNearest.count != ring.count {
                problems.append("nearest-first ring lists other tiles")
            }
            if !Self.isNearestFirst(ringNearest, center: c.center, t: c.grid.tileLength) {
                problems.append("nearest-first ring order broken")
            }
            problems += Self.fieldProblems(ring, c)

            if visible.contains(where: { $0.realTile.column != $0.tile.column }) { coverage.ghosts += 1 }
            if Set(visible.map(\.realTile)).count < visible.count { coverage.wider += 1 }
            let reach =
                (c.screen.width * c.screen.width + c.screen.height * c.screen.height).squareRoot() * c.screen.scale
            if c.center.y - reach < 0 || c.center.y + reach > c.grid.height { coverage.offTerrain += 1 }
            if c.bearing.truncatingRemainder(dividingBy: 90) == 0 { coverage.exact += 1 }
            coverage.borderline += allowed.count - needed.count
            coverage.tiles += visible.count
            coverage.ringTiles += ring.count
            if !problems.isEmpty {
                failures += 1
                if failures <= 3 {
                    Issue.record("seed \(seed) view \(index): \(c)\n\(problems.prefix(6).joined(separator: "\n"))")
                }
            }
        }
        #expect(failures == 0, "\(failures) of \(Self.viewsPerSeed) views disagree")
        // The generator reaches what the check is meant to cover.
        #expect(coverage.ghosts > 100 && coverage.wider > 20 && coverage.offTerrain > 100 && coverage.exact > 200)
        #expect(coverage.tiles > 20 * Self.viewsPerSeed && coverage.ringTiles > 10 * Self.viewsPerSeed)
        print("viewport seed \(String(seed, radix: 16)): \(Self.viewsPerSeed) views, \(coverage)")
    }
}
