import Foundation

extension PMTilesReader {
    /// Every tile entry of the archive in tile-id order, leaves expanded (depth-first), at most `limit` of them.
    /// - Complexity: O(entries) plus one read per leaf directory; each leaf is read once (a leaf referenced twice is
    ///   an error) and the entries decoded are at most ``walkEntryLimit``.
    /// - Throws: as ``entry(for:)`` for any leaf directory, ``PMTilesError/leafReferencedTwice(offset:)``,
    ///   ``PMTilesError/leafEntryOutsideParent(tileID:first:end:)``, ``PMTilesError/overlappingRun(tileID:runLength:next:)``
    ///   for a run past its parent's span, ``PMTilesError/directoriesTooLarge(entries:limit:)`` past
    ///   ``walkEntryLimit`` decoded entries, and ``PMTilesError/badEntryCount(count:limit:)`` past `limit` entries.
    public func tileEntries(limit: Int = .max) throws(PMTilesError) -> [PMTilesEntry] {
        var out: [PMTilesEntry] = []
        var failure: PMTilesError?
        try forEachTileEntry { entry in
            guard failure == nil else { return }
            guard out.count < limit else {
                failure = .badEntryCount(count: UInt64(out.count) + 1, limit: UInt64(limit))
                return
            }
            out.append(entry)
        }
        if let failure { throw failure }
        return out
    }

    /// Calls `visit` with every tile entry in tile-id order, leaves expanded, without keeping them.
    /// - Throws: as ``tileEntries(limit:)``.
    public func forEachTileEntry(_ visit: (PMTilesEntry) -> Void) throws(PMTilesError) {
        var walk = Walk(entryLimit: walkEntryLimit)
        try self.walk(rootEntries, within: 0..<(HilbertTileID.maximumRawValue + 1), path: [], &walk, visit)
    }

    /// The default ``walkEntryLimit`` of an archive whose leaf section is `leafBytes` long: 16 entries per byte of
    /// it, at least 4,194,304. A real archive's leaves hold about one entry per stored byte; past this they decode to
    /// more than any valid archive of that size holds (overlapping gzip bombs), and a walk is refused before its
    /// work grows with the inflate bound.
    public static func defaultWalkEntryLimit(leafBytes: UInt64) -> UInt64 {
        let (perByte, overflow) = leafBytes.multipliedReportingOverflow(by: 16)
        return max(1 << 22, overflow ? .max : perByte)
    }

    /// What one walk has seen: the leaves read and the entries decoded.
    private struct Walk {
        let entryLimit: UInt64
        var visited = Set<UInt64>()
        var entries: UInt64 = 0
    }

    /// Visits the tile entries below `entries`, following leaves: cycle-, repeat- and depth-checked, each leaf's
    /// ids within its parent entry's span (from its id to the next sibling's), and the entries decoded bounded.
    private func walk(
        _ entries: [PMTilesEntry], within span: Range<UInt64>, path: [UInt64], _ walk: inout Walk,
        _ visit: (PMTilesEntry) -> Void
    ) throws(PMTilesError) {
        walk.entries += UInt64(entries.count)
        guard walk.entries <= walk.entryLimit else {
            throw .directoriesTooLarge(entries: walk.entries, limit: walk.entryLimit)
        }
        for (index, entry) in entries.enumerated() {
            let end = index + 1 < entries.count ? entries[index + 1].tileID : span.upperBound
            guard span.contains(entry.tileID) else {
                throw .leafEntryOutsideParent(tileID: entry.tileID, first: span.lowerBound, end: span.upperBound)
            }
            guard entry.isLeaf else {
                guard entry.runLength <= end - entry.tileID else {
                    throw .overlappingRun(tileID: entry.tileID, runLength: entry.runLength, next: end)
                }
                visit(entry)
                continue
            }
            guard !path.contains(entry.offset) else { throw .leafCycle(offset: entry.offset) }
            guard walk.visited.insert(entry.offset).inserted else { throw .leafReferencedTwice(offset: entry.offset) }
            guard path.count < Self.maximumLeafDepth else { throw .leafChainTooDeep(limit: Self.maximumLeafDepth) }
            try self.walk(leaf(entry), within: entry.tileID..<end, path: path + [entry.offset], &walk, visit)
        }
    }

    /// The archive's shape: directories, entries and tiles per level, as `stencil-bench archive` prints it.
    /// - Complexity: as ``tileEntries(limit:)``, plus O(addressed tiles' levels).
    public func statistics() throws(PMTilesError) -> PMTilesStatistics {
        var stats = PMTilesStatistics()
        stats.rootEntries = rootEntries.count
        var offsets = Set<UInt64>()
        // The walk checks that runs neither overlap nor pass level 31, so the sums below stay at most the number of
        // ids (no overflow).
        try forEachTileEntry { entry in
            stats.tileEntries += 1
            stats.addressedTiles += entry.runLength
            offsets.insert(entry.offset)
            // A run may cross levels: count each level's share.
            var id = entry.tileID
            let end = entry.tileID &+ entry.runLength
            while id < end {
                let level = HilbertTileID(unchecked: id).coordinates.level
                let levelEnd =
                    level >= HilbertTileID.maximumLevel ? end : min(end, HilbertTileID.firstID(ofLevel: level + 1))
                stats.tilesPerLevel[level, default: 0] += levelEnd - id
                id = levelEnd
            }
        }
        stats.tileContents = offsets.count
        stats.leafDirectories = try leafCount(rootEntries)
        return stats
    }

    /// Leaf directories below `entries` (each read once: the walk before has checked the chain and the work).
    private func leafCount(_ entries: [PMTilesEntry]) throws(PMTilesError) -> Int {
        var count = 0
        for entry in entries where entry.isLeaf { count += 1 + (try leafCount(leaf(entry))) }
        return count
    }
}

/// What an archive's directories hold: counted by walking them, not read from the header.
public struct PMTilesStatistics: Sendable, Hashable {
    /// Entries of the root directory.
    public var rootEntries = 0
    /// Leaf directories, at any depth.
    public var leafDirectories = 0
    /// Tile entries (run length > 0).
    public var tileEntries = 0
    /// Tiles addressed, runs expanded.
    public var addressedTiles: UInt64 = 0
    /// Distinct tile offsets (stored blobs).
    public var tileContents = 0
    /// Tiles addressed per level.
    public var tilesPerLevel: [Int: UInt64] = [:]
}
