import Foundation
import MercatorMath
import StencilKit
import StencilKitIO
import Testing

@Suite("The Alps Terrarium fixture (scripts/make-dem-fixture.py)")
struct AlpsFixtureTests {
    @Test("Its 90 level-10 tiles give the root [0, 4,400] m; Chamonix's tile stays under 3,500 m")
    func bounds() throws {
        let path = Fixtures.path("alps-terrarium-z10.pmtiles")
        let (level, tiles) = try DEMBounds.deepestLevel(of: PMTilesReader(path: path))
        #expect(level == 10)
        var expected: Set<TileID> = []
        for y in 357...365 {
            for x in 528...537 { expected.insert(try TileID(level: 10, x: x, y: y)) }
        }
        #expect(Set(tiles) == expected && tiles.count == 90)
        let bounds = try DEMBounds(path: path, encoding: .terrarium)
        #expect(bounds.tileSize == 256 && bounds.presentTiles == 90)
        // The script's recorded extremes: the samples lie in 378…4,400 m; absent tiles around add 0 m.
        let metadata = try JSONSerialization.jsonObject(with: PMTilesReader(path: path).metadata()) as? [String: Any]
        #expect(metadata?["minElevation"] as? Int == 378 && metadata?["maxElevation"] as? Int == 4400)
        #expect(bounds.root == ElevationRange(lo: 0, hi: 4400))
        let terrain = try bounds.terrainBounds()
        #expect(terrain.deepestLevel == 10)
        let chamonix = terrain.range(of: try TileID(level: 10, x: 531, y: 364))
        #expect(chamonix.lo >= 378 && chamonix.hi < 3500)
        #expect(terrain.range(of: try TileID(level: 10, x: 531, y: 365)).hi == 4400)  // Mont Blanc's
        // A level-10 tile at the region's edge takes in the absent neighbours' 0 m.
        #expect(terrain.range(of: try TileID(level: 10, x: 528, y: 357)).lo == 0)
        // A level-14 tile inherits its level-10 ancestor's range.
        #expect(terrain.range(of: try TileID(level: 14, x: 531 * 16 + 5, y: 364 * 16 + 9)) == chamonix)
    }
}
