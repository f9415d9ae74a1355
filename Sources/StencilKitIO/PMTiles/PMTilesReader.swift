import Foundation
import MercatorMath

/// A PMTiles v3 archive read by byte ranges: its header, root directory and metadata checked once, leaf
/// directories fetched on demand and cached, tiles returned as stored.
///
/// Every offset and length is checked against the archive's size before it is read, every varint against 64 bits,
/// every gzip section against ``directoryByteLimit``, and the leaf chain against cycles and ``maximumLeafDepth``, so
/// a bad archive gets a ``PMTilesError`` — never a trap, a hang or unbounded memory. Thread-safe: a loader's workers
/// share one reader (the leaf cache is behind a lock held only to look up or insert). The leaf cache holds at most
/// ``cachedLeafLimit`` leaves and ``cachedLeafBytes`` bytes of decoded entries.
public final class PMTilesReader: TileSource, @unchecked Sendable {
    /// The archive's header.
    public let header: PMTilesHeader
    /// The bytes the archive is read from.
    public let source: any ByteRangeReader
    /// The root directory's entries.
    public let rootEntries: [PMTilesEntry]
    /// The most bytes a gzip directory or the metadata may inflate to.
    public let directoryByteLimit: Int
    /// The most leaf directories kept in the cache (the oldest are dropped past it).
    public let cachedLeafLimit: Int
    /// The most bytes of decoded entries the leaf cache keeps (32 bytes an entry; the oldest leaves are dropped past
    /// it, and a leaf larger than this alone is not kept).
    public let cachedLeafBytes: Int
    /// The most directory entries one walk (``forEachTileEntry(_:)``, ``tileEntries(limit:)``, ``statistics()``)
    /// decodes, leaves included.
    public let walkEntryLimit: UInt64

    /// The default ``directoryByteLimit``, 16 MiB: a directory of about 2.5 million entries.
    public static let defaultDirectoryByteLimit = 16 << 20
    /// The default ``cachedLeafBytes``, 64 MiB: about 2 million entries, the leaves of a planet-scale archive's
    /// busiest region.
    public static let defaultCachedLeafBytes = 64 << 20
    /// The deepest chain of leaf directories followed below the root, 3 (the spec discourages more than 1).
    public static let maximumLeafDepth = 3
    /// The first 16,384 bytes must hold the header and the root directory (spec §2).
    public static let rootRegion: UInt64 = 16_384

    private let lock = NSLock()
    private var leafCache: [UInt64: [PMTilesEntry]] = [:]
    private var leafOrder: [UInt64] = []
    private var leafCacheBytes = 0

    /// Reads and checks the header, the sections' extents and the root directory of the archive in `source`;
    /// `walkEntryLimit` nil is ``defaultWalkEntryLimit(leafBytes:)`` of its leaf section.
    /// - Complexity: one read of up to 16,384 bytes, O(root entries) to decode.
    /// - Throws: ``PMTilesError`` naming the first problem found.
    public init(
        _ source: any ByteRangeReader, directoryByteLimit: Int = PMTilesReader.defaultDirectoryByteLimit,
        cachedLeafLimit: Int = 256, cachedLeafBytes: Int = PMTilesReader.defaultCachedLeafBytes,
        walkEntryLimit: UInt64? = nil
    ) throws(PMTilesError) {
        self.source = source
        self.directoryByteLimit = max(1, directoryByteLimit)
        self.cachedLeafLimit = max(1, cachedLeafLimit)
        self.cachedLeafBytes = max(0, cachedLeafBytes)
        guard source.size >= UInt64(PMTilesHeader.length) else { throw .truncatedHeader(size: source.size) }
        let head = [UInt8](try source.read(offset: 0, length: PMTilesHeader.length))
        let header = try PMTilesHeader(head)
        guard header.internalCompression == .none || header.internalCompression == .gzip else {
            throw .unsupportedCompression(Int(header.internalCompression.rawValue))
        }
        try source.checkRange("root directory", offset: header.rootOffset, length: header.rootLength)
        try source.checkRange("metadata", offset: header.metadataOffset, length: header.metadataLength)
        try source.checkRange(
            "leaf directories section", offset: header.leafDirectoriesOffset, length: header.leafDirectoriesLength)
        try source.checkRange("tile data section", offset: header.tileDataOffset, length: header.tileDataLength)
        guard header.rootOffset + header.rootLength <= Self.rootRegion else {
            throw .rootDirectoryTooLarge(end: header.rootOffset + header.rootLength)
        }
        self.header = header
        self.walkEntryLimit = walkEntryLimit ?? Self.defaultWalkEntryLimit(leafBytes: header.leafDirectoriesLength)
        let stored = try source.read(offset: header.rootOffset, length: Int(header.rootLength))
        rootEntries = try Self.decodeDirectory(
            stored, compression: header.internalCompression, limit: self.directoryByteLimit, what: "root directory")
    }

