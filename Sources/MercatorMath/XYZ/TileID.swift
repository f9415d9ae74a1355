/// A tile of a Web Mercator XYZ pyramid as data exists out there (the geometry model's *Views and levels of detail*
/// (§8)): level n, column x, row y.
/// Always 0 ≤ n ≤ 30 and 0 ≤ x, y < 2ⁿ (MapLibre's `CanonicalTileID`, mercantile's `Tile`).
///
/// Ordered by level, then row-major within a level (row y, then column x); described as `z/x/y`.
public struct TileID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The pyramid level n, 0…30: the level has 2ⁿ × 2ⁿ tiles.
    public let level: Int
    /// The column x, 0 ≤ x < 2ⁿ, from the antimeridian eastward.
    public let x: Int
    /// The row y, 0 ≤ y < 2ⁿ, from the top (north) edge southward.
    public let y: Int

    /// The deepest level, 30: 2³⁰ × 2³⁰ tiles (the limit of MapLibre, mercantile and 30-digit quadkeys).
    public static let maximumLevel = 30

    /// The whole world, `0/0/0`.
    public static let world = TileID(unchecked: 0, 0, 0)

    /// Creates the id of tile (x, y) at `level`.
    /// - Throws: ``MercatorError/outOfRange(field:value:range:)`` naming the valid range unless 0 ≤ level ≤ 30
    ///   and 0 ≤ x, y < 2^level.
    public init(level: Int, x: Int, y: Int) throws(MercatorError) {
        try Self.validate(level: level, "XYZ level")
        try Self.validate(index: x, "Tile x", level: level)
        try Self.validate(index: y, "Tile y", level: level)
        self.init(unchecked: level, x, y)
    }

    @usableFromInline
    package init(unchecked level: Int, _ x: Int, _ y: Int) {
        self.level = level
        self.x = x
        self.y = y
    }

    /// The number of tiles across (and down) the level, 2ⁿ.
    @inlinable public var tilesAcross: Int { 1 << level }

    /// The tile's address on its level's grid, (x, y) as (column, row).
    @inlinable public var tileIndex: TileIndex { TileIndex(column: x, row: y) }

    /// The tile one level up that contains this one, (n − 1, ⌊x/2⌋, ⌊y/2⌋); nil at level 0.
    @inlinable
    public var parent: TileID? {
        level == 0 ? nil : TileID(unchecked: level - 1, x >> 1, y >> 1)
    }

    /// The tile at `level` that contains this one, (m, ⌊x/2ⁿ⁻ᵐ⌋, ⌊y/2ⁿ⁻ᵐ⌋): itself at its own level, nil for a level
    /// below 0 or deeper than its own.
    /// - Complexity: O(1).
    @inlinable
    public func ancestor(atLevel level: Int) -> TileID? {
        guard level >= 0, level <= self.level else { return nil }
        let shift = self.level - level
        return TileID(unchecked: level, x >> shift, y >> shift)
    }

    /// Whether this tile is a proper ancestor of `other`: on a shallower level and covering it
    /// (MapLibre's `other.isChildOf(self)` for one level, any number of levels here).
    @inlinable
    public func isAncestor(of other: TileID) -> Bool {
        other.level > level && other.ancestor(atLevel: level) == self
    }

    /// Whether this tile covers `other`: `other` is this tile or one of its descendants.
    @inlinable
    public func contains(_ other: TileID) -> Bool {
        other.level >= level && other.ancestor(atLevel: level) == self
    }

    /// Hashes the tile's position in the whole pyramid, (4ⁿ − 1)/3 + 2ⁿ·y + x, one distinct `UInt64` per tile of
    /// levels 0…30 (fewer than 2⁶² in all): one word to hash instead of three, which makes `Set<TileID>` lookups
    /// (the residency test of a parent fallback) markedly faster.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(pyramidIndex)
    }

    /// The tile's index in a breadth-first numbering of the pyramid: (4ⁿ − 1)/3 tiles on the levels above it,
    /// then row-major within its level.
    @usableFromInline
    var pyramidIndex: UInt64 {
        let above = ((1 as UInt64) << (2 * level) - 1) / 3
        return above + UInt64(y) << level + UInt64(x)
    }

    /// By level, then row y, then column x (row-major within a level).
    @inlinable
    public static func < (a: TileID, b: TileID) -> Bool {
        (a.level, a.y, a.x) < (b.level, b.y, b.x)
    }

    /// `z/x/y`, as in tile URLs.
    public var description: String { "\(level)/\(x)/\(y)" }
}

extension TileID {
    /// Throws unless 0 ≤ `level` ≤ 30.
    static func validate(level: Int, _ field: String) throws(MercatorError) {
        guard level >= 0, level <= maximumLevel else {
            throw .outOfRange(field: field, value: Double(level), range: 0...Double(maximumLevel))
        }
    }

    /// Throws unless 0 ≤ `index` < 2^level (level already valid).
    static func validate(index: Int, _ field: String, level: Int) throws(MercatorError) {
        guard index >= 0, index < 1 << level else {
            throw .outOfRange(
                field: "\(field) at level \(level)", value: Double(index), range: 0...Double((1 << level) - 1))
        }
    }
}
