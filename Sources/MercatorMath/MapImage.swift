import Foundation

/// The route-picking map: a Mercator image of its own width whose height is set by its own latitude limit
/// (Mars Flyer's map covers ±60°). Its pixels convert to terrain pixels through geographic coordinates:
/// inverse Mercator of the map, then forward Mercator of the terrain (MODEL.md §1).
public struct MapImage: Sendable, Hashable {
    /// Width in pixels (one full turn of longitude).
    public let width: Double
    /// The latitude of the map's top edge, in degrees.
    public let latitudeLimit: Double

    /// Creates a map of `width` pixels covering ±`latitudeLimit` degrees.
    /// - Throws: ``MercatorError`` unless the width is positive and 0 < latitudeLimit < 90.
    public init(width: Double, latitudeLimit: Double) throws(MercatorError) {
        try MercatorError.requirePositive(width, "Map width")
        try MercatorError.requirePositive(latitudeLimit, "Map latitude limit")
        guard latitudeLimit < 90 else {
            throw .latitudeOutOfRange(field: "Map latitude limit", latitude: latitudeLimit, limit: 90)
        }
        self.width = width
        self.latitudeLimit = latitudeLimit
    }

    /// Mars Flyer's route-picking map: ±60° at the given width (2048 px unless told otherwise).
    public static func marsFlyer(width: Double = 2048) throws(MercatorError) -> MapImage {
        try MapImage(width: width, latitudeLimit: 60)
    }

    private var image: MercatorImage { MercatorImage(width: width, height: height) }

    /// Scale in pixels per radian, width / 2π.
    public var pixelsPerRadian: Double { width / (2 * .pi) }

    /// Height in pixels: 2·k·asinh(tan φlim), rounded once from a double-double k·ψ.
    public var height: Double {
        2 * (IsometricLatitude.doubleDouble(latitudeLimit) * (DoubleDouble(width) / DoubleDouble.twoPi)).value
    }

    /// The map pixel of a coordinate.
    /// - Throws: ``MercatorError/latitudeOutOfRange(field:latitude:limit:)`` past the map's limit.
    public func pixel(of coordinate: GeoCoordinate) throws(MercatorError) -> PixelPoint {
        guard abs(coordinate.latitude) <= latitudeLimit else {
            throw .latitudeOutOfRange(field: "Latitude", latitude: coordinate.latitude, limit: latitudeLimit)
        }
        return PixelPoint(
            x: image.x(ofLongitude: coordinate.longitude), y: image.y(ofLatitude: coordinate.latitude))
    }

    /// The coordinate of a map pixel; x wraps, y must lie on the map (0 ≤ y ≤ height).
    /// - Throws: ``MercatorError`` for a non-finite pixel or one above or below the map.
    public func coordinate(at pixel: PixelPoint) throws(MercatorError) -> GeoCoordinate {
        try MercatorError.requireFinite(pixel.x, "Map pixel x")
        try MercatorError.requireFinite(pixel.y, "Map pixel y")
        guard pixel.y >= 0, pixel.y <= height else {
            throw .outOfRange(field: "Map pixel y", value: pixel.y, range: 0...height)
        }
        return try GeoCoordinate(latitude: image.latitude(atY: pixel.y), longitude: image.longitude(atX: pixel.x))
    }

    /// The terrain pixel under a map pixel.
    /// - Throws: as ``coordinate(at:)``, or if the point lies past the terrain's latitude limit.
    public func terrainPixel(fromMapPixel pixel: PixelPoint, on grid: TileGrid) throws(MercatorError) -> PixelPoint {
        try grid.pixel(of: coordinate(at: pixel))
    }

    /// The map pixel over a terrain pixel.
    ///
    /// A terrain row between the rows of the map's two limits (inclusive) is on the map even where the inverse
    /// Mercator brings its latitude back a rounding error past the limit: that latitude is taken as the limit.
    /// - Throws: ``MercatorError`` if the terrain point lies past the map's latitude limit.
    public func mapPixel(fromTerrainPixel pixel: PixelPoint, on grid: TileGrid) throws(MercatorError) -> PixelPoint {
        let coordinate = try grid.coordinate(at: pixel)
        guard abs(coordinate.latitude) > latitudeLimit, pixel.y >= grid.pixelY(ofLatitude: latitudeLimit),
            pixel.y <= grid.pixelY(ofLatitude: -latitudeLimit)
        else { return try self.pixel(of: coordinate) }
        let edge = coordinate.latitude < 0 ? -latitudeLimit : latitudeLimit
        return try self.pixel(of: GeoCoordinate(latitude: edge, longitude: coordinate.givenLongitude))
    }
}
