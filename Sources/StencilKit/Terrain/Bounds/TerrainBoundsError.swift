import MercatorMath

/// Why a list of terrain bounds was refused (the geometry model's *Covers over terrain* (§14)): each case names the
/// entry, and its `description` says what was wrong and what would be valid.
public enum TerrainBoundsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No bounds for the root tile 0/0/0 (every other tile inherits from it).
    case noRoot
    /// A bound that is NaN or infinite, on `tile`.
    case nonFinite(tile: TileID, range: ElevationRange)
    /// lo > hi on `tile`.
    case reversed(tile: TileID, range: ElevationRange)
    /// `tile` listed twice (the root counts as listed: an entry 0/0/0 repeats it).
    case duplicate(tile: TileID)
    /// Entry `index` of a list names level `level`, column `x`, row `y`: not a tile of the XYZ pyramid
    /// (0 ≤ level ≤ 30, 0 ≤ x, y < 2^level, whole numbers).
    case notInPyramid(index: Int, level: Double, x: Double, y: Double)
    /// Entry `index` of a list does not have five numbers [n, x, y, lo, hi] (`count` instead), or a root that does
    /// not have two numbers [lo, hi] (index −1).
    case malformed(index: Int, count: Int)
    /// `tile`'s range is not inside `parentRange`, the effective bounds of its parent (those of `ancestor`, the
    /// parent itself or its nearest listed ancestor, the root at worst).
    case outsideParent(tile: TileID, range: ElevationRange, ancestor: TileID, parentRange: ElevationRange)
    /// More entries than ``TerrainBounds/maximumEntries``: refused before they are stored.
    case tooManyEntries(count: Int, limit: Int)

    /// A sentence naming the entry, what was wrong and what would be valid.
    public var description: String {
        let n = MessageNumber.text
        switch self {
        case .noRoot:
            return "Terrain bounds have no root: give the bounds [lo, hi] of tile 0/0/0, which every tile not listed "
                + "inherits."
        case .nonFinite(let tile, let range):
            return "Terrain bounds of tile \(tile) are [\(n(range.lo)), \(n(range.hi))]; both must be finite numbers "
                + "of metres."
        case .reversed(let tile, let range):
            return "Terrain bounds of tile \(tile) are [\(n(range.lo)), \(n(range.hi))]: lo is above hi; they must "
                + "satisfy lo ≤ hi."
        case .duplicate(let tile):
            return "Terrain bounds list tile \(tile) twice"
                + (tile.level == 0 ? " (the root is given apart, as \"root\")" : "") + "; list each tile once."
        case .notInPyramid(let index, let level, let x, let y):
            return
                "Terrain bounds entry \(index) names tile \(n(level))/\(n(x))/\(n(y)), not a tile of the XYZ pyramid; "
                + "it must have a whole level 0…30 and whole x, y in 0…2^level − 1."
        case .malformed(let index, let count):
            return index < 0
                ? "Terrain bounds root has \(count) numbers; it must be [lo, hi] metres."
                : "Terrain bounds entry \(index) has \(count) numbers; it must be [n, x, y, lo, hi]."
        case .outsideParent(let tile, let range, let ancestor, let parent):
            return "Terrain bounds of tile \(tile) are [\(n(range.lo)), \(n(range.hi))] m, not inside its parent's "
                + "bounds [\(n(parent.lo)), \(n(parent.hi))] m (those of \(ancestor)); every tile's bounds must lie "
                + "inside its parent's (derive coarser levels by min/max over their children, not from overviews)."
        case .tooManyEntries(let count, let limit):
            return "Terrain bounds have \(count) entries, more than the \(limit) a bounds pyramid may hold; derive "
                + "them from a coarser DEM level."
        }
    }
}
