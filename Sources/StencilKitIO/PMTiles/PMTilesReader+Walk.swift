import Foundation

extension PMTilesReader {
    /// Every tile entry of the archive in tile-id order, leaves expanded (depth-first, each leaf once on its path).
    /// - Complexity: O(entries) plus one read per leaf directory.
    /// - Throws: as ``entry(for:)`` for any leaf directory.
    public func tileEntries() throws(PMTilesError) -> [PMTilesEntry] {
        var out: [PMTilesEntry] = []
        try walk(rootEntries, path: []) { out.append($0) }
        return out
    }

    /// Visits the tile entries below `entries`, following leaves (cycle- and depth-checked).
    private func walk(_ entries: [PMTilesEntry], path: [UInt64], _ visit: (PMTilesEntry) -> Void)
        throws(PMTilesError)
    {
        for entry in entries {
            guard entry.isLeaf else {
                visit(entry)
                continue
            }
            guard !path.contains(entry.offset) else { throw .leafCycle(offset: entry.offset) }
            guard path.count < Self.maximumLeafDepth else { throw .leafChainTooDeep(limit: Self.maximumLeafDepth) }
            try walk(leaf(entry), path: path + [entry.offset], visit)
        }
    }

    /// The archive's shape: directories, entries and tiles per level, as `stencil-bench archive` prints it.
    /// - Complexity: as ``tileEntries()``, plus O(addressed tiles' levels).
    public func statistics() throws(PMTilesError) -> PMTilesStatistics {
        var stats = PMTilesStatistics()
        stats.rootEntries = rootEntries.count
        stats.leafDirectories = try countLeaves(rootEntries, path: [])
        var offsets = Set<UInt64>()
        for entry in try tileEntries() {
            stats.tileEntries += 1
            stats.addressedTiles += entry.runLength
            offsets.insert(entry.offset)
            // A run may cross levels: count each level's share.
            var id = entry.tileID
            let end = entry.tileID &+ entry.runLength
            while id < end {
                let level = HilbertTileID(unchecked: id).coordinates.level
                let levelEnd = level >= HilbertTileID.maximumLevel ? end : min(end, HilbertTileID.firstID(ofLevel: level + 1))
                stats.tilesPerLevel[level, default: 0] += levelEnd - id
                id = levelEnd
            }
        }
        stats.tileContents = offsets.count
        return stats
    }

    private func countLeaves(_ entries: [PMTilesEntry], path: [UInt64]) throws(PMTilesError) -> Int {
        var count = 0
        for entry in entries where entry.isLeaf {
            guard !path.contains(entry.offset) else { throw .leafCycle(offset: entry.offset) }
            guard path.count < Self.maximumLeafDepth else { throw .leafChainTooDeep(limit: Self.maximumLeafDepth) }
            count += 1 + (try countLeaves(leaf(entry), path: path + [entry.offset]))
        }
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
