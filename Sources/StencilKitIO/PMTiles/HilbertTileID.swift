import MercatorMath

/// A PMTiles tile id: a tile's position on the series of Hilbert curves of levels 0, 1, 2, … (spec §4.1).
/// Always 0 ≤ `rawValue` ≤ ``maximumRawValue`` (the last tile of level 31, the deepest level 64 bits reach).
///
/// id(z, x, y) = (4^z − 1)/3 + d_z(x, y), where (4^z − 1)/3 counts the tiles of the levels above z and d_z is the
/// tile's distance along level z's Hilbert curve (d_1: (0,0) → 0, (0,1) → 1, (1,1) → 2, (1,0) → 3). Ordered by id,
/// which is the order a clustered archive stores its tiles in.
public struct HilbertTileID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The id, (4^z − 1)/3 + d_z(x, y).
    public let rawValue: UInt64

    /// The deepest level with ids, 31: level 32's first id, (4^32 − 1)/3, is past UInt64's range of ids plus tiles.
    public static let maximumLevel = 31

    /// The last id of level 31, (4^32 − 1)/3 − 1 = 0x5555_5555_5555_5554.
    public static let maximumRawValue: UInt64 = 0x5555_5555_5555_5554

    /// The id `rawValue`.
    /// - Throws: ``PMTilesError/tileIDTooLarge(_:)`` past ``maximumRawValue``.
    public init(rawValue: UInt64) throws(PMTilesError) {
        guard rawValue <= Self.maximumRawValue else { throw .tileIDTooLarge(rawValue) }
        self.rawValue = rawValue
    }

    init(unchecked rawValue: UInt64) { self.rawValue = rawValue }

    /// The id of tile (x, y) at `level`, by the iterative Hilbert walk from the largest quadrant down.
    /// - Complexity: O(level).
    /// - Throws: ``PMTilesError/tileOutOfRange(level:x:y:)`` unless 0 ≤ level ≤ 31 and x, y < 2^level.
    public init(level: Int, x: UInt64, y: UInt64) throws(PMTilesError) {
        guard level >= 0, level <= Self.maximumLevel, x < (1 as UInt64) << level, y < (1 as UInt64) << level else {
            throw .tileOutOfRange(level: level, x: x, y: y)
        }
        var x = x
        var y = y
        var d: UInt64 = 0
        var s: UInt64 = level == 0 ? 0 : (1 as UInt64) << (level - 1)
        let last: UInt64 = level == 0 ? 0 : ((1 as UInt64) << level) - 1
        while s > 0 {
            let rx: UInt64 = x & s != 0 ? 1 : 0
            let ry: UInt64 = y & s != 0 ? 1 : 0
            d += s * s * ((3 * rx) ^ ry)
            (x, y) = Self.rotate(last, x, y, rx, ry)
            s >>= 1
        }
        rawValue = Self.firstID(ofLevel: level) + d
    }

    /// The id of `tile` (levels 0…30).
    public init(_ tile: TileID) {
        // A TileID is always in range, so this cannot throw.
        self =
            (try? HilbertTileID(level: tile.level, x: UInt64(tile.x), y: UInt64(tile.y))) ?? HilbertTileID(unchecked: 0)
    }

    /// The first id of `level`, (4^level − 1)/3: the number of tiles on the levels above it.
    public static func firstID(ofLevel level: Int) -> UInt64 {
        (((1 as UInt64) << (2 * level)) &- 1) / 3
    }

    /// The tile's level, x and y: the level whose ids hold the id, then the Hilbert walk in reverse.
    /// - Complexity: O(level).
    public var coordinates: (level: Int, x: UInt64, y: UInt64) {
        var level = 0
        while level < Self.maximumLevel, Self.firstID(ofLevel: level + 1) <= rawValue { level += 1 }
        var t = rawValue - Self.firstID(ofLevel: level)
        var x: UInt64 = 0
        var y: UInt64 = 0
        var s: UInt64 = 1
        let n: UInt64 = (1 as UInt64) << level
        while s < n {
            let rx = 1 & (t >> 1)
            let ry = 1 & (t ^ rx)
            (x, y) = Self.rotate(s - 1, x, y, rx, ry)
            x += s * rx
            y += s * ry
            t >>= 2
            s <<= 1
        }
        return (level, x, y)
    }

    /// The tile as a ``/MercatorMath/TileID``, or nil on level 31 (TileID stops at level 30).
    public var tileID: TileID? {
        let (level, x, y) = coordinates
        return try? TileID(level: level, x: Int(x), y: Int(y))
    }

    /// The Hilbert quadrant rotation: when ry = 0, reflect (if rx = 1) about the square's centre and swap x and y.
    private static func rotate(_ last: UInt64, _ x: UInt64, _ y: UInt64, _ rx: UInt64, _ ry: UInt64)
        -> (UInt64, UInt64)
    {
        guard ry == 0 else { return (x, y) }
        if rx == 1 { return (last - y, last - x) }
        return (y, x)
    }

    /// By id: level first, then along the level's Hilbert curve.
    public static func < (a: HilbertTileID, b: HilbertTileID) -> Bool { a.rawValue < b.rawValue }

    /// The id in decimal.
    public var description: String { "\(rawValue)" }
}
