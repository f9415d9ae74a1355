/// The pyramid level a map zoom is drawn from and the scale it is drawn at (the geometry model's *Views and levels of
/// detail* (§8)), as chosen by ``LevelOfDetail/drawLevel(forMapZoom:)`` or, for a MapLibre zoom,
/// ``LevelOfDetail/mapLibreLevel(forZoom:pixelRatio:)``. Always scale = 2^(level − mapZoom) > 0 and grid = the XYZ
/// level.
public struct DrawLevel: Sendable, Hashable, CustomStringConvertible {
    /// The fractional map zoom Z asked for (the world is T·2^Z points wide); for a MapLibre zoom Z_ml,
    /// Z = Z_ml + log₂(512 / T).
    public let mapZoom: Double
    /// The integer level n whose tiles are drawn.
    public let level: Int
    /// The scale z = 2^(n − Z): terrain pixels of level n per screen point (StencilKit's `Screen.scale`).
    public let scale: Double
    /// Level n's grid, 2ⁿ × 2ⁿ tiles of the source's tile size: the terrain a view at this map zoom is culled on.
    public let grid: TileGrid

    /// `map zoom Z → level n at scale z`.
    public var description: String { "map zoom \(mapZoom) → level \(level) at scale \(scale) px/pt" }
}
