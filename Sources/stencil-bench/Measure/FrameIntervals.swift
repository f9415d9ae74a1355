import Foundation
import MercatorMath
import StencilKit
import StencilScenarios

/// A per-frame set of tiles — a frame's need N_k, or a heuristic's prefetch region — stored as each tile's runs of
/// consecutive frames and read as events: the tiles entering the set at frame k and those leaving it at k.
///
/// Always true: a run a…b (a ≤ b) enters at a and, when b + 1 < ``frameCount``, leaves at b + 1; two runs of one tile
/// leave at least one frame between them, so at any frame a tile is in the set exactly when it has entered more often
/// than it has left. Within a frame, tiles are listed in the order their runs were given (row-major for the needs and
/// the regions).
/// - Complexity: memory O(frames + runs); each event list O(1) to reach.
struct FrameIntervals: Sendable {
    /// Number of frames K.
    let frameCount: Int
    /// Tiles are numbered below this (``TileNumbering``).
    let tileCount: Int
    private let enterOffsets: [Int32]
    private let enterTiles: [Int32]
    private let leaveOffsets: [Int32]
    private let leaveTiles: [Int32]
    /// Per tile, its runs' first and last frames in order.
    private let runOffsets: [Int32]
    private let runFirst: [Int32]
    private let runLast: [Int32]

    /// The sets whose runs are `tile[i]`, `first[i]` … `last[i]`, listed by first frame.
    /// - Complexity: O(frames + runs + tiles).
    init(frameCount: Int, tileCount: Int, tile: [Int32], first: [Int32], last: [Int32]) {
        self.frameCount = frameCount
        self.tileCount = tileCount
        var enterCount = [Int32](repeating: 0, count: frameCount + 1)
        var leaveCount = [Int32](repeating: 0, count: frameCount + 1)
        var perTile = [Int32](repeating: 0, count: tileCount + 1)
        for i in tile.indices {
            enterCount[Int(first[i]) + 1] += 1
            if Int(last[i]) + 1 < frameCount { leaveCount[Int(last[i]) + 2] += 1 }
            perTile[Int(tile[i]) + 1] += 1
        }
        for k in 0..<frameCount {
            enterCount[k + 1] += enterCount[k]
            leaveCount[k + 1] += leaveCount[k]
        }
        for n in 0..<tileCount { perTile[n + 1] += perTile[n] }
        var enterTiles = [Int32](repeating: 0, count: Int(enterCount[frameCount]))
        var leaveTiles = [Int32](repeating: 0, count: Int(leaveCount[frameCount]))
        var runFirst = [Int32](repeating: 0, count: tile.count)
        var runLast = [Int32](repeating: 0, count: tile.count)
        var enterNext = enterCount
        var leaveNext = leaveCount
        var tileNext = perTile
        for i in tile.indices {
            let n = Int(tile[i])
            enterTiles[Int(enterNext[Int(first[i])])] = tile[i]
            enterNext[Int(first[i])] += 1
            if Int(last[i]) + 1 < frameCount {
                leaveTiles[Int(leaveNext[Int(last[i]) + 1])] = tile[i]
                leaveNext[Int(last[i]) + 1] += 1
            }
            runFirst[Int(tileNext[n])] = first[i]
            runLast[Int(tileNext[n])] = last[i]
            tileNext[n] += 1
        }
        enterOffsets = enterCount
        leaveOffsets = leaveCount
        self.enterTiles = enterTiles
        self.leaveTiles = leaveTiles
        runOffsets = perTile
        self.runFirst = runFirst
        self.runLast = runLast
    }

    /// The needs of a flight, numbered by `numbers` (whose first tiles are the needs' own).
    /// - Complexity: O(frames + runs).
    init(needs: Needs<TileIndex>, numbers: TileNumbering<TileIndex>) {
        var tile: [Int32] = []
        var first: [Int32] = []
        var last: [Int32] = []
        tile.reserveCapacity(needs.runCount)
        first.reserveCapacity(needs.runCount)
        last.reserveCapacity(needs.runCount)
        for i in 0..<needs.runCount {
            let run = needs.run(i)
            tile.append(Int32(run.tileNumber))
            first.append(Int32(run.firstFrame))
            last.append(Int32(run.lastFrame))
        }
        self.init(frameCount: needs.frameCount, tileCount: numbers.count, tile: tile, first: first, last: last)
    }

