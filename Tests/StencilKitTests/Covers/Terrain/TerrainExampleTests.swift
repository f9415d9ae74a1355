import Foundation
import MercatorMath
import Testing

@testable import StencilKit

/// MODEL.md example 9 (§14): example 7's camera over terrain, tile by tile, with its figures. Expected values are the
/// example's (independently rederived by ``TerrainOracle`` in ``TerrainOracleTests``).
struct TerrainExampleTests {
    static func close(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance }

    static func camera() throws -> PerspectiveCamera { try PitchedExampleTests.example7() }

    /// 9b's bounds: the root [0, `hi`] m and [0, 0] on the 3 siblings of each of the level-12 tile (x, y)'s
    /// ancestors-or-self at levels 1…12 (36 entries): the tile and its ancestors inherit the root's [0, hi].
    static func bounds(hi: Double, x: Int = 2145, y: Int = 1434) throws -> TerrainBounds {
        var entries: [TerrainBounds.Entry] = []
        var tile = try TileID(level: 12, x: x, y: y)
        while let parent = tile.parent {
            for k in 0..<4 {
                let sibling = try TileID(level: tile.level, x: 2 * parent.x + k & 1, y: 2 * parent.y + k >> 1)
                if sibling != tile { entries.append(TerrainBounds.Entry(tile: sibling, range: .zero)) }
            }
            tile = parent
        }
        return try TerrainBounds(root: ElevationRange(lo: 0, hi: hi), entries: entries)
    }

    static func counts(_ tiles: [PitchedTile]) -> [Int: Int] {
        var out: [Int: Int] = [:]
        for t in tiles { out[t.level, default: 0] += 1 }
        return out
    }

    @Test func example9Figures() throws {
        let view = try TerrainCamera(camera: Self.camera(), bounds: .flat)
        #expect(Self.close(view.eyeHeight, 467.8559873, 1e-6))
        #expect(Self.close(view.heightScale.pixelsPerMetre(atRow: view.camera.eye.y), 0.1544461333, 1e-10))
        #expect(Self.close(view.eyeAltitude, 3029.250246, 1e-6))
        #expect(Self.close(view.volume.nearSlope, 0.8867497504, 1e-10))
        #expect(Self.close(view.volume.farSlope, 4.886773569, 1e-9))
        #expect(Self.close(view.volume.sideSlope, 0.4444457677, 1e-10))
    }

    @Test func example9b() throws {
        let camera = try Self.camera()
        let view = try TerrainCamera(camera: camera, bounds: Self.bounds(hi: 2000))
        let tiles = try view.cover()
        print(Self.counts(tiles), tiles.map { "\($0.tile)" })
        #expect(tiles.count == 37)
    }

    @Test func example9d() throws {
        let camera = try Self.camera()
        let view = try TerrainCamera(camera: camera, bounds: Self.bounds(hi: 3000, x: 2144))
        let tiles = try view.cover()
        print(Self.counts(tiles).sorted { $0.key < $1.key })
        #expect(tiles.count == 149)
    }

    @Test func example9a() throws {
        let camera = try Self.camera()
        let tiles = try TerrainCamera(camera: camera, bounds: .flat).cover()
        #expect(tiles == (try camera.cover()))
        #expect(tiles.count == 32)
    }
}
