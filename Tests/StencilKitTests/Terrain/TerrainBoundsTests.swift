import Foundation
import MercatorMath
import TestSupport
import Testing

@testable import StencilKit

/// Terrain bounds (MODEL.md §14): inheritance from the nearest listed ancestor, unwrapped columns, N_b, boxes by κ
/// over the tile's rows, and every refusal naming its entry.
struct TerrainBoundsTests {
    static func tile(_ n: Int, _ x: Int, _ y: Int) -> TileID { TileID(unchecked: n, x, y) }
    static func entry(_ n: Int, _ x: Int, _ y: Int, _ lo: Double, _ hi: Double) -> TerrainBounds.Entry {
        TerrainBounds.Entry(tile: tile(n, x, y), range: ElevationRange(lo: lo, hi: hi))
    }

    @Test func inheritance() throws {
        let bounds = try TerrainBounds(
            root: ElevationRange(lo: -100, hi: 4000),
            entries: [
                Self.entry(1, 1, 0, -50, 3000), Self.entry(3, 5, 2, 0, 2000), Self.entry(3, 4, 2, 10, 20),
                Self.entry(5, 21, 9, 100, 1500),
            ])
        #expect(bounds.deepestLevel == 5 && bounds.entryCount == 4)
        #expect(bounds.range(of: .world) == ElevationRange(lo: -100, hi: 4000))
        #expect(bounds.range(of: Self.tile(1, 0, 0)) == ElevationRange(lo: -100, hi: 4000))
        #expect(bounds.range(of: Self.tile(2, 2, 1)) == ElevationRange(lo: -50, hi: 3000))
        #expect(bounds.range(of: Self.tile(3, 5, 2)) == ElevationRange(lo: 0, hi: 2000))
        #expect(bounds.range(of: Self.tile(4, 10, 4)) == ElevationRange(lo: 0, hi: 2000))
        #expect(bounds.range(of: Self.tile(5, 21, 9)) == ElevationRange(lo: 100, hi: 1500))
        // Below N_b: the level-N_b ancestor's (listed or inherited).
        #expect(bounds.range(of: Self.tile(12, 21 << 7 + 3, 9 << 7 + 100)) == ElevationRange(lo: 100, hi: 1500))
        #expect(bounds.range(of: Self.tile(12, 20 << 7, 9 << 7)) == ElevationRange(lo: 0, hi: 2000))
        #expect(bounds.range(of: Self.tile(30, 1 << 29, 0)) == ElevationRange(lo: -50, hi: 3000))
        // Unwrapped columns use the real column.
        #expect(bounds.range(level: 3, column: 5 - 8, row: 2) == ElevationRange(lo: 0, hi: 2000))
        #expect(bounds.range(level: 3, column: 4 + 16, row: 2) == ElevationRange(lo: 10, hi: 20))
        // The entries come back level by level, row-major.
        #expect(
            bounds.entries.map(\.tile) == [
                Self.tile(1, 1, 0), Self.tile(3, 4, 2), Self.tile(3, 5, 2), Self.tile(5, 21, 9),
            ])
        #expect(TerrainBounds.flat.deepestLevel == 0 && TerrainBounds.flat.range(of: Self.tile(9, 3, 3)) == .zero)
    }

    /// The lookup against a dictionary walk on a random nested pyramid of 5,000 entries.
    @Test func randomPyramidLookups() throws {
        var g = SplitMix64(seed: 0xB0_0D5)
        var table: [TileID: ElevationRange] = [:]
        let root = ElevationRange(lo: -500, hi: 9000)
        func effective(_ t: TileID) -> ElevationRange {
            var t = t
            while t.level > 0 {
                if let r = table[t] { return r }
                t = t.parent!
            }
            return root
        }
        for n in 1...12 {
            for _ in 0..<(n < 4 ? 3 : 500) {
                let t = Self.tile(n, g.int(below: 1 << n), g.int(below: 1 << n))
                guard table[t] == nil else { continue }
                let p = effective(t.parent!)
                let a = g.uniform(p.lo, p.hi)
                let b = g.uniform(p.lo, p.hi)
                table[t] = ElevationRange(lo: min(a, b), hi: max(a, b))
            }
        }
        let bounds = try TerrainBounds(
            root: root, entries: table.map { TerrainBounds.Entry(tile: $0.key, range: $0.value) }.shuffled(using: &g))
        var checked = 0
        for _ in 0..<20_000 {
            let n = g.int(0...16)
            let t = Self.tile(n, g.int(below: 1 << n), g.int(below: 1 << n))
            let want = effective(t.ancestor(atLevel: min(n, 12))!)
            #expect(bounds.range(of: t) == want)
            checked += 1
        }
        #expect(checked == 20_000 && bounds.entryCount == table.count && table.count > 4000)
    }

    /// Lookups along a row with a cursor (as the terrain cover makes them: increasing unwrapped columns, wrapping
    /// across ±180°) give the listed-or-inherited bounds, against a brute-force walk up a dictionary: a dense block
    /// of levels 7–9 (every tile listed: the cursor's runs) among sparse entries, 3,000 rows.
    @Test func rowLookupsWithACursor() throws {
        var g = SplitMix64(seed: 0xC0_25E)
        var table: [TileID: ElevationRange] = [:]
        let root = ElevationRange(lo: -100, hi: 5000)
        func effective(_ t: TileID) -> ElevationRange {
            var t = t
            while t.level > 0 {
                if let r = table[t] { return r }
                t = t.parent!
            }
            return root
        }
        for n in 1...9 {
            let dense = n >= 7 ? (1 << (n - 7)) * 24 : 0
            for y in 0..<dense {
                for x in 0..<dense {
                    let t = Self.tile(n, ((1 << n) - dense / 2 + x) & ((1 << n) - 1), 40 * (1 << (n - 7)) + y)
                    guard table[t] == nil else { continue }
                    let p = effective(t.parent!)
                    table[t] = ElevationRange(lo: p.lo, hi: g.uniform(p.lo, p.hi))
                }
            }
            for _ in 0..<(n < 4 ? 3 : 200) {
                let t = Self.tile(n, g.int(below: 1 << n), g.int(below: 1 << n))
                guard table[t] == nil else { continue }
                let p = effective(t.parent!)
                table[t] = ElevationRange(lo: p.lo, hi: g.uniform(p.lo, p.hi))
            }
        }
        let bounds = try TerrainBounds(
            root: root, entries: table.map { TerrainBounds.Entry(tile: $0.key, range: $0.value) })
        var checked = 0
        var listedHits = 0
        for _ in 0..<3000 {
            let n = g.int(0...11)
            let across = 1 << n
            let y = n >= 7 && g.chance(0.7) ? 40 * (1 << (n - 7)) + g.int(below: 24 << (n - 7)) : g.int(below: across)
            var column = g.int(-across - 30...across)
            var cursor = 0
            for _ in 0..<g.int(1...60) {
                let real = ((column % across) + across) % across
                let t = Self.tile(n, real, y)
                let want = effective(t.ancestor(atLevel: min(n, 9))!)
                #expect(bounds.range(level: n, column: column, row: y, cursor: &cursor) == want)
                if table[t] != nil { listedHits += 1 }
                checked += 1
                column += g.int(1...3)
            }
        }
        print("TerrainBoundsTests: \(checked) row lookups with a cursor, \(listedHits) of listed tiles")
        #expect(checked > 60_000 && listedHits > 10_000)
    }

    @Test func refusals() throws {
        let root = ElevationRange(lo: 0, hi: 1000)
        func refusal(_ entries: [TerrainBounds.Entry], root: ElevationRange = root) -> TerrainBoundsError? {
            do {
                _ = try TerrainBounds(root: root, entries: entries)
                return nil
            } catch { return error }
        }
        #expect(refusal([Self.entry(2, 1, 1, 5, 4)]) == .reversed(tile: Self.tile(2, 1, 1), range: .init(lo: 5, hi: 4)))
        #expect(refusal([], root: .init(lo: 1, hi: 0)) == .reversed(tile: .world, range: .init(lo: 1, hi: 0)))
        if case .nonFinite(let tile, _) = refusal([Self.entry(2, 1, 1, .nan, 4)]) {
            #expect(tile == Self.tile(2, 1, 1))
        } else {
            Issue.record("NaN not refused")
        }
        #expect(
            refusal([Self.entry(2, 1, 1, 0, .infinity)])
                == .nonFinite(tile: Self.tile(2, 1, 1), range: .init(lo: 0, hi: .infinity)))
        #expect(
            refusal([Self.entry(2, 1, 1, 0, 4), Self.entry(2, 1, 1, 0, 3)]) == .duplicate(tile: Self.tile(2, 1, 1)))
        #expect(refusal([Self.entry(0, 0, 0, 0, 4)]) == .duplicate(tile: .world))
        // Outside the parent's effective bounds: the root's, a listed ancestor's two levels up.
        #expect(
            refusal([Self.entry(1, 0, 0, -1, 4)])
                == .outsideParent(
                    tile: Self.tile(1, 0, 0), range: .init(lo: -1, hi: 4), ancestor: .world, parentRange: root))
        #expect(
            refusal([Self.entry(1, 0, 0, 0, 500), Self.entry(3, 1, 1, 100, 600)])
                == .outsideParent(
                    tile: Self.tile(3, 1, 1), range: .init(lo: 100, hi: 600), ancestor: Self.tile(1, 0, 0),
                    parentRange: .init(lo: 0, hi: 500)))
        // Equal to the parent's is inside.
        #expect(refusal([Self.entry(1, 0, 0, 0, 1000), Self.entry(2, 0, 0, 0, 1000)]) == nil)
        // The list form: no root, a malformed row or root, a tile not in the pyramid.
        func listRefusal(_ root: [Double]?, _ list: [[Double]]) -> TerrainBoundsError? {
            do {
                _ = try TerrainBounds(root: root, list: list)
                return nil
            } catch { return error }
        }
        #expect(listRefusal(nil, []) == .noRoot)
        #expect(listRefusal([0], []) == .malformed(index: -1, count: 1))
        #expect(listRefusal([0, 9], [[1, 0, 0, 1]]) == .malformed(index: 0, count: 4))
        #expect(
            listRefusal([0, 9], [[1, 0, 0, 1, 2], [2, 4, 0, 1, 2]]) == .notInPyramid(index: 1, level: 2, x: 4, y: 0))
        #expect(listRefusal([0, 9], [[31, 0, 0, 1, 2]]) == .notInPyramid(index: 0, level: 31, x: 0, y: 0))
        #expect(listRefusal([0, 9], [[1.5, 0, 0, 1, 2]]) == .notInPyramid(index: 0, level: 1.5, x: 0, y: 0))
        #expect(listRefusal([0, 9], [[1, -1, 0, 1, 2]]) == .notInPyramid(index: 0, level: 1, x: -1, y: 0))
        #expect(listRefusal([0, 9], [[1, 1, 1, 1, 2]]) == nil)
        // Messages name the entry and what would be valid.
        let message =
            "\(TerrainBoundsError.outsideParent(tile: Self.tile(3, 1, 1), range: .init(lo: 100, hi: 600), ancestor: Self.tile(1, 0, 0), parentRange: .init(lo: 0, hi: 500)))"
        #expect(
            message
                == "Terrain bounds of tile 3/1/1 are [100, 600] m, not inside its parent's bounds [0, 500] m (those of "
                + "1/0/0); every tile's bounds must lie inside its parent's (derive coarser levels by min/max over "
                + "their children, not from overviews).")
        #expect("\(TerrainBoundsError.noRoot)".contains("0/0/0"))
        #expect("\(TerrainBoundsError.duplicate(tile: Self.tile(2, 1, 1)))".contains("2/1/1"))
        #expect(
            "\(TerrainBoundsError.reversed(tile: Self.tile(2, 1, 1), range: .init(lo: 5, hi: 4)))".contains("lo ≤ hi"))
    }

    /// Boxes: κ over the tile's rows (the least at the equator for the level-0 tile), negative elevations by κ_max,
    /// flat tiles at z = 0, nesting.
    @Test func boxes() throws {
        let scale = HeightScale(referenceLevel: 14, tileSize: 256)
        let bounds = try TerrainBounds(
            root: ElevationRange(lo: -400, hi: 5000),
            entries: [Self.entry(1, 0, 1, -400, 3000), Self.entry(2, 0, 2, -10, -5), Self.entry(2, 1, 2, 0, 0)])
        let world = scale.width
        let rootBox = bounds.box(of: UnwrappedTileID(.world), scale: scale)
        let equator = scale.pixelsPerRadian / scale.radius
        let pole = scale.pixelsPerMetre(atRow: 0)
        #expect(rootBox.zLow == -400 * pole && rootBox.zHigh == 5000 * pole)
        #expect(abs(scale.pixelsPerMetre(overRows: 0, world).least - equator) < 1e-15)
        // Tile (2, 0, 2): just south of the equator, [−10, −5] m: z_lo = −10·κ_max, z_hi = −5·κ_min (at the equator).
        let b = bounds.box(of: UnwrappedTileID(Self.tile(2, 0, 2)), scale: scale)
        #expect(b.zLow == -10 * scale.pixelsPerMetre(atRow: world * 3 / 4))
        #expect(b.zHigh == -5 * scale.pixelsPerMetre(atRow: world / 2))
        #expect(bounds.box(of: UnwrappedTileID(Self.tile(2, 1, 2)), scale: scale).isFlat)
        #expect(bounds.box(of: UnwrappedTileID(Self.tile(2, 1, 2)), scale: scale).zHigh == 0)
        // κ against k/(R·cos φ) from the latitude.
        let grid = try TileGrid.xyz(level: 14, tileSize: 256)
        for y in stride(from: 1000.0, to: world, by: world / 7) {
            let latitude = grid.latitude(atPixelY: y)
            let want = grid.pixelsPerMetre(atLatitude: latitude, on: .earth)
            #expect(abs(scale.pixelsPerMetre(atRow: y) - want) <= 1e-12 * want)
        }
        // Nesting down a chain of tiles and ghost columns.
        var t = UnwrappedTileID(Self.tile(1, 0, 1))
        var parentBox = bounds.box(of: t, scale: scale)
        var nested = 0
        while t.level < 18 {
            t = UnwrappedTileID(unchecked: t.level + 1, 2 * t.x + (t.level & 1), 2 * t.y)
            let box = bounds.box(of: t, scale: scale)
            #expect(box.zLow >= parentBox.zLow && box.zHigh <= parentBox.zHigh)
            #expect(
                box.x0 >= parentBox.x0 && box.x1 <= parentBox.x1 && box.y0 >= parentBox.y0 && box.y1 <= parentBox.y1)
            parentBox = box
            nested += 1
        }
        #expect(nested == 17)
        let ghost = bounds.box(of: UnwrappedTileID(unchecked: 2, 4 + 0, 2), scale: scale)
        #expect(ghost.zLow == b.zLow && ghost.x0 == world)
    }
}
