import Foundation
import MercatorMath
import TestSupport
import Testing

@testable import StencilKit

/// Flat terrain is §11 (MODEL.md §14): with every bound [0, 0] and the eye at the datum anchor, the terrain cover is
/// the pitched cover (``PerspectiveCamera/cover(order:into:)``), tile for tile, on thousands of random cameras (the
/// generator of ``PitchedRandomTests``: all bearings, pitches 0…85°, margins, biases, level ranges, centres across
/// ±180° and past the terrain's rows); nearest first, for pitch > 0, in §11's order up to exact ties (at pitch 0 §11's
/// cover orders by distance ahead, §14's by depth, which is constant there).
struct TerrainFlatTests {
    static let cameras = 3000

    @Test func flatTerrainIsThePitchedCover() throws {
        var g = SplitMix64(seed: 0x7E44_A1F1)
        var pitched = PitchedCover()
        var terrain = TerrainCover()
        var compared = 0
        var refused = 0
        var orderedCompared = 0
        var multiLevel = 0
        var bad: [String] = []
        for index in 0..<Self.cameras {
            let p = PitchedRandomTests.makeParameters(&g)
            guard let camera = try? p.camera() else {
                refused += 1
                continue
            }
            // Both refuse a cover past the tile limit; compare the rest.
            do { try camera.cover(into: &pitched) } catch {
                refused += 1
                continue
            }
            let view = try TerrainCamera(camera: camera, bounds: .flat)
            do { try view.cover(into: &terrain) } catch {
                bad.append("camera \(index): terrain cover refused \(error) — \(p)")
                continue
            }
            compared += 1
            if Set(pitched.tiles.map(\.level)).count >= 3 { multiLevel += 1 }
            if Array(pitched.tiles) != Array(terrain.tiles) {
                bad.append(
                    "camera \(index): \(pitched.tiles.count) pitched vs \(terrain.tiles.count) terrain tiles — \(p)")
                continue
            }
            if p.pitch > 0 && pitched.tiles.count <= 400 {
                // Same tiles, and §11's key (least distance ahead) never falls along the terrain order by more
                // than rounding: tiles clipped at the near edge tie exactly in theory, and §14 breaks the tie
                // coarsest first, then row-major, where §11 sorts by the last bits of its clipped vertices.
                try view.cover(order: .nearestFirst, into: &terrain)
                orderedCompared += 1
                let keys = terrain.tiles.map { camera.leastDistanceAhead(of: $0) }
                let scale = max(1, keys.map(abs).max() ?? 1)
                if Set(terrain.tiles) != Set(pitched.tiles)
                    || zip(keys, keys.dropFirst()).contains(where: { $0 > $1 + 1e-9 * scale })
                {
                    bad.append("camera \(index): nearest first — \(p)")
                }
            }
        }
        print("TerrainFlatTests: \(compared) compared, \(orderedCompared) nearest first, \(refused) refused by both")
        for b in bad.prefix(20) { Issue.record(Comment(rawValue: b)) }
        #expect(bad.isEmpty)
        #expect(compared >= Self.cameras * 9 / 10)
        #expect(orderedCompared >= Self.cameras / 2)
        #expect(multiLevel >= Self.cameras / 5)
    }
}
