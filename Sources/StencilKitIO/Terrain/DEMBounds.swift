import Dispatch
import Foundation
import MercatorMath
import StencilKit

/// Elevation bounds derived from one level of a DEM (elevation tiles such as Terrarium or Terrain-RGB PNGs): the
/// [lo, hi] metres of the root and of the tiles of levels 1…N that need their own entry, for a terrain cover.
///
/// Only the deepest level N is read; its tiles hold S × S samples, sample (i, j) of tile (N, x, y) at the pixel
/// centre (x·S + i + ½, y·S + j + ½)·256/S px of level N, and the heightfield between samples is their bilinear
/// interpolation. Samples of absent tiles are 0 m, columns wrap, rows past the poles repeat the edge row. A level-N
/// tile's [lo, hi] is the min/max over its (S+2)² block: its own samples and the adjacent column, row or corner sample
/// of each of its 8 neighbours (exactly the samples interpolation inside its closed square uses); a coarser tile's is
/// the min/max over its four children. ``entries`` holds, for levels 1…N, every child of a tile whose block contains
/// a sample of a present tile; every other tile inherits exactly [0, 0] from its parent, and tiles below N their
/// level-N ancestor's, so the bounds contain the heightfield everywhere and always nest.
public struct DEMBounds: Sendable, Hashable {
    /// The level read, N (the DEM's deepest).
    public let level: Int
    /// Samples across a tile, S (every tile's width and height).
    public let tileSize: Int
    /// Tiles present at level N.
    public let presentTiles: Int
    /// The root tile (0, 0, 0)'s bounds.
    public let root: ElevationRange
    /// The entries of levels 1…N, by level, then row, then column.
    public let entries: [TerrainBounds.Entry]

    /// The default most tiles of level N read: 1,048,576 (a 1,024 × 1,024 block of tiles).
    public static let defaultMaximumTiles = 1 << 20

    /// Derives the bounds from the tiles `tiles` of level `level` in `source`, decoded as PNG with `encoding`
    /// (alpha ignored). Tiles are decoded on all cores.
    /// - Throws: ``DEMBoundsError``: ``DEMBoundsError/noTiles(_:)`` for an empty list,
    ///   ``DEMBoundsError/tooManyTiles(level:count:limit:)`` past `maximumTiles` (before any is read),
    ///   ``DEMBoundsError/badTileList(_:level:)`` for a tile of another level or listed twice, and per tile (the first
    ///   in list order) ``DEMBoundsError/unreadable(_:reason:)``, ``DEMBoundsError/vanished(_:)``,
    ///   ``DEMBoundsError/undecodable(_:_:)``, ``DEMBoundsError/notSquare(_:width:height:)`` or
    ///   ``DEMBoundsError/sizeMismatch(_:size:expected:)``.
    /// - Complexity: O(tiles · (S² + N)) time; O(tiles · N) memory besides one decoded tile per core.
    public init(
        source: any TileSource, level: Int, tiles: [TileID], encoding: ElevationEncoding,
        maximumTiles: Int = DEMBounds.defaultMaximumTiles
    ) throws(DEMBoundsError) {
        guard !tiles.isEmpty else { throw .noTiles("list") }
        guard tiles.count <= maximumTiles else {
            throw .tooManyTiles(level: level, count: tiles.count, limit: maximumTiles)
        }
        var index: [UInt64: Int] = [:]
        index.reserveCapacity(tiles.count)
        for (k, tile) in tiles.enumerated() {
            guard tile.level == level, index.updateValue(k, forKey: Self.key(tile.x, tile.y)) == nil else {
                throw .badTileList(tile, level: level)
            }
        }
        let decoded = try Self.summaries(source: source, tiles: tiles, encoding: encoding)
        self.level = level
        self.tileSize = decoded.size
        self.presentTiles = tiles.count
        let pyramid = Self.pyramid(level: level, tiles: tiles, index: index, summaries: decoded.summaries)
        self.root = pyramid.root
        self.entries = pyramid.entries
    }

