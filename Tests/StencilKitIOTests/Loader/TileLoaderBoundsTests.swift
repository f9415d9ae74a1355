import Foundation
import MercatorMath
import TestSupport
import Testing

@testable import StencilKitIO

// The loader's bounds: a job queue that compacts as it drains, timings kept in a ring, workers that stop at
// release, and read starts stamped by the worker.

/// A source whose every read waits for one signal of `gate` (a disk the test drives read by read), counting reads
/// begun.
private final class GatedSource: TileSource, @unchecked Sendable {
    let gate = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var begun = 0
    var reads: Int { lock.withLock { begun } }
    func tileData(for tile: TileID) throws -> Data? {
        lock.withLock { begun += 1 }
        gate.wait()
        return testBytes(tile)
    }
}

/// A slow source that records the monotonic instant each read began, and counts reads.
private final class RecordingSource: TileSource, @unchecked Sendable {
    let microseconds: UInt32
    private let lock = NSLock()
    private var begins: [UInt64] = []
    init(microseconds: UInt32) { self.microseconds = microseconds }
    var readBegins: [UInt64] { lock.withLock { begins } }
    func tileData(for tile: TileID) throws -> Data? {
        let now = LoaderClock.monotonicNanoseconds()
        lock.withLock { begins.append(now) }
        usleep(microseconds)
        return testBytes(tile)
    }
}

/// Waits (bounded: 10 s) until `loader` returns at least one load; returns how many it returned.
private func awaitLoads<T, P>(_ loader: TileLoader<T, P>) -> Int {
    let deadline = Date().addingTimeInterval(10)
    var n = 0
    while n == 0 && Date() < deadline {
        n = loader.completions(through: .infinity).count
        if n == 0 { usleep(20) }
    }
    return n
}

@Test func theJobQueueStaysSmallWhenItNeverEmpties() throws {
    // One worker, each read released by the test: before every release one more job is queued, so the queue always
    // holds one or two jobs and never drains. A queue that only compacts when empty would grow by one a job.
    let source = GatedSource()
    let loader = try TileLoader(source: source, workers: 1)
    let tiles = try (0..<2000).map { try TileID(level: 12, x: $0, y: 7) }
    loader.request(tiles[0])
    loader.request(tiles[1])
    var arrived = 0
    for tile in tiles.dropFirst(2) {
        loader.request(tile)
        source.gate.signal()
        arrived += awaitLoads(loader)
    }
    #expect(arrived == tiles.count - 2)
    #expect(loader.jobStorage <= 8)  // the ring's least storage: never more than two jobs were queued
    for _ in 0..<2 { source.gate.signal() }
    #expect(drainAll(loader).count == 2)
}

