import Foundation

@testable import StencilKitIO

/// Hand-assembled archives for the bad-archive tests: a directory encoder and a header writer written here from the
/// spec, independent of the library's writer (gzip alone is the library's, through zlib).
enum ArchiveBuilder {
    /// One raw entry: (tile id, offset, length, run length).
    typealias Raw = (id: UInt64, offset: UInt64, length: UInt64, run: UInt64)

    /// A varint, least significant 7 bits first.
    static func varint(_ value: UInt64) -> [UInt8] {
        var v = value
        var out: [UInt8] = []
        repeat {
            let low = UInt8(v & 0x7F)
            v >>= 7
            out.append(v == 0 ? low : low | 0x80)
        } while v != 0
        return out
    }

    /// A directory as the spec's pseudocode A.1 writes it (offsets always stored as offset + 1).
    static func directory(_ entries: [Raw]) -> [UInt8] {
        var out = varint(UInt64(entries.count))
        var last: UInt64 = 0
        for e in entries {
            out += varint(e.id &- last)
            last = e.id
        }
        for e in entries { out += varint(e.run) }
        for e in entries { out += varint(e.length) }
        for e in entries { out += varint(e.offset + 1) }
        return out
    }

    static func le64(_ v: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) } }

    /// header | root | metadata | leaves | data, the header's fields pointing at each; `compression` 1 or 2.
    static func archive(
        root: [UInt8], metadata: [UInt8] = Array("{}".utf8), leaves: [UInt8] = [], data: [UInt8] = [],
        compression: UInt8 = 1
    ) -> [UInt8] {
        let rootOffset: UInt64 = 127
        let metadataOffset = rootOffset + UInt64(root.count)
        let leavesOffset = metadataOffset + UInt64(metadata.count)
        let dataOffset = leavesOffset + UInt64(leaves.count)
        var out = Array("PMTiles".utf8) + [3]
        for v in [
            rootOffset, UInt64(root.count), metadataOffset, UInt64(metadata.count), leavesOffset, UInt64(leaves.count),
            dataOffset, UInt64(data.count), 0, 0, 0,
        ] { out += le64(v) }
        out += [1, compression, 1, 0, 0, 14]
        out += [UInt8](repeating: 0, count: 127 - out.count)
        return out + root + metadata + leaves + data
    }

    /// Gzip of `bytes` (zlib through the library).
    static func gzip(_ bytes: [UInt8]) -> [UInt8] { Gzip.deflate(bytes) }

    /// A reader over `bytes` in memory.
    static func reader(_ bytes: [UInt8], limit: Int = PMTilesReader.defaultDirectoryByteLimit) throws -> PMTilesReader {
        try PMTilesReader(DataByteRangeReader(Data(bytes)), directoryByteLimit: limit)
    }
}