    /// Opens the archive at `path` (a ``FileByteRangeReader``).
    /// - Throws: ``PMTilesError/io(detail:)`` when the file cannot be opened, then as
    ///   ``init(_:directoryByteLimit:cachedLeafLimit:cachedLeafBytes:walkEntryLimit:)``.
    public convenience init(path: String) throws(PMTilesError) {
        try self.init(FileByteRangeReader(path: path))
    }

    /// Inflates (if gzip) and decodes one stored directory.
    static func decodeDirectory(_ stored: Data, compression: PMTilesCompression, limit: Int, what: String)
        throws(PMTilesError) -> [PMTilesEntry]
    {
        let raw = try inflate([UInt8](stored), compression: compression, limit: limit, what: what)
        return try PMTilesDirectory.decode(raw)
    }

    /// `bytes` uncompressed by the internal compression, at most `limit` bytes out.
    static func inflate(_ bytes: [UInt8], compression: PMTilesCompression, limit: Int, what: String)
        throws(PMTilesError) -> [UInt8]
    {
        if compression == .gzip { return try Gzip.inflate(bytes, limit: limit, what: what) }
        guard bytes.count <= limit else { throw .inflatesPastLimit(what: what, limit: limit) }
        return bytes
    }

    /// The JSON metadata, uncompressed: checked to be a JSON object in UTF-8.
    /// - Throws: ``PMTilesError/badMetadata(detail:)``, or a gzip error.
    public func metadata() throws(PMTilesError) -> Data {
        if header.internalCompression == .none, header.metadataLength > UInt64(directoryByteLimit) {
            throw .inflatesPastLimit(what: "metadata", limit: directoryByteLimit)
        }
        let stored = try source.read(offset: header.metadataOffset, length: Int(header.metadataLength))
        let raw = try Self.inflate(
            [UInt8](stored), compression: header.internalCompression, limit: directoryByteLimit, what: "metadata")
        let data = Data(raw)
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw .badMetadata(detail: "\(raw.count) bytes that do not parse as JSON")
        }
        guard object is [String: Any] else { throw .badMetadata(detail: "JSON that is not an object") }
        return data
    }

    /// The entry of the tile with id `id` (its run covers the id), or nil when the archive lacks it.
    /// - Complexity: O(log entries) per directory on the path, plus one read and decode per uncached leaf.
    /// - Throws: ``PMTilesError`` for a bad leaf directory on the path, a cycle or a chain past
    ///   ``maximumLeafDepth``.
    public func entry(for id: HilbertTileID) throws(PMTilesError) -> PMTilesEntry? {
        var entries = rootEntries
        var path: [UInt64] = []
        while true {
            guard let index = PMTilesDirectory.lastEntry(atOrBefore: id.rawValue, in: entries) else { return nil }
            let entry = entries[index]
            if !entry.isLeaf {
                return id.rawValue - entry.tileID < entry.runLength ? entry : nil
            }
            guard !path.contains(entry.offset) else { throw .leafCycle(offset: entry.offset) }
            guard path.count < Self.maximumLeafDepth else { throw .leafChainTooDeep(limit: Self.maximumLeafDepth) }
            path.append(entry.offset)
            entries = try leaf(entry)
        }
    }

    /// The number of leaves and the bytes of decoded entries in the leaf cache now.
    var leafCacheUsage: (leaves: Int, bytes: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (leafOrder.count, leafCacheBytes)
    }

    /// The leaf directory `entry` points at: cached, or read, checked and cached.
    func leaf(_ entry: PMTilesEntry) throws(PMTilesError) -> [PMTilesEntry] {
        lock.lock()
        let cached = leafCache[entry.offset]
        lock.unlock()
        if let cached { return cached }
        let (end, overflow) = entry.offset.addingReportingOverflow(entry.length)
        guard !overflow, end <= header.leafDirectoriesLength else {
            throw .pastEnd(
                what: "leaf directory of tile id \(entry.tileID) (in the leaf section of "
                    + "\(header.leafDirectoriesLength) bytes)",
                offset: header.leafDirectoriesOffset &+ entry.offset, length: entry.length, size: source.size)
        }
        let stored = try source.read(offset: header.leafDirectoriesOffset + entry.offset, length: Int(entry.length))
        let entries = try Self.decodeDirectory(
            stored, compression: header.internalCompression, limit: directoryByteLimit, what: "leaf directory")
        let bytes = entries.count * MemoryLayout<PMTilesEntry>.stride
        lock.lock()
        if leafCache[entry.offset] == nil, bytes <= cachedLeafBytes {
            while !leafOrder.isEmpty, leafOrder.count >= cachedLeafLimit || leafCacheBytes + bytes > cachedLeafBytes {
                let dropped = leafCache.removeValue(forKey: leafOrder.removeFirst())
                leafCacheBytes -= (dropped?.count ?? 0) * MemoryLayout<PMTilesEntry>.stride
            }
            leafCache[entry.offset] = entries
            leafOrder.append(entry.offset)
            leafCacheBytes += bytes
        }
        lock.unlock()
        return entries
    }

    /// Where the bytes of tile `id` lie in the archive — offset from the archive's start and length — without
    /// reading them; nil when the archive lacks the tile. For planning extracts.
    /// - Throws: as ``entry(for:)``, and ``PMTilesError/pastEnd(what:offset:length:size:)`` for a tile past the tile
    ///   data section.
    public func byteRange(for id: HilbertTileID) throws(PMTilesError) -> (offset: UInt64, length: Int)? {
        guard let entry = try entry(for: id) else { return nil }
        let (end, overflow) = entry.offset.addingReportingOverflow(entry.length)
        guard !overflow, end <= header.tileDataLength else {
            throw .pastEnd(
                what: "tile id \(id) (in the tile data section of \(header.tileDataLength) bytes)",
                offset: header.tileDataOffset &+ entry.offset, length: entry.length, size: source.size)
        }
        return (header.tileDataOffset + entry.offset, Int(entry.length))
    }

    /// Where the bytes of the XYZ tile `tile` lie (the byte range of its Hilbert id); nil when the archive lacks it.
    public func byteRange(for tile: TileID) throws(PMTilesError) -> (offset: UInt64, length: Int)? {
        try byteRange(for: HilbertTileID(tile))
    }

    /// The tile's bytes as stored, or nil when the archive lacks it.
    /// - Complexity: ``entry(for:)`` plus one read of the tile.
    public func tileData(for id: HilbertTileID) throws(PMTilesError) -> Data? {
        guard let range = try byteRange(for: id) else { return nil }
        return try source.read(offset: range.offset, length: range.length)
    }

    /// The tile's bytes as stored, or nil when the archive lacks it (``TileSource``).
    public func tileData(for tile: TileID) throws -> Data? {
        try tileData(for: HilbertTileID(tile))
    }
}
