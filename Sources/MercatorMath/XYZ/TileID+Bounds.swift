import Foundation

/// The extent of an XYZ tile in degrees, Mercator metres and pixels (the geometry model's *Coordinates, Mercator and
/// images* (§1) with columns = rows = 2ⁿ).
///
/// Every edge is computed from the exact dyadic fraction u = x·2^(1−n) − 1 ∈ [−1, 1] (and v = 1 − y·2^(1−n)) of the
/// half-world, so it rounds once: λ = 180·u, x_m = πR·u, ψ = π·v, φ = atan(sinh ψ), y_m = R·ψ. A tile's edges
/// are therefore bit-identical to its neighbours', its children's and its parent's shared edges.
extension TileID {
    /// The tile's box in degrees (mercantile's `bounds`): λ from x·360/2ⁿ − 180, φ = atan(sinh(π·(1 − 2y/2ⁿ))).
    /// Its north edge at row 0 is φlim = 85.0511287798°, its east edge at the last column exactly 180°.
    /// - Complexity: O(1).
    public var geoBounds: GeoBounds {
        GeoBounds(
            west: 180 * Self.halfTurns(x, level),
            south: Mercator.latitude(isometric: .pi * Self.halfTurns(y + 1, level, flipped: true)),
            east: 180 * Self.halfTurns(x + 1, level),
            north: Mercator.latitude(isometric: .pi * Self.halfTurns(y, level, flipped: true)))
    }

    /// The tile's box in spherical Mercator metres on `body` (mercantile's `xy_bounds` on the Earth):
    /// x_m = πR·(x·2^(1−n) − 1), y_m = πR·(1 − y·2^(1−n)). On ``Body/earth`` these are Web Mercator (EPSG:3857)
    /// metres, ±20,037,508.342789244 m at the world's edges.
    /// - Complexity: O(1).
    public func mercatorBounds(on body: Body = .earth) -> MercatorBounds {
        let half = Double.pi * body.radius
        return MercatorBounds(
            west: half * Self.halfTurns(x, level), south: half * Self.halfTurns(y + 1, level, flipped: true),
            east: half * Self.halfTurns(x + 1, level), north: half * Self.halfTurns(y, level, flipped: true))
    }

    /// The half-open pixel square [x·T, (x+1)·T) × [y·T, (y+1)·T) the tile owns on its level's grid of
    /// `tileSize`-px tiles (the geometry model's *Tiles, unwrapped columns and ghost tiles* (§2)). Exact: every edge is
    /// an integer below 2⁵³.
    /// - Throws: ``MercatorError`` unless 1 ≤ tileSize and 2ⁿ·tileSize ≤ 2⁵³ (``TileGrid/maximumPixelSize``).
    /// - Complexity: O(1).
    public func pixelBounds(tileSize: Int = 256) throws(MercatorError) -> PixelBounds {
        try Self.validate(tileSize: tileSize, level: level)
        let t = Double(tileSize)
        return PixelBounds(
            minX: Double(x) * t, minY: Double(y) * t, maxX: Double(x + 1) * t, maxY: Double(y + 1) * t)
    }

    /// The smallest tile at `level` holding a coordinate (mercantile's `tile(lng, lat, zoom)`): the tile whose
    /// half-open pixel square holds the coordinate's pixel, λ = 180° falling in column 0 and ±φlim in the first
    /// and last rows.
    /// - Throws: ``MercatorError`` for a level outside 0…30 or a latitude past φlim = 85.0511287798°.
    public init(containing coordinate: GeoCoordinate, atLevel level: Int) throws(MercatorError) {
        let grid = try TileGrid.xyz(level: level)
        let tile = try grid.tile(of: coordinate)
        self.init(unchecked: level, tile.column, tile.row)
    }

    /// The dyadic fraction k·2^(1−n) − 1 (or 1 − k·2^(1−n) when `flipped`), exact for 0 ≤ k ≤ 2ⁿ ≤ 2³⁰.
    static func halfTurns(_ k: Int, _ level: Int, flipped: Bool = false) -> Double {
        let fraction = Double(k) * Double(sign: .plus, exponent: 1 - level, significand: 1)
        return flipped ? 1 - fraction : fraction - 1
    }

    /// Throws unless 1 ≤ tileSize and 2^level·tileSize ≤ 2⁵³.
    static func validate(tileSize: Int, level: Int) throws(MercatorError) {
        let largest = TileGrid.maximumPixelSize >> level
        guard tileSize >= 1, tileSize <= largest else {
            throw .outOfRange(field: "Tile size at level \(level)", value: Double(tileSize), range: 1...Double(largest))
        }
    }
}
