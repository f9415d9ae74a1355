/// A tile as drawn: an XYZ tile id whose column is unwrapped, so it also names the world copy it is drawn in
/// (the geometry model's *Tiles, unwrapped columns and ghost tiles* and *Views and levels of detail* (§2, §8);
/// MapLibre's `UnwrappedTileID`, whose `wrap` is ``worldCopy``).
/// Always 0 ≤ n ≤ 30 and 0 ≤ y < 2ⁿ; the column i is any `Int`. A tile with ``worldCopy`` ≠ 0 is a ghost tile.
///
/// Ordered by level, then row-major within a level (row y, then unwrapped column i); described as `z/i/y`.
public struct UnwrappedTileID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The pyramid level n, 0…30.
    public let level: Int
    /// The unwrapped column i ∈ ℤ: the real column i mod 2ⁿ in world copy ⌊i / 2ⁿ⌋.
    public let x: Int
    /// The row y, 0 ≤ y < 2ⁿ (rows do not wrap).
    public let y: Int

    /// Creates the id of the tile at unwrapped column `x`, row `y` of `level`.
    /// - Throws: ``MercatorError/outOfRange(field:value:range:)`` unless 0 ≤ level ≤ 30 and 0 ≤ y < 2^level.
    public init(level: Int, x: Int, y: Int) throws(MercatorError) {
        try TileID.validate(level: level, "XYZ level")
        try TileID.validate(index: y, "Tile y", level: level)
        self.init(unchecked: level, x, y)
    }

    /// The copy of `canonical` drawn in world copy `worldCopy`: i = worldCopy·2ⁿ + x.
    /// - Throws: ``MercatorError/outOfRange(field:value:range:)`` when i would not fit an `Int`.
    public init(_ canonical: TileID, worldCopy: Int) throws(MercatorError) {
        let shifted = worldCopy << canonical.level
        guard shifted >> canonical.level == worldCopy else {
            let limit = Double(Int.max >> canonical.level)
            throw .outOfRange(
                field: "World copy at level \(canonical.level)", value: Double(worldCopy), range: -limit...limit)
        }
        // shifted is a multiple of 2ⁿ and 0 ≤ x < 2ⁿ, so their sum cannot overflow.
        self.init(unchecked: canonical.level, shifted | canonical.x, canonical.y)
    }

    /// The real tile of world copy 0.
    @inlinable
    public init(_ canonical: TileID) {
        self.init(unchecked: canonical.level, canonical.x, canonical.y)
    }

    @usableFromInline
    package init(unchecked level: Int, _ x: Int, _ y: Int) {
        self.level = level
        self.x = x
        self.y = y
    }

    /// The world copy w = ⌊i / 2ⁿ⌋ (0 for the real world, ±1 for its neighbours), defined for every `Int` i:
    /// an arithmetic shift floors.
    @inlinable public var worldCopy: Int { x >> level }

    /// The real tile this one draws, (n, i mod 2ⁿ, y) with the Euclidean remainder (always in [0, 2ⁿ)).
    @inlinable
    public var canonical: TileID { TileID(unchecked: level, x & ((1 << level) - 1), y) }

    /// Whether this is a ghost tile, drawn outside the real world (``worldCopy`` ≠ 0).
    @inlinable public var isGhost: Bool { worldCopy != 0 }

    /// The tile's address on its level's grid, (i, y) as (unwrapped column, row).
    @inlinable public var tileIndex: TileIndex { TileIndex(column: x, row: y) }

    /// The tile one level up that contains this one, (n − 1, ⌊i/2⌋, ⌊y/2⌋), in the same world copy; nil at level 0.
    @inlinable
    public var parent: UnwrappedTileID? {
        level == 0 ? nil : UnwrappedTileID(unchecked: level - 1, x >> 1, y >> 1)
    }

    /// The tile at `level` that contains this one, (m, ⌊i/2ⁿ⁻ᵐ⌋, ⌊y/2ⁿ⁻ᵐ⌋), in the same world copy: itself at its
    /// own level, nil for a level below 0 or deeper than its own.
    /// - Complexity: O(1).
    @inlinable
    public func ancestor(atLevel level: Int) -> UnwrappedTileID? {
        guard level >= 0, level <= self.level else { return nil }
        let shift = self.level - level
        return UnwrappedTileID(unchecked: level, x >> shift, y >> shift)
    }

    /// By level, then row y, then unwrapped column i.
    @inlinable
    public static func < (a: UnwrappedTileID, b: UnwrappedTileID) -> Bool {
        (a.level, a.y, a.x) < (b.level, b.y, b.x)
    }

    /// `z/i/y` with the unwrapped column.
    public var description: String { "\(level)/\(x)/\(y)" }
}
