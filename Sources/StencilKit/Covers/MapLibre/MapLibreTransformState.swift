import Foundation

/// MapLibre's centre and zoom after its transform's constraint, for a map without bounds that renders world copies
/// (maplibre-gl-js 5.14.0 `MercatorTransform.defaultConstrain` and `TransformHelper.constrainInternal`, `setZoom`,
/// `setCenter`), replayed in the order a map is set up: `resize`, then `jumpTo`'s zoom, then its centre.
///
/// The constraint: with W = 512·2^Z and the latitude limit ±85.051129°, a canvas taller than the world between the
/// limits zooms in by log₂(h / its height) and centres it; otherwise a centre whose half-canvas passes a limit moves
/// back to it. A moved centre is unprojected and its longitude wrapped into (−180°, 180°].
struct MapLibreTransformState {
    /// The canvas's height in CSS px.
    let height: Double
    var longitude = 0.0
    var latitude = 0.0
    var zoom = 0.0
    /// MapLibre's re-entrancy guard: a constraint's own setters do not constrain again.
    var constraining = false

    /// MapLibre's `MAX_VALID_LATITUDE`.
    static let latitudeLimit = 85.051129
    /// `mercatorYfromLat(±MAX_VALID_LATITUDE)`, computed once.
    static let northLimitY = MapLibreMercator.y(latitude: latitudeLimit)
    static let southLimitY = MapLibreMercator.y(latitude: -latitudeLimit)

    init(height: Double) {
        self.height = height
        constrain()  // resize(width, height)
    }

    /// jumpTo: zoom, then centre.
    mutating func set(zoom: Double, longitude: Double, latitude: Double) {
        setZoom(zoom)
        setCenter(longitude, latitude)
    }

    mutating func setZoom(_ value: Double) {
        let constrained = Self.constrained(longitude, latitude, value, height: height).zoom
        if constrained == zoom { return }
        zoom = constrained
        constrain()
    }

    mutating func setCenter(_ lng: Double, _ lat: Double) {
        if lat == latitude && lng == longitude { return }
        (longitude, latitude) = (lng, lat)
        constrain()
    }

    mutating func constrain() {
        if constraining { return }
        constraining = true
        let c = Self.constrained(longitude, latitude, zoom, height: height)
        setCenter(c.longitude, c.latitude)
        setZoom(c.zoom)
        constraining = false
    }

    /// `defaultConstrain(lngLat, zoom)` without bounds (latitude range ±85.051129°, no longitude range).
    static func constrained(_ lng: Double, _ lat: Double, _ zoom: Double, height: Double)
        -> (longitude: Double, latitude: Double, zoom: Double)
    {
        let worldSize = 512 * pow(2, zoom)
        let minY = northLimitY * worldSize
        let maxY = southLimitY * worldSize
        let originalX = MapLibreMercator.x(longitude: lng) * worldSize
        let originalY = MapLibreMercator.y(latitude: min(latitudeLimit, max(-latitudeLimit, lat))) * worldSize
        if maxY - minY < height {
            let scale = height / (maxY - minY)
            let center = unprojected(originalX, (maxY + minY) / 2, worldSize)
            return (center.longitude, center.latitude, zoom + MapLibreMercator.scaleZoom(scale))
        }
        var modifiedY: Double? = nil
        let half = height / 2
        if originalY - half < minY { modifiedY = minY + half }
        if originalY + half > maxY { modifiedY = maxY - half }
        guard let y = modifiedY else { return (lng, lat, zoom) }
        let center = unprojected(originalX, y, worldSize)
        return (center.longitude, center.latitude, zoom)
    }

    /// `unprojectFromWorldCoordinates(worldSize, point).wrap()`.
    static func unprojected(_ x: Double, _ y: Double, _ worldSize: Double) -> (longitude: Double, latitude: Double) {
        let lng = MapLibreMercator.longitude(x: x / worldSize)
        let lat = MapLibreMercator.latitude(y: y / worldSize)
        return (MapLibreMercator.wrap(lng, -180, 180), lat)
    }
}

/// MapLibre GL JS's Web Mercator formulas (maplibre-gl-js 5.14.0 `src/geo/mercator_coordinate.ts`,
/// `src/util/util.ts`), written in the same operation order so the camera's numbers match its own.
enum MapLibreMercator {
    /// `mercatorXfromLng`: (180 + λ) / 360.
    static func x(longitude: Double) -> Double { (180 + longitude) / 360 }
    /// `mercatorYfromLat`: (180 − (180/π)·ln tan(π/4 + φ·π/360)) / 360.
    static func y(latitude: Double) -> Double {
        (180 - (180 / Double.pi * log(tan(Double.pi / 4 + latitude * Double.pi / 360)))) / 360
    }
    /// `lngFromMercatorX`: x·360 − 180.
    static func longitude(x: Double) -> Double { x * 360 - 180 }
    /// `latFromMercatorY`: 360/π·atan(exp((180 − y·360)·π/180)) − 90.
    static func latitude(y: Double) -> Double {
        let y2 = 180 - y * 360
        return 360 / Double.pi * atan(exp(y2 * Double.pi / 180)) - 90
    }
    /// `scaleZoom`: ln s / ln 2.
    static func scaleZoom(_ scale: Double) -> Double { log(scale) / 0.6931471805599453 }
    /// `degreesToRadians`: d·π/180.
    static func radians(_ degrees: Double) -> Double { degrees * Double.pi / 180 }
    /// `wrap(n, min, max)`: n moved by whole periods into (min, max].
    static func wrap(_ n: Double, _ lower: Double, _ upper: Double) -> Double {
        let d = upper - lower
        let w = ((n - lower).truncatingRemainder(dividingBy: d) + d).truncatingRemainder(dividingBy: d) + lower
        return w == lower ? upper : w
    }
    /// JavaScript's `Math.round`: the nearest integer, halves up.
    static func round(_ x: Double) -> Double {
        let r = x.rounded(.down)
        return x - r >= 0.5 ? r + 1 : r
    }
    /// `earthCircumference`: 2π·6,371,008.8 m.
    static let earthCircumference = 2 * Double.pi * 6371008.8
}
