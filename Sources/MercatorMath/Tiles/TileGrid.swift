import Foundation

/// A square-pixel Mercator image cut into `columns × rows` tiles of `tileSize` pixels (the geometry model's
/// *Coordinates, Mercator and images* and *Tiles, unwrapped columns and ghost tiles* (§1, §2)):
/// it covers longitudes [-180, 180) linearly, symmetric about the equator, with y growing southward.
public struct TileGrid: Sendable, Hashable, CustomStringConvertible {
    /// Tiles across the image (one full turn of longitude).
    public let columns: Int
    /// Tiles down the image.
    public let rows: Int
    /// Tile edge in pixels.
    public let tileSize: Int

    /// The largest width or height in pixels, 2⁵³: every pixel edge up to it is an exact `Double`.
    public static let maximumPixelSize = 1 << 53

    /// Creates a grid. All three sizes must be at least 1, the image at most ``maximumPixelSize`` pixels
    /// wide and high, and its ``tileCount`` (columns × rows) at most `Int.max`.
    public init(columns: Int, rows: Int, tileSize: Int) throws(MercatorError) {
        guard columns >= 1 else { throw .nonPositiveCount(field: "Grid columns", value: columns) }
        guard rows >= 1 else { throw .nonPositiveCount(field: "Grid rows", value: rows) }
        guard tileSize >= 1 else { throw .nonPositiveCount(field: "Tile size", value: tileSize) }
        for (count, field) in [(columns, "Grid width in pixels"), (rows, "Grid height in pixels")] {
            let (pixels, overflow) = count.multipliedReportingOverflow(by: tileSize)
            guard !overflow, pixels <= Self.maximumPixelSize else {
                throw .outOfRange(
                    field: field, value: Double(count) * Double(tileSize), range: 1...Double(Self.maximumPixelSize))
            }
        }
        guard !columns.multipliedReportingOverflow(by: rows).overflow else {
            throw .outOfRange(
                field: "Grid tile count (columns × rows)", value: Double(columns) * Double(rows),
                range: 1...Double(Int.max))
        }
        self.columns = columns
        self.rows = rows
        self.tileSize = tileSize
    }

    private init(unchecked columns: Int, _ rows: Int, _ tileSize: Int) {
        self.columns = columns
        self.rows = rows
        self.tileSize = tileSize
    }

    /// Mars Viking as Mars Flyer shipped it: 90 × 42 tiles of 128 px (11520 × 5376 px, φlim ≈ 64.0042°).
    public static let marsViking = TileGrid(unchecked: 90, 42, 128)

    /// Mars Viking at double resolution: 180 × 84 tiles of 128 px (23040 × 10752 px, same φlim).
    public static let marsVikingDouble = TileGrid(unchecked: 180, 84, 128)

    /// Image width in pixels, `columns · tileSize`.
    @inlinable public var width: Double { Double(columns * tileSize) }
    /// Image height in pixels, `rows · tileSize`.
    @inlinable public var height: Double { Double(rows * tileSize) }
    /// Tile edge in pixels as a `Double`.
    @inlinable public var tileLength: Double { Double(tileSize) }
    var image: MercatorImage { MercatorImage(width: width, height: height) }
    /// Scale k = width / 2π, pixels per radian.
    @inlinable public var pixelsPerRadian: Double { width / (2 * .pi) }
    /// How thin an overlap between a region and a tile may be, in pixels, and still count as touching:
    /// 10⁻⁹·T + 10⁻¹⁴·width (1.3e-7 px on Mars Viking 90 × 42, 2.7e-3 px at Web Mercator z = 30).
    ///
    /// Rotated rectangles and arcs are computed in `Double`, whose rounding leaves a corner that lies exactly on a
    /// tile edge a few units in the last place to one side or the other; without this tolerance a track through
    /// tile corners at 45° would pick up tiles it only touches. The width term covers those rounding errors at the
    /// grid's largest coordinates (an ulp there is about 2·10⁻¹⁶·width). Exact ties (axis-aligned edges on tile
    /// boundaries) are decided exactly either way.
    @inlinable public var tieTolerance: Double { 1e-9 * tileLength + 1e-14 * width }
    /// Number of tiles in the grid (at most `Int.max`: the initializer checks it).
    @inlinable public var tileCount: Int { columns * rows }

    /// The latitude of the image's top edge, φlim = atan(sinh(π·height/width)), in degrees.
    public var latitudeLimit: Double { Mercator.latitude(isometric: .pi * height / width) }

    /// The pixel of a coordinate: px = (λ + 180)·width/360, in [0, width) (a longitude just west of 180° that
    /// rounds onto the width is kept below it), py = height/2 − k·asinh(tan φ).
    /// - Throws: ``MercatorError/latitudeOutOfRange(field:latitude:limit:)`` past the image's limit.
    public func pixel(of coordinate: GeoCoordinate) throws(MercatorError) -> PixelPoint {
        let limit = latitudeLimit
        guard abs(coordinate.latitude) <= limit else {
            throw .latitudeOutOfRange(field: "Latitude", latitude: coordinate.latitude, limit: limit)
        }
        return unclampedPixel(of: coordinate)
    }

