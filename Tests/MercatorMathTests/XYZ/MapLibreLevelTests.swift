import Foundation
import MercatorMath
import TestSupport
import Testing

/// MapLibre's covering level (`LevelOfDetail.mapLibreLevel(forZoom:pixelRatio:)`) against MapLibre GL JS's formula
/// written again here, as MapLibre writes it: `(roundZoom ? Math.round : Math.floor)(zoom + scaleZoom(512 /
/// tileSize))` with `scaleZoom(s) = Math.log(s) / Math.LN2`, then `max(0, z)`, nothing below `minzoom`, and
/// `maxzoom` above it (maplibre-gl-js `transform.ts` `coveringZoomLevel` and `coveringTiles`).
@Suite("XYZ: MapLibre's levels")
struct MapLibreLevelTests {
    /// JavaScript's `Math.round`: the integer nearest x, halves up (toward +∞). Swift's `rounded()` takes halves
    /// away from zero, so it differs at negative halves: Math.round(−2.5) = −2, (−2.5).rounded() = −3.
    static func jsRound(_ x: Double) -> Double {
        if x >= 0 { return x.rounded(.toNearestOrAwayFromZero) }
        let y = -x
        let away = y.rounded(.toNearestOrAwayFromZero)
        // y ≥ ½ here whenever there is a tie, so away − y is exact (Sterbenz).
        return -(away - y == 0.5 ? away - 1 : away)
    }

    /// MapLibre GL JS's level for a source, or nil where it lists no tile (below minzoom).
    static func mapLibre(zoom: Double, tileSize: Int, raster: Bool, minzoom: Int, maxzoom: Int) -> Int? {
        let scaleZoom = log(512 / Double(tileSize)) / M_LN2
        let z = Int(max(0, raster ? jsRound(zoom + scaleZoom) : (zoom + scaleZoom).rounded(.down)))
        if z < minzoom { return nil }
        return min(z, maxzoom)
    }

    /// MapLibre zooms −2…22 in steps of ¼ (whole zooms and .5 ties included), and values next to the ties.
    static let zooms: [Double] =
        stride(from: -2.0, through: 22.0, by: 0.25).map { $0 }
        + [
            0.49999999999999994, 0.5000000000000001, 12.499999999999998, 12.500000000000002, -0.5000000000000001,
            -0.49999999999999994, 1.4999999999999998, 21.999999999999996, 0.1, 3.7, 16.3,
        ]

    @Test("JavaScript's Math.round rounds halves up, unlike Swift's rounded()")
    func jsRoundIsHalfUp() {
        #expect(Self.jsRound(2.5) == 3 && Self.jsRound(-2.5) == -2 && Self.jsRound(-0.5) == 0)
        #expect(Self.jsRound(-2.5000000000000004) == -3 && Self.jsRound(0.49999999999999994) == 0)
        #expect((-2.5).rounded() == -3)
    }

    @Test(
        "the level is MapLibre's for 256- and 512-px sources, raster and vector, at pixel ratios 1, 2, 3",
        arguments: [256, 512], MapLibreSourceKind.allCases)
    func againstMapLibre(tileSize: Int, kind: MapLibreSourceKind) throws {
        for (minzoom, maxzoom) in [(0, 22), (3, 14)] {
            let lod = try LevelOfDetail.mapLibre(kind, tileSize: tileSize, minZoom: minzoom, maxZoom: maxzoom)
            for zoom in Self.zooms {
                let expected = Self.mapLibre(
                    zoom: zoom, tileSize: tileSize, raster: kind == .raster, minzoom: minzoom, maxzoom: maxzoom)
                for ratio in [1.0, 2.0, 3.0] {
                    let got = try lod.mapLibreLevel(forZoom: zoom, pixelRatio: ratio)
                    #expect(got.drawLevel?.level == expected, "\(kind) \(tileSize) at \(zoom), r = \(ratio)")
                    #expect(got.zoom == zoom && got.pixelRatio == ratio && got.tileRatio == (ratio > 1 ? 2 : 1))
                    guard let drawn = got.drawLevel else {
                        #expect(got.coveringLevel < minzoom)
                        continue
                    }
                    // The library's map zoom for T-px tiles: Z = Z_ml + 1 for 256 px, Z_ml for 512 px.
                    let mapZoom = zoom + (tileSize == 256 ? 1 : 0)
                    #expect(drawn.mapZoom == mapZoom)
                    #expect(drawn.scale == exp2(Double(drawn.level) - mapZoom))
                    #expect(drawn.grid == (try TileGrid.xyz(level: drawn.level, tileSize: tileSize)))
                    #expect(got.texelsPerDevicePixel == drawn.scale * (ratio > 1 ? 2 : 1) / ratio)
                }
            }
        }
    }

