import Foundation
import MercatorMath

/// A camera described as MapLibre GL JS describes its map, whose cover is exactly the tile set MapLibre GL JS 5.x
/// requests for one source of a Mercator map without terrain (maplibre-gl-js 5.14.0,
/// `src/geo/projection/covering_tiles.ts`, `coveringTiles`, as `TileManager.update` calls it), world copies
/// included.
///
/// The camera is the map's: centre (λ, φ), MapLibre zoom Z_ml (a 512-px world), bearing, pitch, the canvas's CSS
/// size w × h and the vertical field of view (MapLibre's default 36.87°, tan(f/2) = 1/3); the source is its tile
/// size (256 or 512), minzoom, maxzoom and kind (raster sources round the zoom, vector sources floor it). Its cover
/// (``cover(into:)``) is MapLibre's rule, reproduced in this library's code:
///
/// - **The frustum.** The camera's frustum (near plane h/50 px, far plane just past the farthest ground the top row
///   sees, `MercatorTransform._calculateNearFarZIfNeeded`) is tested against each tile's flat square as MapLibre's
///   `Aabb.intersectsFrustum` does: a tile is dropped when its square lies wholly outside one of the six planes or
///   outside the frustum's bounding box. This test is conservative: a tile beyond a corner of the view, inside
///   each plane on its own, is kept; MapLibre requests it, so this cover holds it too.
/// - **The level.** The covering level is c = max(0, ⌊Z⌋) (vector) or max(0, round(Z)) (raster), Z = Z_ml + log₂(512/T)
///   (`coveringZoomLevel`). Up to the pitch p₀ = clamp(78.5° − f/2, 0°, 60°) (60° with the default field of view;
///   `MercatorCoveringTilesDetailsProvider.allowVariableZoom`) every tile is of level min(c, maxzoom). Past it, each
///   tile's level comes from its straight-line 3-D distance to the camera and the camera's height
///   (`createCalculateTileZoomFunction` with MapLibre's defaults 9.314 levels on screen and a tile-count ratio of
///   3): Z + log₂(d_c / d_t / max(½, cos(f/2))) + k·log₂(cos θ_t)/2 − log₂(max(1, N/N₀/3))/2, with d_c and d_t
///   the camera's distances to the centre and to the tile's nearest point, θ_t the angle of that point from the
///   nadir, k the pitch-loading constant 2·(8.314 / log₂(cos(89.25° − f)/cos 89.25°) − 1) and N/N₀ MapLibre's
///   numerical tile-count integral; then rounded by the source's rule. A depth-first descent from the worlds'
///   roots stops at the first level at or past the tile's own.
/// - **The source's range.** Tiles below minzoom are dropped; levels past maxzoom draw the maxzoom tile, which a
///   vector source reports overscaled to the level wanted (``MapLibreTile/overscaledLevel``).
/// - **World copies.** The roots are the seven worlds w = −3…3 (the map renders world copies), so tiles across
///   ±180° come with unwrapped columns i = w·2ⁿ + x.
/// - **The order.** MapLibre sorts the tiles by the squared distance from the centre to each tile's centre,
///   measured in tiles of the covering level against the tile's own column and row, ties in the order found;
///   ``MapLibreCover/tiles`` keeps that order.
///
/// MapLibre's transform constrains its centre and zoom: the centre's latitude keeps the canvas within ±85.051129°
/// (a centre too near a pole moves), and a canvas taller than the world zooms in until the world fills it. This
/// camera applies the same constraint (`MercatorTransform.defaultConstrain`, in the order the map's `jumpTo` sets
/// zoom then centre): ``mapLongitude``, ``mapLatitude`` and ``mapZoom`` are the values MapLibre then holds.
///
/// The device pixel ratio changes no level: MapLibre sizes the covering level on CSS pixels and uses the ratio only
/// to pick "@2x" images (see ``/MercatorMath/MapLibreLevel``). This library's own cover of a pitched view, levels by
/// depth (``PerspectiveCamera``), stays the default; use this camera to prefetch exactly what a MapLibre map will
/// request.
public struct MapLibreCamera: Sendable, Hashable {
    /// The centre's longitude λ in degrees, as given.
    public let longitude: Double
    /// The centre's latitude φ in degrees, as given.
    public let latitude: Double
    /// The MapLibre zoom Z_ml, as given.
    public let zoom: Double
    /// The bearing in degrees clockwise from north, as given.
    public let bearing: Double
    /// The pitch p in degrees from looking straight down.
    public let pitch: Double
    /// The canvas's width w in CSS px.
    public let width: Double
    /// The canvas's height h in CSS px.
    public let height: Double
    /// The vertical field of view f in degrees.
    public let fieldOfView: Double
    /// The source's tile size T, 256 or 512 CSS px.
    public let tileSize: Int
    /// The source's minzoom: no tile of a lower level is requested.
    public let minZoom: Int
    /// The source's maxzoom: no tile of a higher level is requested (higher levels draw it overzoomed).
    public let maxZoom: Int
    /// The source's kind: raster sources round the zoom, vector sources floor it and report overscaled tiles.
    public let source: MapLibreSourceKind