    /// The pixel of a coordinate even where it lies above or below the image (py outside [0, height]).
    public func unclampedPixel(of coordinate: GeoCoordinate) -> PixelPoint {
        PixelPoint(
            x: image.x(ofLongitude: coordinate.longitude),
            y: pixelY(ofLatitude: coordinate.latitude))
    }

    /// The pixel row coordinate py of a latitude in degrees (outside [0, height] past the limit).
    public func pixelY(ofLatitude latitude: Double) -> Double {
        image.y(ofLatitude: latitude)
    }

    /// The latitude in degrees at pixel row coordinate `y` (any finite y; past the image it exceeds the limit).
    public func latitude(atPixelY y: Double) -> Double {
        image.latitude(atY: y)
    }

    /// The coordinate of a pixel; x is unwrapped (any finite value wraps around the world).
    /// - Throws: ``MercatorError`` for a non-finite pixel or one so far outside the image that it maps to a pole.
    public func coordinate(at pixel: PixelPoint) throws(MercatorError) -> GeoCoordinate {
        try MercatorError.requireFinite(pixel.x, "Pixel x")
        try MercatorError.requireFinite(pixel.y, "Pixel y")
        return try GeoCoordinate(latitude: latitude(atPixelY: pixel.y), longitude: image.longitude(atX: pixel.x))
    }

    /// The unwrapped tile whose half-open square [c·T, (c+1)·T) × [r·T, (r+1)·T) holds the pixel: a point on a
    /// tile edge belongs to the tile east/south of it. The row may lie outside the grid.
    /// - Throws: ``MercatorError`` for a non-finite pixel or one more than 2⁶² tiles away.
    public func tile(containing pixel: PixelPoint) throws(MercatorError) -> TileIndex {
        try MercatorError.requireFinite(pixel.x, "Pixel x")
        try MercatorError.requireFinite(pixel.y, "Pixel y")
        let t = tileLength
        let column = (pixel.x / t).rounded(.down)
        let row = (pixel.y / t).rounded(.down)
        let limit = 0x1p62
        guard abs(column) < limit else { throw .outOfRange(field: "Tile column", value: column, range: -limit...limit) }
        guard abs(row) < limit else { throw .outOfRange(field: "Tile row", value: row, range: -limit...limit) }
        return TileIndex(column: Int(column), row: Int(row))
    }

    /// The real tile of a coordinate: λ = 180 (which normalises to -180) lands in column 0, never `columns`, and a
    /// longitude just west of 180° in the last column, like its pixel (px < width); latitudes ±φlim land in rows 0
    /// and `rows − 1`.
    /// - Throws: past the latitude limit, like ``pixel(of:)``.
    public func tile(of coordinate: GeoCoordinate) throws(MercatorError) -> TileIndex {
        let p = try pixel(of: coordinate)
        let t = try tile(containing: p)
        // px < width for every λ < 180 (see MercatorImage), and then ⌊px / T⌋ ≤ columns − 1: the largest px, the
        // Double below width = columns·T, is one ulp of the width less, and that ulp over T exceeds half an ulp of
        // `columns`, so the quotient rounds below `columns`. Only λ = 180 itself (normalised to −180) gives column 0.
        return TileIndex(column: realColumn(of: t.column), row: max(0, min(t.row, rows - 1)))
    }

    /// The real column c = i mod columns (Euclidean, always in [0, columns)) of an unwrapped column i.
    @inlinable
    public func realColumn(of unwrappedColumn: Int) -> Int {
        let r = unwrappedColumn % columns
        return r < 0 ? r + columns : r
    }

    /// The world copy w = ⌊i / columns⌋ of an unwrapped column i (0 for the real image, ±1 for its neighbours).
    /// Defined for every `Int`, `Int.min` included.
    @inlinable
    public func worldCopy(of unwrappedColumn: Int) -> Int {
        // Floor division without overflow: `/` truncates toward zero, one too high when a negative i leaves a
        // remainder.
        let quotient = unwrappedColumn / columns
        return unwrappedColumn % columns < 0 ? quotient - 1 : quotient
    }

    /// The real tile drawn by an unwrapped (possibly ghost) tile.
    @inlinable
    public func realTile(of tile: TileIndex) -> TileIndex {
        TileIndex(column: realColumn(of: tile.column), row: tile.row)
    }

    /// Whether a row lies inside the image.
    @inlinable
    public func containsRow(_ row: Int) -> Bool { row >= 0 && row < rows }

    /// `columns × rows tiles of T px`.
    public var description: String { "\(columns) × \(rows) tiles of \(tileSize) px" }
}
