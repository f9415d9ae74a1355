/// The 127-byte header of a PMTiles v3 archive (spec §3): where each section lies, the counts, the compressions,
/// the tile type, the zoom range, the bounds and the centre.
///
/// Positions are stored as little-endian Int32 of degrees × 10⁷; this type keeps those integers (`minLongitudeE7`…)
/// so a header round-trips bit for bit, and offers degrees beside them.
public struct PMTilesHeader: Sendable, Hashable {
    /// The header's length, 127 bytes.
    public static let length = 127
    /// The first 7 bytes of every archive, `PMTiles`.
    public static let magic: [UInt8] = Array("PMTiles".utf8)

    /// Where the root directory starts (bytes from the archive's start).
    public var rootOffset: UInt64 = 0
    /// The root directory's stored (compressed) length.
    public var rootLength: UInt64 = 0
    /// Where the JSON metadata starts.
    public var metadataOffset: UInt64 = 0
    /// The metadata's stored length.
    public var metadataLength: UInt64 = 0
    /// Where the leaf directories start; leaf entries' offsets count from here.
    public var leafDirectoriesOffset: UInt64 = 0
    /// All leaf directories' stored length; 0 for none.
    public var leafDirectoriesLength: UInt64 = 0
    /// Where the tile data starts; tile entries' offsets count from here.
    public var tileDataOffset: UInt64 = 0
    /// The tile data's length.
    public var tileDataLength: UInt64 = 0
    /// Tiles addressed, runs expanded (0: unknown).
    public var addressedTiles: UInt64 = 0
    /// Tile entries (run length > 0) in all directories (0: unknown).
    public var tileEntries: UInt64 = 0
    /// Distinct tile blobs in the data section (0: unknown).
    public var tileContents: UInt64 = 0
    /// Whether tile data is stored in tile-id order (offsets contiguous or pointing back at a duplicate).
    public var isClustered = false
    /// The compression of directories and metadata.
    public var internalCompression = PMTilesCompression.gzip
    /// The compression of every tile (passed through, never decoded here).
    public var tileCompression = PMTilesCompression.unknown
    /// What the tiles hold.
    public var tileType = PMTilesTileType.unknown
    /// The lowest level with tiles.
    public var minZoom: UInt8 = 0
    /// The highest level with tiles.
    public var maxZoom: UInt8 = 0
    /// West bound, degrees × 10⁷.
    public var minLongitudeE7: Int32 = -1_800_000_000
    /// South bound, degrees × 10⁷.
    public var minLatitudeE7: Int32 = -850_511_287
    /// East bound, degrees × 10⁷.
    public var maxLongitudeE7: Int32 = 1_800_000_000
    /// North bound, degrees × 10⁷.
    public var maxLatitudeE7: Int32 = 850_511_287
    /// The level a viewer may open at.
    public var centerZoom: UInt8 = 0
    /// Centre longitude, degrees × 10⁷.
    public var centerLongitudeE7: Int32 = 0
    /// Centre latitude, degrees × 10⁷.
    public var centerLatitudeE7: Int32 = 0

    /// A header with every field at its default (world bounds, gzip directories, no sections).
    public init() {}

    /// Degrees as stored: ⌊degrees × 10⁷⌉ clamped to Int32.
    public static func e7(_ degrees: Double) -> Int32 {
        let v = (degrees * 1e7).rounded()
        guard v.isFinite else { return 0 }
        return Int32(max(Double(Int32.min), min(Double(Int32.max), v)))
    }

    /// Parses the first 127 bytes of `bytes`.
    /// - Throws: ``PMTilesError/truncatedHeader(size:)`` for fewer than 127 bytes, ``PMTilesError/badMagic(found:)``,
    ///   ``PMTilesError/unsupportedVersion(_:)`` for a version other than 3.
    public init(_ bytes: [UInt8]) throws(PMTilesError) {
        guard bytes.count >= Self.length else { throw .truncatedHeader(size: UInt64(bytes.count)) }
        guard Array(bytes[0..<7]) == Self.magic else {
            throw .badMagic(found: bytes[0..<7].map { String($0, radix: 16) }.joined(separator: " "))
        }
        guard bytes[7] == 3 else { throw .unsupportedVersion(Int(bytes[7])) }
        func u64(_ at: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) } }
        func i32(_ at: Int) -> Int32 {
            Int32(bitPattern: (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * UInt32($1)) })
        }
        rootOffset = u64(8)
        rootLength = u64(16)
        metadataOffset = u64(24)
        metadataLength = u64(32)
        leafDirectoriesOffset = u64(40)
        leafDirectoriesLength = u64(48)
        tileDataOffset = u64(56)
        tileDataLength = u64(64)
        addressedTiles = u64(72)
        tileEntries = u64(80)
        tileContents = u64(88)
        isClustered = bytes[96] == 1
        internalCompression = PMTilesCompression(rawValue: bytes[97])
        tileCompression = PMTilesCompression(rawValue: bytes[98])
        tileType = PMTilesTileType(rawValue: bytes[99])
        minZoom = bytes[100]
        maxZoom = bytes[101]
        minLongitudeE7 = i32(102)
        minLatitudeE7 = i32(106)
        maxLongitudeE7 = i32(110)
        maxLatitudeE7 = i32(114)
        centerZoom = bytes[118]
        centerLongitudeE7 = i32(119)
        centerLatitudeE7 = i32(123)
    }

    /// The 127 bytes of the header (version 3, little-endian fields).
    public var bytes: [UInt8] {
        var out = Self.magic + [3]
        func u64(_ v: UInt64) { for k in 0..<8 { out.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(k)))) } }
        func i32(_ v: Int32) {
            let u = UInt32(bitPattern: v)
            for k in 0..<4 { out.append(UInt8(truncatingIfNeeded: u >> (8 * UInt32(k)))) }
        }
        for v in [
            rootOffset, rootLength, metadataOffset, metadataLength, leafDirectoriesOffset, leafDirectoriesLength,
            tileDataOffset, tileDataLength, addressedTiles, tileEntries, tileContents,
        ] { u64(v) }
        out += [isClustered ? 1 : 0, internalCompression.rawValue, tileCompression.rawValue, tileType.rawValue]
        out += [minZoom, maxZoom]
        for v in [minLongitudeE7, minLatitudeE7, maxLongitudeE7, maxLatitudeE7] { i32(v) }
        out.append(centerZoom)
        i32(centerLongitudeE7)
        i32(centerLatitudeE7)
        return out
    }
}