    /// The tiles entering the set at frame `k`.
    @inline(__always)
    func entering(at k: Int) -> ArraySlice<Int32> { enterTiles[Int(enterOffsets[k])..<Int(enterOffsets[k + 1])] }

    /// The tiles leaving the set at frame `k` (in it at k − 1, not at k).
    @inline(__always)
    func leaving(at k: Int) -> ArraySlice<Int32> { leaveTiles[Int(leaveOffsets[k])..<Int(leaveOffsets[k + 1])] }

    /// Number of runs.
    var runCount: Int { runFirst.count }

    /// Number of distinct tiles ever in the set.
    var distinctTiles: Int {
        var n = 0
        for t in 0..<tileCount where runOffsets[t + 1] > runOffsets[t] { n += 1 }
        return n
    }

    /// The most tiles in the set at one frame.
    /// - Complexity: O(frames + runs).
    var largestSet: Int {
        var size = 0
        var largest = 0
        for k in 0..<frameCount {
            size += Int(enterOffsets[k + 1] - enterOffsets[k]) - Int(leaveOffsets[k + 1] - leaveOffsets[k])
            largest = max(largest, size)
        }
        return largest
    }

    /// The first frame ≥ `k` at which `tile` is in the set, or `Int.max` if none.
    /// - Complexity: O(log runs of the tile).
    func nextFrame(of tile: Int32, atOrAfter k: Int) -> Int {
        guard Int(tile) < tileCount else { return .max }
        let runs = Int(runOffsets[Int(tile)])..<Int(runOffsets[Int(tile) + 1])
        // The first run whose last frame is ≥ k.
        let run = runLast[runs].partitioningIndex { Int($0) >= k }
        guard run < runs.upperBound else { return .max }
        return max(k, Int(runFirst[run]))
    }
}

extension FrameIntervals {
    /// The per-frame sets that `fill(k, &keys)` gives, frame by frame: `keys` (emptied before each call) receives the
    /// frame's real tiles as ``TileKey`` values, in any order and possibly repeated; they are sorted and diffed with
    /// the previous frame's, and only tiles entering are numbered (`numbers` grows with new tiles).
    /// - Complexity: O(frames × (set size · log set size)) plus a hash look-up per run.
    init(frameCount: Int, numbers: inout TileNumbering<TileIndex>, fill: (Int, inout [Int64]) -> Void) {
        var tile: [Int32] = []
        var first: [Int32] = []
        var last: [Int32] = []
        var previous: [Int64] = []
        var previousRun: [Int32] = []
        var current: [Int64] = []
        var currentRun: [Int32] = []
        for k in 0..<frameCount {
            current.removeAll(keepingCapacity: true)
            fill(k, &current)
            current.sort()
            // Drop repeats in place.
            var w = 0
            for r in current.indices where r == 0 || current[r] != current[r - 1] {
                current[w] = current[r]
                w += 1
            }
            current.removeLast(current.count - w)
            currentRun.removeAll(keepingCapacity: true)
            var i = 0
            var j = 0
            while i < previous.count || j < current.count {
                if j == current.count || (i < previous.count && previous[i] < current[j]) {
                    last[Int(previousRun[i])] = Int32(k - 1)
                    i += 1
                } else if i == previous.count || current[j] < previous[i] {
                    currentRun.append(Int32(tile.count))
                    tile.append(Int32(numbers.number(of: TileKey.tile(current[j]))))
                    first.append(Int32(k))
                    last.append(Int32(frameCount - 1))
                    j += 1
                } else {
                    currentRun.append(previousRun[i])
                    i += 1
                    j += 1
                }
            }
            swap(&previous, &current)
            swap(&previousRun, &currentRun)
        }
        self.init(frameCount: frameCount, tileCount: numbers.count, tile: tile, first: first, last: last)
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
