import MercatorMath
import Testing

/// Inputs that used to trap (integer overflow) in MercatorMath: each now gets a typed error or a right answer.
struct TrapRegressionTests {
    /// columns × rows must fit an `Int`: 2⁴⁰ × 2⁴⁰ tiles of 1 px used to be accepted (each side is only 2⁴⁰ px)
    /// and `tileCount` then overflowed.
    @Test func tileCountMustFitAnInt() throws {
        #expect(
            throws: MercatorError.outOfRange(
                field: "Grid tile count (columns × rows)", value: 0x1p80, range: 1...Double(Int.max))
        ) {
            try TileGrid(columns: 1 << 40, rows: 1 << 40, tileSize: 1)
        }
        do {
            _ = try TileGrid(columns: 1 << 40, rows: 1 << 40, tileSize: 1)
        } catch {
            #expect(error.description.contains("Grid tile count"))
            #expect(error.description.contains("\(Double(Int.max))"))
        }
        // The largest grids that fit still work: Web Mercator z = 30 has 2⁶⁰ tiles.
        #expect(try TileGrid.xyz(level: 30).tileCount == 1 << 60)
        #expect(try TileGrid(columns: 1 << 31, rows: 1 << 31, tileSize: 1).tileCount == 1 << 62)
    }

    /// worldCopy(of:) is floor division for every Int: `Int.min` used to overflow in `i − realColumn(i)`.
    @Test func worldCopyOfExtremeColumns() throws {
        let one = try TileGrid(columns: 1, rows: 1, tileSize: 1)
        #expect(one.worldCopy(of: Int.min) == Int.min)
        #expect(one.worldCopy(of: Int.max) == Int.max)
        #expect(one.realColumn(of: Int.min) == 0)
        // 3 columns: Int.max = 3k + 1 and Int.min = 3(−k − 1) + 1.
        let three = try TileGrid(columns: 3, rows: 1, tileSize: 1)
        let k = Int.max / 3
        #expect(three.worldCopy(of: Int.max) == k)
        #expect(three.realColumn(of: Int.max) == 1)
        #expect(three.worldCopy(of: Int.min) == -k - 1)
        #expect(three.realColumn(of: Int.min) == 1)
        #expect(three.worldCopy(of: Int.min + 1) == -k - 1)
        #expect(three.realColumn(of: Int.min + 1) == 2)
        let viking = TileGrid.marsViking
        #expect(viking.worldCopy(of: Int.min) == Int.min / 90 - 1)
        #expect(viking.worldCopy(of: Int.min + 8) == Int.min / 90)  // 2⁶³ = 90·q + 8
        #expect(viking.worldCopy(of: -1) == -1 && viking.worldCopy(of: -90) == -1 && viking.worldCopy(of: -91) == -2)
    }
}
