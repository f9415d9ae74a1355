import Foundation
import TestSupport
import Testing

@testable import StencilKit

/// Boundaries exactly: a level band's edge through a tile corner and along a tile line (the tile beyond it touches
/// the band only there, so it is not refined; a thousandth of a pixel farther, it is), a footprint edge on a tile
/// line (the tile beyond is not needed; a thousandth of a pixel over, it is), and pitch 0 against today's
/// ``Viewport`` (the same tiles at level n_c, exact boundaries included).
struct PitchedBoundaryTests {
    typealias Tile = PitchedOracle.Tile
    static let eta = 1e-3

    /// `p` with its centre moved by `d` px along u(β) (the oracle's own u).
    static func moved(_ p: PitchedParameters, by d: Double) -> PitchedParameters {
        var q = p
        let u = p.oracle.u
        q.center = PixelPoint(x: p.center.x + d * u.x, y: p.center.y + d * u.y)
        return q
    }

    /// `p` moved along u so that the ground line at `ahead` px ahead of e passes through `point`.
    static func through(_ p: PitchedParameters, ahead: Double, point: PitchedOracle.V) -> PitchedParameters {
        let o = p.oracle
        return moved(p, by: (point - o.e).dot(o.u) - ahead)
    }

    /// Example 7 in level-14 px (c as MODEL.md gives it), at any bearing.
    static func example7(bearing: Double = 37, pitch: Double = 60) -> PitchedParameters {
        let o = PitchedOracle.example7()
        return PitchedParameters(
            center: PixelPoint(x: o.center.x, y: o.center.y), referenceLevel: 14, bearing: bearing, pitch: pitch,
            width: 1024, height: 768, scale: o.scale)
    }

    /// The library's cover at `p` against the oracle's at `q` (a camera a thousandth of a pixel away, whose answer
    /// is not a tie and must be the same).
    static func check(_ p: PitchedParameters, like q: PitchedParameters) throws -> [Tile] {
        let expected = q.oracle.cover()
        #expect(expected.nearTies == 0)
        let tiles = try PitchedCheck.tiles(p.camera())
        #expect(tiles == expected.tiles, "\(PitchedCheck.difference(library: tiles, oracle: expected.tiles)) — \(p)")
        return tiles
    }

    /// Example 7's band edge between levels 14 and 13 (1060.0943 px ahead of e) moved onto the level-13 tile corner
    /// nearest to it, P; the level-13 tile X whose nearest point is P (the one on the far side of the edge) meets the
    /// band only at P, so min δ over X ∩ footprint is exactly D·2^(n_r+b−14): not refined. With the camera η px
    /// ahead, X holds nearer ground and is refined; η px back, it is not.
    @Test(arguments: [37.0, 0, 90, 123.4, 200, 300])
    func bandEdgeThroughATileCorner(bearing: Double) throws {
        let base = Self.example7(bearing: bearing)
        let o = base.oracle
        let edge = o.ahead(atDepth: o.refineDepth(13))
        let q = o.e + edge * o.u
        let corner = PitchedOracle.V(x: (q.x / 512).rounded() * 512, y: (q.y / 512).rounded() * 512)
        let tie = Self.through(base, ahead: edge, point: corner)
        #expect(abs(tie.oracle.ahead(atDepth: o.refineDepth(13)) - (corner - tie.oracle.e).dot(tie.oracle.u)) < 1e-6)
        // X: the level-13 tile with P as the corner of least depth (its other points lie farther along u).
        let u = o.u
        let x = Int((corner.x / 512).rounded()) - (u.x >= 0 ? 0 : 1)
        let y = Int((corner.y / 512).rounded()) - (u.y >= 0 ? 0 : 1)
        let tileX = Tile(level: 13, x: x, y: y)
        let back = Self.moved(tie, by: -Self.eta)
        let ahead = Self.moved(tie, by: Self.eta)
        let unrefined = back.oracle.cover().tiles
        let refined = ahead.oracle.cover().tiles
        // The test can fail: η decides X.
        #expect(unrefined.contains(tileX) && !refined.contains(tileX))
        #expect(refined.contains(Tile(level: 14, x: 2 * x + (u.x >= 0 ? 0 : 1), y: 2 * y + (u.y >= 0 ? 0 : 1))))
        let atTie = try Self.check(tie, like: back)
        #expect(atTie.contains(tileX), "bearing \(bearing): at the tie the tile beyond the band edge is refined")
        _ = try Self.check(back, like: back)
        _ = try Self.check(ahead, like: ahead)
    }

