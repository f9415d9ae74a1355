import MercatorMath

/// A tile of a ``MapLibreCamera``'s cover: the data tile MapLibre GL JS requests, with its unwrapped column, and
/// the level it is drawn at (maplibre-gl-js 5.14 `OverscaledTileID`).
///
/// Past the source's maxzoom a vector source's tile is drawn overzoomed: ``tile`` is the maxzoom tile whose data is
/// loaded and ``overscaledLevel`` the level MapLibre lays it out and draws it at (its `overscaledZ`, the level the
/// ground there wants). A raster source's ids are never overscaled (MapLibre magnifies the maxzoom image), so there
/// ``overscaledLevel`` is the tile's level.
public struct MapLibreTile: Sendable, Hashable, CustomStringConvertible {
    /// The data tile (n, i, y) with its unwrapped column i = w·2ⁿ + x (w, MapLibre's `wrap`, is the world copy).
    public let tile: UnwrappedTileID
    /// The level drawn, MapLibre's `overscaledZ` ≥ n: above n only for a vector source's tile at its maxzoom.
    public let overscaledLevel: Int

    /// Creates a tile.
    @inlinable
    public init(tile: UnwrappedTileID, overscaledLevel: Int) {
        self.tile = tile
        self.overscaledLevel = overscaledLevel
    }

    /// The data tile's level n (MapLibre's `canonical.z`).
    @inlinable
    public var level: Int { tile.level }

    /// The real tile to load, (n, i mod 2ⁿ, y) (MapLibre's `canonical`).
    /// - Complexity: O(1): a mask.
    @inlinable
    public var realTile: TileID { tile.canonical }

    /// The world copy w = ⌊i / 2ⁿ⌋ (MapLibre's `wrap`): 0 for the world around the antimeridian's east side,
    /// −1 one world west, 1 one world east.
    @inlinable
    public var wrap: Int { tile.worldCopy }

    /// Whether the tile is drawn past its data's level (a vector source's tile past maxzoom).
    @inlinable
    public var isOverscaled: Bool { overscaledLevel > tile.level }

    /// `n/i/y`, with `@overscaled` when drawn at another level.
    public var description: String { isOverscaled ? "\(tile)@\(overscaledLevel)" : "\(tile)" }
}
