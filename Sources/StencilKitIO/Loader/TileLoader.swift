import Foundation
import MercatorMath

/// A threaded tile loader for a render loop: N worker threads read the tiles the render thread requests from a
/// ``TileSource``, run a decode hook on each tile's bytes, and hand the loads back through a briefly locked queue
/// that the render thread drains once per frame. It executes a `StreamingSchedule` stepped by a
/// `ScheduleDriver`: the driver's requests go to ``request(_:)``, and ``completions(through:)`` gives
/// the arrivals to report with `ScheduleDriver.completed(_:at:atRisk:)`.
///
/// How it works.
/// - **Requests**: ``request(_:)`` stamps the monotonic time, appends a job to the shared queue under one lock and
///   signals a worker. Workers take jobs in request order (FIFO), map the tile to its XYZ id, read it, decode it
///   (the decode hook runs on the worker thread), then, under the lock, stamp the completion on the loader's
///   ``clock`` and append the load to the shared completion buffer. Stamping under the lock makes the buffer sorted
///   by completion time and means every load stamped before a drain is in that drain.
/// - **Completions**: ``completions(through:)`` swaps the shared buffer with an empty one of the render thread's
///   (the lock is held for the swap only), then returns the loads stamped at or before the given time, in
///   completion order; later ones wait for a later call. Every request completes exactly once (its payload, a
///   missing tile, or an error).
/// - **Measurement**: every load's request, start and completion times are kept (``LoadTiming``), and
///   ``statistics()`` turns them into ``LoaderStatistics`` and a `LoaderModel`;
///   ``calibrate(reading:isolated:pause:)`` measures the source before a flight.
///
/// Threads and cost. The render-thread members (``request(_:)``, ``completions(through:)``,
/// ``calibrate(reading:isolated:pause:)``, ``statistics()``, ``clock``) must be called from one thread at a time; the
/// workers are the loader's own. Once the buffers have grown to the most loads outstanding at once, ``request(_:)`` and
/// ``completions(through:)`` allocate nothing (the loads' bytes are allocated by the workers), as long as the array
/// ``completions(through:)`` returned is not kept past the next call. A request costs O(1) plus a lock and a signal; a
/// drain O(loads drained) plus a lock. The workers stop when the loader is released.
public final class TileLoader<Payload: Sendable> {
    /// The worker counts a loader may have, 1 … 64.
    public static var validWorkerCounts: ClosedRange<Int> { 1...64 }

    /// Number of worker threads.
    public let workerCount: Int
    private let shared: Shared
    /// The render thread's buffers: the last swap's loads, the loads returned, those stamped after the last drain's
    /// time.
    private var inbox: [TileLoad<Payload>] = []
    private var ready: [TileLoad<Payload>] = []
    private var waiting: [TileLoad<Payload>] = []
    /// Requests made and not yet returned by ``completions(through:)``.
    public private(set) var outstanding = 0

    /// A loader of `workers` threads reading from `source`, the tiles named by `tileID` (nil: no such tile, a
    /// missing load), each tile's bytes turned into a payload by `decode` on the worker thread. Completions are
    /// stamped on `clock` (a clock reading 0 now when nil); set ``clock`` before a flight to put them on the
    /// flight's timeline.
    /// - Throws: ``TileLoaderError/badWorkerCount(_:)`` outside ``validWorkerCounts``.
    public init(
        source: any TileSource, workers: Int = 2, clock: LoaderClock? = nil,
        tileID: @escaping @Sendable (TileIndex) -> TileID?,
        decode: @escaping @Sendable (TileID, Data) throws -> Payload
    ) throws(TileLoaderError) {
        guard Self.validWorkerCounts.contains(workers) else { throw .badWorkerCount(workers) }
        workerCount = workers
        let start: LoaderClock
        if let clock { start = clock } else { start = try LoaderClock() }
        shared = Shared(clock: start)
        for i in 0..<workers {
            let thread = Thread { [shared] in Self.work(shared, source: source, tileID: tileID, decode: decode) }
            thread.name = "StencilKitIO.TileLoader \(i)"
            thread.start()
        }
    }

