/// A PMTiles compression byte (spec §3.3): of directories and metadata (internal) or of tiles.
///
/// Tile data is passed through as stored whatever its compression; internal compression is read and written for
/// ``none`` and ``gzip`` only.
public struct PMTilesCompression: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The byte as stored.
    public let rawValue: UInt8
    /// Wraps any byte (unknown values are kept, not refused, for tiles).
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0: unknown.
    public static let unknown = PMTilesCompression(rawValue: 0)
    /// 1: none.
    public static let none = PMTilesCompression(rawValue: 1)
    /// 2: gzip.
    public static let gzip = PMTilesCompression(rawValue: 2)
    /// 3: brotli.
    public static let brotli = PMTilesCompression(rawValue: 3)
    /// 4: zstd.
    public static let zstd = PMTilesCompression(rawValue: 4)

    /// The spec's name, or `compression N` for a value it does not define.
    public var description: String {
        switch rawValue {
        case 0: return "unknown"
        case 1: return "none"
        case 2: return "gzip"
        case 3: return "brotli"
        case 4: return "zstd"
        default: return "compression \(rawValue)"
        }
    }
}

/// A PMTiles tile type byte (spec §3.2, Tile Type): what the tiles hold.
public struct PMTilesTileType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The byte as stored.
    public let rawValue: UInt8
    /// Wraps any byte.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0: unknown or other.
    public static let unknown = PMTilesTileType(rawValue: 0)
    /// 1: Mapbox Vector Tile.
    public static let mvt = PMTilesTileType(rawValue: 1)
    /// 2: PNG.
    public static let png = PMTilesTileType(rawValue: 2)
    /// 3: JPEG.
    public static let jpeg = PMTilesTileType(rawValue: 3)
    /// 4: WebP.
    public static let webp = PMTilesTileType(rawValue: 4)
    /// 5: AVIF.
    public static let avif = PMTilesTileType(rawValue: 5)
    /// 6: MapLibre Vector Tile.
    public static let mlt = PMTilesTileType(rawValue: 6)

    /// The spec's name, or `type N`.
    public var description: String {
        let names = ["unknown", "mvt", "png", "jpeg", "webp", "avif", "mlt"]
        return Int(rawValue) < names.count ? names[Int(rawValue)] : "type \(rawValue)"
    }
}
