import Foundation
import MercatorMath
import TestSupport
import Testing

@testable import StencilKit

/// Hand-worked MapLibre covers, MapLibre's raster rounding, the comparison with this library's single-level cover,
/// and the refusals.
struct MapLibreCameraTests {
    static func ids(_ tiles: [MapLibreTile]) -> [String] { tiles.map(\.description) }

    /// Centre (0°, 0°), zoom 2 on a 512-px vector source: the world is 2048 px, the 1000 × 600 canvas spans
    /// x 524…1524 and y 724…1324 px, so columns and rows 1…2 of level 2 (tiles of 512 px). All four keys tie
    /// at 0.5 (the centre is their common corner), so MapLibre's order is its depth-first order: the root's last
    /// child (1, 1) first, whose child (2, 2) is the first tile found.
    @Test func aTopDownViewIsTheRectanglesTilesInMapLibresOrder() throws {
        let camera = try MapLibreCamera(longitude: 0, latitude: 0, zoom: 2, width: 1000, height: 600, source: .vector)
        #expect(Self.ids(try camera.cover()) == ["2/2/2", "2/1/2", "2/2/1", "2/1/1"])
        // 256-px tiles: one level more, 256 px each: columns 524/256 = 2.05 … 1524/256 = 5.95 and rows 2.83 … 5.17.
        let small = try MapLibreCamera(
            longitude: 0, latitude: 0, zoom: 2, width: 1000, height: 600, tileSize: 256, source: .vector)
        let expected = Set((2...5).flatMap { x in (2...5).map { y in "3/\(x)/\(y)" } })
        #expect(Set(Self.ids(try small.cover())) == expected)
        #expect(try small.cover().count == 16)
    }

