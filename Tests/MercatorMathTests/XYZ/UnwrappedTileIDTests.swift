import MercatorMath
import TestSupport
import Testing

/// Unwrapped ids: world copies and real columns for every `Int` column, parents in the same world copy, and the
/// grid's conversions.
@Suite("XYZ: unwrapped ids and XYZ grids")
struct UnwrappedTileIDTests {
    @Test(
        "world copies and real columns worked by hand at level 3 (8 columns) and at the ends of Int",
        arguments: [
            (3, 0, 0, 0), (3, 7, 0, 7), (3, 8, 1, 0), (3, -1, -1, 7), (3, -8, -1, 0), (3, -9, -2, 7),
            (3, 100, 12, 4), (0, -5, -5, 0), (30, Int.min, -(1 << 33), 0), (30, Int.max, (1 << 33) - 1, (1 << 30) - 1),
        ])
    func byHand(level: Int, i: Int, worldCopy: Int, x: Int) throws {
        let id = try UnwrappedTileID(level: level, x: i, y: 0)
        #expect(id.worldCopy == worldCopy)
        #expect(id.canonical == (try TileID(level: level, x: x, y: 0)))
        #expect(id.isGhost == (worldCopy != 0))
        #expect(try UnwrappedTileID(id.canonical, worldCopy: worldCopy) == id)
    }

    @Test("unwrapped ↔ canonical over random columns of every size, against floor division and remainders")
    func roundTrips() throws {
        var rng = SplitMix64(seed: 0xAB5)
        for trial in 0..<4000 {
            let level = rng.int(below: 31)
            let m = 1 << level
            let i: Int
            switch trial % 3 {
            case 0: i = Int(bitPattern: UInt(rng.next()))  // anywhere in Int
            case 1: i = rng.int(below: 7 * m) - 3 * m  // a few worlds either side
            default: i = Int(bitPattern: UInt(rng.next())) >> rng.int(below: 64)  // every magnitude
            }
            let y = rng.int(below: m)
            let id = try UnwrappedTileID(level: level, x: i, y: y)
            let w = XYZReference.floorDivision(i, m)
            let c = XYZReference.euclideanRemainder(i, m)
            #expect(id.worldCopy == w && id.canonical.x == c && id.canonical.y == y, "\(id)")
            #expect(id.tileIndex == TileIndex(column: i, row: y))
            // The grid's own §2 functions agree.
            let grid = try TileGrid.xyz(level: level)
            #expect(grid.worldCopy(of: i) == w && grid.realColumn(of: i) == c)
            #expect(try grid.unwrappedTileID(of: id.tileIndex) == id)
            #expect(try grid.tileID(of: id.tileIndex) == id.canonical)
            // i = w·2ⁿ + c whenever it fits; the canonical id and world copy rebuild the unwrapped id.
            #expect(try UnwrappedTileID(id.canonical, worldCopy: w) == id)
            #expect(UnwrappedTileID(id.canonical) == (try UnwrappedTileID(id.canonical, worldCopy: 0)))
            // Parents and ancestors stay in the same world copy and draw the canonical parent.
            if let parent = id.parent {
                #expect(parent.worldCopy == w, "\(id)")
                #expect(parent.canonical == id.canonical.parent)
                #expect(parent.x == XYZReference.floorDivision(i, 2) && parent.y == y / 2)
            } else {
                #expect(level == 0)
            }
            let target = rng.int(below: level + 1)
            let ancestor = try #require(id.ancestor(atLevel: target))
            #expect(ancestor.worldCopy == w && ancestor.canonical == id.canonical.ancestor(atLevel: target))
            #expect(ancestor.x == XYZReference.floorDivision(i, 1 << (level - target)))
            #expect(id.ancestor(atLevel: level + 1) == nil && id.ancestor(atLevel: -1) == nil)
        }
    }

    @Test("a grid knows its XYZ level exactly when it has 2ⁿ × 2ⁿ tiles, 0 ≤ n ≤ 30, whatever its tile size")
    func xyzLevel() throws {
        #expect(TileGrid.marsViking.xyzLevel == nil && TileGrid.marsVikingDouble.xyzLevel == nil)
        for (columns, rows, level) in [
            (1, 1, 0), (2, 2, 1), (4, 4, 2), (4096, 4096, 12), (1 << 30, 1 << 30, 30), (4, 2, nil), (3, 3, nil),
            (6, 6, nil), (1 << 31, 1 << 31, nil), (2, 4, nil),
        ] as [(Int, Int, Int?)] {
            for tileSize in [1, 128, 256, 512] {
                let grid = try TileGrid(columns: columns, rows: rows, tileSize: tileSize)
                #expect(grid.xyzLevel == level, "\(grid)")
            }
        }
        for level in [0, 1, 12, 22, 30] {
            #expect(try TileGrid.xyz(level: level) == TileGrid.xyz(level: level))
            #expect(try TileGrid.xyz(level: level).xyzLevel == level)
            let retina = try TileGrid.xyz(level: level, tileSize: 512)
            #expect(retina.tileSize == 512 && retina.width == Double(512 << level) && retina.xyzLevel == level)
        }
    }

    @Test("the grid converts its tiles: ghost columns wrap to the real tile, rows do not")
    func gridConversions() throws {
        let grid = try TileGrid.xyz(level: 12)
        let real = try TileID(level: 12, x: 2144, y: 1433)
        #expect(try grid.tileID(of: TileIndex(column: 2144, row: 1433)) == real)
        #expect(try grid.tileID(of: TileIndex(column: 2144 - 3 * 4096, row: 1433)) == real)
        let ghost = try grid.unwrappedTileID(of: TileIndex(column: 2144 + 4096, row: 1433))
        #expect(ghost.worldCopy == 1 && ghost.canonical == real && ghost.isGhost)
        for row in [-1, 4096, Int.min] {
            let error = thrown(try grid.tileID(of: TileIndex(column: 0, row: row)))
            #expect(error == .outOfRange(field: "Tile y at level 12", value: Double(row), range: 0...4095))
        }
        let error = thrown(try TileGrid.marsViking.tileID(of: TileIndex(column: 0, row: 0)))
        #expect(error == .notXYZLevel(columns: 90, rows: 42))
        expectDescription(of: error, mentions: ["90 × 42", "2ⁿ × 2ⁿ"])
    }
}
