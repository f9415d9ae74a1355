import Foundation
import TestSupport
import Testing

@testable import StencilKit

/// MODEL.md example 7 (§13) through the library's ``PerspectiveCamera``, tile by tile, with its figures (checked
/// at the trapezoid's corners and the band edge), the pitch-80° variant and issue 19's cover sizes. Expected values
/// are the example's, and the oracle's (``PitchedOracle``, which reproduces the example by itself:
/// ``PitchedOracleExampleTests``).
struct PitchedExampleTests {
    typealias Tile = PitchedOracle.Tile

    static func close(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance }

    static func example7(
        pitch: Double = 60, width: Double = 1024, height: Double = 768, minLevel: Int = 0, maxLevel: Int = 22
    ) throws -> PerspectiveCamera {
        try PerspectiveCamera(
            center: GeoCoordinate(latitude: 47.3769, longitude: 8.5417), mapZoom: 14.3, bearing: 37, pitch: pitch,
            width: width, height: height, levels: LevelOfDetail(minLevel: minLevel, maxLevel: maxLevel))
    }

    /// u(37°) and r(37°), written out.
    static let u = PixelPoint(x: sin(37 * Double.pi / 180), y: -cos(37 * Double.pi / 180))
    static let r = PixelPoint(x: cos(37 * Double.pi / 180), y: sin(37 * Double.pi / 180))
    /// e = (2196182.3370, 1469432.2859) (MODEL.md), to 4 decimals.
    static let e = PixelPoint(x: 2_196_182.3370, y: 1_469_432.2859)

    @Test func example7Camera() throws {
        let camera = try Self.example7()
        #expect(camera.level == 14 && camera.referenceLevel == 14)
        #expect(Self.close(camera.mapZoom, 14.3, 1e-12))
        #expect(Self.close(camera.screen.scale, 0.8122523964, 1e-10))
        #expect(camera.screen.anchor == .center && camera.screen.margin == 0)
        #expect(camera.screen.width == 1024 && camera.screen.height == 768)
        #expect(camera.bearing == 37 && camera.pitch == 60 && camera.fieldOfView == 36.87 && camera.horizon == 89.25)
        #expect(Self.close(camera.center.x, 2_196_670.0180, 1e-4) && Self.close(camera.center.y, 1_468_785.1114, 1e-4))
        // δ(c) = D·z = 935.7119746 px, ℓ(c) = Z + b = 14.3.
        #expect(Self.close(camera.depth(of: camera.center), 935.7119746, 1e-6))
        #expect(Self.close(camera.levelOfDetail(at: camera.center), 14.3, 1e-9))
        #expect(camera.level(at: camera.center) == 14)
    }

    @Test func example7FootprintAndDepths() throws {
        let camera = try Self.example7()
        let quad = camera.footprint
        // Near edge 414.8712 px ahead of e, half-width 263.6528; far edge 2286.3063, half-width 983.9706:
        // near-left, far-left, far-right, near-right.
        let local: [(ahead: Double, across: Double)] = [
            (414.8712, -263.6528), (2286.3063, -983.9706), (2286.3063, 983.9706), (414.8712, 263.6528),
        ]
        for (i, l) in local.enumerated() {
            let q = quad[i] - Self.e
            #expect(Self.close(q.dot(Self.u), l.ahead, 2e-4), "corner \(i) ahead")
            #expect(Self.close(q.dot(Self.r), l.across, 2e-4), "corner \(i) across")
        }
        // Depths 593.2170 (near) to 2213.9273 (far); ℓ from 14.9575 to 13.0575.
        for i in [0, 3] {
            #expect(Self.close(camera.depth(of: quad[i]), 593.2170, 1e-4))
            #expect(Self.close(camera.levelOfDetail(at: quad[i]), 14.9575, 1e-4))
            #expect(camera.level(at: quad[i]) == 14)
        }
        for i in [1, 2] {
            #expect(Self.close(camera.depth(of: quad[i]), 2213.9273, 1e-4))
            #expect(Self.close(camera.levelOfDetail(at: quad[i]), 13.0575, 1e-4))
            #expect(camera.level(at: quad[i]) == 13)
        }
        // The band edge between levels 14 and 13 is 1060.0943 px ahead of e, at depth 1151.9966 (= D): ℓ = 14 there.
        let edge = Self.e + 1060.0943 * Self.u
        #expect(Self.close(camera.depth(of: edge), 1151.9966, 1e-3))
        #expect(Self.close(camera.levelOfDetail(at: edge), 14, 1e-6))
        #expect(camera.level(at: edge - 0.01 * Self.u) == 14)
        #expect(camera.level(at: edge + 0.01 * Self.u) == 13)
        // Level 14's band begins at 575.9983 px of depth (ℓ = 15): nearer than the near edge, so none is 15.
        #expect(camera.levelOfDetail(at: quad[0]) < 15)
    }

    @Test func example7TileByTile() throws {
        let camera = try Self.example7()
        let tiles = try camera.cover()
        #expect(tiles.count == 32)
        #expect(tiles.map(PitchedCheck.tile) == PitchedOracleExampleTests.example7Tiles)
        PitchedCheck.checkTileFields(tiles, referenceLevel: 14, tileSize: 256)
        // The first tile, (13, 4290, 2865), is drawn at (4290, 2865)·512 level-14 px, 512 px on a side.
        #expect(tiles[0].origin == PixelPoint(x: 2_196_480, y: 1_466_880) && tiles[0].size == 512)
        // The same into a reused buffer, twice (the buffer is replaced, not appended to).
        var buffer = PitchedCover()
        try camera.cover(into: &buffer)
        try camera.cover(into: &buffer)
        #expect(Array(buffer.tiles) == tiles)
        // Nearest first: the same tiles, by least depth over tile ∩ footprint.
        let nearest = try camera.cover(order: .nearestFirst)
        #expect(Set(nearest) == Set(tiles))
        #expect(PitchedCheck.isNearestFirst(nearest.map(PitchedCheck.tile), PitchedOracle.example7()))
        // The first holds the near edge (depth 593.2170): a level-14 tile.
        #expect(nearest[0].level == 14)
    }

