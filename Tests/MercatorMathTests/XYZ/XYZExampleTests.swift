import Foundation
import MercatorMath
import Testing

/// MODEL.md §10 example 5 tile by tile, and mercantile-style cases worked by hand.
@Suite("XYZ: example 5 and hand-worked tiles")
struct XYZExampleTests {
    let tile = try! TileID(level: 12, x: 2144, y: 1433)

    @Test("example 5: the level and scale of map zoom 12.4 with bias 0 are n = 12, z = 0.757858283")
    func levelAndScale() throws {
        let drawn = try LevelOfDetail().drawLevel(forMapZoom: 12.4)
        #expect(drawn.level == 12)
        #expect(abs(drawn.scale - 0.757858283) < 5e-10)
        #expect(drawn.grid.columns == 4096 && drawn.grid.rows == 4096 && drawn.grid.width == 1_048_576)
        #expect(drawn.grid.xyzLevel == 12)
    }

    @Test("example 5: the centre (47.3769°, 8.5417°) is pixel (549167.5045, 367196.2778) in tile (2145, 1434)")
    func centre() throws {
        let centre = geo(47.3769, 8.5417)
        #expect(try TileID(containing: centre, atLevel: 12) == TileID(level: 12, x: 2145, y: 1434))
        let pixel = try TileGrid.xyz(level: 12).pixel(of: centre)
        #expect(abs(pixel.x - 549167.5045) < 5e-5 && abs(pixel.y - 367196.2778) < 5e-5)
    }

    @Test("example 5: tile 12/2144/1433 has quadkey 120221122002")
    func quadkey() throws {
        // By hand: x = 2144 = 1000 0110 0000₂, y = 1433 = 0101 1001 1001₂ (12 bits each, most significant first);
        // digit = 2·bit(y) + bit(x): 1 2 0 2 2 1 1 2 2 0 0 2.
        #expect(2144 == 0b1000_0110_0000 && 1433 == 0b0101_1001_1001)
        #expect(tile.quadkey == "120221122002")
        #expect(try TileID(quadkey: "120221122002") == tile)
        #expect(tile.description == "12/2144/1433")
    }

    @Test("example 5: bounds λ ∈ [8.4375°, 8.525390625°], φ ∈ [47.398349°, 47.457809°]")
    func geoBounds() {
        let b = tile.geoBounds
        // 2144/4096·360 − 180 = 188.4375 − 180 and 2145/4096·360 − 180 = 188.525390625 − 180, exact dyadic values.
        #expect(b.west == 8.4375)
        #expect(b.east == 8.525390625)
        #expect(abs(b.north - 47.457809) < 5e-7)
        #expect(abs(b.south - 47.398349) < 5e-7)
        #expect(abs(b.north - XYZReference.latitude(ofRowEdge: 1433, tiles: 4096)) < 1e-12)
        #expect(abs(b.south - XYZReference.latitude(ofRowEdge: 1434, tiles: 4096)) < 1e-12)
    }

    @Test("example 5: pixels [548864, 549120) × [366848, 367104)")
    func pixelBounds() throws {
        // 2144·256 = 548864, 2145·256 = 549120, 1433·256 = 366848, 1434·256 = 367104.
        let p = try tile.pixelBounds()
        #expect(p == PixelBounds(minX: 548_864, minY: 366_848, maxX: 549_120, maxY: 367_104))
        #expect(p.contains(PixelPoint(x: 548_864, y: 366_848)))
        #expect(!p.contains(PixelPoint(x: 549_120, y: 367_000)))
        #expect(!p.contains(PixelPoint(x: 549_000, y: 367_104)))
    }

