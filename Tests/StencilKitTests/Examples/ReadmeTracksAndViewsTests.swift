import MercatorMath
import StencilKit
import Testing

/// The README's track and view examples between the markers (the view one with a line added to collect the
/// fallbacks), with their stated figures checked.
struct ReadmeTracksAndViewsTests {
    @Test func readmeTrackExampleRuns() throws {
        // --- README example begins ---
        // MODEL.md example 4: an L of two rhumb legs with a fly-by turn of 128 px at the corner (90 tiles).
        let grid = TileGrid.marsViking
        let corner = [(1056.0, 2688.0), (2080.0, 2688.0), (2080.0, 3712.0)]
        let waypoints = try corner.map { try grid.coordinate(at: PixelPoint(x: $0.0, y: $0.1)) }
        let track = try Track(
            waypoints: waypoints, on: grid, screen: Screen(width: 480, height: 320), legs: .rhumb,
            turnRadius: 128,
            closure: .oneWay)
        let stencil = try Stencil(track: track)  // 90 tiles, exactly
        let timing = try FlightTiming(speed: 240, framesPerSecond: 60, turnRate: 90)
        var tiles: [VisibleTile] = []
        for pose in try track.frames(at: timing) {  // pose.arcLength: s along the track
            try track.cull(pose, into: &tiles)  // row-major, every tile in the stencil
        }
        // splits in arc length
        let plan = try BudgetPlan(track: track, budget: MemoryBudget(bytes: 40 * 65_536))
        // --- README example ends ---
        #expect(stencil.tileCount == 90)
        #expect(plan.peakResidentTiles <= 40)
        #expect(tiles.allSatisfy { stencil.contains($0.tile) })
    }

    @Test func readmeGroundExampleRuns() throws {
        // --- README example begins ---
        // The geometry model's example 8: JFK to LHR on one rhumb line at XYZ level 8, flown at 250 m/s
        // (Earth's sphere,
        // an XYZ grid's own body). On a Mercator image 250 m/s is not one px speed: it changes by 1 / cos
        // φ.
        let jfk = try GeoCoordinate(latitude: 40.6413, longitude: -73.7781)
        let lhr = try GeoCoordinate(latitude: 51.47, longitude: -0.4543)
        let route = try Track(
            waypoints: [jfk, lhr], on: .xyz(level: 8), screen: Screen(width: 400, height: 300))
        let timetable = try TrackTimetable(track: route, timing: GroundTiming(speed: 250))
        print(timetable.duration, timetable.groundLength ?? 0)  // 23,060.367 s, 5,765,091.721 m
        // at 46.05565° N: where the aircraft really is
        let halfway = try timetable.pose(atTime: timetable.duration / 2)
        print(timetable.time(at: halfway), timetable.groundDistance(at: halfway) ?? 0)
        // 1.3126 px: 500 m at the route's highest latitude
        let corridor = try route.withLateralBand(metres: 500)
        // a frame a second
        let needs = try corridor.needs(at: GroundTiming(legSpeeds: [250], framesPerSecond: 1))
        // --- README example ends ---
        #expect(abs(timetable.duration - 23_060.366884) < 1e-6)
        #expect(abs((timetable.groundLength ?? 0) - 5_765_091.720973) < 1e-5)
        #expect(abs(corridor.lateralBand - 1.312625792) < 1e-9)
        #expect(needs.frameCount == Int(timetable.duration.rounded(.down)) + 1)
    }

    @Test func readmeViewExampleRuns() throws {
        var fallbacks: [ParentFallback?] = []
        // --- README example begins ---
        // A map view: Web Mercator at map zoom 12.4 (level 12, scale 2^(12 − 12.4) terrain px per point).
        let draw = try LevelOfDetail(tileSize: 256, levelBias: 0).drawLevel(forMapZoom: 12.4)
        let view = try Viewport(
            grid: draw.grid, center: GeoCoordinate(latitude: 47.3769, longitude: 8.5417), bearing: 37,
            screen: Screen(width: 390, height: 844, scale: draw.scale))
        var visible: [VisibleTile] = [], ring: [VisibleTile] = []
        view.visibleTiles(into: &visible)  // 10 tiles, row-major: the draw order
        try view.prefetchRing(width: 256, order: .nearestFirst, into: &ring)  // 17 tiles just off screen
        for tile in visible {
            // (12, 2144, 1433), …; nil off XYZ grids
            guard let id = view.unwrappedTileID(of: tile) else { continue }
            let place = view.transform.apply(to: tile.origin)  // screen points of the tile's corner
            // Not loaded yet? Draw the nearest resident ancestor's sub-square instead:
            // (10, 536, 358), origin (0, 0.25), side 1/4
            let fallback = id.parentFallback { $0.level <= 10 }
            _ = (place, fallback)
            fallbacks.append(fallback)
        }
        // --- README example ends ---
        #expect(visible.count == 10 && ring.count == 17)
        #expect(visible.first?.tile == TileIndex(column: 2144, row: 1433))
        let first = try #require(fallbacks.first ?? nil)
        #expect(first.ancestor == (try TileID(level: 10, x: 536, y: 358)))
        #expect(first.textureX == 0 && first.textureY == 0.25 && first.textureSide == 0.25)
    }
}