    /// A loader for the tiles of an XYZ `grid` (a ghost column is read as its real tile: (n, column mod 2ⁿ, row)).
    /// - Throws: ``TileLoaderError/notXYZGrid(columns:rows:)`` unless the grid is an XYZ level, and the errors of
    ///   ``init(source:workers:clock:tileID:decode:)``.
    public convenience init(
        source: any TileSource, grid: TileGrid, workers: Int = 2, clock: LoaderClock? = nil,
        decode: @escaping @Sendable (TileID, Data) throws -> Payload
    ) throws(TileLoaderError) {
        guard grid.xyzLevel != nil else { throw .notXYZGrid(columns: grid.columns, rows: grid.rows) }
        try self.init(
            source: source, workers: workers, clock: clock, tileID: { try? grid.tileID(of: $0) }, decode: decode)
    }

    deinit { shared.stop() }

    /// The clock completions are stamped on. Setting it affects loads completed from then on.
    public var clock: LoaderClock {
        get { shared.withLock { shared.clock } }
        set { shared.withLock { shared.clock = newValue } }
    }

    /// Requests `tile`: a worker will read it. Each request completes exactly once, in ``completions(through:)``.
    /// - Complexity: O(1) plus a lock and a signal; no allocation once the queue has grown.
    public func request(_ tile: TileIndex) {
        let issued = LoaderClock.monotonicNanoseconds()
        shared.condition.lock()
        shared.jobs.append(Job(tile: tile, issued: issued))
        shared.condition.signal()
        shared.condition.unlock()
        outstanding += 1
    }

    /// The loads completed at or before `time` on the loader's ``clock`` and not returned before, in completion
    /// order. Loads stamped after `time` are kept for a later call. The array is the loader's buffer: iterate it and
    /// let it go before the next call (keeping it makes the next call copy).
    /// - Complexity: O(loads drained) plus a lock; no allocation once the buffers have grown.
    public func completions(through time: Double) -> [TileLoad<Payload>] {
        ready.removeAll(keepingCapacity: true)
        var kept = 0
        for i in waiting.indices {
            if waiting[i].time <= time {
                ready.append(waiting[i])
            } else {
                waiting.swapAt(kept, i)
                kept += 1
            }
        }
        waiting.removeSubrange(kept...)
        shared.condition.lock()
        swap(&inbox, &shared.finished)
        shared.condition.unlock()
        for load in inbox {
            if load.time <= time && waiting.isEmpty { ready.append(load) } else { waiting.append(load) }
        }
        inbox.removeAll(keepingCapacity: true)
        outstanding -= ready.count
        return ready
    }

    /// Grows the buffers of the render thread and the queues to hold `loads` requests outstanding at once, so that
    /// no request or drain allocates while at most that many are (a schedule's capacity bounds its outstanding
    /// loads).
    /// - Complexity: O(loads).
    public func reserveCapacity(_ loads: Int) {
        let n = max(0, loads)
        inbox.reserveCapacity(n)
        ready.reserveCapacity(n)
        waiting.reserveCapacity(n)
        shared.withLock {
            shared.jobs.reserveCapacity(n)
            shared.finished.reserveCapacity(n)
        }
    }

    /// Measures the source before a flight, in two phases whose loads are dropped (not returned by
    /// ``completions(through:)``): a burst, every tile of `tiles` requested at once (the rate), then `isolated`
    /// requests made one at a time, each `pause` seconds after the previous one completed so the workers fall
    /// asleep (the latency a flight sees: its requests come a few at a time, and each waits for a worker to wake).
    /// Call it with nothing outstanding.
    /// - Returns: ``LoaderStatistics`` whose latencies are those of both phases and whose throughput figures are
    ///   the burst's.
    /// - Complexity: the reads and the pauses, plus O(n log n).
    public func calibrate(reading tiles: [TileIndex], isolated: Int = 16, pause: Double = 0.002) -> LoaderStatistics {
        let before = shared.withLock { shared.timings.count }
        for tile in tiles { request(tile) }
        waitForAll()
        let middle = shared.withLock { shared.timings.count }
        if !tiles.isEmpty {
            let microseconds = pause.isFinite ? UInt32(min(max(pause, 0), 1) * 1e6) : 0
            for i in 0..<max(0, isolated) {
                usleep(microseconds)
                request(tiles[i % tiles.count])
                waitForAll()
            }
        }
        return shared.withLock {
            LoaderStatistics(
                timings: Array(shared.timings[before...]), rateTimings: Array(shared.timings[before..<middle]))
        }
    }

