import TestSupport
import Testing

@testable import StencilKit

/// MODEL.md §5: with a centred anchor and ρ = 0 a pivot sweeps the disc whose radius is half the footprint's
/// diagonal (margin and band included).
struct PivotDiscTests {
    // XYZ z = 3: 8 × 8 tiles of 256 px. A = (512, 1024) = (2·256, 4·256), B = (1024, 1024) = (4·256, 4·256): due east,
    // L = 512. Screen 480 × 360 at scale 1, centred, no margin, d = 0, pivots. Heading 90°: along (h = 360) is x,
    // across (w = 480) is y. Disc radius R = √(240² + 180²) = 300.
    // Leg: x ∈ [512 − 180, 1024 + 180] = [332, 1204] → columns 1…4; y ∈ [1024 − 240, 1024 + 240] = [784, 1264] → rows 3, 4.
    // Disc about A (a tile corner): a tile is needed iff its nearest point is closer than 300.
    //   rows 3, 4 (dy = 0): columns 0 (dx = 512 − 256 = 256) … 3 (dx = 768 − 512 = 256); column 4 has dx = 512.
    //   rows 2, 5 (dy = 256): dx < √(300² − 256²) = √24464 ≈ 156.4 → columns 1, 2 (dx = 0).
    //   rows 1, 6: dy = 512.
    // Disc about B, likewise: rows 3, 4: columns 2…5; rows 2, 5: columns 3, 4.
    // Stencil: row 2: 1…4; rows 3, 4: 0…5; row 5: 1…4 — 20 tiles, all real.
    @Test func centredPivotSweepsTheDiscOfHalfTheDiagonal() throws {
        let flight = try HandWorked.flight(
            (512, 1024), (1024, 1024), on: try .xyz(level: 3), screen: try Screen(width: 480, height: 360))
        let stencil = try Stencil(flight: flight)
        let expected = HandWorked.tiles([2: [1...4], 3: [0...5], 4: [0...5], 5: [1...4]])
        #expect(Set(stencil.unwrappedTiles) == expected)
        #expect(Set(stencil.realTiles) == expected)
        #expect(stencil.bytes(for: .rgba8Tile256) == 20 * 262_144)
    }

    /// The tiles of the closed box [x0, x1] × [y0, y1] (positive area: ⌊x0/T⌋ … ⌈x1/T⌉ − 1).
    static func boxTiles(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ t: Double) -> Set<TileIndex> {
        var set = Set<TileIndex>()
        for row in Int((y0 / t).rounded(.down))...(Int((y1 / t).rounded(.up)) - 1) {
            for col in Int((x0 / t).rounded(.down))...(Int((x1 / t).rounded(.up)) - 1) {
                set.insert(TileIndex(column: col, row: row))
            }
        }
        return set
    }

    /// The tiles whose nearest point to (cx, cy) is closer than √r2 (compared squared, exact for integers).
    static func discTiles(_ cx: Double, _ cy: Double, _ r2: Double, _ t: Double) -> Set<TileIndex> {
        var set = Set<TileIndex>()
        let r = r2.squareRoot()
        for row in Int(((cy - r) / t).rounded(.down)) - 1...Int(((cy + r) / t).rounded(.up)) + 1 {
            for col in Int(((cx - r) / t).rounded(.down)) - 1...Int(((cx + r) / t).rounded(.up)) + 1 {
                let x0 = Double(col) * t, y0 = Double(row) * t
                let dx = max(x0 - cx, 0, cx - (x0 + t))
                let dy = max(y0 - cy, 0, cy - (y0 + t))
                if dx * dx + dy * dy < r2 { set.insert(TileIndex(column: col, row: row)) }
            }
        }
        return set
    }

    /// 300 random axis-aligned flights with a centred anchor and pivots, against corridor box ∪ two discs computed
    /// here in closed form: the disc radius² is (w·z/2 + m + d)² + (h·z/2 + m)². Half of them use integer pixels
    /// and even sizes, so discs pass exactly through tile corners and edges fall on tile boundaries.
    @Test func randomCentredPivotsAreDiscs() throws {
        var g = SplitMix64(seed: 0xD15C)
        let grids: [TileGrid] = [.marsViking, .marsVikingDouble, try .xyz(level: 3)]
        var failures = 0
        for i in 0..<300 {
            let grid = g.pick(grids)
            let t = grid.tileLength
            let integer = i % 2 == 0
            func size() -> Double { integer ? Double(2 * g.int(10...200)) : g.uniform(20, 400) }
            let (w, h) = (size(), size())
            let scale = integer ? 1.0 : g.pick([0.5, 1, 2, g.uniform(0.3, 2)])
            let margin = g.chance(0.5) ? 0 : (integer ? Double(g.int(0...16)) : g.uniform(0, 16))
            let band = g.chance(0.5) ? 0 : (integer ? Double(g.int(0...64)) : g.uniform(0, 64))
            let heading = g.pick([0.0, 90, 180, 270])
            var length = integer ? Double(g.int(1...1500)) : g.uniform(0.5, 1500)
            let halfAcross = w * scale / 2 + margin + band
            let halfAlong = h * scale / 2 + margin
            let r2 = halfAcross * halfAcross + halfAlong * halfAlong
            let r = r2.squareRoot()
            if heading == 0 || heading == 180 {
                length = max(0.5, min(length, (grid.height - 2 * r - 4).rounded(.down)))
            }
            let (ux, uy): (Double, Double) =
                heading == 0 ? (0, -1) : heading == 90 ? (1, 0) : heading == 180 ? (0, 1) : (-1, 0)
            var ax = g.uniform(0, grid.width)
            var ay = g.uniform(r + 1 + max(0, -uy * length), grid.height - r - 1 - max(0, uy * length))
            if integer {
                ax = ax.rounded()
                ay = ay.rounded()
            }
            let bx = ax + ux * length, by = ay + uy * length
            let screen = try Screen(width: w, height: h, scale: scale, margin: margin)
            let flight = try HandWorked.flight((ax, ay), (bx, by), on: grid, screen: screen, band: band)
            // Corridor: A + p·u + q·r for p ∈ [−halfAlong, L + halfAlong], q ∈ [−halfAcross, halfAcross], r = (−u.y, u.x).
            var expected = Self.boxTiles(
                min(ax - ux * halfAlong, bx + ux * halfAlong) - abs(uy) * halfAcross,
                min(ay - uy * halfAlong, by + uy * halfAlong) - abs(ux) * halfAcross,
                max(ax - ux * halfAlong, bx + ux * halfAlong) + abs(uy) * halfAcross,
                max(ay - uy * halfAlong, by + uy * halfAlong) + abs(ux) * halfAcross, t)
            expected.formUnion(Self.discTiles(ax, ay, r2, t))
            expected.formUnion(Self.discTiles(bx, by, r2, t))
            let got = Set(try Stencil(flight: flight).unwrappedTiles)
            if got != expected {
                failures += 1
                Issue.record(
                    """
                    flight \(i): \(grid) A (\(ax), \(ay)) B (\(bx), \(by)) screen \(w) × \(h) @ \(scale) m \(margin) \
                    d \(band): missing \(expected.subtracting(got).sorted()), extra \(got.subtracting(expected).sorted())
                    """)
                if failures >= 5 { break }
            }
        }
    }
}
