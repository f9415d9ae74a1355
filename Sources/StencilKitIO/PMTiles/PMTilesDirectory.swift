/// A PMTiles directory's encoding (spec §4.2–4.3): the entry count, then the delta-coded tile ids, the run lengths,
/// the lengths and the offsets (`offset + 1`, or 0 for "right after the previous entry"), each a varint; the whole
/// compressed by the archive's internal compression.
enum PMTilesDirectory {
    /// The encoded, uncompressed bytes of `entries` (ids strictly increasing).
    /// - Complexity: O(entries).
    static func encode(_ entries: [PMTilesEntry]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(entries.count * 6 + 4)
        Varint.append(UInt64(entries.count), to: &out)
        var last: UInt64 = 0
        for e in entries {
            Varint.append(e.tileID - last, to: &out)
            last = e.tileID
        }
        for e in entries { Varint.append(e.runLength, to: &out) }
        for e in entries { Varint.append(e.length, to: &out) }
        for (i, e) in entries.enumerated() {
            if i > 0, e.offset == entries[i - 1].offset + entries[i - 1].length {
                Varint.append(0, to: &out)
            } else {
                Varint.append(e.offset + 1, to: &out)
            }
        }
        return out
    }

    /// The entries that `bytes` (uncompressed) encode.
    /// - Complexity: O(bytes); the entry count is checked against the bytes before anything is allocated (each
    ///   entry needs at least 4 bytes).
    /// - Throws: ``PMTilesError/truncatedDirectory(what:)``, ``PMTilesError/varintTooLong``,
    ///   ``PMTilesError/badEntryCount(count:limit:)``, ``PMTilesError/tileIDsOutOfOrder(previous:next:)``,
    ///   ``PMTilesError/tileIDTooLarge(_:)``, ``PMTilesError/overlappingRun(tileID:runLength:next:)``,
    ///   ``PMTilesError/badEntryLength(tileID:length:)`` and an offset that
    ///   passes UInt64 as ``PMTilesError/pastEnd(what:offset:length:size:)``.
    static func decode(_ bytes: [UInt8]) throws(PMTilesError) -> [PMTilesEntry] {
        var cursor = ByteCursor(bytes)
        let count = try cursor.varint("entry count")
        let limit = UInt64(cursor.remaining / 4)
        guard count >= 1, count <= limit else { throw .badEntryCount(count: count, limit: max(limit, 1)) }
        let n = Int(count)
        var entries = [PMTilesEntry](repeating: PMTilesEntry(tileID: 0, offset: 0, length: 0, runLength: 0), count: n)
        var id: UInt64 = 0
        for i in 0..<n {
            let delta = try cursor.varint("tile ids")
            let (next, overflow) = id.addingReportingOverflow(delta)
            guard !overflow, i == 0 || delta > 0 else { throw .tileIDsOutOfOrder(previous: id, next: next) }
            guard next <= HilbertTileID.maximumRawValue else { throw .tileIDTooLarge(next) }
            id = next
            entries[i].tileID = id
        }
        for i in 0..<n {
            let run = try cursor.varint("run lengths")
            // The first id past the run must be at most the next entry's id (or one past level 31's last id).
            let limit = i + 1 < n ? entries[i + 1].tileID : HilbertTileID.maximumRawValue + 1
            guard run <= limit - entries[i].tileID else {
                throw .overlappingRun(tileID: entries[i].tileID, runLength: run, next: limit)
            }
            entries[i].runLength = run
        }
        for i in 0..<n {
            let length = try cursor.varint("lengths")
            guard length > 0, length <= UInt64(Int.max) else {
                throw .badEntryLength(tileID: entries[i].tileID, length: length)
            }
            entries[i].length = length
        }
        for i in 0..<n {
            let value = try cursor.varint("offsets")
            if value == 0 && i > 0 {
                let (end, overflow) = entries[i - 1].offset.addingReportingOverflow(entries[i - 1].length)
                guard !overflow else {
                    throw .pastEnd(
                        what: "entry of tile id \(entries[i].tileID)", offset: entries[i - 1].offset,
                        length: entries[i - 1].length, size: .max)
                }
                entries[i].offset = end
            } else {
                guard value > 0 else { throw .firstOffsetZero }
                entries[i].offset = value - 1
            }
        }
        return entries
    }

    /// The index of the entry that covers `id` or the leaf that may: the last entry whose tile id is ≤ `id`.
    /// - Complexity: O(log entries).
    static func lastEntry(atOrBefore id: UInt64, in entries: [PMTilesEntry]) -> Int? {
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].tileID <= id { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : low - 1
    }
}