    /// MapLibre's raster rounding on its own: at zoom 3.6 (world 512·2^3.6 = 6208.4 px, centre 3104.2 px, a
    /// 600 × 400 canvas over x 2804.2…3404.2 and y 2904.2…3304.2), a raster source rounds to level 4 (388.0-px
    /// tiles: columns 7.23…8.77, rows 7.48…8.52) where a vector source floors to level 3 (776.1-px tiles: columns
    /// 3.61…4.39, rows 3.74…4.26). Past 60° of pitch each tile's wanted level is rounded too: MapLibre's own tiles
    /// for camera 15 of the vectors (raster, 72°, levels 1…3, a ghost one world west).
    @Test func rasterSourcesRoundTheLevelAndVectorSourcesFloorIt() throws {
        let raster = try MapLibreCamera(longitude: 0, latitude: 0, zoom: 3.6, width: 600, height: 400, source: .raster)
        let vector = try MapLibreCamera(longitude: 0, latitude: 0, zoom: 3.6, width: 600, height: 400, source: .vector)
        #expect(Set(Self.ids(try raster.cover())) == ["4/7/7", "4/8/7", "4/7/8", "4/8/8"])
        #expect(Set(Self.ids(try vector.cover())) == ["3/3/3", "3/4/3", "3/3/4", "3/4/4"])
        let pitched = try MapLibreCamera(
            longitude: -51.617317, latitude: 12.303949, zoom: 1.269176, bearing: 0, pitch: 72.023, width: 596,
            height: 608, source: .raster)
        #expect(
            Self.ids(try pitched.cover()) == [
                "1/0/0", "1/1/0", "1/-1/0", "2/0/2", "2/1/2", "2/2/2", "2/0/3", "2/2/3", "3/2/6", "3/3/6",
            ])
    }

    /// Past maxzoom a vector source's tiles are the maxzoom tiles, drawn at the level wanted; a raster source's ids
    /// stay at maxzoom. Zoom 16.4 at maxzoom 14: vector level ⌊16.4⌋ = 16, raster round(16.4) = 16.
    @Test func overzoomedTilesReportTheDataTileAndTheLevelDrawn() throws {
        for source in MapLibreSourceKind.allCases {
            let camera = try MapLibreCamera(
                longitude: 8.54, latitude: 47.37, zoom: 16.4, width: 800, height: 600, maxZoom: 14, source: source)
            let tiles = try camera.cover()
            #expect(!tiles.isEmpty)
            for tile in tiles {
                #expect(tile.level == 14)
                #expect(tile.overscaledLevel == (source == .vector ? 16 : 14))
                #expect(tile.isOverscaled == (source == .vector))
            }
        }
        // Below minzoom nothing is requested.
        let below = try MapLibreCamera(
            longitude: 8.54, latitude: 47.37, zoom: 5.2, width: 800, height: 600, minZoom: 6, source: .vector)
        #expect(try below.cover().isEmpty)
    }

    /// A view across ±180° lists tiles of the world west with negative unwrapped columns (wrap −1).
    @Test func aViewAcrossTheAntimeridianHasGhostTiles() throws {
        // Centre 179.9°, zoom 3 (4096-px world, centre x 4095.7 px), 400 × 300: x 3895.7…4295.7 px, so level 3
        // columns 7 (x 3584…4096) and 8 ≡ 0 of the world east (wrap 1); rows 3.7…4.3 → 3, 4.
        let camera = try MapLibreCamera(
            longitude: 179.9, latitude: 0, zoom: 3, width: 400, height: 300, source: .vector)
        let tiles = try camera.cover()
        #expect(Set(Self.ids(tiles)) == ["3/7/3", "3/7/4", "3/8/3", "3/8/4"])
        #expect(Set(tiles.map(\.wrap)) == [0, 1])
        #expect(
            Set(tiles.map(\.realTile))
                == Set(try [(7, 3), (7, 4), (0, 3), (0, 4)].map { try TileID(level: 3, x: $0.0, y: $0.1) }))
    }

    /// The pixel ratio changes no level: the camera takes CSS px, and the same map at any device pixel ratio has the
    /// same canvas in CSS px — what MapLibre's own level says (``LevelOfDetail/mapLibreLevel(forZoom:pixelRatio:)``).
    @Test func thePixelRatioChangesNoLevel() throws {
        let lod = try LevelOfDetail.mapLibre(.raster, tileSize: 512)
        let camera = try MapLibreCamera(longitude: 0, latitude: 0, zoom: 3.6, width: 600, height: 400, source: .raster)
        for ratio in [1.0, 2, 3] {
            let level = try lod.mapLibreLevel(forZoom: 3.6, pixelRatio: ratio).drawLevel?.level
            #expect(try camera.cover().allSatisfy { $0.level == level })
        }
    }

    /// The claim, checked: up to 60° of pitch MapLibre draws one level, and its tiles hold this library's
    /// single-level cover of the same trapezoid — but not always exactly it: MapLibre's frustum test
    /// (`Aabb.intersectsFrustum`) keeps a tile beyond a corner of the view that lies inside each plane on its own,
    /// so where the view's corners are not square to the tile grid MapLibre requests a few tiles more. With a
    /// bearing that is a multiple of 90° at pitch 0 the view is an axis-aligned rectangle and the two are equal.
    @Test func upToSixtyDegreesMapLibreHoldsTheSingleLevelCoverAndSometimesMore() throws {
        var g = SplitMix64(seed: 0x28_3A1B)
        var compared = 0
        var equal = 0
        var squareCompared = 0
        for index in 0..<1500 {
            let square = index % 5 == 0
            let pitch = square ? 0 : g.uniform(0, 60)
            let bearing = square ? Double(g.int(-2...2)) * 90 : g.uniform(-180, 180)
            let tileSize = g.bool() ? 256 : 512
            let source: MapLibreSourceKind = g.bool() ? .raster : .vector
            let camera = try MapLibreCamera(
                longitude: g.uniform(-180, 180), latitude: g.uniform(-70, 70), zoom: g.uniform(1, 20),
                bearing: bearing, pitch: pitch, width: Double(g.int(64...2000)), height: Double(g.int(64...1500)),
                tileSize: tileSize, source: source)
            let mapLibre = Set(try camera.cover().map(\.tile))
            let library = Set(try Self.singleLevelCover(camera).map(\.tile))
            #expect(library.isSubset(of: mapLibre), "camera \(index): \(library.subtracting(mapLibre)) missing")
            if square {
                #expect(library == mapLibre, "camera \(index): \(mapLibre.subtracting(library)) more")
                squareCompared += 1
            }
            if library == mapLibre { equal += 1 }
            compared += 1
        }
        #expect(compared == 1500)
        #expect(squareCompared == 300)
        // Most views agree exactly; some rotated or pitched ones get corner tiles more.
        #expect(equal > 300 && equal < 1500, "\(equal) of 1500 equal")
    }

    /// This library's cover of the same trapezoid at MapLibre's single level: a ``PerspectiveCamera`` whose levels
    /// are that one level, centred on the constrained centre at the map zoom Z = Z_ml + log₂(512/T).
    static func singleLevelCover(_ camera: MapLibreCamera) throws -> [PitchedTile] {
        let offset = camera.tileSize == 256 ? 1.0 : 0
        let mapZoom = camera.mapZoom + offset
        let covering = camera.source == .raster ? (mapZoom + 0.5).rounded(.down) : mapZoom.rounded(.down)
        let level = min(max(0, Int(covering)), camera.maxZoom)
        let world = Double(camera.tileSize) * exp2(Double(level))
        let center = PixelPoint(
            x: (180 + camera.mapLongitude) / 360 * world,
            y: (0.5 - log(tan(Double.pi / 4 + camera.mapLatitude * Double.pi / 360)) / (2 * Double.pi)) * world)
        let perspective = try PerspectiveCamera(
            center: center, referenceLevel: level, bearing: camera.bearing, pitch: camera.pitch,
            fieldOfView: camera.fieldOfView,
            screen: Screen(width: camera.width, height: camera.height, scale: exp2(Double(level) - mapZoom)),
            levels: LevelOfDetail(tileSize: camera.tileSize, minLevel: level, maxLevel: level))
        return try perspective.cover()
    }

    /// The refusal's message for a camera with these values (the others valid), or nil when accepted.
    static func refusal(
        longitude: Double = 0, latitude: Double = 0, zoom: Double = 2, pitch: Double = 0, width: Double = 9,
        height: Double = 9, fieldOfView: Double = MapLibreCamera.defaultFieldOfView, tileSize: Int = 512,
        minZoom: Int = 0, maxZoom: Int = 22
    ) -> String? {
        do {
            _ = try MapLibreCamera(
                longitude: longitude, latitude: latitude, zoom: zoom, pitch: pitch, width: width, height: height,
                fieldOfView: fieldOfView, tileSize: tileSize, minZoom: minZoom, maxZoom: maxZoom, source: .vector)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func badValuesAreRefusedWithTheValidRange() {
        #expect(Self.refusal() == nil)
        #expect(Self.refusal(zoom: 25)?.contains("−2 ≤ zoom ≤ 24") == true)
        #expect(Self.refusal(zoom: -2.5)?.contains("−2 ≤ zoom ≤ 24") == true)
        #expect(Self.refusal(latitude: 91)?.contains("−90 ≤ φ ≤ 90") == true)
        #expect(Self.refusal(longitude: 36001)?.contains("|λ| ≤ 36000") == true)
        #expect(Self.refusal(pitch: 90)?.contains("0 ≤ p < 90") == true)
        #expect(Self.refusal(pitch: -1)?.contains("0 ≤ p < 90") == true)
        #expect(Self.refusal(width: 0)?.contains("1 ≤ w ≤ 16384") == true)
        #expect(Self.refusal(height: 16385)?.contains("1 ≤ h ≤ 16384") == true)
        #expect(Self.refusal(tileSize: 300)?.contains("256 or 512") == true)
        #expect(Self.refusal(minZoom: 5, maxZoom: 4)?.contains("0 ≤ minzoom ≤ maxzoom") == true)
        #expect(Self.refusal(maxZoom: 31)?.contains("0…30") == true)
        #expect(Self.refusal(fieldOfView: 151)?.contains("0.1 ≤ f ≤ 150") == true)
        #expect(Self.refusal(longitude: .nan)?.contains("longitude") == true)
        #expect(Self.refusal(zoom: .infinity)?.contains("zoom") == true)
    }
}
