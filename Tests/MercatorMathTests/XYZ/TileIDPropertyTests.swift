import Foundation
import MercatorMath
import TestSupport
import Testing

/// Round trips and identities over thousands of random tile ids (fixed seed), each checked against arithmetic
/// written in the test.
@Suite("XYZ: tile id round trips")
struct TileIDPropertyTests {
    static let count = 4000

    @Test("quadkey ↔ id, and the quadkey agrees with its definition and its prefixes name the ancestors")
    func quadkeys() throws {
        var rng = SplitMix64(seed: 0x5157_11)
        for _ in 0..<Self.count {
            let id = rng.tileID()
            let key = id.quadkey
            #expect(key == XYZReference.quadkey(level: id.level, x: id.x, y: id.y), "\(id)")
            #expect(try TileID(quadkey: key) == id)
            let m = rng.int(below: id.level + 1)
            #expect(id.ancestor(atLevel: m)?.quadkey == String(key.prefix(m)), "\(id) at \(m)")
        }
    }

    @Test("every child's parent is the tile; children are sorted, distinct and extend the quadkey by their index")
    func parentOfChild() throws {
        var rng = SplitMix64(seed: 0xC41D)
        for _ in 0..<Self.count {
            let id = rng.tileID(levels: 0...29)
            let children = id.children
            #expect(children.count == 4)
            for (d, child) in children.enumerated() {
                #expect(child.parent == id)
                #expect(child.level == id.level + 1)
                #expect(child.x == 2 * id.x + d % 2 && child.y == 2 * id.y + d / 2)
                #expect(child.quadkey == id.quadkey + String(d))
                #expect(id.isAncestor(of: child) && id.contains(child) && !child.contains(id))
            }
            #expect(Array(children) == children.sorted() && Set(children).count == 4)
            // Ancestors by iterating parents agree with ancestor(atLevel:) and with division by 2ⁿ⁻ᵐ.
            let m = rng.int(below: id.level + 1)
            var walked = id
            while walked.level > m { walked = try #require(walked.parent) }
            #expect(id.ancestor(atLevel: m) == walked)
            let divisor = Int(pow(2, Double(id.level - m)))
            #expect(walked.x == id.x / divisor && walked.y == id.y / divisor)
            // A tile at another place of the same level is not an ancestor of this one's descendants.
            if id.level > 0 {
                let other = try TileID(level: id.level, x: id.x ^ 1, y: id.y)
                #expect(!other.contains(id) && !other.isAncestor(of: children[0]))
            }
        }
    }

    @Test("the children's bounds tile the parent's exactly: union equals the parent's box, shared edges coincide")
    func childrenBounds() {
        var rng = SplitMix64(seed: 0xB0B0)
        for _ in 0..<Self.count {
            let id = rng.tileID(levels: 0...29)
            let b = id.geoBounds
            let c = id.children.map(\.geoBounds)
            #expect(c.map(\.west).min() == b.west && c.map(\.east).max() == b.east, "\(id)")
            #expect(c.map(\.south).min() == b.south && c.map(\.north).max() == b.north, "\(id)")
            #expect(c[0].east == c[1].west && c[2].east == c[3].west && c[0].south == c[2].north, "\(id)")
            let m = id.mercatorBounds()
            let cm = id.children.map { $0.mercatorBounds() }
            #expect(cm.map(\.west).min() == m.west && cm.map(\.east).max() == m.east, "\(id)")
            #expect(cm.map(\.south).min() == m.south && cm.map(\.north).max() == m.north, "\(id)")
        }
    }

    @Test("bounds agree with independent formulas: λ = x/2ⁿ·360 − 180, φ = 2·atan(e^ψ) − 90°, metres R·λ, R·ln tan")
    func independentBounds() {
        var rng = SplitMix64(seed: 0xF0F0)
        let r = 6_378_137.0
        for _ in 0..<Self.count {
            let id = rng.tileID()
            let n = id.tilesAcross
            let b = id.geoBounds
            #expect(abs(b.west - XYZReference.longitude(ofColumnEdge: id.x, tiles: n)) < 1e-12)
            #expect(abs(b.east - XYZReference.longitude(ofColumnEdge: id.x + 1, tiles: n)) < 1e-12)
            #expect(abs(b.north - XYZReference.latitude(ofRowEdge: id.y, tiles: n)) < 1e-11, "\(id)")
            #expect(abs(b.south - XYZReference.latitude(ofRowEdge: id.y + 1, tiles: n)) < 1e-11, "\(id)")
            #expect(b.west < b.east && b.south < b.north)
            let m = id.mercatorBounds()
            #expect(abs(m.west - r * b.west * .pi / 180) < 1e-6)
            #expect(abs(m.east - r * b.east * .pi / 180) < 1e-6)
            // y = R·ln tan(π/4 + φ/2), relative to the world's half-width.
            for (metres, latitude) in [(m.north, b.north), (m.south, b.south)] {
                let y = r * log(tan(Double.pi / 4 + latitude * .pi / 360))
                #expect(abs(metres - y) < 1e-9 * XYZReference.halfWorldMetres, "\(id)")
            }
        }
    }

    @Test("the geographic box holds the tile's pixels, and its corners are the pixel square's corners")
    func boundsHoldPixels() throws {
        var rng = SplitMix64(seed: 0x9195)
        for _ in 0..<Self.count {
            let id = rng.tileID()
            let tileSize = [256, 512, 128][rng.int(below: 3)]
            let grid = try TileGrid.xyz(level: id.level, tileSize: tileSize)
            let t = Double(tileSize)
            let p = try id.pixelBounds(tileSize: tileSize)
            #expect(
                p
                    == PixelBounds(
                        minX: Double(id.x) * t, minY: Double(id.y) * t, maxX: Double(id.x + 1) * t,
                        maxY: Double(id.y + 1) * t))
            let b = id.geoBounds
            for _ in 0..<4 {
                let pixel = PixelPoint(x: p.minX + rng.uniform(0.01, 0.99) * t, y: p.minY + rng.uniform(0.01, 0.99) * t)
                #expect(p.contains(pixel))
                #expect(b.contains(try grid.coordinate(at: pixel)), "\(id) \(pixel)")
                #expect(try grid.tileID(of: grid.tile(containing: pixel)) == id)
            }
            let corner = try grid.coordinate(at: PixelPoint(x: p.minX, y: p.minY))
            #expect(abs(corner.latitude - b.north) < 1e-9 && abs(corner.longitude - b.west) < 1e-9, "\(id)")
            let centre = try grid.coordinate(at: PixelPoint(x: p.minX + t / 2, y: p.minY + t / 2))
            #expect(try TileID(containing: centre, atLevel: id.level) == id)
        }
    }
}
