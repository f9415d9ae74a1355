import Foundation
import Testing

@testable import StencilKit

/// Views worked by hand (MODEL.md §8, §10 example 5): unrotated views against mercantile-style arithmetic, example 5
/// tile by tile with its prefetch ring, views across ±180°, wider than the world and off the terrain, the screen
/// transform and the orders.
struct ViewportExampleTests {
    static func t(_ column: Int, _ row: Int) -> TileIndex { TileIndex(column: column, row: row) }

    /// Row-major runs written out: `[(row, firstColumn, lastColumn)]`.
    static func runs(_ list: [(Int, Int, Int)]) -> [TileIndex] {
        list.flatMap { row, first, last in (first...last).map { TileIndex(column: $0, row: row) } }
    }

    static func visible(_ view: Viewport, _ order: TileOrder = .rowMajor) -> [VisibleTile] {
        var tiles: [VisibleTile] = []
        view.visibleTiles(order: order, into: &tiles)
        return tiles
    }

    static func ring(_ view: Viewport, _ k: Double, _ order: TileOrder = .rowMajor) throws -> [VisibleTile] {
        var tiles: [VisibleTile] = []
        try view.prefetchRing(width: k, order: order, into: &tiles)
        return tiles
    }

    // MARK: Mercantile-style arithmetic, written out here

    /// mercantile.tile's formulas for a Web Mercator level z (fractional tile coordinates, before the floor):
    /// x = (λ + 180)/360 · 2^z, y = (1 − ln(tan φ + sec φ)/π)/2 · 2^z.
    static func mercantileTile(longitude: Double, latitude: Double, z: Int) -> (x: Double, y: Double) {
        let n = Double(1 << z)
        let phi = latitude * .pi / 180
        return ((longitude + 180) / 360 * n, (1 - log(tan(phi) + 1 / cos(phi)) / .pi) / 2 * n)
    }

    /// The inverse: the longitude and latitude of fractional tile coordinates (mercantile.ul).
    static func mercantileCoordinate(x: Double, y: Double, z: Int) -> (longitude: Double, latitude: Double) {
        let n = Double(1 << z)
        return (x / n * 360 - 180, atan(sinh(.pi * (1 - 2 * y / n))) * 180 / .pi)
    }

    // MARK: MODEL.md example 5

    /// Level 12 of Web Mercator (4096 × 4096 tiles of 256 px), map zoom Z = 12.4 drawn from level ⌊12.4⌋ = 12 at
    /// scale 2^(12 − 12.4); centre λ = 8.5417°, φ = 47.3769°; screen 390 × 844 at bearing 37°, anchor centre.
    static func example5() throws -> Viewport {
        let grid = try TileGrid.xyz(level: 12)
        let screen = try Screen(width: 390, height: 844, scale: pow(2, 12 - 12.4))
        return try Viewport(
            grid: grid, center: GeoCoordinate(latitude: 47.3769, longitude: 8.5417), bearing: 37, screen: screen)
    }

    @Test func example5CentreAndFootprint() throws {
        let view = try Self.example5()
        // px = (λ + 180)/360 · 1,048,576 = 188.5417/360 · 1,048,576 = 549167.5045;
        // py = 524,288 − (1,048,576 / 2π)·asinh(tan 47.3769°) = 367196.2778.
        #expect(abs(view.center.x - 549_167.5045) < 1e-4)
        #expect(abs(view.center.y - 367_196.2778) < 1e-4)
        // The same point from mercantile's formula, in pixels: tile coordinates × 256.
        let m = Self.mercantileTile(longitude: 8.5417, latitude: 47.3769, z: 12)
        #expect(abs(m.x * 256 - view.center.x) < 1e-6 && abs(m.y * 256 - view.center.y) < 1e-6)
        #expect(Int(m.x) == 2145 && Int(m.y) == 1434)  // "in tile (2145, 1434)"
        // 390 × 0.757858283 = 295.565 across, 844 × 0.757858283 = 639.632 along.
        #expect(abs(view.footprint.across.upper - view.footprint.across.lower - 295.565) < 1e-3)
        #expect(abs(view.footprint.along.upper - view.footprint.along.lower - 639.632) < 1e-3)
        #expect(view.bearing == 37)
    }

