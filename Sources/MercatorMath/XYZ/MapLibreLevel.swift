import Foundation

/// How a MapLibre source rounds the zoom to a level: vector sources floor, raster sources round
/// (maplibre-gl-js's `roundZoom`, set by its raster and raster-dem sources; MapLibre Native rounds for raster and
/// video sources and floors for every other type, raster-dem included).
public enum MapLibreSourceKind: Sendable, Hashable, CaseIterable {
    /// Floor: level ⌊Z⌋, never magnified by more than 2 (vector, GeoJSON sources). Level bias b = 0.
    case vector
    /// Round half up, as JavaScript's `Math.round`: level ⌊Z + ½⌋ (raster sources). Level bias b = ½.
    case raster

    /// The level bias b of this rule: 0 (floor) or ½ (round half up).
    public var levelBias: Double { self == .raster ? 0.5 : 0 }
}

/// The level MapLibre draws a source from at a MapLibre zoom, and the scale it draws it at
/// (``LevelOfDetail/mapLibreLevel(forZoom:pixelRatio:)``).
///
/// MapLibre counts zoom in a 512-px world (its `transform.tileSize`): at MapLibre zoom Z_ml the world is
/// 512·2^Z_ml points wide, which is map zoom Z = Z_ml + log₂(512 / T) of this library for T-px tiles (one more for
/// 256-px tiles). MapLibre's covering level is then n = max(0, ⌊Z⌋) for vector sources and max(0, ⌊Z + ½⌋) for
/// raster ones; below the source's `minzoom` MapLibre draws nothing from the source, above its `maxzoom` it draws
/// `maxzoom` magnified. The pixel ratio does not change the level (neither MapLibre GL JS nor Native passes it to
/// the covering level): it only picks "@2x" tiles where a source's URL has `{ratio}`.
public struct MapLibreLevel: Sendable, Hashable, CustomStringConvertible {
    /// The MapLibre zoom Z_ml asked for.
    public let zoom: Double
    /// MapLibre's covering level before the source's range: max(0, ⌊Z + b⌋) with Z = Z_ml + log₂(512 / T)
    /// (maplibre-gl-js `coveringZoomLevel`).
    public let coveringLevel: Int
    /// The level drawn and its scale (its ``DrawLevel/mapZoom`` is this library's Z, not Z_ml): level
    /// min(``coveringLevel``, maxzoom) at scale 2^(n − Z) terrain px per point; nil when ``coveringLevel`` is below
    /// the source's minzoom, where MapLibre draws nothing from the source.
    public let drawLevel: DrawLevel?
    /// The device pixel ratio r > 0 (device pixels per point).
    public let pixelRatio: Double

    /// The tile-image ratio MapLibre asks for where a URL has `{ratio}`: 2 ("@2x") when r > 1, else 1 (GL JS
    /// `CanonicalTileID.url`, Native `Resource::tile`).
    public var tileRatio: Int { pixelRatio > 1 ? 2 : 1 }

    /// Texels of a `{ratio}` tile image per device pixel, z · ``tileRatio`` / r: 1 when the image's pixels meet the
    /// screen's one for one; nil when nothing is drawn.
    public var texelsPerDevicePixel: Double? {
        drawLevel.map { $0.scale * Double(tileRatio) / pixelRatio }
    }

    /// `MapLibre zoom Z_ml → level n at scale z`, or `→ nothing` below the source's minzoom.
    public var description: String {
        guard let drawLevel else { return "MapLibre zoom \(zoom) → level \(coveringLevel), below minzoom: nothing" }
        return "MapLibre zoom \(zoom) → level \(drawLevel.level) at scale \(drawLevel.scale) px/pt"
    }
}

extension LevelOfDetail {
    /// MapLibre's world width in points at MapLibre zoom 0, 512 (`transform.tileSize` in MapLibre GL JS,
    /// `util::tileSize_D` in MapLibre Native).
    public static let mapLibreWorldSize = 512

    /// The rule of a MapLibre source (a `sources` entry of a style: `tileSize`, `minzoom`, `maxzoom`): tile size T,
    /// level bias 0 for ``MapLibreSourceKind/vector`` or ½ for ``MapLibreSourceKind/raster``, levels
    /// minZoom…maxZoom. MapLibre's defaults are T = 512, minzoom 0 and maxzoom 22.
    /// - Throws: like ``init(tileSize:levelBias:minLevel:maxLevel:)``; and
    ///   ``MercatorError/notPowerOfTwo(field:value:)`` for a tile size that is not a power of two.
    public static func mapLibre(_ kind: MapLibreSourceKind, tileSize: Int = 512, minZoom: Int = 0, maxZoom: Int = 22)
        throws(MercatorError) -> LevelOfDetail
    {
        let lod = try LevelOfDetail(
            tileSize: tileSize, levelBias: kind.levelBias, minLevel: minZoom, maxLevel: maxZoom)
        _ = try lod.mapLibreZoomOffset()
        return lod
    }