    /// The centre's longitude after MapLibre's constraint (wrapped into (−180°, 180°] only when the centre moved).
    public let mapLongitude: Double
    /// The centre's latitude after MapLibre's constraint: within ±85.051129°, and far enough from the poles that
    /// the canvas's half-height fits.
    public let mapLatitude: Double
    /// The zoom after MapLibre's constraint: Z_ml, or more when the world at Z_ml is shorter than the canvas.
    public let mapZoom: Double

    /// MapLibre's covering level c = max(0, ⌊Z⌋) (vector) or max(0, round(Z)) (raster), Z = Z_ml + log₂(512/T) at
    /// the constrained zoom (`coveringZoomLevel`); the level of every tile up to p₀.
    public var coveringLevel: Int { setup.desiredLevel }
    /// The nominal level min(c, maxzoom): the level drawn at the centre up to p₀.
    public var nominalLevel: Int { setup.nominalLevel }
    /// Whether each tile's level comes from its distance (p > p₀ = clamp(78.5° − f/2, 0°, 60°)).
    public var hasLevelsByDistance: Bool { setup.variableLevels }

    /// The traversal's fixed quantities (the frustum, the camera's position, the level rule).
    let setup: MapLibreCoverSetup

    /// MapLibre's default vertical field of view, 36.8699° (`TransformHelper`'s 0.6435011087932844 rad).
    public static let defaultFieldOfView = 0.6435011087932844 / Double.pi * 180
    /// The zoom range accepted: MapLibre's least zoom −2 up to 24.
    public static let zoomRange: ClosedRange<Double> = -2...24
    /// The largest canvas side accepted, in CSS px.
    public static let maximumCanvasSide = 16384.0
    /// The largest |longitude| accepted for the centre, in degrees (a hundred worlds).
    public static let maximumLongitude = 36000.0

