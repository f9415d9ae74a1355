import Foundation
import StencilKitIO

/// libFuzzer target `archive`: any bytes as a PMTiles archive, through the reader: the header, the root directory,
/// the metadata, every tile entry (leaves followed), the statistics, and lookups of the first entries' tiles and of
/// ids taken from the input. Errors are fine (they are what a bad archive should get); a trap, a hang, memory past
/// the limit or a broken invariant (a tile's bytes not the length its entry says) is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArchive(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    // A 1 MiB inflate bound keeps each run fast; the bound itself is what is tested.
    guard let reader = try? PMTilesReader(DataByteRangeReader(bytes), directoryByteLimit: 1 << 20) else { return 0 }
    _ = try? reader.metadata()
    _ = try? reader.statistics()
    var probes: [UInt64] = [0, 1, 5, 84, HilbertTileID.maximumRawValue]
    if let entries = try? reader.tileEntries(limit: 100_000) {
        for entry in entries.prefix(64) {
            probes.append(entry.tileID)
            probes.append(entry.tileID &+ entry.runLength)
        }
    }
    for k in stride(from: 0, to: min(size, 64), by: 8) { probes.append(UInt64(bytes[k]) << (k % 56)) }
    for raw in probes {
        guard let id = try? HilbertTileID(rawValue: raw) else { continue }
        guard let range = try? reader.byteRange(for: id) else { continue }
        if range.offset + UInt64(range.length) > UInt64(size) { fatalError("a tile range past the end: \(range)") }
        guard let tile = try? reader.tileData(for: id) else { fatalError("a located tile could not be read") }
        if tile.count != range.length { fatalError("a tile of \(tile.count) bytes, \(range.length) expected") }
    }
    return 0
}