    /// The map zoom of this library for a MapLibre zoom: Z = Z_ml + log₂(512 / T), rounded once (as MapLibre
    /// computes it). For 256-px tiles Z = Z_ml + 1; for 512-px tiles Z = Z_ml.
    /// - Throws: ``MercatorError/nonFinite(field:value:)``; ``MercatorError/notPowerOfTwo(field:value:)`` unless T
    ///   is a power of two; ``MercatorError/outOfRange(field:value:range:)`` unless −30 ≤ Z ≤ 30.
    /// - Complexity: O(1).
    public func mapZoom(forMapLibreZoom zoom: Double) throws(MercatorError) -> Double {
        try MercatorError.requireFinite(zoom, "MapLibre zoom")
        let offset = Double(try mapLibreZoomOffset())
        let mapZoom = zoom + offset
        let limit = Self.maximumMapZoom
        guard mapZoom >= -limit, mapZoom <= limit else {
            throw .outOfRange(field: "MapLibre zoom", value: zoom, range: (-limit - offset)...(limit - offset))
        }
        return mapZoom
    }

    /// The level MapLibre draws this source from at MapLibre zoom Z_ml on a screen of pixel ratio r, and its scale
    /// (maplibre-gl-js `Transform.coveringZoomLevel` and `coveringTiles`):
    /// Z = Z_ml + log₂(512 / T), covering level c = max(0, ⌊Z + b⌋), drawn level n = min(c, n_max) unless
    /// c < n_min (then nothing is drawn), scale z = 2^(n − Z) terrain px per point.
    ///
    /// With b = 0 this is MapLibre's `Math.floor(zoom + scaleZoom(512 / T))` for vector sources; with b = ½ it is
    /// `Math.round(…)` for raster sources, which rounds halves up (−2.5 to −2; Swift's `rounded()` would give −3)
    /// and is exactly ⌊x + ½⌋. The sum Z is rounded once as in MapLibre, and the floor of Z + b is then exact
    /// (as in ``drawLevel(forMapZoom:)``), as `Math.round` is. log₂(512 / T) is the exact integer; MapLibre's
    /// `Math.log(512 / T) / Math.LN2` is that integer for T = 256 and 512. Negative Z (MapLibre GL JS zooms down to
    /// −2) draw level 0 shrunk, as GL JS's `max(0, z)` does (MapLibre Native floors a vector source's negative Z
    /// to −1 and draws nothing). r does not change the level: see ``MapLibreLevel``.
    /// - Throws: the errors of ``mapZoom(forMapLibreZoom:)``; ``MercatorError/nonPositive(field:value:)`` or
    ///   ``MercatorError/nonFinite(field:value:)`` unless r is finite and positive.
    /// - Complexity: O(1).
    public func mapLibreLevel(forZoom zoom: Double, pixelRatio: Double = 1) throws(MercatorError) -> MapLibreLevel {
        try MercatorError.requirePositive(pixelRatio, "Pixel ratio")
        let mapZoom = try mapZoom(forMapLibreZoom: zoom)
        // ⌊Z + b⌋ exactly, for Z of either sign (the two-sum in floorOfSum is exact whatever the signs).
        let covering = max(0, Self.floorOfSum(mapZoom, levelBias))
        guard covering >= minLevel else {
            return MapLibreLevel(zoom: zoom, coveringLevel: covering, drawLevel: nil, pixelRatio: pixelRatio)
        }
        let level = min(covering, maxLevel)
        let grid = try TileGrid.xyz(level: level, tileSize: tileSize)
        let drawn = DrawLevel(mapZoom: mapZoom, level: level, scale: exp2(Double(level) - mapZoom), grid: grid)
        return MapLibreLevel(zoom: zoom, coveringLevel: covering, drawLevel: drawn, pixelRatio: pixelRatio)
    }

    /// log₂(512 / T) for a power-of-two tile size T: 9 − log₂ T.
    func mapLibreZoomOffset() throws(MercatorError) -> Int {
        guard tileSize & (tileSize - 1) == 0 else { throw .notPowerOfTwo(field: "MapLibre tile size", value: tileSize) }
        return 9 - tileSize.trailingZeroBitCount
    }
}
