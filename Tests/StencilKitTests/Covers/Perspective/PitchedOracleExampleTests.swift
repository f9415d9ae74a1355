import Foundation
import TestSupport
import Testing

/// The tests' own pitched-cover oracle (``PitchedOracle``) alone against MODEL.md example 7 (§13) and the cover
/// sizes of issue 19, before it judges the library: if it reproduces the hand-worked figures tile by tile, its
/// answers on random cameras are worth comparing with.
struct PitchedOracleExampleTests {
    typealias V = PitchedOracle.V

    static func close(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance }

    /// Row-major runs written out: `[(level, row, firstColumn, lastColumn)]`.
    static func runs(_ list: [(Int, Int, Int, Int)]) -> [PitchedOracle.Tile] {
        list.flatMap { n, row, first, last in (first...last).map { PitchedOracle.Tile(level: n, x: $0, y: row) } }
    }

    /// Example 7's cover as MODEL.md §13 lists it (32 tiles).
    static let example7Tiles = runs([
        (13, 2865, 4290, 4291), (13, 2866, 4290, 4292), (13, 2867, 4291, 4293), (13, 2868, 4292, 4292),
        (14, 5734, 8579, 8581), (14, 5735, 8579, 8581), (14, 5736, 8579, 8583), (14, 5737, 8579, 8583),
        (14, 5738, 8578, 8582), (14, 5739, 8580, 8581),
    ])

    @Test func example7Figures() {
        let o = PitchedOracle.example7()
        #expect(o.level == 14 && o.referenceLevel == 14)
        #expect(Self.close(o.scale, 0.8122523964, 1e-10))
        #expect(Self.close(o.D, 1151.9965701, 1e-7))
        #expect(Self.close(o.centerDepth, 935.7119746, 1e-7))
        #expect(Self.close(o.H, 467.8559873, 1e-7))
        #expect(Self.close(o.center.x, 2_196_670.0180, 1e-4) && Self.close(o.center.y, 1_468_785.1114, 1e-4))
        #expect(Self.close((o.center - o.e).dot(o.u), 810.3503, 1e-4))
        #expect(Self.close(o.e.x, 2_196_182.3370, 1e-4) && Self.close(o.e.y, 1_469_432.2859, 1e-4))
        // The top row is 60° + 18.435° = 78.435° from the nadir: no horizon clip.
        #expect(o.yFar == -384)
        #expect(Self.close(o.nearAhead, 414.8712, 1e-4) && Self.close(o.nearHalfWidth, 263.6528, 1e-4))
        #expect(Self.close(o.farAhead, 2286.3063, 1e-4) && Self.close(o.farHalfWidth, 983.9706, 1e-4))
        let near = [o.corners[0], o.corners[3]]
        let far = [o.corners[1], o.corners[2]]
        for q in near {
            #expect(Self.close(o.depth(q), 593.2170, 1e-4))
            #expect(Self.close(o.levelOfDetail(q), 14.9575, 1e-4))
            #expect(o.level(at: q) == 14)
        }
        for q in far {
            #expect(Self.close(o.depth(q), 2213.9273, 1e-4))
            #expect(Self.close(o.levelOfDetail(q), 13.0575, 1e-4))
            #expect(o.level(at: q) == 13)
        }
        #expect(Self.close(o.depth(o.center), o.centerDepth, 1e-9))
        // Level 14 holds (575.9983, 1151.9966], level 13 (1151.9966, 2303.9931]; the band edge is 1060.0943 px
        // ahead of e.
        #expect(Self.close(o.refineDepth(14), 575.9983, 1e-4) && Self.close(o.refineDepth(13), 1151.9966, 1e-4))
        #expect(Self.close(o.refineDepth(12), 2303.9931, 1e-4))
        #expect(Self.close(o.ahead(atDepth: o.refineDepth(13)), 1060.0943, 1e-4))
    }

    @Test func example7TileByTile() {
        let cover = PitchedOracle.example7().cover()
        #expect(cover.nearTies == 0)
        #expect(cover.tiles.count == 32)
        #expect(cover.tiles == Self.example7Tiles)
    }

    @Test func example7AtPitch80() {
        let o = PitchedOracle.example7(pitch: 80)
        // The horizon clip acts: y_far = −D·tan(9.25°) = −187.6146 points.
        #expect(Self.close(o.yFar, -187.6146, 1e-4))
        #expect(Self.close(o.farAhead, 12_412.2062, 1e-4))
        #expect(Self.close(o.depth(o.corners[0]), 323.7273, 1e-4))
        #expect(Self.close(o.depth(o.corners[1]), 12_251.8520, 1e-4))
        let cover = o.cover()
        #expect(cover.nearTies == 0)
        #expect(cover.tiles.count == 88)
        let counts = PitchedOracle.countsByLevel(cover.tiles)
        #expect(counts.map(\.level) == [10, 11, 12, 13, 14, 15])
        #expect(counts.map(\.count) == [4, 15, 16, 13, 18, 22])
    }