    @Test func example5VisibleTilesTileByTile() throws {
        let view = try Self.example5()
        let tiles = Self.visible(view)
        // Row 1433: 2144–2146; 1434: 2143–2146; 1435: 2143–2145 — row-major.
        let expected = Self.runs([(1433, 2144, 2146), (1434, 2143, 2146), (1435, 2143, 2145)])
        #expect(tiles.count == 10)
        #expect(tiles.map(\.tile) == expected)
        for v in tiles {
            #expect(v.realTile == v.tile)  // 0 ≤ column < 4096: no ghosts
            #expect(v.origin == PixelPoint(x: Double(v.tile.column) * 256, y: Double(v.tile.row) * 256))
        }
        // The first visible tile, (12, 2144, 1433), has pixels [548864, 549120) × [366848, 367104).
        #expect(tiles[0].origin == PixelPoint(x: 548_864, y: 366_848))
        // Its centre (548992, 366976) lies (−175.5045, −220.2778) from the view's centre.
        #expect(abs(tiles[0].centerOffset.x + 175.5045) < 1e-4 && abs(tiles[0].centerOffset.y + 220.2778) < 1e-4)
        #expect(abs(tiles[0].distance - (175.5045 * 175.5045 + 220.2778 * 220.2778).squareRoot()) < 1e-4)
    }

    @Test func example5PrefetchRingTileByTile() throws {
        let view = try Self.example5()
        let ring = try Self.ring(view, 256)
        // 807.565 × 1151.632 px: 1431: 2144–2145; 1432: 2144–2147; 1433: 2143, 2147; 1434: 2142, 2147;
        // 1435: 2142, 2146; 1436: 2143–2145; 1437: 2144–2145 — 17 tiles.
        let expected = Self.runs([
            (1431, 2144, 2145), (1432, 2144, 2147), (1433, 2143, 2143), (1433, 2147, 2147), (1434, 2142, 2142),
            (1434, 2147, 2147), (1435, 2142, 2142), (1435, 2146, 2146), (1436, 2143, 2145), (1437, 2144, 2145),
        ])
        #expect(ring.count == 17)
        #expect(ring.map(\.tile) == expected)
        #expect(Set(ring.map(\.tile)).isDisjoint(with: Self.visible(view).map(\.tile)))
        // Width 0: nothing beyond the visible tiles.
        #expect(try Self.ring(view, 0).isEmpty)
    }