    /// At bearing 0 the band edges are rows of constant y: the level-14/13 edge moved onto a level-13 tile line, so
    /// the whole row beyond it touches the band along its edge only.
    @Test func bandEdgeAlongATileLine() throws {
        let base = Self.example7(bearing: 0)
        let o = base.oracle
        let edge = o.ahead(atDepth: o.refineDepth(13))
        let q = o.e + edge * o.u
        let line = PitchedOracle.V(x: q.x, y: (q.y / 512).rounded() * 512)
        let tie = Self.through(base, ahead: edge, point: line)
        let back = Self.moved(tie, by: -Self.eta)
        let ahead = Self.moved(tie, by: Self.eta)
        #expect(back.oracle.cover().tiles != ahead.oracle.cover().tiles)
        _ = try Self.check(tie, like: back)
        _ = try Self.check(back, like: back)
        _ = try Self.check(ahead, like: ahead)
    }

    /// A footprint edge on a tile line: at bearing 0 the far edge (level-13 tiles there) and the near edge (level
    /// 14) are rows of constant y; moved onto a tile line, the row beyond touches the footprint along its edge only
    /// and is not needed; moved η over, it is.
    @Test(arguments: [60.0, 30, 75])
    func footprintEdgeOnATileLine(pitch: Double) throws {
        let base = Self.example7(bearing: 0, pitch: pitch)
        let o = base.oracle
        for (ahead, outward) in [(o.farAhead, 1.0), (o.nearAhead, -1.0)] {
            let q = o.e + ahead * o.u
            let level = o.level(at: q)
            let side = o.side(level)
            let line = PitchedOracle.V(x: q.x, y: (q.y / side).rounded() * side)
            let tie = Self.through(base, ahead: ahead, point: line)
            // Inside by η: the same tiles as at the tie; outside by η: a row more.
            let inside = Self.moved(tie, by: -outward * Self.eta)
            let outside = Self.moved(tie, by: outward * Self.eta)
            #expect(inside.oracle.cover().tiles.count < outside.oracle.cover().tiles.count)
            _ = try Self.check(tie, like: inside)
            _ = try Self.check(inside, like: inside)
            _ = try Self.check(outside, like: outside)
        }
    }