    @Test("example 5: the parent is 11/1072/716 with quadkey 12022112200")
    func parent() throws {
        let parent = try #require(tile.parent)
        #expect(parent == (try TileID(level: 11, x: 1072, y: 716)))
        #expect(parent.quadkey == "12022112200")
        #expect(
            parent.isAncestor(of: tile) && parent.contains(tile) && tile.contains(tile) && !tile.isAncestor(of: tile))
        #expect(parent.children.contains(tile))
    }

    @Test("example 5: with only level 10 resident the tile is drawn from 10/536/358, j = 2, origin (0, 0.25), side 1/4")
    func fallback() throws {
        let visible = UnwrappedTileID(tile)
        let onlyLevel10 = try #require(visible.parentFallback { $0.level == 10 })
        let expected = try TileID(level: 10, x: 536, y: 358)
        #expect(onlyLevel10.ancestor == expected)
        #expect(onlyLevel10.generations == 2)
        // (2144 mod 4)/4 = 0, (1433 mod 4)/4 = 1/4.
        #expect(onlyLevel10.textureX == 0 && onlyLevel10.textureY == 0.25 && onlyLevel10.textureSide == 0.25)
        #expect(visible.parentFallback(in: Set([expected])) == onlyLevel10)
        // A ghost copy one world east falls back the same way.
        let ghost = try UnwrappedTileID(level: 12, x: 2144 + 4096, y: 1433)
        #expect(ghost.parentFallback(in: Set([expected])) == onlyLevel10)
    }

    @Test("mercantile: tile(0, 0, 1) is 1/1/1, and just north-west of it is 1/0/0")
    func tileOfOrigin() throws {
        #expect(try TileID(containing: geo(0, 0), atLevel: 1) == TileID(level: 1, x: 1, y: 1))
        #expect(try TileID(containing: geo(1e-9, -1e-9), atLevel: 1) == TileID(level: 1, x: 0, y: 0))
        #expect(try TileID(containing: geo(10, 179.99), atLevel: 0) == TileID.world)
        // λ = 180 is λ = −180: column 0.
        #expect(try TileID(containing: geo(-10, 180), atLevel: 3) == TileID(level: 3, x: 0, y: 4))
    }

    @Test("mercantile: bounds(0/0/0) = (−180, −85.0511287798, 180, 85.0511287798); xy_bounds ±20037508.342789 m")
    func worldBounds() throws {
        let b = TileID.world.geoBounds
        #expect(b.west == -180 && b.east == 180)
        #expect(abs(b.north - 85.0511287798066) < 1e-12 && abs(b.south + 85.0511287798066) < 1e-12)
        let m = TileID.world.mercatorBounds()
        let half = 20_037_508.342789244  // π·6378137
        for (value, expected) in [(m.west, -half), (m.south, -half), (m.east, half), (m.north, half)] {
            #expect(abs(value - expected) < 1e-8)
        }
        #expect(try TileID.world.pixelBounds(tileSize: 512) == PixelBounds(minX: 0, minY: 0, maxX: 512, maxY: 512))
    }

    @Test("mercantile: bounds(1/1/1) = (0, −85.0511287798, 180, 0); xy_bounds (0, −πR, πR, 0)")
    func quadrantBounds() throws {
        let t = try TileID(level: 1, x: 1, y: 1)
        let b = t.geoBounds
        #expect(b.west == 0 && b.east == 180 && b.north == 0)
        #expect(abs(b.south + 85.0511287798066) < 1e-12)
        let m = t.mercatorBounds()
        #expect(m.west == 0 && m.north == 0)
        #expect(abs(m.east - XYZReference.halfWorldMetres) < 1e-8 && abs(m.south + XYZReference.halfWorldMetres) < 1e-8)
        // On Mars the same tile spans π·3396190 m.
        #expect(abs(t.mercatorBounds(on: .mars).east - Double.pi * 3_396_190) < 1e-8)
    }

    @Test("quadkeys worked by hand: Bing's 3/3/5 is 213, mercantile's 10/486/332 is 0313102310")
    func handQuadkeys() throws {
        // 3/3/5: x = 011₂, y = 101₂ → digits 2·1+0, 2·0+1, 2·1+1 = 2 1 3.
        #expect(try TileID(level: 3, x: 3, y: 5).quadkey == "213")
        // 10/486/332: x = 0111100110₂, y = 0101001100₂ → 0 3 1 3 1 0 2 3 1 0.
        #expect(486 == 0b01_1110_0110 && 332 == 0b01_0100_1100)
        #expect(try TileID(level: 10, x: 486, y: 332).quadkey == "0313102310")
        #expect(try TileID(quadkey: "0313102310") == TileID(level: 10, x: 486, y: 332))
        #expect(TileID.world.quadkey == "")
        #expect(try TileID(quadkey: "") == .world)
        // The deepest level: 30 digits of 3 is the bottom-right tile.
        let last = (1 << 30) - 1
        #expect(try TileID(level: 30, x: last, y: last).quadkey == String(repeating: "3", count: 30))
        #expect(try TileID(quadkey: String(repeating: "3", count: 30)) == TileID(level: 30, x: last, y: last))
    }

    @Test("mercantile: parent(10/486/332) = 9/243/166; children of 0/0/0 in quadkey order 0, 1, 2, 3")
    func family() throws {
        let t = try TileID(level: 10, x: 486, y: 332)
        #expect(t.parent == (try TileID(level: 9, x: 243, y: 166)))
        #expect(t.ancestor(atLevel: 7) == (try TileID(level: 7, x: 60, y: 41)))  // 486/8 = 60, 332/8 = 41
        #expect(t.ancestor(atLevel: 10) == t && t.ancestor(atLevel: 11) == nil && t.ancestor(atLevel: -1) == nil)
        #expect(TileID.world.parent == nil)
        let children = Array(TileID.world.children)
        #expect(
            children == [
                try TileID(level: 1, x: 0, y: 0), try TileID(level: 1, x: 1, y: 0),
                try TileID(level: 1, x: 0, y: 1), try TileID(level: 1, x: 1, y: 1),
            ])
        #expect(children.map(\.quadkey) == ["0", "1", "2", "3"])
        #expect(try TileID(level: 30, x: 5, y: 7).children.isEmpty)
    }

    @Test("tiles order by level, then row, then column")
    func order() throws {
        #expect(try TileID(level: 12, x: 4000, y: 1) < TileID(level: 12, x: 0, y: 2))
        #expect(try TileID(level: 12, x: 3, y: 2) < TileID(level: 12, x: 4, y: 2))
        #expect(try TileID(level: 11, x: 2047, y: 2047) < TileID(level: 12, x: 0, y: 0))
        #expect(try UnwrappedTileID(level: 3, x: 100, y: 1) < UnwrappedTileID(level: 3, x: -100, y: 2))
        #expect(try UnwrappedTileID(level: 3, x: -100, y: 2) < UnwrappedTileID(level: 3, x: -99, y: 2))
    }
}