    @Test func example7AtPitch80() throws {
        let camera = try Self.example7(pitch: 80)
        let quad = camera.footprint
        // The horizon clip acts: the far edge is 12412.2062 px ahead of e, which lies D·z·sin 80° = 921.4964 px
        // behind c, at (2196115.4476, 1469521.0511).
        let e80 = camera.center - 921.4964072 * Self.u
        #expect(Self.close(e80.x, 2_196_115.4476, 1e-4) && Self.close(e80.y, 1_469_521.0511, 1e-4))
        for i in [1, 2] { #expect(Self.close((quad[i] - e80).dot(Self.u), 12_412.2062, 1e-3)) }
        for i in [0, 3] { #expect(Self.close(camera.depth(of: quad[i]), 323.7273, 1e-4)) }
        for i in [1, 2] { #expect(Self.close(camera.depth(of: quad[i]), 12_251.8520, 1e-4)) }
        let tiles = try camera.cover()
        #expect(tiles.count == 88)
        let counts = PitchedOracle.countsByLevel(tiles.map(PitchedCheck.tile))
        #expect(counts.map(\.level) == [10, 11, 12, 13, 14, 15])
        #expect(counts.map(\.count) == [4, 15, 16, 13, 18, 22])
        #expect(tiles.map(PitchedCheck.tile) == PitchedOracle.example7(pitch: 80).cover().tiles)
    }

    /// Issue 19's sizes (computed independently by the oracle; see ``PitchedOracleExampleTests/issueCoverSizes()``).
    @Test func issueCoverSizes() throws {
        let cases: [(w: Double, h: Double, pitch: Double, count: Int)] = [
            (1024, 768, 60, 32), (1024, 768, 75, 90), (1920, 1080, 60, 62), (1920, 1080, 75, 184),
            (1920, 1080, 85, 160), (3840, 2160, 85, 500),
        ]
        for c in cases {
            let tiles = try Self.example7(pitch: c.pitch, width: c.w, height: c.h).cover().map(PitchedCheck.tile)
            #expect(tiles.count == c.count, "\(c.w)×\(c.h) at \(c.pitch)°")
            let oracle = PitchedOracle.example7(pitch: c.pitch, width: c.w, height: c.h).cover().tiles
            #expect(tiles == oracle, "\(PitchedCheck.difference(library: tiles, oracle: oracle))")
        }
        let single = try Self.example7(pitch: 75, width: 1920, height: 1080, minLevel: 14, maxLevel: 14).cover()
        #expect(single.count == 6176)
        #expect(single.allSatisfy { $0.level == 14 })
        let single4K = try Self.example7(pitch: 85, width: 3840, height: 2160, minLevel: 14, maxLevel: 14).cover()
        #expect(single4K.count == 2923)
    }

    /// The geographic initializer: n_r = n_c = clamp(⌊Z + b⌋, n_min, n_max), z = 2^(n_c − Z), the centre in level-n_c px
    /// by §1's formulas (written out in ``PitchedOracle/geographic(latitude:longitude:mapZoom:bearing:pitch:fieldOfView:horizon:width:height:margin:tileSize:bias:minLevel:maxLevel:)``),
    /// and the cover the oracle's, for random cameras anywhere on the globe (latitudes past the terrain's limit too).
    @Test func geographicCameras() throws {
        var g = SplitMix64(seed: 0x9171_6E0)
        var compared = 0
        for _ in 0..<400 {
            let lat = g.uniform(-89, 89)
            let lon = g.uniform(-180, 180)
            let zoom = g.uniform(0, 22)
            let bias = g.bool() ? 0 : g.unit()
            let minLevel = g.int(0...max(0, Int(zoom) - 1))
            let maxLevel = min(30, Int(zoom) + g.int(0...6))
            let pitch = g.uniform(0, 85)
            let bearing = g.uniform(-180, 180)
            let (w, h) = (g.uniform(200, 2000), g.uniform(200, 2000))
            let o = PitchedOracle.geographic(
                latitude: lat, longitude: lon, mapZoom: zoom, bearing: bearing, pitch: pitch, width: w, height: h,
                bias: bias, minLevel: minLevel, maxLevel: maxLevel)
            let camera = try PerspectiveCamera(
                center: GeoCoordinate(latitude: lat, longitude: lon), mapZoom: zoom, bearing: bearing, pitch: pitch,
                width: w, height: h,
                levels: LevelOfDetail(levelBias: bias, minLevel: minLevel, maxLevel: maxLevel))
            if abs(zoom + bias - (zoom + bias).rounded()) < 1e-9 { continue }
            #expect(camera.referenceLevel == o.referenceLevel && camera.level == o.referenceLevel)
            #expect(abs(camera.screen.scale - o.scale) <= 1e-14 * o.scale)
            #expect(abs(camera.mapZoom - zoom) <= 1e-12)
            let size = o.side(0)
            #expect(
                abs(camera.center.x - o.center.x) <= 1e-12 * size && abs(camera.center.y - o.center.y) <= 1e-10 * size)
            guard o.startCount < 20_000 else { continue }
            let expected = o.cover()
            guard expected.nearTies == 0 else { continue }
            compared += 1
            let tiles = try camera.cover().map(PitchedCheck.tile)
            #expect(tiles == expected.tiles, "\(PitchedCheck.difference(library: tiles, oracle: expected.tiles))")
        }
        #expect(compared > 300)
    }
}
