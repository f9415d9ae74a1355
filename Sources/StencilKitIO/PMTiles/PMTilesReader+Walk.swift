import Foundation

extension PMTilesReader {
    /// Every tile entry of the archive in tile-id order, leaves expanded (depth-first), at most `limit` of them.
    /// - Complexity: O(entries) plus one read per leaf directory; each leaf is read once (a leaf referenced twice is
    ///   an error), so the work is bounded by the leaf section's size times the inflate bound.
    /// - Throws: as ``entry(for:)`` for any leaf directory, ``PMTilesError/leafReferencedTwice(offset:)``, and
    ///   ``PMTilesError/badEntryCount(count:limit:)`` past `limit` entries.
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
        var visited = Set<UInt64>()
        try walk(rootEntries, path: [], visited: &visited, visit)
    }

    /// Visits the tile entries below `entries`, following leaves (cycle-, repeat- and depth-checked).
    private func walk(
        _ entries: [PMTilesEntry], path: [UInt64], visited: inout Set<UInt64>, _ visit: (PMTilesEntry) -> Void
    ) throws(PMTilesError) {
        for entry in entries {
            guard entry.isLeaf else {
                visit(entry)
                continue
            }
            guard !path.contains(entry.offset) else { throw .leafCycle(offset: entry.offset) }
            guard visited.insert(entry.offset).inserted else { throw .leafReferencedTwice(offset: entry.offset) }
            guard path.count < Self.maximumLeafDepth else { throw .leafChainTooDeep(limit: Self.maximumLeafDepth) }
            try walk(leaf(entry), path: path + [entry.offset], visited: &visited, visit)
        }
    }

    /// The archive's shape: directories, entries and tiles per level, as `stencil-bench archive` prints it.
    /// - Complexity: as ``tileEntries(limit:)``, plus O(addressed tiles' levels).
    public func statistics() throws(PMTilesError) -> PMTilesStatistics {
        var stats = PMTilesStatistics()
        stats.rootEntries = rootEntries.count
        var offsets = Set<UInt64>()
        // Runs are checked not to overlap within a directory; across leaves they are checked here, so the sums
        // below stay at most the number of ids (no overflow).
        var nextFree: UInt64 = 0
        var overlap: PMTilesError?
        try forEachTileEntry { entry in
            guard overlap == nil else { return }
            guard entry.tileID >= nextFree else {
                overlap = .overlappingRun(tileID: entry.tileID, runLength: entry.runLength, next: nextFree)
                return
            }
            nextFree = entry.tileID + entry.runLength
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
        if let overlap { throw overlap }
        stats.tileContents = offsets.count
        stats.leafDirectories = try leafCount(rootEntries)
        return stats
    }

    /// Leaf directories below `entries` (each read once: the walk before has checked the chain).
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
