import Foundation

/// The route-picking map: a Mercator image of its own width whose height is set by its own latitude limit
/// (Mars Flyer's map covers ±60°). Its pixels convert to terrain pixels through geographic coordinates:
/// inverse Mercator of the map, then forward Mercator of the terrain (the geometry model's *Coordinates, Mercator and
/// images* (§1)).
public struct MapImage: Sendable, Hashable {
    /// Width in pixels (one full turn of longitude).
    public let width: Double
    /// The latitude of the map's top edge, in degrees.
    public let latitudeLimit: Double

    /// The widths a map may have, 1…2⁵³ px (``TileGrid/maximumPixelSize``, as for the terrain): every pixel x up to
    /// the width and every product (λ + 180)·width stays exact enough and finite (a width of 10³⁰⁸ px made x = ∞),
    /// and k = width / 2π stays far from underflow.
    public static let validWidths: ClosedRange<Double> = 1...Double(TileGrid.maximumPixelSize)

    /// The least height a map may have, 2⁻⁹⁰⁰ px (about 1.2·10⁻²⁷¹ px).
    ///
    /// Why: the height 2·k·ψ(φlim) is rounded once from a double-double product, and the map's rows and edges are
    /// figured from it and from ψ = π·height/width. At or above 2⁻⁹⁰⁰ px the height, ψ (at least π·2⁻⁹⁵³ rad for the
    /// widest map, 2⁵³ px) and the low words of their double-doubles (2⁻⁵³ of those, at least 2⁻¹⁰⁰⁷) are all normal
    /// Doubles for every width in ``validWidths``, so they keep their full relative precision. Below it they fall
    /// into subnormals and lose it (a limit of 10⁻³²⁰° came back from the top edge 1% off), and a limit of
    /// 5·10⁻³²⁴° gave a height of 0: a map with no rows. Maps narrower than a pixel stay valid (a 1-px map of ±60° is
    /// 0.42 px high).
    public static let minimumHeight: Double = 0x1p-900

    /// Creates a map of `width` pixels covering ±`latitudeLimit` degrees.
    /// - Throws: ``MercatorError`` unless the width is positive and within ``validWidths`` (1…2⁵³ px) and
    ///   0 < latitudeLimit < 90; ``MercatorError/outOfRange(field:value:range:)`` for a limit so small that the
    ///   height falls under ``minimumHeight``, naming the smallest limit valid for that width
    ///   (``smallestLatitudeLimit(width:)``).
    public init(width: Double, latitudeLimit: Double) throws(MercatorError) {
        try MercatorError.requirePositive(width, "Map width")
        guard Self.validWidths.contains(width) else {
            throw .outOfRange(field: "Map width in px", value: width, range: Self.validWidths)
        }
        try MercatorError.requirePositive(latitudeLimit, "Map latitude limit")
        guard latitudeLimit < 90 else {
            throw .latitudeOutOfRange(field: "Map latitude limit", latitude: latitudeLimit, limit: 90)
        }
        guard Self.height(width: width, latitudeLimit: latitudeLimit) >= Self.minimumHeight else {
            let smallest = Self.smallestLatitudeLimit(width: width)
            throw .outOfRange(
                field: "Map latitude limit in degrees for a map \(Self.integerText(width)) px wide (its height must "
                    + "be at least 2⁻⁹⁰⁰ px)",
                value: latitudeLimit, range: smallest...Double(90).nextDown)
        }
        self.width = width
        self.latitudeLimit = latitudeLimit
    }

    /// The smallest latitude limit a map of `width` px may have: the least limit whose height is at least
    /// ``minimumHeight`` (about 180·2⁻⁹⁰⁰/width degrees).
    ///
    /// Found by bisecting the Doubles between 0 (height 0) and twice the small-angle guess, on the height exactly as
    /// the map computes it, so a map of that limit is valid and one of the next smaller Double is not.
    /// - Precondition: `width` lies in ``validWidths``.
    /// - Complexity: O(1) (at most 64 heights).
    public static func smallestLatitudeLimit(width: Double) -> Double {
        func valid(_ limit: Double) -> Bool { height(width: width, latitudeLimit: limit) >= minimumHeight }
        // At such small angles the height is width·φ/180 to full precision, so twice that guess is valid.
        var high = 2 * 180 * minimumHeight / width
        while !valid(high) && high < 1 { high *= 2 }
        var low = 0.0
        // Positive Doubles order as their bit patterns: bisect those.
        while high.bitPattern - low.bitPattern > 1 {
            let middle = Double(bitPattern: low.bitPattern + (high.bitPattern - low.bitPattern) / 2)
            if valid(middle) { high = middle } else { low = middle }
        }
        return high
    }

    /// The height of a map: 2·k·ψ(φlim) with k = width / 2π, rounded once from a double-double k·ψ.
    static func height(width: Double, latitudeLimit: Double) -> Double {
        2 * (IsometricLatitude.doubleDouble(latitudeLimit) * (DoubleDouble(width) / DoubleDouble.twoPi)).value
    }

    /// `value` as an integer when it is a whole number below 2⁵³ (2048, not 2048.0), else as Swift prints it.
    static func integerText(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 0x1p53 ? "\(Int64(value))" : "\(value)"
    }

    /// Mars Flyer's route-picking map: ±60° at the given width (2048 px unless told otherwise).
    public static func marsFlyer(width: Double = 2048) throws(MercatorError) -> MapImage {
        try MapImage(width: width, latitudeLimit: 60)
    }

    private var image: MercatorImage { MercatorImage(width: width, height: height) }

    /// Scale in pixels per radian, width / 2π.
    public var pixelsPerRadian: Double { width / (2 * .pi) }

    /// Height in pixels: 2·k·asinh(tan φlim), rounded once from a double-double k·ψ.
    public var height: Double { Self.height(width: width, latitudeLimit: latitudeLimit) }

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