    /// A MapLibre camera on a source.
    /// - Parameters:
    ///   - longitude: λ of the centre in degrees, |λ| ≤ 36,000 (an unwrapped centre keeps its world copy).
    ///   - latitude: φ of the centre in degrees, −90…90 (MapLibre's constraint moves it inside ±85.05°).
    ///   - zoom: MapLibre zoom Z_ml, −2…24.
    ///   - bearing: degrees clockwise from north (any finite value).
    ///   - pitch: p in degrees, 0 ≤ p < 90.
    ///   - width: the canvas's CSS width, 1…16,384.
    ///   - height: the canvas's CSS height, 1…16,384.
    ///   - fieldOfView: f in degrees, 0.1…150 (MapLibre's `setFov` range); MapLibre's default if omitted.
    ///   - tileSize: the source's tile size, 256 or 512.
    ///   - minZoom: the source's minzoom, 0…maxZoom.
    ///   - maxZoom: the source's maxzoom, minZoom…30.
    ///   - source: ``/MercatorMath/MapLibreSourceKind/raster`` (rounds) or ``/MercatorMath/MapLibreSourceKind/vector`` (floors).
    /// - Throws: ``StencilError/nonFinite(field:value:)`` for a non-finite value and
    ///   ``StencilError/outOfRange(field:value:valid:)`` naming the valid range for any value outside it.
    /// - Complexity: O(1).
    public init(
        longitude: Double, latitude: Double, zoom: Double, bearing: Double = 0, pitch: Double = 0, width: Double,
        height: Double, fieldOfView: Double = defaultFieldOfView, tileSize: Int = 512, minZoom: Int = 0,
        maxZoom: Int = 22, source: MapLibreSourceKind
    ) throws(StencilError) {
        try StencilError.requireFinite(longitude, "MapLibre centre longitude")
        try StencilError.requireFinite(latitude, "MapLibre centre latitude")
        try StencilError.requireFinite(zoom, "MapLibre zoom")
        try StencilError.requireFinite(bearing, "MapLibre bearing")
        try StencilError.requireFinite(pitch, "MapLibre pitch")
        try StencilError.requireFinite(width, "MapLibre canvas width")
        try StencilError.requireFinite(height, "MapLibre canvas height")
        try StencilError.requireFinite(fieldOfView, "MapLibre field of view")
        // Each check builds its message only when it fails (making a camera allocates nothing).
        func require(_ valid: Bool, _ field: String, _ value: Double, _ range: @autoclosure () -> String)
            throws(StencilError)
        {
            if !valid { throw .outOfRange(field: field, value: value, valid: range()) }
        }
        let side = Self.maximumCanvasSide
        try require(
            abs(longitude) <= Self.maximumLongitude, "MapLibre centre longitude (degrees)", longitude, "|λ| ≤ 36000")
        try require(abs(latitude) <= 90, "MapLibre centre latitude (degrees)", latitude, "−90 ≤ φ ≤ 90")
        try require(Self.zoomRange.contains(zoom), "MapLibre zoom", zoom, "−2 ≤ zoom ≤ 24")
        try require(pitch >= 0 && pitch < 90, "MapLibre pitch (degrees)", pitch, "0 ≤ p < 90")
        try require(width >= 1 && width <= side, "MapLibre canvas width (CSS px)", width, "1 ≤ w ≤ 16384")
        try require(height >= 1 && height <= side, "MapLibre canvas height (CSS px)", height, "1 ≤ h ≤ 16384")
        try require(
            fieldOfView >= 0.1 && fieldOfView <= 150, "MapLibre field of view (degrees)", fieldOfView,
            "0.1 ≤ f ≤ 150 (MapLibre's setFov range)")
        try require(tileSize == 256 || tileSize == 512, "MapLibre source tile size", Double(tileSize), "256 or 512")
        try require(
            maxZoom >= 0 && maxZoom <= TileID.maximumLevel, "MapLibre source maxzoom", Double(maxZoom),
            "0…\(TileID.maximumLevel)")
        try require(
            minZoom >= 0 && minZoom <= maxZoom, "MapLibre source minzoom", Double(minZoom),
            "0 ≤ minzoom ≤ maxzoom (\(maxZoom))")
        self.longitude = longitude
        self.latitude = latitude
        self.zoom = zoom
        self.bearing = bearing
        self.pitch = pitch
        self.width = width
        self.height = height
        self.fieldOfView = fieldOfView
        self.tileSize = tileSize
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.source = source
        var state = MapLibreTransformState(height: height)
        state.set(zoom: zoom, longitude: longitude, latitude: latitude)
        mapLongitude = state.longitude
        mapLatitude = state.latitude
        mapZoom = state.zoom
        setup = MapLibreCoverSetup(
            longitude: state.longitude, latitude: state.latitude, zoom: state.zoom, bearing: bearing, pitch: pitch,
            width: width, height: height, fieldOfView: fieldOfView, tileSize: tileSize, minZoom: minZoom,
            maxZoom: maxZoom, source: source)
    }
}
