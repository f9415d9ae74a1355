import Foundation
import MercatorMath
import Testing

@testable import StencilKit

/// The committed vectors: random cameras and the tiles MapLibre GL JS 5.14.0's own `coveringTiles` returned for
/// them, in its order (written by scripts/maplibre-vectors/generate.sh; CI only reads them).
struct MapLibreVectors: Decodable {
    struct Source: Decodable {
        let maplibre: String
        let seed: Int
    }
    struct Camera: Decodable {
        let center: [Double]
        let zoom, bearing, pitch: Double
        let width, height: Double
        let tileSize, minzoom, maxzoom: Int
        let type: String
        let fov: Double?
        /// [overscaledZ, wrap, z, x, y].
        let tiles: [[Int]]
        let mapCenter: [Double]
        let mapZoom: Double

        func camera() throws -> MapLibreCamera {
            try MapLibreCamera(
                longitude: center[0], latitude: center[1], zoom: zoom, bearing: bearing, pitch: pitch, width: width,
                height: height, fieldOfView: fov ?? MapLibreCamera.defaultFieldOfView, tileSize: tileSize,
                minZoom: minzoom, maxZoom: maxzoom, source: type == "raster" ? .raster : .vector)
        }

        /// MapLibre's tiles as this library's values.
        func expected() throws -> [MapLibreTile] {
            try tiles.map { t in
                MapLibreTile(
                    tile: try UnwrappedTileID(TileID(level: t[2], x: t[3], y: t[4]), worldCopy: t[1]),
                    overscaledLevel: t[0])
            }
        }
    }
    let source: Source
    let cameras: [Camera]

    static func load() throws -> MapLibreVectors {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/maplibre-covers.json")
        return try JSONDecoder().decode(MapLibreVectors.self, from: Data(contentsOf: url))
    }
}

/// Tile for tile on every camera, in MapLibre's order. The order may differ only where MapLibre's sort keys tie
/// exactly: after the constraint zooms a tall canvas in, MapLibre centres the world at a latitude of about 10⁻¹⁴
/// (0 in exact arithmetic), whose sign and last bits come from `Math.pow` and `Math.log`; there tiles mirrored
/// about the equator tie, and the three such cameras of the vectors are required to hold the same set.
@Test func everyVectorCameraCoversMapLibresTilesInItsOrder() throws {
    let vectors = try MapLibreVectors.load()
    #expect(vectors.source.maplibre.hasPrefix("maplibre-gl-js 5.14.0"))
    var compared = 0
    var tilesCompared = 0
    var orderTies = 0
    var variableLevelCameras = 0
    var overscaledTiles = 0
    var ghostTiles = 0
    var buffer = MapLibreCover()
    for (index, vector) in vectors.cameras.enumerated() {
        let camera = try vector.camera()
        try camera.cover(into: &buffer)
        let expected = try vector.expected()
        if Array(buffer.tiles) != expected {
            let got = Set(buffer.tiles)
            let want = Set(expected)
            #expect(
                got == want,
                "camera \(index): missing \(want.subtracting(got).map(\.description).sorted()), extra \(got.subtracting(want).map(\.description).sorted())"
            )
            #expect(got.count == buffer.tiles.count)
            let tie = vector.mapZoom != vector.zoom && abs(vector.mapCenter[1]) < 1e-12
            #expect(tie, "camera \(index): the order differs where MapLibre's keys do not tie")
            orderTies += 1
        }
        compared += 1
        tilesCompared += expected.count
        if Set(expected.map(\.level)).count > 1 { variableLevelCameras += 1 }
        overscaledTiles += expected.filter(\.isOverscaled).count
        ghostTiles += expected.filter { $0.wrap != 0 }.count
    }
    #expect(compared == 600)
    #expect(tilesCompared == 9896)
    #expect(orderTies == 3)
    // The vectors exercise what they are for: levels per tile, overzoom and world copies.
    #expect(variableLevelCameras > 200)
    #expect(overscaledTiles == 103)
    #expect(ghostTiles == 1786)
}

@Test func everyVectorCameraIsConstrainedAsMapLibreConstrainsIt() throws {
    let vectors = try MapLibreVectors.load()
    var moved = 0
    for vector in vectors.cameras {
        let camera = try vector.camera()
        #expect(abs(camera.mapLongitude - vector.mapCenter[0]) <= 1e-9)
        #expect(abs(camera.mapLatitude - vector.mapCenter[1]) <= 1e-9)
        #expect(abs(camera.mapZoom - vector.mapZoom) <= 1e-12)
        if vector.mapCenter != vector.center || vector.mapZoom != vector.zoom { moved += 1 }
    }
    #expect(moved == 126)
}

/// MercatorMath's ``LevelOfDetail/mapLibreLevel(forZoom:pixelRatio:)`` against MapLibre's own tiles: on every vector
/// camera drawing one level (p ≤ p₀), that level is MapLibre's, and nothing is drawn exactly when MapLibre requests
/// nothing. The raster cameras whose zoom rounds up (the fraction of Z at least ½) fail if the raster rule floors.
@Test func mercatorMathsMapLibreLevelIsTheLevelOfMapLibresOwnTiles() throws {
    let vectors = try MapLibreVectors.load()
    var compared = 0
    var roundedUp = 0
    for vector in vectors.cameras {
        let camera = try vector.camera()
        guard !camera.hasLevelsByDistance else { continue }
        let kind: MapLibreSourceKind = vector.type == "raster" ? .raster : .vector
        let lod = try LevelOfDetail.mapLibre(
            kind, tileSize: vector.tileSize, minZoom: vector.minzoom, maxZoom: vector.maxzoom)
        let level = try lod.mapLibreLevel(forZoom: vector.mapZoom, pixelRatio: 2)
        let levels = Set(vector.tiles.map { $0[2] })
        if let drawn = level.drawLevel {
            #expect(levels.isSubset(of: [drawn.level]), "zoom \(vector.mapZoom): \(levels) ≠ \(drawn.level)")
        } else {
            #expect(levels.isEmpty)
        }
        let z = vector.mapZoom + (vector.tileSize == 256 ? 1 : 0)
        if kind == .raster, !levels.isEmpty, z - z.rounded(.down) >= 0.5 { roundedUp += 1 }
        compared += 1
    }
    #expect(compared == 204)
    #expect(roundedUp > 20, "\(roundedUp)")
}
