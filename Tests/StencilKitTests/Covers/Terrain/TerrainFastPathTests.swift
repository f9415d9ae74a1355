import Foundation
import MercatorMath
import TestSupport
import Testing

@testable import StencilKit

/// The terrain cover's fast paths — [0, 0] subtrees decided by §11's row covers (``FlatRows``), the corner and column
/// shortcuts, boxes inside V's refined parents taken without tests — give the box-by-box cover (the one asked with
/// least depths, which ``TerrainOracleTests`` checks against the oracle) tile for tile, on random cameras at the datum
/// anchor over bounds that mix flat ground and mountains (example 9b's pattern: a hill among [0, 0] siblings):
/// 3,000 cameras, over a third with flat tiles at two levels or more, a quarter mixing flat tiles and hills.
struct TerrainFastPathTests {
    static let cameras = 3000

    /// Random bounds over the camera's view: the root [0, hi], and at levels 1…N_b the tiles holding random points of
    /// the footprint and the eye, each [0, 0] or a hill [0, u·hi of its parent], often with its 3 siblings [0, 0].
    static func mixedBounds(_ g: inout SplitMix64, camera: PerspectiveCamera, p: PitchedParameters) throws
        -> TerrainBounds
    {
        let scale = HeightScale(referenceLevel: p.referenceLevel, tileSize: p.tileSize)
        let eyeAltitude = camera.eyeHeight / scale.pixelsPerMetre(atRow: camera.eye.y)
        let root = ElevationRange(lo: 0, hi: eyeAltitude * g.uniform(0.1, 1.3))
        var listed: [TileID: ElevationRange] = [:]
        func effective(_ t: TileID) -> ElevationRange {
            var t = t
            while t.level > 0 {
                if let r = listed[t] { return r }
                t = t.parent!
            }
            return root
        }
        var points: [PixelPoint] = [camera.eye]
        let quad = camera.footprint
        for _ in 0..<g.int(2...8) {
            let (a, b) = (g.unit(), g.unit())
            points.append((1 - a) * ((1 - b) * quad[0] + b * quad[1]) + a * ((1 - b) * quad[3] + b * quad[2]))
        }
        let deepest = max(1, min(20, p.referenceLevel - g.int(0...3)))
        for n in 1...deepest {
            let side = scale.width / exp2(Double(n))
            for q in points where q.y >= 0 && q.y < scale.width {
                let across = 1 << n
                let x = ((Int((q.x / side).rounded(.down)) % across) + across) % across
                let t = TileID(unchecked: n, x, Int((q.y / side).rounded(.down)))
                guard listed[t] == nil else { continue }
                let parent = effective(t.parent!)
                listed[t] = g.chance(0.1) ? .zero : ElevationRange(lo: 0, hi: parent.hi * g.uniform(0.2, 1))
                if g.chance(0.6) {
                    for sibling in t.parent!.children where sibling != t && listed[sibling] == nil {
                        listed[sibling] = .zero
                    }
                }
            }
        }
        return try TerrainBounds(
            root: root, entries: listed.map { TerrainBounds.Entry(tile: $0.key, range: $0.value) })
    }

    @Test func fastPathsAreTheBoxByBoxCover() throws {
        var g = SplitMix64(seed: 0x7E44_FA57)
        var compared = 0
        var refused = 0
        var mixed = 0
        var flatOverLevels = 0
        var bad: [String] = []
        var plain = TerrainCover()
        var boxed = TerrainCover()
        for index in 0..<Self.cameras {
            let p = TerrainOracleTests.makeParameters(&g)
            guard let camera = try? p.camera() else { continue }
            let bounds = try Self.mixedBounds(&g, camera: camera, p: p)
            guard let view = try? TerrainCamera(camera: camera, bounds: bounds) else {
                refused += 1
                continue
            }
            do {
                try view.cover(into: &plain)
                try view.cover(depths: true, into: &boxed)
            } catch {
                refused += 1
                continue
            }
            compared += 1
            if Array(plain.tiles) != Array(boxed.tiles) {
                let missing = Set(boxed.tiles).subtracting(plain.tiles).prefix(3)
                let extra = Set(plain.tiles).subtracting(boxed.tiles).prefix(3)
                bad.append("camera \(index): missing \(Array(missing)), extra \(Array(extra)) — \(p)")
                continue
            }
            let flatLevels = Set(
                plain.tiles.filter { bounds.range(level: $0.level, column: $0.tile.x, row: $0.tile.y) == .zero }
                    .map(\.level))
            let hills = plain.tiles.contains {
                bounds.range(level: $0.level, column: $0.tile.x, row: $0.tile.y) != .zero
            }
            if !flatLevels.isEmpty && hills { mixed += 1 }
            if flatLevels.count >= 2 { flatOverLevels += 1 }
        }
        print(
            "TerrainFastPathTests: \(compared) compared, \(refused) refused, \(mixed) mixing flat and hills, "
                + "\(flatOverLevels) with flat tiles over ≥ 2 levels")
        for b in bad.prefix(10) { Issue.record(Comment(rawValue: b)) }
        #expect(bad.isEmpty)
        #expect(compared >= Self.cameras * 9 / 10)
        #expect(mixed >= Self.cameras / 4 && flatOverLevels >= Self.cameras / 3)
    }
}
