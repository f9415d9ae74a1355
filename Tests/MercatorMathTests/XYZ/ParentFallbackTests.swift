import MercatorMath
import TestSupport
import Testing

/// Parent fallback (MODEL.md §8) against a brute-force walk written in the test.
@Suite("XYZ: parent fallback")
struct ParentFallbackTests {
    /// The brute-force answer: for j = 1, 2, … while n − j ≥ max(0, minLevel), the ancestor
    /// (n − j, ⌊i/2ʲ⌋ mod 2ⁿ⁻ʲ, ⌊y/2ʲ⌋) by division; the first resident one, with origin ((i mod 2ʲ)/2ʲ, (y mod 2ʲ)/2ʲ)
    /// and side 1/2ʲ.
    static func bruteForce(
        level n: Int, i: Int, y: Int, minLevel: Int, resident: Set<TileID>
    ) -> (ancestor: TileID, j: Int, origin: (Double, Double), side: Double)? {
        var j = 1
        while n - j >= max(0, minLevel) {
            var power = 1
            for _ in 0..<j { power *= 2 }
            let columns = (1 << n) / power
            let ancestor = try! TileID(
                level: n - j, x: XYZReference.euclideanRemainder(XYZReference.floorDivision(i, power), columns),
                y: y / power)
            if resident.contains(ancestor) {
                let origin = (
                    Double(XYZReference.euclideanRemainder(i, power)) / Double(power), Double(y % power) / Double(power)
                )
                return (ancestor, j, origin, 1 / Double(power))
            }
            j += 1
        }
        return nil
    }

    @Test("random tiles and residency sets: the nearest resident ancestor, its sub-square, asked O(j) times")
    func chains() throws {
        var rng = SplitMix64(seed: 0xFA11)
        var found = 0
        for trial in 0..<3000 {
            let n = trial % 5 == 0 ? rng.int(below: 31) : rng.int(below: 23)
            let m = 1 << n
            let i = rng.int(below: 7 * m) - 3 * m
            let y = rng.int(below: m)
            let tile = try UnwrappedTileID(level: n, x: i, y: y)
            // Residency: each ancestor with probability 0.3, plus decoys beside the ancestors and the tile itself.
            var resident: Set<TileID> = []
            if rng.unit() < 0.5 { resident.insert(tile.canonical) }
            for level in 0..<n {
                let a = tile.canonical.ancestor(atLevel: level)!
                if rng.unit() < 0.3 { resident.insert(a) }
                if level > 0, rng.unit() < 0.5 {
                    resident.insert(try TileID(level: level, x: a.x ^ 1, y: a.y))
                    resident.insert(try TileID(level: level, x: a.x, y: a.y ^ 1))
                }
            }
            let minLevel = rng.int(below: n + 4) - 2
            let expected = Self.bruteForce(level: n, i: i, y: y, minLevel: minLevel, resident: resident)
            var asked = 0
            let viaClosure = tile.parentFallback(minLevel: minLevel) { id in
                asked += 1
                return resident.contains(id)
            }
            let viaSet = tile.parentFallback(in: resident, minLevel: minLevel)
            #expect(viaClosure == viaSet)
            guard let expected else {
                #expect(viaSet == nil, "\(tile)")
                #expect(asked == max(0, n - max(0, minLevel)))
                continue
            }
            found += 1
            let fallback = try #require(viaSet, "\(tile)")
            #expect(fallback.ancestor == expected.ancestor, "\(tile)")
            #expect(fallback.generations == expected.j && asked == expected.j)
            #expect(fallback.textureX == expected.origin.0 && fallback.textureY == expected.origin.1)
            #expect(fallback.textureSide == expected.side)
            #expect(fallback.ancestor.contains(tile.canonical))
            // Geometrically: the sub-square of the ancestor's pixel square (2ʲ·T px at level n − j) is the tile's.
            let t = 256
            let own = try tile.canonical.pixelBounds(tileSize: t)
            let parent = try fallback.ancestor.pixelBounds(tileSize: t << fallback.generations)
            let side = parent.maxX - parent.minX
            #expect(parent.minX + fallback.textureX * side == own.minX)
            #expect(parent.minY + fallback.textureY * side == own.minY)
            #expect(fallback.textureSide * side == Double(t))
            // Every world copy falls back the same way.
            let copy = try UnwrappedTileID(tile.canonical, worldCopy: rng.int(below: 9) - 4)
            #expect(copy.parentFallback(in: resident, minLevel: minLevel) == fallback)
        }
        #expect(found > 1000 && found < 2900)  // both outcomes are exercised
    }

    @Test("nothing above a level-0 tile or at or past the minimum level; negative minimums count as 0")
    func limits() throws {
        var asked = 0
        let everything: (TileID) -> Bool = { _ in
            asked += 1
            return true
        }
        #expect(UnwrappedTileID(.world).parentFallback(isResident: everything) == nil)
        let tile = try UnwrappedTileID(level: 5, x: -3, y: 9)
        #expect(tile.parentFallback(minLevel: 5, isResident: everything) == nil)
        #expect(tile.parentFallback(minLevel: 9, isResident: everything) == nil)
        #expect(asked == 0)
        let onlyWorld = try #require(tile.parentFallback(minLevel: -7) { $0 == .world })
        #expect(onlyWorld.generations == 5 && onlyWorld.ancestor == .world)
        // i = −3 is column 29 of 32: origin (29/32, 9/32), side 1/32.
        #expect(onlyWorld.textureX == 29.0 / 32 && onlyWorld.textureY == 9.0 / 32 && onlyWorld.textureSide == 1.0 / 32)
        #expect(ParentFallback(tile, generations: 0) == nil && ParentFallback(tile, generations: 6) == nil)
        #expect(ParentFallback(tile, generations: 1)?.ancestor == (try TileID(level: 4, x: 14, y: 4)))
    }
}
