import Foundation
import MercatorMath
import StencilKit
import StencilKitIO
import TestSupport
import Testing

/// Tiles of level 8 named by their column and row.
private let level8: @Sendable (TileIndex) -> TileID? = { try? TileID(level: 8, x: $0.column, y: $0.row) }

/// Drains `loader` until nothing is outstanding (bounded: 10 s).
func drainAll<T, P>(_ loader: TileLoader<T, P>) -> [TileLoad<T, P>] {
    var all: [TileLoad<T, P>] = []
    let deadline = Date().addingTimeInterval(10)
    while loader.outstanding > 0 && Date() < deadline {
        all += loader.completions(through: .infinity)
        if loader.outstanding > 0 { usleep(200) }
    }
    return all
}

@Test func everyRequestCompletesExactlyOnceWithItsBytes() throws {
    var random = SplitMix64(seed: 11)
    var stored: [TileID: Data] = [:]
    var requested: [TileIndex] = []
    for _ in 0..<300 {
        let index = TileIndex(column: random.int(0...255), row: random.int(0...255))
        requested.append(index)
        let id = try TileID(level: 8, x: index.column, y: index.row)
        if random.int(0...3) > 0 { stored[id] = testBytes(id) }  // about a quarter missing
    }
    requested.append(TileIndex(column: 300, row: 0))  // no id: missing
    requested.append(requested[0])  // twice: two loads
    let failing = try TileID(level: 8, x: requested[5].column, y: requested[5].row)
    let source = MemoryTileSource(tiles: stored, failing: [failing])
    let loader = try TileLoader(source: source, workers: 3, tileID: level8) { id, bytes in (id, bytes) }
    for tile in requested { loader.request(tile) }
    let loads = drainAll(loader)
    #expect(loader.outstanding == 0)
    #expect(loads.count == requested.count)
    // Exactly once per request: the multiset of tiles delivered is the multiset requested.
    var counts: [TileIndex: Int] = [:]
    for tile in requested { counts[tile, default: 0] += 1 }
    for load in loads { counts[load.tile, default: 0] -= 1 }
    #expect(counts.values.allSatisfy { $0 == 0 })
    for load in loads {
        guard let id = load.id else {
            #expect(load.tile.column == 300 && load.isMissing)
            continue
        }
        #expect(id == (try TileID(level: 8, x: load.tile.column, y: load.tile.row)))
        if id == failing {
            #expect((load.error as? MemoryTileSource.Failure) == MemoryTileSource.Failure(tile: id))
            #expect(load.payload == nil)
        } else if let bytes = stored[id] {
            #expect(load.payload?.0 == id && load.payload?.1 == bytes && load.error == nil)
        } else {
            #expect(load.isMissing)
        }
    }
    // In completion order.
    #expect(zip(loads, loads.dropFirst()).allSatisfy { $0.time <= $1.time })
    #expect(loader.statistics().count == requested.count)
    loader.resetStatistics()
    #expect(loader.statistics().count == 0)
}

@Test func loadsStampedAfterTheDrainTimeWaitForALaterDrain() throws {
    let tile = try TileID(level: 8, x: 1, y: 2)
    let source = SlowTileSource(base: MemoryTileSource(tiles: [tile: Data([7])]), microseconds: 30_000)
    let loader = try TileLoader(source: source, workers: 1, clock: LoaderClock(now: 0), tileID: level8) { $1 }
    loader.request(tile.tileIndex)
    usleep(80_000)  // the load completes at ≥ 0.03 s on the clock
    #expect(loader.completions(through: 0.001).isEmpty)
    #expect(loader.outstanding == 1)
    let loads = loader.completions(through: 1e6)
    #expect(loads.count == 1 && loader.outstanding == 0)
    #expect(loads[0].payload == Data([7]) && loads[0].time >= 0.03)
    let timing = loader.statistics().timings[0]
    #expect(timing.latency >= 0.03 && timing.started >= timing.issued && timing.completed >= timing.started)
    #expect(timing.startable >= timing.issued && timing.started >= timing.startable && timing.readTime >= 0.03)
}

