import MercatorMath
import TestSupport
import Testing

/// Longitude wrap-around, half-open tile ownership and unwrapped (ghost) columns: MODEL.md §2.
@Suite("TileGrid: columns, wrap-around and half-open tiles")
struct TileColumnTests {
    let grid = TileGrid.marsViking

    @Test("λ = 180 lands in column 0, never `columns`")
    func antimeridianColumn() throws {
        for lon in [180.0, -180.0, 540.0, -540.0] {
            let t = try grid.tile(of: geo(10, lon))
            #expect(t.column == 0, "lon \(lon)")
            #expect(try grid.pixel(of: geo(10, lon)).x == 0)
        }
        #expect(try TileGrid.xyz(level: 3).tile(of: geo(0, 180)).column == 0)
    }

    @Test("the last column ends just short of 180°")
    func lastColumn() throws {
        #expect(try grid.tile(of: geo(0, 179.999)).column == 89)
        #expect(try grid.tile(of: geo(0, -176.000001)).column == 0)
        // Every real tile of a coordinate is a real column.
        var rng = SplitMix64(seed: 0xC01)
        for _ in 0..<2000 {
            let t = try grid.tile(of: geo(rng.uniform(-64, 64), rng.uniform(-720, 720)))
            #expect((0..<90).contains(t.column) && (0..<42).contains(t.row))
        }
    }

    @Test("540 and −190 normalise before the pixel is taken")
    func normalisedLongitudes() throws {
        #expect(try grid.pixel(of: geo(0, 540)).x == 0)
        #expect(try grid.pixel(of: geo(0, -190)).x == grid.pixel(of: geo(0, 170)).x)
        #expect(try grid.pixel(of: geo(0, -190)).x == 11200)
    }

    @Test("a point on a tile edge belongs to the tile east and south of it")
    func halfOpenTiles() throws {
        #expect(try grid.tile(containing: PixelPoint(x: 128, y: 256)) == TileIndex(column: 1, row: 2))
        #expect(
            try grid.tile(containing: PixelPoint(x: 127.99999999999, y: 255.9999999999))
                == TileIndex(column: 0, row: 1))
        #expect(try grid.tile(containing: PixelPoint(x: 0, y: 0)) == TileIndex(column: 0, row: 0))
        #expect(try grid.tile(containing: PixelPoint(x: -0.5, y: -0.5)) == TileIndex(column: -1, row: -1))
        #expect(try grid.tile(containing: PixelPoint(x: -128, y: 5376)) == TileIndex(column: -1, row: 42))
        #expect(try grid.tile(containing: PixelPoint(x: 11520, y: 2688)) == TileIndex(column: 90, row: 21))
        // Geographic edges: λ = −176° is pixel 128 exactly (a column edge); the equator is y = 2688 (a row edge).
        #expect(try grid.tile(of: geo(0, -176)) == TileIndex(column: 1, row: 21))
        #expect(try grid.tile(of: geo(0, -147)) == TileIndex(column: 8, row: 21))  // px 1056 = 8.25 tiles
        #expect(try grid.tile(of: geo(1e-9, -176.0000001)) == TileIndex(column: 0, row: 20))
    }

    @Test("the top and bottom edges of the image belong to rows 0 and rows − 1")
    func verticalEdges() throws {
        for g in [grid, TileGrid.marsVikingDouble] {
            #expect(try g.tile(of: geo(g.latitudeLimit, 0)).row == 0)
            #expect(try g.tile(of: geo(-g.latitudeLimit, 0)).row == g.rows - 1)
        }
    }

    @Test(
        "real column and world copy of unwrapped columns",
        arguments: [
            (-1, 89, -1), (95, 5, 1), (180, 0, 2), (0, 0, 0), (89, 89, 0), (90, 0, 1), (-90, 0, -1),
            (-91, 89, -2), (-180, 0, -2), (-181, 89, -3), (900_005, 5, 10_000), (-900_001, 89, -10_001),
        ])
    func realColumnAndWorldCopy(unwrapped: Int, real: Int, copy: Int) {
        #expect(grid.realColumn(of: unwrapped) == real)
        #expect(grid.worldCopy(of: unwrapped) == copy)
        // The decomposition is exact: i = c + w·columns.
        #expect(real + copy * grid.columns == unwrapped)
        #expect(grid.realTile(of: TileIndex(column: unwrapped, row: 7)) == TileIndex(column: real, row: 7))
    }

    @Test("realColumn/worldCopy decompose every column, on any grid width")
    func decompositionProperty() throws {
        for columns in [1, 2, 3, 90, 180, 1 << 20] {
            let g = try TileGrid(columns: columns, rows: 1, tileSize: 1)
            for i in [-3 * columns - 1, -columns, -1, 0, 1, columns - 1, columns, 5 * columns + 2] {
                let c = g.realColumn(of: i)
                #expect(c >= 0 && c < columns)
                #expect(c + g.worldCopy(of: i) * columns == i)
            }
        }
    }

    @Test("rows inside the image")
    func containsRow() {
        #expect(grid.containsRow(0) && grid.containsRow(41))
        #expect(!grid.containsRow(-1) && !grid.containsRow(42))
    }

    @Test("tile order is row-major")
    func tileOrder() {
        #expect(TileIndex(column: 89, row: 0) < TileIndex(column: 0, row: 1))
        #expect(TileIndex(column: -1, row: 3) < TileIndex(column: 0, row: 3))
        #expect(!(TileIndex(column: 2, row: 3) < TileIndex(column: 2, row: 3)))
    }
}