    /// Drains (and drops) loads until none is outstanding.
    private func waitForAll() {
        while outstanding > 0 {
            _ = completions(through: .infinity)
            if outstanding > 0 { usleep(50) }
        }
    }

    /// Everything measured so far (calibrations included), or since the last ``resetStatistics()``.
    /// - Complexity: O(n log n) in the loads measured.
    public func statistics() -> LoaderStatistics { LoaderStatistics(timings: shared.withLock { shared.timings }) }

    /// Forgets the loads measured so far.
    public func resetStatistics() { shared.withLock { shared.timings.removeAll() } }

    // MARK: - Workers

    /// A request: the tile and its monotonic request time.
    struct Job: Sendable {
        var tile: TileIndex
        var issued: UInt64
    }

    /// The state the render thread and the workers share, guarded by `condition`'s lock.
    final class Shared: @unchecked Sendable {
        let condition = NSCondition()
        var jobs: [Job] = []
        var head = 0
        var finished: [TileLoad<Payload>] = []
        var timings: [LoadTiming] = []
        var clock: LoaderClock
        var stopping = false

        init(clock: LoaderClock) { self.clock = clock }

        func withLock<T>(_ body: () -> T) -> T {
            condition.lock()
            defer { condition.unlock() }
            return body()
        }

        func stop() {
            withLock {
                stopping = true
                condition.broadcast()
            }
        }
    }

    /// A worker's loop: take a job, read and decode it outside the lock, hand it over under the lock.
    private static func work(
        _ shared: Shared, source: any TileSource, tileID: @Sendable (TileIndex) -> TileID?,
        decode: @Sendable (TileID, Data) throws -> Payload
    ) {
        var free: UInt64 = 0
        while true {
            shared.condition.lock()
            while shared.head == shared.jobs.count && !shared.stopping { shared.condition.wait() }
            if shared.head == shared.jobs.count {
                shared.condition.unlock()
                return
            }
            let job = shared.jobs[shared.head]
            shared.head += 1
            if shared.head == shared.jobs.count {
                shared.jobs.removeAll(keepingCapacity: true)
                shared.head = 0
            }
            shared.condition.unlock()
            let started = max(job.issued, free)
            let id = tileID(job.tile)
            var payload: Payload?
            var failure: (any Error)?
            if let id {
                do {
                    if let bytes = try source.tileData(for: id) { payload = try decode(id, bytes) }
                } catch {
                    failure = error
                }
            }
            shared.condition.lock()
            let completed = LoaderClock.monotonicNanoseconds()
            let time = shared.clock.time(atNanoseconds: completed)
            shared.finished.append(TileLoad(tile: job.tile, id: id, time: time, payload: payload, error: failure))
            shared.timings.append(
                LoadTiming(
                    issued: Double(job.issued) * 1e-9, started: Double(started) * 1e-9,
                    completed: Double(completed) * 1e-9))
            shared.condition.unlock()
            free = completed
        }
    }
}

extension TileLoader where Payload == Data {
    /// A loader whose payload is the tile's bytes as stored (no decode hook), for the tiles of an XYZ `grid`.
    /// - Throws: as ``init(source:grid:workers:clock:decode:)``.
    public convenience init(source: any TileSource, grid: TileGrid, workers: Int = 2, clock: LoaderClock? = nil)
        throws(TileLoaderError)
    {
        try self.init(source: source, grid: grid, workers: workers, clock: clock) { _, bytes in bytes }
    }
}
