import MercatorMath
import Testing

@testable import StencilKit

/// A flight whose every frame's cover is empty (all past the terrain, say): its Ĉ is 0 and a schedule at capacity
/// 0 is planned (it was refused as "at least 1 tile"), with nothing requested; a flight with tiles still needs 1.
struct EmptyNeedsTests {
    /// A producer of `frames` frames whose covers are empty, or one tile (level 3, column 1, row 2) when `tile`.
    struct Covers: FrameCovers {
        let frameCount: Int
        let tile: Bool
        func cover(frame k: Int, into runs: inout [LevelRun]) throws(StencilError) {
            runs.removeAll(keepingCapacity: true)
            if tile { runs.append(LevelRun(level: 3, row: 2, first: 1, last: 1)) }
        }
        func realTile(level: Int, column: Int, row: Int) -> TileID { try! TileID(level: level, x: column, y: row) }
    }

    @Test func emptyCoversHaveASmallestCapacityOfZeroAndAScheduleAtIt() throws {
        let needs = try Needs<TileID>(covers: Covers(frameCount: 10, tile: false), framesPerSecond: 10)
        #expect(needs.tiles.isEmpty && needs.frameCount == 10)
        let loader = try LoaderModel(latency: 0.5, throughput: 20)
        let capacity = StreamingSchedule.smallestCapacity(for: needs, loader: loader)
        #expect(capacity == 0)
        let schedule = try StreamingSchedule(needs: needs, capacity: capacity, loader: loader)
        #expect(schedule.requestCount == 0 && schedule.evictions.isEmpty && schedule.peakTiles == 0)
        #expect(throws: StencilError.self) { try StreamingSchedule(needs: needs, capacity: -1, loader: loader) }
        let one = try Needs<TileID>(covers: Covers(frameCount: 10, tile: true), framesPerSecond: 10)
        #expect(StreamingSchedule.smallestCapacity(for: one, loader: loader) == 1)
        #expect(throws: StencilError.self) { try StreamingSchedule(needs: one, capacity: 0, loader: loader) }
        #expect(try StreamingSchedule(needs: one, capacity: 1, loader: loader).requestCount == 1)
    }
}
