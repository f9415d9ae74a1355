import Foundation
import TestSupport
import Testing

@testable import StencilKit

/// MODEL.md §2: texture memory counts distinct real tiles, never ghost copies — even when one sweep spans more
/// than the whole width of the world and so draws several copies of the same real tile.
struct WiderThanWorldTests {
    /// Checks the real tiles: within 0..<columns, each once, exactly the tiles under the unwrapped ones.
    static func checkReal(_ stencil: Stencil, sourceLocation: SourceLocation = #_sourceLocation) {
        let grid = stencil.grid
        let real = stencil.realTiles
        #expect(Set(real).count == real.count, "a real tile listed twice", sourceLocation: sourceLocation)
        #expect(stencil.real.count == real.count, sourceLocation: sourceLocation)
        #expect(real.count <= grid.columns * grid.rows, sourceLocation: sourceLocation)
        #expect(real.allSatisfy { (0..<grid.columns).contains($0.column) }, sourceLocation: sourceLocation)
        let columns = grid.columns
        let mapped = Set(
            stencil.unwrappedTiles.map { TileIndex(column: (($0.column % columns) + columns) % columns, row: $0.row) })
        #expect(Set(real) == mapped, sourceLocation: sourceLocation)
    }

    // XYZ z = 1: 2 × 2 tiles of 256 px, a world 512 px wide. Route due east A = (100, 256) → B = (400, 256);
    // screen 1500 × 1500 at zoom 1 (wider than the world three times over), clipped to the terrain's two rows.
    // Columns needed run from below ⌊(100 − 1061)/256⌋ = −4 to above 6, so every real tile is drawn several times;
    // the real tiles are all 4 of them, each once: 4 × 256 × 256 × 4 bytes.
    @Test func xyzZoomOneWithAHugeScreenCountsEachRealTileOnce() throws {
        let flight = try HandWorked.flight(
            (100, 256), (400, 256), on: try .xyz(level: 1), screen: try Screen(width: 1500, height: 1500))
        let stencil = try Stencil(flight: flight, clipToTerrain: true)
        #expect(stencil.isClipped)
        #expect(stencil.unwrapped.count > 4 * 3)
        #expect(Set(stencil.realTiles) == HandWorked.tiles([0: [0...1], 1: [0...1]]))
        #expect(stencil.real.count == 4)
        #expect(stencil.bytes(for: .rgba8Tile256) == 4 * 262_144)
        Self.checkReal(stencil)
    }

    @Test func xyzZoomZeroHasOneRealTile() throws {
        let flight = try HandWorked.flight(
            (10, 128), (200, 100), on: try .xyz(level: 0), screen: try Screen(width: 900, height: 600),
            turn: try Turn(radius: 50, direction: .left), band: 30)
        let stencil = try Stencil(flight: flight, clipToTerrain: true)
        #expect(stencil.realTiles == [TileIndex(column: 0, row: 0)])
        Self.checkReal(stencil)
    }

    @Test func marsVikingSweepWiderThanTheWorld() throws {
        // 90 × 42 tiles (11520 × 5376 px): a footprint 3000 × 4 = 12000 px across a due-north route from y = 3000
        // to 2500 (along ±200 px) covers y ∈ [2300, 3200], rows 17…24, over more than the world's width: those
        // rows hold all 90 real tiles, once each. The pivot discs (radius ≈ 6003 px) reach every row, clipped.
        let flight = try HandWorked.flight(
            (5000, 3000), (5000, 2500), screen: try Screen(width: 3000, height: 100, scale: 4))
        let stencil = try Stencil(flight: flight, clipToTerrain: true)
        Self.checkReal(stencil)
        for row in 17...24 {
            #expect(stencil.realTiles.filter { $0.row == row }.count == 90, "row \(row)")
        }
        #expect(stencil.real.count <= 42 * 90)
    }

    /// Random huge sweeps on small worlds.
    @Test func randomHugeSweepsCountEachRealTileOnce() throws {
        var g = SplitMix64(seed: 0xB16)
        for _ in 0..<150 {
            let grid =
                try g.chance(0.5)
                ? TileGrid.xyz(level: g.int(0...2))
                : TileGrid(columns: g.int(1...5), rows: g.int(1...4), tileSize: 128)
            let a = (g.uniform(0, grid.width), g.uniform(0, grid.height))
            let heading = g.uniform(0, 2 * .pi)
            let length = g.uniform(1, 3 * grid.width)
            let b = (a.0 + length * sin(heading), a.1 - length * cos(heading))
            let screen = try Screen(
                width: g.uniform(50, 2000), height: g.uniform(50, 2000), scale: g.uniform(0.5, 3),
                anchor: .init(x: g.unit(), y: g.unit()), margin: g.uniform(0, 50))
            let turn = try Turn(
                radius: g.chance(0.5) ? 0 : g.uniform(0, 500), direction: g.chance(0.5) ? .left : .right)
            let flight = try HandWorked.flight(a, b, on: grid, screen: screen, turn: turn, band: g.uniform(0, 200))
            Self.checkReal(try Stencil(flight: flight, clipToTerrain: true))
        }
    }

    /// `realTiles(of:on:)` on hand-made runs: wrapping across the edge, exactly one world wide, wider, and two
    /// runs of one row that land on the same real tiles.
    @Test func realTilesOfHandMadeRuns() throws {
        let grid = TileGrid.marsViking
        func real(_ spans: [ColumnSpan]) -> Set<TileIndex> {
            Set(Stencil.realTiles(of: TileSet(spans: spans), on: grid).tiles)
        }
        #expect(real([ColumnSpan(row: 3, first: -3, last: 2)]) == HandWorked.tiles([3: [0...2, 87...89]]))
        #expect(real([ColumnSpan(row: 3, first: 88, last: 91)]) == HandWorked.tiles([3: [0...1, 88...89]]))
        #expect(real([ColumnSpan(row: 3, first: 95, last: 100)]) == HandWorked.tiles([3: [5...10]]))
        #expect(real([ColumnSpan(row: 3, first: -95, last: -91)]) == HandWorked.tiles([3: [-5 + 90...(-1 + 90)]]))
        #expect(real([ColumnSpan(row: 3, first: 7, last: 96)]) == HandWorked.tiles([3: [0...89]]))
        #expect(real([ColumnSpan(row: 3, first: -200, last: 200)]) == HandWorked.tiles([3: [0...89]]))
        // 89 columns starting at 5: real 5…89 and 0…3 (90…93) — column 4 is the one not drawn.
        #expect(real([ColumnSpan(row: 3, first: 5, last: 93)]) == HandWorked.tiles([3: [0...3, 5...89]]))
        #expect(real([ColumnSpan(row: 3, first: 5, last: 94)]) == HandWorked.tiles([3: [0...89]]))
        let overlapping = Stencil.realTiles(
            of: TileSet(spans: [ColumnSpan(row: 0, first: -2, last: 1), ColumnSpan(row: 0, first: 88, last: 91)]),
            on: grid)
        #expect(overlapping.count == 4)
        #expect(Set(overlapping.tiles) == HandWorked.tiles([0: [0...1, 88...89]]))
    }
}