    /// Issue 19's cover sizes for example 7's setting (Z = 14.3, levels 0…22, fov 36.87°, bearing 37°), and the same
    /// trapezoid at the single level 14.
    @Test func issueCoverSizes() {
        let cases: [(w: Double, h: Double, pitch: Double, count: Int, levels: ClosedRange<Int>)] = [
            (1024, 768, 60, 32, 13...14), (1024, 768, 75, 90, 10...15), (1920, 1080, 60, 62, 13...14),
            (1920, 1080, 75, 184, 10...15), (1920, 1080, 85, 160, 11...16),
            // Not in the issue: a 4K screen at 85° (PerspectiveCamera.maximumCoverTiles's doc speaks of it).
            (3840, 2160, 85, 500, 11...16),
        ]
        for c in cases {
            let cover = PitchedOracle.example7(pitch: c.pitch, width: c.w, height: c.h).cover()
            #expect(cover.nearTies == 0)
            #expect(cover.tiles.count == c.count, "\(c.w)×\(c.h) at \(c.pitch)°")
            let levels = PitchedOracle.countsByLevel(cover.tiles).map(\.level)
            #expect(levels.first == c.levels.lowerBound && levels.last == c.levels.upperBound)
        }
        let single = PitchedOracle.example7(pitch: 75, width: 1920, height: 1080, minLevel: 14, maxLevel: 14).cover()
        #expect(single.tiles.count == 6176)
        let single4K = PitchedOracle.example7(pitch: 85, width: 3840, height: 2160, minLevel: 14, maxLevel: 14).cover()
        #expect(single4K.tiles.count == 2923)
    }

    /// The oracle's two routes to the trapezoid agree: its corners (where the edge lines meet) are the ground points
    /// of the screen's bottom corners and of the ends of the row y_far (§11's screen rows), and map back to them.
    @Test func cornersAreTheScreenCornersOnTheGround() {
        var g = SplitMix64(seed: 0x0_7AC1E)
        var ran = 0
        for _ in 0..<200 {
            let o = PitchedOracle(
                center: V(x: g.uniform(-1e6, 1e6), y: g.uniform(-1e6, 1e6)), referenceLevel: 14,
                bearing: g.uniform(0, 360), pitch: g.uniform(0, 85), fieldOfView: g.uniform(5, 120),
                horizon: 89.25, width: g.uniform(100, 3000), height: g.uniform(100, 3000), scale: g.uniform(0.2, 4))
            guard o.horizon > o.pitch else { continue }
            ran += 1
            let top = o.yFar + o.height / 2
            let screen = [V(x: 0, y: o.height), V(x: 0, y: top), V(x: o.width, y: top), V(x: o.width, y: o.height)]
            for (corner, s) in zip(o.corners, screen) {
                let q = o.groundPoint(s)!
                let scale = max(1, abs(o.farAhead))
                #expect(abs(q.x - corner.x) <= 1e-9 * scale + 1e-9 * abs(corner.x))
                #expect(abs(q.y - corner.y) <= 1e-9 * scale + 1e-9 * abs(corner.y))
                let back = o.screenPoint(corner)!
                #expect(abs(back.x - s.x) <= 1e-6 * o.width && abs(back.y - s.y) <= 1e-6 * o.height)
            }
        }
        // Every pitch drawn (below 85°) lies under the 89.25° horizon.
        #expect(ran >= 200, "\(ran) of 200 cameras below the horizon")
    }

    /// At pitch 0 the trapezoid is §4's rectangle about c, w·z × h·z, grown by m on every side, and the cover is the
    /// level-n_c tiles it needs when n_min ≤ Z + b < n_c + 1.
    @Test func pitchZeroIsTheFlatView() {
        let o = PitchedOracle(
            center: V(x: 1000.5, y: 2000.25), referenceLevel: 5, bearing: 0, pitch: 0, width: 512, height: 256,
            scale: 1, margin: 3, minLevel: 0, maxLevel: 22)
        let expected = [
            V(x: 741.5, y: 2131.25), V(x: 741.5, y: 1869.25), V(x: 1259.5, y: 1869.25), V(x: 1259.5, y: 2131.25),
        ]
        for (a, b) in zip(o.corners, expected) { #expect(Self.close(a.x, b.x, 1e-9) && Self.close(a.y, b.y, 1e-9)) }
        // Columns ⌊741.5/256⌋ = 2 … ⌊1259.5/256⌋ = 4, rows ⌊1869.25/256⌋ = 7 … ⌊2131.25/256⌋ = 8.
        let cover = o.cover()
        #expect(cover.tiles == Self.runs([(5, 7, 2, 4), (5, 8, 2, 4)]))
    }
}
