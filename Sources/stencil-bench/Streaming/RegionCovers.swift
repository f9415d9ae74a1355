import MercatorMath
import StencilKit
import StencilScenarios

/// A per-frame set of tiles a prefetch heuristic follows (its region), built by the library's one frame walk: the
/// region's tiles of frame k, as `fill(k, &keys)` gives them (row-major keys, ``TileKey``, in any order and possibly
/// repeated), become sorted runs of a row, and ``/StencilKit/Needs`` folds them into each tile's runs.
struct RegionCovers: FrameCovers {
    let frameCount: Int
    let fill: (Int, inout [Int64]) -> Void
    private var keys: [Int64] = []

    init(frameCount: Int, fill: @escaping (Int, inout [Int64]) -> Void) {
        self.frameCount = frameCount
        self.fill = fill
    }

    func realTile(level: Int, column: Int, row: Int) -> TileIndex { TileIndex(column: column, row: row) }

    mutating func cover(frame k: Int, into runs: inout [LevelRun]) throws(StencilError) {
        runs.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        fill(k, &keys)
        keys.sort()
        for key in keys {
            let tile = TileKey.tile(key)
            if let last = runs.last, last.row == tile.row, tile.column <= last.last + 1 {
                runs[runs.count - 1].last = max(last.last, tile.column)
            } else {
                runs.append(LevelRun(level: 0, row: tile.row, first: tile.column, last: tile.column))
            }
        }
    }
}

extension NeedEvents {
    /// The per-frame sets that `fill(k, &keys)` gives, frame by frame, numbered by `numbers` (which grows with the
    /// tiles it has not seen).
    /// - Complexity: the library's frame walk over the sets, O(frames × set size · log set size) for the sorts.
    /// - Throws: ``/StencilKit/StencilError/tooLarge(what:value:limit:advice:)`` past ``/StencilKit/Needs/maximumRuns``
    ///   runs (the region's covers refuse nothing else).
    init(
        frameCount: Int, numbers: inout TileNumbering<TileIndex>, fill: @escaping (Int, inout [Int64]) -> Void
    ) throws(StencilError) {
        let region = try Needs(covers: RegionCovers(frameCount: frameCount, fill: fill), framesPerSecond: 1)
        let mapped = region.tiles.map { Int32(numbers.number(of: $0)) }
        let runs = region.runs.map {
            NeedEvents.Run(tile: mapped[$0.tileNumber], first: $0.firstFrame, last: $0.lastFrame)
        }
        self.init(frameCount: frameCount, tileCount: numbers.count, runs: runs)
    }
}

/// A real tile packed in one integer, row-major: row · 2³² + column, so that sorting keys sorts tiles by row, then
/// column.
enum TileKey {
    /// The key of `tile` (column and row in 0 ..< 2³¹).
    @inline(__always)
    static func key(_ tile: TileIndex) -> Int64 { Int64(tile.row) << 32 | Int64(tile.column) }

    /// The key of column `column`, row `row`.
    @inline(__always)
    static func key(column: Int, row: Int) -> Int64 { Int64(row) << 32 | Int64(column) }

    /// The tile of `key`.
    @inline(__always)
    static func tile(_ key: Int64) -> TileIndex { TileIndex(column: Int(key & 0xFFFF_FFFF), row: Int(key >> 32)) }
}