    /// Pitch 0 is today's view: for random centres (a third of them on half-tiles, with bearings a multiple of 90° and
    /// screens a whole number of tiles, so the footprint's edges lie exactly on tile lines), the camera's footprint
    /// is the view's and its cover is the view's visible tiles, all at level n_c, in the same row-major order.
    @Test func pitchZeroIsTheViewport() throws {
        var g = SplitMix64(seed: 0x9171_0000)
        var exact = 0
        for _ in 0..<1500 {
            let n = g.int(0...20)
            let tileSize = g.pick([256, 512])
            let t = Double(tileSize)
            let w = t * exp2(Double(n))
            let scale = g.bool() ? 1 : exp2(-g.uniform(0, 3))
            let onGrid = g.int(0...2) == 0
            let bearing = onGrid ? Double(g.int(-4...8)) * 90 : g.uniform(-360, 360)
            let width = onGrid ? Double(g.int(1...8)) * t / scale : g.uniform(64, 3000)
            let height = onGrid ? Double(g.int(1...8)) * t / scale : g.uniform(64, 3000)
            let margin = g.bool() ? 0 : (onGrid ? Double(g.int(1...2)) * t / 2 : g.uniform(0, 100))
            let center =
                onGrid
                ? PixelPoint(x: Double(g.int(-8...(2 << n))) * t / 2, y: Double(g.int(-4...(2 << n) + 4)) * t / 2)
                : PixelPoint(x: g.uniform(-w, 2 * w), y: g.uniform(-0.2 * w, 1.2 * w))
            if onGrid { exact += 1 }
            let screen = try Screen(width: width, height: height, scale: scale, margin: margin)
            let levels = try LevelOfDetail(
                tileSize: tileSize, levelBias: g.bool() ? 0 : g.unit(), minLevel: g.int(0...n), maxLevel: n)
            let camera = try PerspectiveCamera(
                center: center, referenceLevel: n, bearing: bearing, pitch: 0, screen: screen, levels: levels)
            let view = try Viewport(
                grid: .xyz(level: n, tileSize: tileSize), center: center, bearing: bearing, screen: screen)
            #expect(camera.level == n)
            let quad = view.footprint.corners
            // The same rectangle (the camera lists near-left first: the view's behind-left corner).
            for i in 0..<4 {
                let a = camera.footprint[i]
                let b = quad[i]
                let tol = 1e-9 * max(width, height) * scale + 1e-12 * max(abs(b.x), abs(b.y))
                #expect(abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol, "corner \(i): \(a) vs \(b)")
            }
            var visible: [VisibleTile] = []
            view.visibleTiles(into: &visible)
            let tiles = try camera.cover()
            #expect(tiles.allSatisfy { $0.level == n })
            #expect(
                tiles.map { TileIndex(column: $0.tile.x, row: $0.tile.y) } == visible.map(\.tile),
                "n \(n) T \(tileSize) centre \(center) bearing \(bearing) screen \(width)×\(height) z \(scale) m \(margin)"
            )
            #expect(tiles.map(\.origin) == visible.map(\.origin))
        }
        #expect(exact > 400)
    }

    /// Pitch 0 with θ_max below f/2: §11's formula clips the far rows at y_far = −D·tan θ_max (the footprint is no
    /// longer the view's rectangle), while "for p = 0 this is the view of §8" keeps the whole screen. The library
    /// follows the formula at every pitch (it kept the whole screen at exactly p = 0 until this test found the jump
    /// between p = 0 and 10⁻⁶°).
    @Test func pitchZeroWithAHorizonInsideTheFieldOfView() throws {
        var p = Self.example7(pitch: 0)
        p.fieldOfView = 90
        p.horizon = 30
        var tilted = p
        tilted.pitch = 1e-6
        let clipped = try PitchedCheck.tiles(tilted.camera())
        #expect(clipped == tilted.oracle.cover().tiles)
        let flat = try PitchedCheck.tiles(p.camera())
        let expected = p.oracle.cover().tiles
        print(
            "pitch 0, fov 90°, θ_max 30°: library \(flat.count) tiles, §11's formula \(expected.count); at 1e-6°: \(clipped.count)"
        )
        #expect(flat == expected, "\(PitchedCheck.difference(library: flat, oracle: expected))")
    }

    /// The band-edge test for random cameras: a random level n whose band edge (ℓ = n + 1, depth D·2^(n_r+b−n−1))
    /// crosses the footprint, moved onto a level-n tile corner P well inside it. At the tie the level-n tile X beyond
    /// P is not refined (the library's cover is the oracle's with the camera η px back); η px ahead it is.
    @Test func randomBandEdgesThroughTileCorners() throws {
        var g = SplitMix64(seed: 0x9171_B0B0)
        var checked = 0
        var attempts = 0
        while checked < 300 && attempts < 5000 {
            attempts += 1
            var base = PitchedRandomTests.makeParameters(&g)
            base.pitch = g.uniform(20, 85)
            let o = base.oracle
            guard o.startCount < 5000 else { continue }
            let nearDepth = o.depth(o.corners[0])
            let farDepth = o.depth(o.corners[1])
            // Levels n with n_min ≤ n < n_max whose refine depth lies strictly inside (near, far).
            let levels = (base.minLevel..<base.maxLevel).filter {
                let d = o.refineDepth($0)
                return d > nearDepth * 1.01 && d < farDepth * 0.99
            }
            guard let n = levels.isEmpty ? nil : g.pick(levels) else { continue }
            let edge = o.ahead(atDepth: o.refineDepth(n))
            // A point on the band edge, at a random fraction of the footprint's width there.
            let k = (edge - o.nearAhead) / (o.farAhead - o.nearAhead)
            let half = o.nearHalfWidth + k * (o.farHalfWidth - o.nearHalfWidth)
            let q = o.e + edge * o.u + (g.uniform(-0.8, 0.8) * half) * o.r
            let side = o.side(n)
            let corner = PitchedOracle.V(x: (q.x / side).rounded() * side, y: (q.y / side).rounded() * side)
            let tie = Self.through(base, ahead: edge, point: corner)
            let t = tie.oracle
            // P well inside the footprint (a tenth of a tile from every edge line).
            guard t.halfPlanes.allSatisfy({ $0.n.dot(corner) - $0.c < -0.1 * side }) else { continue }
            let u = t.u
            let x = Int((corner.x / side).rounded()) - (u.x >= 0 ? 0 : 1)
            let y = Int((corner.y / side).rounded()) - (u.y >= 0 ? 0 : 1)
            guard y >= 0 && y < 1 << n else { continue }
            let tileX = Tile(level: n, x: x, y: y)
            let eta = max(1e-3, 10 * t.tolerance(n))
            let back = Self.moved(tie, by: -eta)
            let ahead = Self.moved(tie, by: eta)
            let unrefined = back.oracle.cover()
            let refined = ahead.oracle.cover()
            guard unrefined.nearTies == 0 && refined.nearTies == 0 else { continue }
            guard let camera = try? tie.camera() else { continue }
            checked += 1
            #expect(unrefined.tiles.contains(tileX) && !refined.tiles.contains(tileX), "X \(tileX) — \(tie)")
            let atTie = try PitchedCheck.tiles(camera)
            #expect(
                atTie == unrefined.tiles,
                "at the tie (X = \(tileX)): \(PitchedCheck.difference(library: atTie, oracle: unrefined.tiles)) — \(tie)"
            )
            let a = try PitchedCheck.tiles(ahead.camera())
            #expect(
                a == refined.tiles, "η ahead: \(PitchedCheck.difference(library: a, oracle: refined.tiles)) — \(ahead)")
        }
        #expect(checked == 300)
    }
}
