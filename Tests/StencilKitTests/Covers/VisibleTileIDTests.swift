import Foundation
import Testing

@testable import StencilKit

/// A visible tile's z/x/y without `try`: `Viewport.tileID(of:)` and `unwrappedTileID(of:)` against the grid's
/// throwing conversions, on XYZ views (ghosts across ±180° included) and nil on a grid that is not an XYZ level.
struct VisibleTileIDTests {
    static func tiles(_ view: Viewport, ring width: Double = 0) throws -> [VisibleTile] {
        var visible: [VisibleTile] = []
        var ring: [VisibleTile] = []
        view.visibleTiles(into: &visible)
        if width > 0 { try view.prefetchRing(width: width, into: &ring) }
        return visible + ring
    }

    @Test("example 5 (Zurich, map zoom 12.4): every visible and ring tile's z/x/y, the first 12/2144/1433")
    func zurich() throws {
        let draw = try LevelOfDetail().drawLevel(forMapZoom: 12.4)
        let view = try Viewport(
            grid: draw.grid, center: GeoCoordinate(latitude: 47.3769, longitude: 8.5417), bearing: 37,
            screen: Screen(width: 390, height: 844, scale: draw.scale))
        let tiles = try Self.tiles(view, ring: 256)
        #expect(tiles.count == 27)
        #expect(view.tileID(of: tiles[0])?.description == "12/2144/1433")
        for tile in tiles {
            #expect(view.tileID(of: tile) == (try draw.grid.tileID(of: tile.tile)))
            #expect(view.unwrappedTileID(of: tile) == (try draw.grid.unwrappedTileID(of: tile.tile)))
            #expect(view.tileID(of: tile)?.tileIndex == tile.realTile)
        }
    }

    @Test("across ±180° ghost tiles keep their world copy and name their real tile", arguments: [256, 512])
    func acrossTheAntimeridian(tileSize: Int) throws {
        let grid = try TileGrid.xyz(level: 3, tileSize: tileSize)
        let view = try Viewport(
            grid: grid, center: GeoCoordinate(latitude: 10, longitude: 179.5), bearing: 20,
            screen: Screen(width: 1200, height: 800, scale: 1))
        let tiles = try Self.tiles(view, ring: 100)
        var copies = Set<Int>()
        for tile in tiles {
            let unwrapped = try #require(view.unwrappedTileID(of: tile))
            #expect(unwrapped.tileIndex == tile.tile && unwrapped.level == 3)
            #expect(unwrapped.canonical == view.tileID(of: tile))
            #expect(view.tileID(of: tile)?.tileIndex == tile.realTile)
            copies.insert(unwrapped.worldCopy)
        }
        #expect(copies == [0, 1])
    }

    @Test("a grid that is not an XYZ level gives nil, never an error")
    func notXYZ() throws {
        let view = try Viewport(
            grid: .marsViking, center: PixelPoint(x: 5000, y: 2000), screen: Screen(width: 800, height: 600, scale: 1))
        let tiles = try Self.tiles(view)
        #expect(!tiles.isEmpty)
        for tile in tiles {
            #expect(view.tileID(of: tile) == nil && view.unwrappedTileID(of: tile) == nil)
        }
    }
}
