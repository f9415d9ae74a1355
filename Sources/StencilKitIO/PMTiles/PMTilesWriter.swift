import Foundation
import MercatorMath

/// Builds a clustered PMTiles v3 archive in memory: tiles in Hilbert order, identical tiles stored once, runs of
/// consecutive ids with the same bytes in one entry, the root directory within the first 16,384 bytes and leaf
/// directories when it would not fit.
///
/// Layout: header | root directory | metadata | leaf directories | tile data. Tile bytes are stored as given.
public struct PMTilesWriter: Sendable {
    /// The compression of directories and metadata: ``PMTilesCompression/none`` or ``PMTilesCompression/gzip``.
    public var internalCompression = PMTilesCompression.gzip
    /// The tiles' compression, written to the header only (tiles are stored as given).
    public var tileCompression = PMTilesCompression.unknown
    /// What the tiles hold, written to the header.
    public var tileType = PMTilesTileType.unknown
    /// The JSON metadata, a UTF-8 JSON object.
    public var metadata = Data("{}".utf8)
    /// The bounds and centre written to the header; nil: the tiles' union and its middle at the lowest level.
    public var bounds: GeoBounds?
    /// The centre (longitude, latitude, level); nil: the middle of ``bounds`` at the lowest level.
    public var center: (longitude: Double, latitude: Double, level: Int)?
    /// Entries per leaf directory when leaves are made; nil: 4,096. Set to force leaves (tests, fixtures).
    public var leafSize: Int?
    /// Whether to make leaves even when the root directory would fit.
    public var forcesLeaves = false

    private var tiles: [UInt64: Data] = [:]

    /// An empty writer.
    public init() {}

    /// Adds `data` as the bytes of the tile with id `id`; a second call for the same id replaces the first.
    public mutating func add(_ data: Data, for id: HilbertTileID) { tiles[id.rawValue] = data }

    /// Adds `data` as the bytes of `tile`.
    public mutating func add(_ data: Data, for tile: TileID) { add(data, for: HilbertTileID(tile)) }

    /// The number of tiles added.
    public var tileCount: Int { tiles.count }

    /// The archive's bytes.
    /// - Complexity: O(tiles · log tiles + bytes); directories are encoded O(log(tiles / 4096)) times until the root
    ///   fits.
    /// - Throws: ``PMTilesError/badWriterInput(detail:)`` for no tiles, an empty tile, metadata that is not a JSON
    ///   object, or an internal compression other than none or gzip.
    public func archive() throws(PMTilesError) -> Data {
        guard !tiles.isEmpty else { throw .badWriterInput(detail: "no tiles; an archive needs at least one tile") }
        guard internalCompression == .none || internalCompression == .gzip else {
            throw .badWriterInput(detail: "internal compression \(internalCompression); valid: none or gzip")
        }
        let json = try? JSONSerialization.jsonObject(with: metadata)
        guard json is [String: Any] else {
            throw .badWriterInput(detail: "the metadata is not a UTF-8 JSON object; pass e.g. {}")
        }
        // Tile data: each distinct content once, in the order of the first id that has it.
        var entries: [PMTilesEntry] = []
        var offsets: [Data: UInt64] = [:]
        var data = Data()
        for id in tiles.keys.sorted() {
            let bytes = tiles[id]!
            guard !bytes.isEmpty else {
                throw .badWriterInput(detail: "tile id \(id) has no bytes; every tile needs at least one byte")
            }
            let offset: UInt64
            if let known = offsets[bytes] {
                offset = known
            } else {
                offset = UInt64(data.count)
                offsets[bytes] = offset
                data.append(bytes)
            }
            if let last = entries.last, last.offset == offset, last.tileID + last.runLength == id {
                entries[entries.count - 1].runLength += 1
            } else {
                entries.append(PMTilesEntry(tileID: id, offset: offset, length: UInt64(bytes.count), runLength: 1))
            }
        }
        let (root, leaves) = directories(entries)
        let storedMetadata = compress([UInt8](metadata))

        var header = PMTilesHeader()
        header.rootOffset = UInt64(PMTilesHeader.length)
        header.rootLength = UInt64(root.count)
        header.metadataOffset = header.rootOffset + header.rootLength
        header.metadataLength = UInt64(storedMetadata.count)
        header.leafDirectoriesOffset = header.metadataOffset + header.metadataLength
        header.leafDirectoriesLength = UInt64(leaves.count)
        header.tileDataOffset = header.leafDirectoriesOffset + header.leafDirectoriesLength
        header.tileDataLength = UInt64(data.count)
        header.addressedTiles = UInt64(tiles.count)
        header.tileEntries = UInt64(entries.count)
        header.tileContents = UInt64(offsets.count)
        header.isClustered = true
        header.internalCompression = internalCompression
        header.tileCompression = tileCompression
        header.tileType = tileType
        fillGeography(&header, first: entries[0].tileID, last: entries[entries.count - 1])

        var out = Data(header.bytes)
        out.append(contentsOf: root)
        out.append(contentsOf: storedMetadata)
        out.append(contentsOf: leaves)
        out.append(data)
        return out
    }

