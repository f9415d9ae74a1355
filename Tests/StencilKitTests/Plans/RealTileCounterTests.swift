import MercatorMath
import TestSupport
import Testing

@testable import StencilKit

/// The plan's running sets of real tiles (marks over ranked tiles, a hashed set for the rest) against Swift's
/// Set<TileIndex>, with ghost columns folded tile by tile as MODEL.md §2 says: random runs, across the world's edge,
/// as wide as the world, in rows past the terrain (dropped when clipping), in and out of the ranked tiles.
struct RealTileCounterTests {
    /// The real tiles of the unwrapped run, one by one: column mod the grid's columns; rows past the terrain dropped
    /// when clipping.
    static func realTiles(row: Int, first: Int, last: Int, columns: Int, rows: Int, clip: Bool) -> Set<TileIndex> {
        guard !clip || (row >= 0 && row < rows) else { return [] }
        var tiles = Set<TileIndex>()
        for c in first...last { tiles.insert(TileIndex(column: ((c % columns) + columns) % columns, row: row)) }
        return tiles
    }

    @Test(arguments: [false, true])
    func runningSetsMatchSwiftSet(clip: Bool) throws {
        let grid = try TileGrid(columns: 10, rows: 6, tileSize: 128)
        var g = SplitMix64(seed: clip ? 0xC0_0417 : 0xC0_0416)
        for _ in 0..<100 {
            // The ranked tiles: random real runs (a plan ranks its whole working set; tiles outside it go hashed).
            let ranked = TileSet(
                spans: (0..<g.int(0...12)).map { _ in
                    let first = g.int(0...9)
                    return ColumnSpan(row: g.int(-1...6), first: first, last: min(9, first + g.int(0...5)))
                })
            let ranks = RealTileRanks(ranked)
            #expect(ranks.count == ranked.count)
            var base = RealTileCounter(grid: grid, clip: clip, ranks: ranks)
            var extra = RealTileCounter(grid: grid, clip: clip, ranks: ranks)
            var expectedBase = Set<TileIndex>()
            var expectedExtra = Set<TileIndex>()
            for _ in 0..<40 {
                let first = g.int(-15...25)
                let last = first + (g.chance(0.1) ? g.int(10...14) : g.int(0...6))
                let row = g.int(-2...7)
                let tiles = Self.realTiles(row: row, first: first, last: last, columns: 10, rows: 6, clip: clip)
                switch g.int(0...9) {
                case 0...3:
                    base.insert(row: row, first: first, last: last)
                    expectedBase.formUnion(tiles)
                case 4...7:
                    extra.insert(row: row, first: first, last: last, unless: base)
                    expectedExtra.formUnion(tiles.subtracting(expectedBase))
                case 8:
                    base.formUnion(extra)
                    expectedBase.formUnion(expectedExtra)
                default:
                    extra.removeAll()
                    expectedExtra = []
                }
                #expect(base.count == expectedBase.count)
                #expect(extra.count == expectedExtra.count)
            }
        }
    }

    @Test func ranksAreRowMajorPositions() throws {
        let set = TileSet(spans: [
            ColumnSpan(row: 2, first: 3, last: 5), ColumnSpan(row: 2, first: 8, last: 8),
            ColumnSpan(row: 4, first: 0, last: 1),
        ])
        let ranks = RealTileRanks(set)
        // Row-major order: (3,2) (4,2) (5,2) (8,2) (0,4) (1,4).
        #expect(ranks.ranks(row: 2, first: 4, last: 5) == 1..<3)
        #expect(ranks.ranks(row: 2, first: 8, last: 8) == 3..<4)
        #expect(ranks.ranks(row: 4, first: 0, last: 1) == 4..<6)
        #expect(ranks.ranks(row: 2, first: 5, last: 8) == nil)  // column 6 is not ranked
        #expect(ranks.ranks(row: 3, first: 0, last: 0) == nil)
    }
}