    /// The bounds for a terrain cover: ``root`` and ``entries``.
    /// - Throws: ``/StencilKit/TerrainBoundsError`` only past ``/StencilKit/TerrainBounds/maximumEntries`` entries
    ///   (a derived pyramid always nests and is finite).
    /// - Complexity: as ``/StencilKit/TerrainBounds/init(root:entries:)``.
    public func terrainBounds() throws(TerrainBoundsError) -> TerrainBounds {
        try TerrainBounds(root: root, entries: entries)
    }

    /// The key of column x, row y.
    @inline(__always) static func key(_ x: Int, _ y: Int) -> UInt64 { UInt64(x) << 32 | UInt64(y) }

    /// Decodes and summarizes every tile, the work shared between the cores; the first failure in list order wins.
    static func summaries(source: any TileSource, tiles: [TileID], encoding: ElevationEncoding)
        throws(DEMBoundsError) -> (summaries: [DEMTileSummary], size: Int)
    {
        final class Results: @unchecked Sendable {
            var summaries: [DEMTileSummary?]
            var sizes: [(width: Int, height: Int)]
            var errors: [DEMBoundsError?]
            init(_ count: Int) {
                summaries = Array(repeating: nil, count: count)
                sizes = Array(repeating: (0, 0), count: count)
                errors = Array(repeating: nil, count: count)
            }
        }
        let results = Results(tiles.count)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, tiles.count))
        results.summaries.withUnsafeMutableBufferPointer { summaries in
            results.sizes.withUnsafeMutableBufferPointer { sizes in
                results.errors.withUnsafeMutableBufferPointer { errors in
                    nonisolated(unsafe) let (summaries, sizes, errors) = (summaries, sizes, errors)
                    DispatchQueue.concurrentPerform(iterations: workers) { worker in
                        var pixels: [UInt8] = []
                        for k in stride(from: worker, to: tiles.count, by: workers) {
                            let tile = tiles[k]
                            do {
                                guard let data = try source.tileData(for: tile) else {
                                    errors[k] = .vanished(tile)
                                    continue
                                }
                                let size = try PNGImage.decode(
                                    data, into: &pixels, maximumPixels: PNGImage.defaultMaximumPixels, alpha: false)
                                sizes[k] = (size.width, size.height)
                                guard size.width == size.height, size.width > 0 else { continue }
                                summaries[k] = pixels.withUnsafeBufferPointer {
                                    DEMTileSummary(
                                        pixels: $0, size: size.width, channels: size.channels, encoding: encoding)
                                }
                            } catch let error as PNGDecodeError {
                                errors[k] = .undecodable(tile, error)
                            } catch {
                                errors[k] = .unreadable(tile, reason: "\(error)")
                            }
                        }
                    }
                }
            }
        }
        let expected = results.sizes.first { $0.width == $0.height && $0.width > 0 }?.width ?? 0
        var out: [DEMTileSummary] = []
        out.reserveCapacity(tiles.count)
        for k in tiles.indices {
            if let error = results.errors[k] { throw error }
            let size = results.sizes[k]
            guard size.width == size.height, let summary = results.summaries[k] else {
                throw .notSquare(tiles[k], width: size.width, height: size.height)
            }
            guard size.width == expected else { throw .sizeMismatch(tiles[k], size: size.width, expected: expected) }
            out.append(summary)
        }
        return (out, expected)
    }

    /// The level-N blocks' bounds, then min/max up to the root, and the entries the list must hold.
    static func pyramid(level n: Int, tiles: [TileID], index: [UInt64: Int], summaries: [DEMTileSummary]) -> (
        root: ElevationRange, entries: [TerrainBounds.Entry]
    ) {
        let w = 1 << n
        typealias Range = (lo: Double, hi: Double)
        func summary(_ x: Int, _ y: Int) -> DEMTileSummary? {
            index[key((x + w) % w, y)].map { summaries[$0] }
        }
        // Level N: every tile whose block holds a present tile's sample (the present tiles and their 8 neighbours).
        var current: [UInt64: Range] = [:]
        for tile in tiles {
            for dy in -1...1 {
                let y = tile.y + dy
                guard y >= 0, y < w else { continue }
                for dx in -1...1 {
                    let x = (tile.x + dx + w) % w
                    let k = key(x, y)
                    guard current[k] == nil else { continue }
                    current[k] = block(x, y, w: w, summary: summary)
                }
            }
        }
        var levels: [[UInt64: Range]] = [current]
        for _ in stride(from: n, to: 0, by: -1) {
            var parents: [UInt64: (range: Range, children: Int)] = [:]
            for (k, range) in current {
                let parent = key(Int(k >> 32) >> 1, Int(k & 0xFFFF_FFFF) >> 1)
                if let old = parents[parent] {
                    parents[parent] = ((min(old.range.lo, range.lo), max(old.range.hi, range.hi)), old.children + 1)
                } else {
                    parents[parent] = (range, 1)
                }
            }
            // A child whose block holds no present tile's sample is [0, 0]: its parent's range takes in 0.
            current = parents.mapValues { $0.children == 4 ? $0.range : (min($0.range.lo, 0), max($0.range.hi, 0)) }
            levels.append(current)
        }
        levels.reverse()  // levels[m] is level m
        let rootRange = levels[0][0] ?? (0, 0)
        var entries: [TerrainBounds.Entry] = []
        for m in stride(from: 1, through: n, by: 1) {
            var level: [TerrainBounds.Entry] = []
            for k in levels[m - 1].keys {
                let (px, py) = (Int(k >> 32), Int(k & 0xFFFF_FFFF))
                for (cx, cy) in [
                    (2 * px, 2 * py), (2 * px + 1, 2 * py), (2 * px, 2 * py + 1), (2 * px + 1, 2 * py + 1),
                ] {
                    let range = levels[m][key(cx, cy)] ?? (0, 0)
                    level.append(
                        TerrainBounds.Entry(
                            tile: TileID(unchecked: m, cx, cy), range: ElevationRange(lo: range.lo, hi: range.hi)))
                }
            }
            level.sort { ($0.tile.y, $0.tile.x) < ($1.tile.y, $1.tile.x) }
            entries += level
        }
        return (ElevationRange(lo: rootRange.lo, hi: rootRange.hi), entries)
    }

    /// The min/max over the (S+2)² block of level-N tile (x, y): its own samples (0 m when absent), and the adjacent
    /// column, row or corner of each neighbour (0 m when absent; columns wrap; past a pole the repeated edge row is
    /// the tile's own and its side neighbours', already counted).
    static func block(_ x: Int, _ y: Int, w: Int, summary: (Int, Int) -> DEMTileSummary?) -> (lo: Double, hi: Double) {
        var lo = 0.0
        var hi = 0.0
        if let own = summary(x, y) { (lo, hi) = own.all }
        func take(_ range: (lo: Double, hi: Double)?) {
            let (a, b) = range ?? (0, 0)
            lo = min(lo, a)
            hi = max(hi, b)
        }
        take(summary(x - 1, y)?.east)
        take(summary(x + 1, y)?.west)
        if y > 0 {
            take(summary(x, y - 1)?.south)
            take(summary(x - 1, y - 1).map { ($0.southEast, $0.southEast) })
            take(summary(x + 1, y - 1).map { ($0.southWest, $0.southWest) })
        }
        if y < w - 1 {
            take(summary(x, y + 1)?.north)
            take(summary(x - 1, y + 1).map { ($0.northEast, $0.northEast) })
            take(summary(x + 1, y + 1).map { ($0.northWest, $0.northWest) })
        }
        return (lo, hi)
    }
}