    /// Writes ``archive()`` to `path`.
    /// - Throws: as ``archive()``, and ``PMTilesError/io(detail:)`` when the file cannot be written.
    public func write(toPath path: String) throws(PMTilesError) {
        let bytes = try archive()
        do { try bytes.write(to: URL(fileURLWithPath: path)) } catch {
            throw .io(detail: "cannot write \(FileProblem.writing(path, error))")
        }
    }

    private func compress(_ bytes: [UInt8]) -> [UInt8] {
        internalCompression == .gzip ? Gzip.deflate(bytes) : bytes
    }

    /// The stored root directory and leaf directories: everything in the root if it fits in 16,384 − 127 bytes
    /// (and leaves are not forced), else leaves of ``leafSize`` entries, doubled until the root of leaf entries fits.
    private func directories(_ entries: [PMTilesEntry]) -> (root: [UInt8], leaves: [UInt8]) {
        let rootLimit = Int(PMTilesReader.rootRegion) - PMTilesHeader.length
        if !forcesLeaves {
            let root = compress(PMTilesDirectory.encode(entries))
            if root.count <= rootLimit { return (root, []) }
        }
        var size = max(1, leafSize ?? 4096)
        while true {
            var leaves: [UInt8] = []
            var rootEntries: [PMTilesEntry] = []
            var start = 0
            while start < entries.count {
                let end = min(entries.count, start + size)
                let leaf = compress(PMTilesDirectory.encode(Array(entries[start..<end])))
                rootEntries.append(
                    PMTilesEntry(
                        tileID: entries[start].tileID, offset: UInt64(leaves.count), length: UInt64(leaf.count),
                        runLength: 0))
                leaves += leaf
                start = end
            }
            let root = compress(PMTilesDirectory.encode(rootEntries))
            if root.count <= rootLimit { return (root, leaves) }
            size *= 2
        }
    }

    /// Min and max zoom from the first and last ids; bounds and centre as given or from the tiles' union.
    private func fillGeography(_ header: inout PMTilesHeader, first: UInt64, last: PMTilesEntry) {
        let minZoom = HilbertTileID(unchecked: first).coordinates.level
        let maxZoom = HilbertTileID(unchecked: last.tileID + last.runLength - 1).coordinates.level
        header.minZoom = UInt8(minZoom)
        header.maxZoom = UInt8(maxZoom)
        var box = bounds
        if box == nil {
            for id in tiles.keys {
                guard let tile = HilbertTileID(unchecked: id).tileID else { continue }
                let b = tile.geoBounds
                box =
                    box.map {
                        GeoBounds(
                            west: min($0.west, b.west), south: min($0.south, b.south), east: max($0.east, b.east),
                            north: max($0.north, b.north))
                    } ?? b
            }
        }
        if let box {
            header.minLongitudeE7 = PMTilesHeader.e7(box.west)
            header.minLatitudeE7 = PMTilesHeader.e7(box.south)
            header.maxLongitudeE7 = PMTilesHeader.e7(box.east)
            header.maxLatitudeE7 = PMTilesHeader.e7(box.north)
        }
        let c =
            center ?? (
                (box.map { ($0.west + $0.east) / 2 } ?? 0), (box.map { ($0.south + $0.north) / 2 } ?? 0), minZoom
            )
        header.centerLongitudeE7 = PMTilesHeader.e7(c.longitude)
        header.centerLatitudeE7 = PMTilesHeader.e7(c.latitude)
        header.centerZoom = UInt8(clamping: c.level)
    }
}