@Test func aTileIDLoaderReadsEachTileAtItsOwnIDOnAnyLevel() throws {
    // A mixed-level cover's tiles, as a pitched schedule names them: no TileIndex, no mapping.
    let tiles = try [TileID(level: 12, x: 2148, y: 1436), TileID(level: 13, x: 4297, y: 2873), TileID.world]
    let source = MemoryTileSource(tiles: Dictionary(uniqueKeysWithValues: tiles.dropLast().map { ($0, testBytes($0)) }))
    let loader = try TileLoader(source: source, workers: 2)
    for tile in tiles { loader.request(tile) }
    let loads = drainAll(loader).sorted { $0.tile < $1.tile }
    #expect(loads.map(\.tile) == tiles.sorted())
    for load in loads {
        #expect(load.id == load.tile)
        #expect(load.tile == .world ? load.isMissing : load.payload == testBytes(load.tile))
    }
    let measured = loader.calibrate(reading: tiles, isolated: 2)
    #expect(measured.count == 5 && loader.outstanding == 0)
}

@Test func aDecodeErrorIsTheLoadsError() throws {
    struct Undecodable: Error {}
    let tile = try TileID(level: 8, x: 3, y: 4)
    let loader = try TileLoader(source: MemoryTileSource(tiles: [tile: Data([1])]), tileID: level8) {
        (_, _) throws -> Int in throw Undecodable()
    }
    loader.request(tile.tileIndex)
    let loads = drainAll(loader)
    #expect(loads.count == 1 && loads[0].payload == nil && loads[0].error is Undecodable && !loads[0].isMissing)
}

@Test func calibrationMeasuresABurstAndDeliversNothing() throws {
    let tiles = try (0..<40).map { try TileID(level: 8, x: $0, y: 7) }
    let source = MemoryTileSource(tiles: Dictionary(uniqueKeysWithValues: tiles.map { ($0, testBytes($0)) }))
    let loader = try TileLoader(source: source, grid: .xyz(level: 8), workers: 2)
    let measured = loader.calibrate(reading: tiles.map(\.tileIndex))
    // The burst of 40, then 16 isolated reads.
    #expect(measured.count == 56 && loader.outstanding == 0)
    let burstOnly = loader.calibrate(reading: tiles.map(\.tileIndex), isolated: 0)
    #expect(burstOnly.count == 40)
    #expect(loader.statistics().count == 96)
    #expect(loader.completions(through: .infinity).isEmpty)
    #expect(measured.throughput > 0 && measured.latencyP99 >= measured.latencyP50)
    #expect(measured.timings.allSatisfy { $0.issued <= $0.started && $0.started <= $0.completed })
}

@Test func aLoaderAndAClockRefuseBadParameters() throws {
    let source = MemoryTileSource(tiles: [:])
    #expect(throws: TileLoaderError.badWorkerCount(0)) {
        try TileLoader(source: source, workers: 0, tileID: level8) { $1 }
    }
    #expect(throws: TileLoaderError.badWorkerCount(65)) {
        try TileLoader(source: source, workers: 65, tileID: level8) { $1 }
    }
    #expect(throws: TileLoaderError.notXYZGrid(columns: 90, rows: 42)) {
        try TileLoader(source: source, grid: .marsViking)
    }
    #expect(throws: TileLoaderError.self) { try LoaderClock(now: .nan) }
    // A start so large the clock could never advance (its ulp is 10²⁸⁴ s): a later reading was never reached.
    #expect(throws: TileLoaderError.self) { try LoaderClock(now: 1e300) }
    #expect(throws: TileLoaderError.self) { try LoaderClock(now: 1e9.nextUp) }
    #expect(throws: TileLoaderError.self) { try LoaderClock(now: -1e9.nextUp) }
    #expect(try LoaderClock(now: 1e9).start == 1e9 && LoaderClock(now: -1e9).start == -1e9)
    #expect(throws: TileLoaderError.self) { try LoaderClock(rate: 0) }
    #expect(throws: TileLoaderError.self) { try LoaderClock(rate: 2e6) }
    #expect(TileLoaderError.badWorkerCount(0).description.contains("1 to 64"))
}

@Test func aClockReadsStartPlusRateTimesTheElapsedTime() throws {
    let clock = try LoaderClock(now: 5, rate: 2)
    #expect(clock.time(atNanoseconds: clock.origin) == 5)
    #expect(abs(clock.time(atNanoseconds: clock.origin + 1_500_000_000) - 8) < 1e-12)
    #expect(abs(clock.time(atNanoseconds: clock.origin - 500_000_000) - 4) < 1e-12)
    let before = clock.now
    clock.sleep(until: before + 0.02)  // 10 ms of real time at rate 2
    #expect(clock.now >= before + 0.02)
    clock.sleep(until: .nan)
    clock.sleep(until: before)  // in the past: at once
}
