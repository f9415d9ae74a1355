import MercatorMath

/// The needs of a chase camera flown along a track (§11 with §9): N_k, the real tiles (with their levels) of frame
/// k's cover, as each tile's runs of consecutive frames.
///
/// Built frame by frame from each cover's runs diffed with the previous frame's: a real tile's run opens when its
/// first unwrapped copy enters a cover and closes when its last one leaves, so the work is O(runs per frame + tiles
/// that change), not O(tiles per frame).
public struct PitchedNeeds: Sendable, Hashable {
    /// The distinct real tiles needed, in order of first need (frame, then level, row and column).
    public let tiles: [TileID]
    /// The needs over the tiles' numbers: tile k of ``tiles`` stands as column k of a one-row grid.
    let numbered: TrackNeeds

    /// The needs of a track's frames seen by `camera`.
    /// - Throws: the errors of ``PitchedStencil/init(frames:camera:)``, and
    ///   ``StencilError/tooLarge(what:value:limit:advice:)`` past ``TrackNeeds/maximumRuns`` runs.
    /// - Complexity: O(frames × runs per frame + changes).
    public init(frames: TrackFrames, camera: ChaseCamera) throws(StencilError) {
        var numbers: [TileID: Int32] = [:]
        var copies: [Int32] = []
        var openRun: [Int32] = []
        var tiles: [TileID] = []
        var runTile: [Int32] = []
        var runFirst: [Int32] = []
        var runLast: [Int32] = []
        var overflow = false
        try PitchedFrameWalk.walk(
            frames, camera: camera,
            entered: { k, tile in
                let real = tile.canonical
                let number: Int
                if let n = numbers[real] {
                    number = Int(n)
                } else {
                    number = tiles.count
                    numbers[real] = Int32(truncatingIfNeeded: number)
                    tiles.append(real)
                    copies.append(0)
                    openRun.append(-1)
                }
                copies[number] += 1
                guard copies[number] == 1, !overflow else { return }
                guard runTile.count < TrackNeeds.maximumRuns else {
                    overflow = true
                    return
                }
                openRun[number] = Int32(truncatingIfNeeded: runTile.count)
                runTile.append(Int32(number))
                runFirst.append(Int32(k))
                runLast.append(-1)
            },
            left: { k, tile in
                let number = Int(numbers[tile.canonical]!)
                copies[number] -= 1
                if copies[number] == 0 && openRun[number] >= 0 {
                    runLast[Int(openRun[number])] = Int32(k - 1)
                    openRun[number] = -1
                }
            })
        if overflow { throw TrackNeeds.tooManyRuns(runTile.count, counted: false) }
        let last = Int32(frames.count - 1)
        for i in runLast.indices where runLast[i] < 0 { runLast[i] = last }
        self.tiles = tiles
        let grid: TileGrid
        do { grid = try TileGrid(columns: max(tiles.count, 1), rows: 1, tileSize: frames.track.grid.tileSize) } catch {
            throw .geometry(error)
        }
        numbered = TrackNeeds(
            grid: grid, framesPerSecond: frames.framesPerSecond, frameCount: frames.count,
            tiles: (0..<tiles.count).map { TileIndex(column: $0, row: 0) }, runTile: runTile, runFirst: runFirst,
            runLast: runLast)
    }

    /// Number of frames K.
    public var frameCount: Int { numbered.frameCount }
    /// Frames per second.
    public var framesPerSecond: Double { numbered.framesPerSecond }
    /// Number of runs (visibility intervals) over all tiles.
    public var runCount: Int { numbered.runCount }

    /// The need N_k of frame k: its real tiles, in order of first need.
    /// - Complexity: O(runs).
    public func need(ofFrame index: Int) -> [TileID] {
        numbered.need(ofFrame: index).map { tiles[$0.column] }
    }

    /// |N_k| for every frame.
    /// - Complexity: O(frames + runs).
    public func needSizes() -> [Int] { numbered.needSizes() }
}
