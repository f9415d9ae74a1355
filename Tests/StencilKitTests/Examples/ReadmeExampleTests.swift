import Foundation
import StencilKit
import Testing

/// The README's example, verbatim, so it keeps compiling and its printed figures stay true.
struct ReadmeExampleTests {
    @Test func readmeExampleRuns() throws {
        // Mars Viking, 90 × 42 tiles of 128 px; a 480 × 320 screen at 1 terrain px per point.
        let a = try GeoCoordinate(latitude: 0, longitude: -147)
        let b = try GeoCoordinate(latitude: 0, longitude: -86.25)
        let screen = try Screen(width: 480, height: 320, scale: 1, anchor: .center)
        let racetrack = try Racetrack(
            from: a, to: b, on: .marsViking, screen: screen, turn: .pivot, lateralBand: 0)
        let track = Track(racetrack: racetrack)  // out A→B, a U-turn, back, a U-turn: one track like any other

        // Every tile the loop can show: 94 textures, 6,160,384 bytes at RGBA8.
        let stencil = try Stencil(track: track)
        print(stencil.real.count, stencil.bytes(for: .rgba8Tile128))

        // Per frame: the visible tiles, in draw order, into a reused buffer.
        var visible: [VisibleTile] = []
        visible.reserveCapacity(256)
        for pose in try track.frames(at: FlightTiming(speed: 240, framesPerSecond: 60, turnRate: 90)) {
            let view = try track.cull(pose, lateralOffset: 0, into: &visible)
            for tile in visible {
                _ = (tile.realTile, view.transform.apply(to: tile.origin))  // texture, and where it goes on screen
            }
        }

        // Under a 3 MB budget the route is split; each crossing lists its loads and evictions.
        let plan = try BudgetPlan(
            track: track, budget: MemoryBudget(bytes: 3_000_000), format: .rgba8Tile128)
        print(plan.segmentCount, plan.splitPositions, plan.peakBytes)

        #expect(stencil.real.count == 94)
        #expect(stencil.bytes(for: .rgba8Tile128) == 6_160_384)
        #expect(plan.segmentCount > 1)
        #expect(plan.peakBytes <= 3_000_000)
    }
}

/// The README's first example, a Web Mercator map for a MapLibre or mercantile user, verbatim between the markers,
/// checked against the MapLibre formula by hand and against the library's other paths.
struct ReadmeWebMercatorExampleTests {
    @Test func readmeWebMercatorExampleRuns() throws {
        // --- README example begins ---
        // A MapLibre map of 256-px raster tiles at MapLibre zoom 11.6 on a phone (390 × 844 points, pixel
        // ratio 3):
        // MapLibre draws level 13 there (Math.round(11.6 + 1)), at 2^(13 − 12.6) = 1.32 tile px per point.
        let source = try LevelOfDetail.mapLibre(.raster, tileSize: 256)
        guard let draw = try source.mapLibreLevel(forZoom: 11.6, pixelRatio: 3).drawLevel else { return }
        let zurich = try GeoCoordinate(latitude: 47.3769, longitude: 8.5417)
        let screen = try Screen(width: 390, height: 844, scale: draw.scale)

        // 1. A view: the tiles on screen as z/x/y, in draw order, into a reused buffer.
        let view = try Viewport(grid: draw.grid, center: zurich, bearing: 0, screen: screen)
        var visible: [VisibleTile] = []
        view.visibleTiles(into: &visible)
        let ids = visible.compactMap { view.tileID(of: $0) }
        print(ids.count, ids[0])  // 15 13/4289/2866
        // mercantile's tiles(w, s, e, n, zooms): a lon/lat box's tiles, e.g. to prefetch a region.
        let region = try TileID.tiles(west: 8.4, south: 47.3, east: 8.7, north: 47.45, levels: 10...12)
        print(region.count)  // 20

        // 2. A route's stencil: Zurich → Geneva on a rhumb line, every tile the flight can show.
        let geneva = try GeoCoordinate(latitude: 46.2044, longitude: 6.1432)
        let route = try Track(waypoints: [zurich, geneva], on: draw.grid, screen: screen)
        let stencil = try Stencil(track: route)
        let rgba256 = try TextureFormat(tileSize: 256)  // 262,144 bytes a tile
        print(stencil.tileCount, stencil.bytes(for: rgba256))  // 243 63700992

        // 3. A schedule: at 250 m/s and 30 frames a second, 64 textures, a network loader of 0.15 s and 40
        // tiles/s.
        let timing = try GroundTiming(speed: 250, framesPerSecond: 30)
        let loader = try LoaderModel(latency: 0.15, throughput: 40).forSteps(every: 1.0 / 30)
        let schedule = try route.schedule(at: timing, capacity: 64, loader: loader)
        print(schedule.requestCount, schedule.beladyBound, schedule.takeoffWait)  // 243 243 0.58333
        // --- README example ends ---

        // MapLibre's rule by hand: raster rounds Z = Z_ml + log₂(512 / 256) = 12.6 to 13; scale 2^(13 − 12.6).
        #expect(draw.level == 13)
        #expect(abs(draw.scale - exp2(0.4)) < 1e-12)
        // At bearing 0 the footprint is the box of 390·z × 844·z px about the centre: its tiles by the positive-area
        // rule are mercantile's cover of the box's longitudes and latitudes.
        let centre = try draw.grid.pixel(of: zurich)
        let halfW = 195 * draw.scale
        let halfH = 422 * draw.scale
        let northWest = try draw.grid.coordinate(at: PixelPoint(x: centre.x - halfW, y: centre.y - halfH))
        let southEast = try draw.grid.coordinate(at: PixelPoint(x: centre.x + halfW, y: centre.y + halfH))
        let cover = try TileID.tiles(
            west: northWest.longitude, south: southEast.latitude, east: southEast.longitude,
            north: northWest.latitude, atLevel: 13)
        #expect(Set(ids) == Set(cover))
        #expect(ids.count == visible.count)
        // The region: at each level, the columns and rows from the tiles holding its corners (no corner on an edge).
        var expected = 0
        for level in 10...12 {
            let nw = try TileID(containing: GeoCoordinate(latitude: 47.45, longitude: 8.4), atLevel: level)
            let se = try TileID(containing: GeoCoordinate(latitude: 47.3, longitude: 8.7), atLevel: level)
            expected += (se.x - nw.x + 1) * (se.y - nw.y + 1)
        }
        #expect(region.count == expected)
        // Every tile a frame of the flight shows is in the stencil; the schedule holds every need within 64 slots.
        var tiles: [VisibleTile] = []
        for pose in try route.frames(at: timing) {
            try route.cull(pose, into: &tiles)
            #expect(tiles.allSatisfy { stencil.contains($0.tile) })
        }
        #expect(schedule.peakTiles <= 64)
        #expect(schedule.requestCount >= schedule.beladyBound)
        // The figures the README prints (a regression check: this code printed them).
        let first = try TileID(level: 13, x: 4289, y: 2866)
        #expect(ids.count == 15 && ids[0] == first)
        #expect(region.count == 20)
        #expect(stencil.tileCount == 243 && stencil.bytes(for: rgba256) == 63_700_992)
        #expect(schedule.requestCount == 243 && schedule.beladyBound == 243)
        // Take-off wait λ' + (P − 1)/μ with λ' = 0.15 + 1/30 (a step's delay): a preload of P = 17 tiles.
        #expect(abs(schedule.takeoffWait - (0.15 + 1.0 / 30 + 16.0 / 40)) < 1e-6)
        #expect(schedule.preload.count == 17)
    }
}