    @Test func example5NearestFirst() throws {
        let view = try Self.example5()
        let tiles = Self.visible(view, .nearestFirst)
        #expect(Set(tiles.map(\.tile)) == Set(Self.visible(view).map(\.tile)))
        // Distances from (549167.5045, 367196.2778) to the tile centres, worked here: the centre's own tile
        // (2145, 1434), centred (549248, 367232), is 88.07 px away and comes first.
        #expect(tiles[0].tile == Self.t(2145, 1434))
        let c = view.center
        let d = tiles.map { v in
            let dx = Double(v.tile.column) * 256 + 128 - c.x
            let dy = Double(v.tile.row) * 256 + 128 - c.y
            return dx * dx + dy * dy
        }
        #expect(abs(d[0].squareRoot() - 88.07) < 0.01)
        for i in 1..<d.count { #expect(d[i - 1] <= d[i]) }
        // The ring nearest-first: the same 17 tiles, non-decreasing distance.
        let ring = try Self.ring(view, 256, .nearestFirst)
        #expect(Set(ring.map(\.tile)) == Set(try Self.ring(view, 256).map(\.tile)))
        for i in 1..<ring.count { #expect(ring[i - 1].distance <= ring[i].distance) }
    }

    // MARK: Unrotated views against mercantile

    /// The tiles of an unrotated view, mercantile-style: the footprint's corners to longitude and latitude, then
    /// mercantile's formulas, the west and north edges floored and the east and south edges ceiled minus one (the
    /// positive-area rule: an edge on a tile boundary needs no neighbour).
    static func mercantileCover(center: PixelPoint, width: Double, height: Double, z: Int) -> [TileIndex] {
        let worldPixels = Double(1 << z) * 256
        let west = (center.x - width / 2) / worldPixels * 360 - 180
        let east = (center.x + width / 2) / worldPixels * 360 - 180
        let north = mercantileCoordinate(x: 0, y: (center.y - height / 2) / 256, z: z).latitude
        let south = mercantileCoordinate(x: 0, y: (center.y + height / 2) / 256, z: z).latitude
        let nw = mercantileTile(longitude: west, latitude: north, z: z)
        let se = mercantileTile(longitude: east, latitude: south, z: z)
        // Round the round trip to 1e-9 of a tile, so an edge exactly on a boundary stays on it.
        let snap = { (v: Double) in (v * 1e9).rounded() / 1e9 }
        let x0 = Int(snap(nw.x).rounded(.down))
        let x1 = Int(snap(se.x).rounded(.up)) - 1
        let y0 = max(0, Int(snap(nw.y).rounded(.down)))
        let y1 = min((1 << z) - 1, Int(snap(se.y).rounded(.up)) - 1)
        guard y0 <= y1, x0 <= x1 else { return [] }
        return (y0...y1).flatMap { y in (x0...x1).map { TileIndex(column: $0, row: y) } }
    }

    @Test func unrotatedViewsMatchMercantile() throws {
        // (a) Example 5 unrotated: x ∈ 549167.5045 ± 147.78 = [549019.72, 549315.29] → columns 2144.61…2145.76,
        // i.e. 2144–2145; y ∈ 367196.2778 ± 319.82 = [366876.46, 367516.09] → rows 1433.11…1435.61, i.e. 1433–1435.
        let zurich = try Self.example5()
        let flat = try Viewport(grid: zurich.grid, center: zurich.center, bearing: 0, screen: zurich.screen)
        let scale = pow(2, -0.4)
        #expect(
            Self.visible(flat).map(\.tile) == Self.runs([(1433, 2144, 2145), (1434, 2144, 2145), (1435, 2144, 2145)]))
        #expect(
            Self.visible(flat).map(\.tile)
                == Self.mercantileCover(center: zurich.center, width: 390 * scale, height: 844 * scale, z: 12))
        // Bearing 180 and 360 show the same tiles (the rectangle is symmetric about its centre).
        for bearing in [180.0, 360, -180] {
            let turned = try Viewport(grid: zurich.grid, center: zurich.center, bearing: bearing, screen: zurich.screen)
            #expect(Self.visible(turned).map(\.tile) == Self.visible(flat).map(\.tile))
        }

        // (b) A z = 5 view of 1000 × 600 points at scale 1 centred at λ = −73.9857°, φ = 40.7484°.
        // px = 106.0143/360 · 8192 = 2412.41, py = 4096 − (8192/2π)·asinh(tan 40.7484°) = 3078.97 (mercantile y =
        // 12.0272 tiles); x ∈ [1912.41, 2912.41] → columns 7…11 (7.47…11.38), y ∈ [2778.97, 3378.97] → rows 10…13
        // (10.86…13.20).
        let grid5 = try TileGrid.xyz(level: 5)
        let screen = try Screen(width: 1000, height: 600)
        let nyc = try Viewport(
            grid: grid5, center: GeoCoordinate(latitude: 40.7484, longitude: -73.9857), screen: screen)
        #expect(abs(nyc.center.x - 2412.41) < 0.01 && abs(nyc.center.y - 3078.97) < 0.01)
        let expected = (10...13).flatMap { r in (7...11).map { Self.t($0, r) } }
        #expect(Self.visible(nyc).map(\.tile) == expected)
        #expect(
            Self.visible(nyc).map(\.tile) == Self.mercantileCover(center: nyc.center, width: 1000, height: 600, z: 5))