@Test func aRingQueueIsAFIFOOfBoundedStorage() {
    var random = SplitMix64(seed: 5)
    var queue = RingQueue<Int>()
    var model: [Int] = []
    var most = 0
    for step in 0..<20_000 {
        if random.int(0...2) > 0 || model.isEmpty {
            queue.append(step)
            model.append(step)
        } else {
            #expect(queue.popFirst() == model.removeFirst())
        }
        if model.count > 40 {  // drain now and then, so the count wanders up and down
            while !model.isEmpty { #expect(queue.popFirst() == model.removeFirst()) }
        }
        most = max(most, model.count)
        #expect(queue.count == model.count)
    }
    #expect(queue.checkInvariants())
    #expect(queue.capacity <= max(8, 2 * most))
    queue.removeAll()
    #expect(queue.isEmpty && queue.popFirst() == nil && queue.checkInvariants())
}

@Test func timingsAreKeptInARingOfTheLastLoads() throws {
    let tiles = try (0..<300).map { try TileID(level: 10, x: $0, y: 3) }
    let source = MemoryTileSource(tiles: Dictionary(uniqueKeysWithValues: tiles.map { ($0, testBytes($0)) }))
    let loader = try TileLoader<TileID, Data>(
        source: source, workers: 2, clock: nil, measuring: 64, tileID: { $0 }, decode: { $1 })
    for tile in tiles { loader.request(tile) }
    #expect(drainAll(loader).count == 300)
    let all = loader.statistics()
    #expect(all.count == 64)  // the last 64 of 300
    #expect(loader.timingStorage == 64)
    #expect(all.latencyP99 >= all.latencyP50 && all.latencyP50 >= 0 && all.throughput > 0)
    // A calibration longer than the ring keeps its last 64 loads; one shorter, all of them, the burst apart.
    let long = loader.calibrate(reading: Array(tiles.prefix(100)), isolated: 4)
    #expect(long.count == 64 && long.throughput > 0)
    let short = loader.calibrate(reading: Array(tiles.prefix(20)), isolated: 4)
    #expect(short.count == 24 && short.throughput > 0)
    #expect(loader.timingStorage == 64)
    loader.resetStatistics()
    #expect(loader.statistics().count == 0)
    loader.request(tiles[0])
    _ = drainAll(loader)
    #expect(loader.statistics().count == 1)
}

@Test func aTimingRingHoldsTheLastLimitLoadsInOrder() {
    var ring = TimingRing(limit: 5)
    for i in 0..<12 { ring.append(LoadTiming(issued: Double(i), started: Double(i), completed: Double(i))) }
    #expect(ring.held == 7..<12)
    #expect(ring.timings(in: 0..<12).map(\.issued) == [7, 8, 9, 10, 11])
    #expect(ring.timings(in: 9..<20).map(\.issued) == [9, 10, 11])
    ring.clear()
    #expect(ring.timings(in: 0..<12).isEmpty)
    ring.append(LoadTiming(issued: 12, started: 12, completed: 12))
    #expect(ring.timings(in: 0..<13).map(\.issued) == [12] && ring.storageCount == 5)
}

@Test func workersStopReadingOnceTheLoaderIsReleased() throws {
    let source = SlowCountingSource(microseconds: 20_000)
    weak var released: TileLoader<TileID, Data>?
    do {
        let loader = try TileLoader(source: source, workers: 1)
        released = loader
        for x in 0..<30 { loader.request(try TileID(level: 8, x: x, y: 0)) }
        let deadline = Date().addingTimeInterval(10)
        while source.reads == 0 && Date() < deadline { usleep(100) }
    }
    #expect(released == nil)
    let atRelease = source.reads
    usleep(200_000)  // ten reads' time: a worker still reading its queue would begin about ten more
    // The read in progress finishes; at most one more began if the worker took its job just before the release.
    #expect(source.reads <= atRelease + 1)
    #expect(atRelease < 30)
}

/// A slow source counting the reads begun.
private final class SlowCountingSource: TileSource, @unchecked Sendable {
    let microseconds: UInt32
    private let lock = NSLock()
    private var begun = 0
    init(microseconds: UInt32) { self.microseconds = microseconds }
    var reads: Int { lock.withLock { begun } }
    func tileData(for tile: TileID) throws -> Data? {
        lock.withLock { begun += 1 }
        usleep(microseconds)
        return nil
    }
}

@Test func startIsStampedWhenTheWorkerBeginsTheRead() throws {
    // Naming each tile takes the worker 50 ms before it reads: a start derived from the request or the worker's
    // previous completion would be 50 ms before the read began.
    let source = RecordingSource(microseconds: 1_000)
    let slowName: @Sendable (TileIndex) -> TileID? = {
        usleep(50_000)
        return try? TileID(level: 8, x: $0.column, y: $0.row)
    }
    let loader = try TileLoader(source: source, workers: 1, tileID: slowName) { $1 }
    for x in 0..<3 { loader.request(TileIndex(column: x, row: 1)) }
    #expect(drainAll(loader).count == 3)
    let timings = loader.statistics().timings
    let begins = source.readBegins.map { Double($0) * 1e-9 }
    #expect(timings.count == 3 && begins.count == 3)
    for (timing, begin) in zip(timings, begins) {  // one worker: reads and completions in request order
        #expect(timing.started <= begin)
        #expect(begin - timing.started < 0.025)
        #expect(timing.started - timing.startable >= 0.045)  // the naming: counted in the latency, not the read
        #expect(timing.latency >= 0.05 && timing.readTime < timing.latency)
        #expect(timing.issued <= timing.startable && timing.started <= timing.completed)
    }
}

/// 64 workers blocked in reads: a shutdown waits its time limit and says they live on; once the reads return, every
/// worker thread ends and lets go of the source (a released loader's workers kept 65 threads and the archive alive).
@Test func aShutdownJoinsTheWorkersOnceTheirReadsReturn() throws {
    var source: GatedSource? = GatedSource()
    weak let weakSource = source
    let loader = try TileLoader(source: source!, workers: 64)
    for x in 0..<100 { loader.request(try TileID(level: 8, x: x, y: 0)) }
    let deadline = Date().addingTimeInterval(10)
    while source!.reads < 64 && Date() < deadline { usleep(200) }
    #expect(source!.reads == 64 && loader.liveWorkerCount == 64)
    #expect(loader.shutdown(waitingUpTo: 0.05) == false)
    #expect(loader.liveWorkerCount == 64)
    for _ in 0..<64 { source!.gate.signal() }
    #expect(loader.shutdown(waitingUpTo: 10) == true)
    #expect(loader.liveWorkerCount == 0)
    #expect(source!.reads == 64)  // the 36 queued jobs were dropped unread
    source = nil
    // The threads' closures (which hold the source) go as each thread finishes, just after it stops counting.
    let released = Date().addingTimeInterval(5)
    while weakSource != nil && Date() < released { usleep(1_000) }
    #expect(weakSource == nil)  // no worker holds the source any more
    _ = loader.completions(through: Double.infinity)
}

/// A released loader's workers end on their own once idle: no thread outlives it.
@Test func aReleasedLoadersIdleWorkersEnd() throws {
    let source = GatedSource()
    var probe: TileLoader<TileID, Data>.Shared?
    do {
        let loader = try TileLoader(source: source, workers: 8)
        probe = loader.sharedState
    }
    let deadline = Date().addingTimeInterval(10)
    while probe!.withLock({ probe!.liveWorkers }) > 0 && Date() < deadline { usleep(200) }
    #expect(probe!.withLock { probe!.liveWorkers } == 0)
}