    @Test(
        "hand-worked MapLibre levels",
        arguments: [
            // (Z_ml, T, kind, level): 256-px tiles are one level deeper; raster rounds halves up, vector floors.
            (12.5, 256, MapLibreSourceKind.raster, 14), (12.5, 512, .raster, 13), (12.5, 256, .vector, 13),
            (12.49, 512, .raster, 12), (12.99, 512, .vector, 12), (0, 512, .vector, 0), (0, 256, .vector, 1),
            (22, 256, .raster, 22), (21.6, 512, .raster, 22),
            // Negative zooms draw level 0 (GL JS's max(0, z)): Math.round(−0.5) is −0, not −1.
            (-0.5, 512, .raster, 0), (-1.5, 256, .raster, 0), (-2, 256, .vector, 0), (-0.25, 512, .vector, 0),
        ])
    func handWorked(zoom: Double, tileSize: Int, kind: MapLibreSourceKind, level: Int) throws {
        let drawn = try LevelOfDetail.mapLibre(kind, tileSize: tileSize).mapLibreLevel(forZoom: zoom)
        #expect(drawn.drawLevel?.level == level)
    }

    @Test("below minzoom nothing is drawn; above maxzoom maxzoom is drawn magnified")
    func sourceRange() throws {
        let lod = try LevelOfDetail.mapLibre(.vector, tileSize: 512, minZoom: 4, maxZoom: 14)
        let below = try lod.mapLibreLevel(forZoom: 3.9)
        #expect(below.drawLevel == nil && below.coveringLevel == 3 && below.texelsPerDevicePixel == nil)
        #expect(below.description.contains("below minzoom"))
        let above = try lod.mapLibreLevel(forZoom: 16, pixelRatio: 2)
        #expect(above.coveringLevel == 16 && above.drawLevel?.level == 14 && above.drawLevel?.scale == 0.25)
        // @2x tiles on a 2× screen at a whole zoom: one texel per device pixel.
        let whole = try lod.mapLibreLevel(forZoom: 9, pixelRatio: 2)
        #expect(whole.texelsPerDevicePixel == 1)
        // The vocabulary: MapLibre zoom + 1 is the map zoom of 256-px tiles.
        #expect(try LevelOfDetail(tileSize: 256).mapZoom(forMapLibreZoom: 11.4) == 12.4)
        #expect(try LevelOfDetail(tileSize: 1024).mapZoom(forMapLibreZoom: 11.5) == 10.5)
    }

    @Test("typed errors: tile sizes that are not powers of two, bad zooms and pixel ratios")
    func errors() throws {
        #expect(
            thrown(try LevelOfDetail.mapLibre(.raster, tileSize: 300))
                == .notPowerOfTwo(
                    field: "MapLibre tile size", value: 300))
        let lod = try LevelOfDetail.mapLibre(.raster, tileSize: 256)
        #expect(
            thrown(try lod.mapLibreLevel(forZoom: 29.5))
                == .outOfRange(field: "MapLibre zoom", value: 29.5, range: -31...29))
        #expect(
            thrown(try lod.mapLibreLevel(forZoom: 3, pixelRatio: 0))
                == .nonPositive(
                    field: "Pixel ratio", value: 0))
        guard case .nonFinite("MapLibre zoom", _)? = thrown(try lod.mapLibreLevel(forZoom: .nan)) else {
            Issue.record("expected nonFinite for a NaN zoom")
            return
        }
        guard case .nonFinite("Pixel ratio", _)? = thrown(try lod.mapLibreLevel(forZoom: 3, pixelRatio: .infinity))
        else {
            Issue.record("expected nonFinite for an infinite pixel ratio")
            return
        }
    }
}
