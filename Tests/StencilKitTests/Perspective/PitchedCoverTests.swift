import MercatorMath
import StencilKit
import Testing

/// MODEL §13 example 7, hand-worked there: the camera's numbers and its 32 tiles.
@Suite struct PitchedCoverExampleTests {
    static let levels = try! LevelOfDetail(tileSize: 256, levelBias: 0, minLevel: 0, maxLevel: 22)

    static func camera(pitch: Double, width: Double = 1024, height: Double = 768) throws -> PerspectiveCamera {
        try PerspectiveCamera(
            center: GeoCoordinate(latitude: 47.3769, longitude: 8.5417), mapZoom: 14.3, bearing: 37, pitch: pitch,
            width: width, height: height, levels: levels)
    }

    @Test func exampleSevenNumbers() throws {
        let c = try Self.camera(pitch: 60)
        #expect(c.level == 14)
        #expect(abs(c.screen.scale - 0.8122523964) < 1e-9)
        #expect(abs(c.focalLength - 1151.9965701) < 1e-6)
        #expect(abs(c.eyeHeight - 467.8559873) < 1e-6)
        #expect(abs(c.center.x - 2196670.0180) < 1e-3 && abs(c.center.y - 1468785.1114) < 1e-3)
        #expect(abs(c.eye.x - 2196182.3370) < 1e-3 && abs(c.eye.y - 1469432.2859) < 1e-3)
        // Near and far edges: depths 593.2170 and 2213.9273 px; ℓ from 14.9575 to 13.0575.
        let near = c.footprint.a
        let far = c.footprint.b
        #expect(abs(c.depth(of: near) - 593.2170) < 1e-3)
        #expect(abs(c.depth(of: far) - 2213.9273) < 1e-3)
        #expect(abs(c.levelOfDetail(at: near) - 14.9575) < 1e-4)
        #expect(abs(c.levelOfDetail(at: far) - 13.0575) < 1e-4)
    }

    @Test func exampleSevenCover() throws {
        let tiles = try Self.camera(pitch: 60).cover()
        var expected: [[Int]] = []
        for (row, cols) in [(2865, 4290...4291), (2866, 4290...4292), (2867, 4291...4293), (2868, 4292...4292)] {
            for i in cols { expected.append([13, i, row]) }
        }
        for (row, cols) in [
            (5734, 8579...8581), (5735, 8579...8581), (5736, 8579...8583), (5737, 8579...8583),
            (5738, 8578...8582), (5739, 8580...8581),
        ] {
            for i in cols { expected.append([14, i, row]) }
        }
        #expect(tiles.map { [$0.level, $0.tile.x, $0.tile.y] } == expected)
    }

    @Test func exampleSevenAtEightyDegrees() throws {
        let tiles = try Self.camera(pitch: 80).cover()
        let counts = Dictionary(grouping: tiles, by: \.level).mapValues(\.count)
        #expect(counts == [10: 4, 11: 15, 12: 16, 13: 13, 14: 18, 15: 22])
    }

    @Test func issueCoverSizes() throws {
        #expect(try Self.camera(pitch: 75).cover().count == 90)
        #expect(try Self.camera(pitch: 60, width: 1920, height: 1080).cover().count == 62)
        let t75 = try Self.camera(pitch: 75, width: 1920, height: 1080).cover()
        #expect(t75.count == 184)
        #expect(Set(t75.map(\.level)) == Set(10...15))
        #expect(try Self.camera(pitch: 85, width: 1920, height: 1080).cover().count == 160)
        // The same trapezoid at the single level 14 (n_min = n_max = 14): 6,176 tiles, 33 times as many.
        let single = try PerspectiveCamera(
            center: GeoCoordinate(latitude: 47.3769, longitude: 8.5417), mapZoom: 14.3, bearing: 37, pitch: 75,
            width: 1920, height: 1080, levels: LevelOfDetail(tileSize: 256, minLevel: 14, maxLevel: 14))
        #expect(try single.cover().count == 6176)
    }
}