        // (c) Edges exactly on tile boundaries: z = 3, centre (384, 640), 256 × 256 points: x ∈ [256, 512],
        // y ∈ [512, 768] — exactly tile (1, 2); its eight neighbours only touch.
        let grid3 = try TileGrid.xyz(level: 3)
        let square = try Viewport(
            grid: grid3, center: PixelPoint(x: 384, y: 640), screen: Screen(width: 256, height: 256))
        #expect(Self.visible(square).map(\.tile) == [Self.t(1, 2)])
        #expect(Self.mercantileCover(center: square.center, width: 256, height: 256, z: 3) == [Self.t(1, 2)])
        // Its 1-px ring needs all eight neighbours (the grown square [255, 513] × [511, 769]).
        #expect(
            try Self.ring(square, 1).map(\.tile)
                == Self.runs([(1, 0, 2), (2, 0, 0), (2, 2, 2), (3, 0, 2)]))
        // Half a tile to the east: x ∈ [384, 640] → columns 1…2.
        let shifted = try Viewport(
            grid: grid3, center: PixelPoint(x: 512, y: 640), screen: Screen(width: 256, height: 256))
        #expect(Self.visible(shifted).map(\.tile) == [Self.t(1, 2), Self.t(2, 2)])
    }

    // MARK: Across ±180°, wider than the world, off the terrain

    @Test func viewAcrossTheAntimeridianDrawsGhosts() throws {
        // z = 2 (4 × 4 tiles, 1024 px): λ = 179°, φ = 0 → px = 359/360 · 1024 = 1021.1556, py = 512.
        // Screen 600 × 300: x ∈ [721.16, 1321.16] → unwrapped columns 2…5 (5.16), y ∈ [362, 662] → rows 1…2.
        // Columns 4 and 5 are ghosts of real columns 0 and 1, drawn at x = 1024 and 1280.
        let grid = try TileGrid.xyz(level: 2)
        let view = try Viewport(
            grid: grid, center: GeoCoordinate(latitude: 0, longitude: 179), screen: Screen(width: 600, height: 300))
        let tiles = Self.visible(view)
        #expect(tiles.map(\.tile) == Self.runs([(1, 2, 5), (2, 2, 5)]))
        #expect(tiles.map(\.realTile.column) == [2, 3, 0, 1, 2, 3, 0, 1])
        #expect(tiles.map(\.origin.x) == [512, 768, 1024, 1280, 512, 768, 1024, 1280])
        // The same view one world west (λ = 179° is also px − 1024 = −2.84): columns −2…1, ghosts of 2 and 3.
        let west = try Viewport(
            grid: grid, center: PixelPoint(x: view.center.x - 1024, y: 512), screen: Screen(width: 600, height: 300))
        #expect(Self.visible(west).map(\.tile) == Self.runs([(1, -2, 1), (2, -2, 1)]))
        #expect(Self.visible(west).map(\.realTile.column) == [2, 3, 0, 1, 2, 3, 0, 1])
    }

    @Test func viewWiderThanTheWorld() throws {
        // z = 0: one 256-px tile. Screen 1000 × 200 centred on (128, 128): x ∈ [−372, 628] → columns −2…2
        // (−1.45 and 2.45), y ∈ [28, 228] → row 0. Five copies of tile (0, 0).
        let grid = try TileGrid.xyz(level: 0)
        let view = try Viewport(
            grid: grid, center: PixelPoint(x: 128, y: 128), screen: Screen(width: 1000, height: 200))
        let tiles = Self.visible(view)
        #expect(tiles.map(\.tile) == Self.runs([(0, -2, 2)]))
        #expect(tiles.allSatisfy { $0.realTile == Self.t(0, 0) })
        // At bearing 90 the 1000-point width runs north–south: x ∈ [28, 228], y ∈ [−372, 628] → only row 0 exists.
        let turned = try Viewport(
            grid: grid, center: PixelPoint(x: 128, y: 128), bearing: 90, screen: Screen(width: 1000, height: 200))
        #expect(Self.visible(turned).map(\.tile) == [Self.t(0, 0)])
        // A ring around it can only add columns: 300 px grows x to [−272, 528] → columns −2…2, minus column 0.
        #expect(try Self.ring(turned, 300).map(\.tile) == [Self.t(-2, 0), Self.t(-1, 0), Self.t(1, 0), Self.t(2, 0)])
    }

    @Test func rowsPastTheTerrainAreLeftOut() throws {
        // z = 1 (2 × 2 tiles, 512 px). Centre (256, −100): above the terrain's top edge. Screen 300 × 400:
        // x ∈ [106, 406] → columns 0…1, y ∈ [−300, 100] → rows −2…0, of which only row 0 exists.
        let grid = try TileGrid.xyz(level: 1)
        let screen = try Screen(width: 300, height: 400)
        let view = try Viewport(grid: grid, center: PixelPoint(x: 256, y: -100), screen: screen)
        #expect(Self.visible(view).map(\.tile) == [Self.t(0, 0), Self.t(1, 0)])
        // Entirely off the terrain: nothing, and no error.
        let gone = try Viewport(grid: grid, center: PixelPoint(x: 256, y: -1000), screen: screen)
        #expect(Self.visible(gone).isEmpty)
        #expect(try Self.ring(gone, 100).isEmpty)
        // Below the bottom edge (y = 512): centre y = 700 → y ∈ [500, 900] → rows 1…3, only row 1.
        let below = try Viewport(grid: grid, center: PixelPoint(x: 256, y: 700), screen: screen)
        #expect(Self.visible(below).map(\.tile) == [Self.t(0, 1), Self.t(1, 1)])
        // A latitude past the terrain's limit (85.0511°) is a valid centre too: φ = 89° is at
        // py = 256 − (512/2π)·asinh(tan 89°) = −130.36, so y ∈ [−330.36, 69.64] → row 0 only.
        let arctic = try Viewport(grid: grid, center: GeoCoordinate(latitude: 89, longitude: 0), screen: screen)
        #expect(abs(arctic.center.y + 130.36) < 0.01)
        #expect(Self.visible(arctic).map(\.tile) == [Self.t(0, 0), Self.t(1, 0)])
    }

    // MARK: Transform and orders

    @Test func transformPutsTheCentreAtTheAnchorAndTheFootprintOnTheScreen() throws {
        let grid = try TileGrid.xyz(level: 12)
        let screen = try Screen(width: 390, height: 844, scale: 0.75, anchor: Screen.Anchor(x: 0.5, y: 0.75), margin: 3)
        for bearing in [0.0, 37, 90, 200, -45] {
            let view = try Viewport(
                grid: grid, center: PixelPoint(x: 549_167.5, y: 367_196.25), bearing: bearing, screen: screen)
            let map = view.transform
            #expect(CullingCheck.near(map.apply(to: view.center), PixelPoint(x: 195, y: 633), 1e-6))
            // The margin of 3 terrain px is 4 points beyond each screen edge at 0.75 px per point.
            let corners = CullingCheck.corners(at: view.center, heading: bearing, screen: screen)
            let expected = [
                PixelPoint(x: -4, y: 848), PixelPoint(x: -4, y: -4), PixelPoint(x: 394, y: -4),
                PixelPoint(x: 394, y: 848),
            ]
            for i in 0..<4 { #expect(CullingCheck.near(map.apply(to: corners[i]), expected[i], 1e-6)) }
            #expect(abs(CullingCheck.headingChange(-bearing, map.rotation)) < 1e-9)
        }
    }

    @Test func cullIsTheViewAtThePose() throws {
        // Example 1's leg midpoint: the culled frame equals the viewport at (2028, 2688), bearing 90, in both orders.
        let loop = try CullingTests.example1()
        let pose = try loop.pose(.outbound, at: 972)
        let view = try Viewport(
            grid: .marsViking, center: pose.position, bearing: pose.heading, screen: loop.flight.screen)
        for order in TileOrder.allCases {
            var culled: [VisibleTile] = []
            let frame = try loop.cull(pose, order: order, into: &culled)
            #expect(culled == Self.visible(view, order))
            #expect(frame.transform == view.transform && frame.footprint == view.footprint)
        }
        // The default order is row-major: columns 14…17 of rows 19…22.
        var culled: [VisibleTile] = []
        try loop.cull(pose, into: &culled)
        #expect(culled.map(\.tile) == Self.runs((19...22).map { ($0, 14, 17) }))
    }

    @Test func nearestFirstBreaksTiesRowMajor() throws {
        // A 16 × 16 grid of 10 px tiles; centre (55, 55), bearing 30, screen 10 × 20
        // (CullingTests.heading30CentredByHand):
        // (5,5) at 0; (5,4), (4,5), (6,5), (5,6) at exactly 10 — row-major among themselves; (6,4), (4,6) at √200.
        let grid = try TileGrid(columns: 16, rows: 16, tileSize: 10)
        let view = try Viewport(
            grid: grid, center: PixelPoint(x: 55, y: 55), bearing: 30, screen: Screen(width: 10, height: 20))
        #expect(
            Self.visible(view, .nearestFirst).map(\.tile) == [
                Self.t(5, 5), Self.t(5, 4), Self.t(4, 5), Self.t(6, 5), Self.t(5, 6), Self.t(6, 4), Self.t(4, 6),
            ])
        #expect(
            Self.visible(view).map(\.tile) == [
                Self.t(5, 4), Self.t(6, 4), Self.t(4, 5), Self.t(5, 5), Self.t(6, 5), Self.t(4, 6), Self.t(5, 6),
            ])
        // More than 32 tiles takes the heap sort: the same order as sorting by (d², row, column) here.
        let wide = try Viewport(
            grid: grid, center: PixelPoint(x: 80, y: 80), bearing: 10, screen: Screen(width: 70, height: 90))
        let sorted = Self.visible(wide, .nearestFirst)
        #expect(sorted.count > 32)
        let reference = Self.visible(wide).sorted { a, b in
            let da = a.centerOffset.x * a.centerOffset.x + a.centerOffset.y * a.centerOffset.y
            let db = b.centerOffset.x * b.centerOffset.x + b.centerOffset.y * b.centerOffset.y
            return da != db ? da < db : (a.tile.row, a.tile.column) < (b.tile.row, b.tile.column)
        }
        #expect(sorted == reference)
    }

    @Test func reusedBufferKeepsItsStorage() throws {
        let view = try Self.example5()
        var buffer: [VisibleTile] = []
        buffer.reserveCapacity(64)
        let capacity = buffer.capacity
        let base = buffer.withUnsafeBufferPointer(\.baseAddress)
        for bearing in stride(from: 0.0, to: 360, by: 7.5) {
            let turned = try Viewport(grid: view.grid, center: view.center, bearing: bearing, screen: view.screen)
            for order in TileOrder.allCases {
                turned.visibleTiles(order: order, into: &buffer)
                #expect(!buffer.isEmpty && buffer.withUnsafeBufferPointer(\.baseAddress) == base)
                try turned.prefetchRing(width: 256, order: order, into: &buffer)
                #expect(buffer.count >= 12 && buffer.withUnsafeBufferPointer(\.baseAddress) == base)
            }
        }
        #expect(buffer.capacity == capacity)
    }
}
