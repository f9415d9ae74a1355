import Foundation
import MercatorMath

/// A threaded tile loader for a render loop: N worker threads read the tiles the render thread requests from a
/// ``TileSource``, run a decode hook on each tile's bytes, and hand the loads back through a briefly locked queue
/// that the render thread drains once per frame. It executes a streaming schedule stepped by a schedule driver:
/// the driver's requests go to ``request(_:)``, and ``completions(through:)`` gives the arrivals to report with the
/// driver's `completed(_:at:atRisk:)` (``StreamingSession`` does both).
///
/// `Tile` is the schedule's tile type, and the loader reads tile t at the XYZ id its tile-id function names:
/// - `TileID` (a pyramid's tiles of any level: pitched and mixed-level covers): the id is the tile itself
///   (``init(source:workers:clock:decode:)``);
/// - `TileIndex` on an XYZ grid: (n, column mod 2ⁿ, row), a ghost column read as its real tile
///   (``init(source:grid:workers:clock:decode:)``);
/// - anything else: a function given (``init(source:workers:clock:tileID:decode:)``).
///
/// How it works.
/// - **Requests**: ``request(_:)`` stamps the monotonic time, appends a job to the shared FIFO queue (a ring buffer:
///   its storage is bounded by twice the most jobs queued at once, however many pass through) under one lock and
///   signals a worker. Workers take jobs in request order, name the tile's id, stamp the start of the read, read
///   it, decode it (the decode hook runs on the worker thread), then, under the lock, stamp the completion on the
///   loader's ``clock`` and append the load to the shared completion buffer. Stamping under the lock makes the
///   buffer sorted by completion time and means every load stamped before a drain is in that drain.
/// - **Completions**: ``completions(through:)`` swaps the shared buffer with an empty one of the render thread's
///   (the lock is held for the swap only), then returns the loads stamped at or before the given time, in
///   completion order; later ones wait for a later call. Every request completes exactly once (its payload, a
///   missing tile, or an error) while the loader lives.
/// - **Measurement**: the request, startable, start and completion times (``LoadTiming``) of the most recent
///   ``measuredLoadLimit`` loads are kept in a ring buffer (1.5 MiB at most; older loads are forgotten), and
///   ``statistics()`` turns them into ``LoaderStatistics`` and a `LoaderModel`;
///   ``calibrate(reading:isolated:pause:)`` measures the source before a flight.
/// - **Release**: when the loader is released (or ``shutdown(waitingUpTo:)`` is called) its workers stop: each
///   finishes the read it is in (a read cannot be interrupted) and takes no further job; queued jobs are dropped
///   unread. A worker's thread ends, and lets go of the source, as soon as its read returns (its closure, which
///   holds the source, goes as the thread finishes);
///   ``shutdown(waitingUpTo:)`` waits for that (a join with a time limit) and says whether every worker ended.
///
/// Threads and cost. The render-thread members (``request(_:)``, ``completions(through:)``,
/// ``calibrate(reading:isolated:pause:)``) must be called from one thread at a time; ``statistics()``,
/// ``resetStatistics()``, ``clock``, ``liveWorkerCount`` and ``shutdown(waitingUpTo:)`` touch only the state shared
/// under the loader's lock and may be called from any thread (scripts/tsan-stress.sh runs them beside the render
/// thread under ThreadSanitizer). The workers are the loader's own. Once the buffers have grown to the most loads outstanding at once, ``request(_:)`` and
/// ``completions(through:)`` allocate nothing (the loads' bytes are allocated by the workers), as long as the array
/// ``completions(through:)`` returned is not kept past the next call. A request costs O(1) plus a lock and a signal; a
/// drain O(loads drained) plus a lock.
public final class TileLoader<Tile: Hashable & Sendable, Payload: Sendable> {
    /// The worker counts a loader may have, 1 … 64.
    public static var validWorkerCounts: ClosedRange<Int> { 1...64 }

    /// The most loads whose timings a loader keeps, 65,536 (2¹⁶): ``statistics()`` describes the most recent ones.
    /// At 24 bytes a timing that is 1.5 MiB, for a flight of any length.
    public static var measuredLoadLimit: Int { 1 << 16 }

    /// Number of worker threads.
    public let workerCount: Int
    private let shared: Shared
    /// The render thread's buffers: the last swap's loads, the loads returned, those stamped after the last drain's
    /// time.
    private var inbox: [TileLoad<Tile, Payload>] = []
    private var ready: [TileLoad<Tile, Payload>] = []
    private var waiting: [TileLoad<Tile, Payload>] = []
    /// Requests made and not yet returned by ``completions(through:)``.
    public private(set) var outstanding = 0

    /// A loader of `workers` threads reading from `source` the tiles named by `tileID` (nil: no such tile, a
    /// missing load), each tile's bytes turned into a payload by `decode` on the worker thread. Completions are
    /// stamped on `clock` (a clock reading 0 now when nil); set ``clock`` before a flight to put them on the
    /// flight's timeline.
    /// - Throws: ``TileLoaderError/badWorkerCount(_:)`` outside ``validWorkerCounts``.
    public convenience init(
        source: any TileSource, workers: Int = 2, clock: LoaderClock? = nil,
        tileID: @escaping @Sendable (Tile) -> TileID?,
        decode: @escaping @Sendable (TileID, Data) throws -> Payload
    ) throws(TileLoaderError) {
        try self.init(
            source: source, workers: workers, clock: clock, measuring: Self.measuredLoadLimit, tileID: tileID,
            decode: decode)
    }

    /// The designated initializer: as ``init(source:workers:clock:tileID:decode:)``, keeping the timings of the
    /// last `measuring` loads (the tests make it small).
    init(
        source: any TileSource, workers: Int, clock: LoaderClock?, measuring: Int,
        tileID: @escaping @Sendable (Tile) -> TileID?,
        decode: @escaping @Sendable (TileID, Data) throws -> Payload
    ) throws(TileLoaderError) {
        guard Self.validWorkerCounts.contains(workers) else { throw .badWorkerCount(workers) }
        workerCount = workers
        let start: LoaderClock
        if let clock { start = clock } else { start = try LoaderClock() }
        shared = Shared(clock: start, measuring: measuring)
        shared.liveWorkers = workers
        for i in 0..<workers {
            let thread = Thread { [shared] in Self.work(shared, source: source, tileID: tileID, decode: decode) }
            thread.name = "StencilKitIO.TileLoader \(i)"
            thread.start()
        }
    }

    deinit { shared.stop() }

    /// Stops the workers as a release does, then waits up to `seconds` (clamped to [0, 3600]) for every worker
    /// thread to end. Requests queued or made after it are dropped: never read, never completed.
    /// - Returns: true when every worker has ended; false when one is still inside a read at the time limit (it
    ///   ends when that read returns).
    /// - Complexity: the reads in progress, at most `seconds`.
    @discardableResult
    public func shutdown(waitingUpTo seconds: Double) -> Bool {
        shared.stop()
        let limit = seconds.isNaN ? 0 : min(max(seconds, 0), 3600)
        let deadline = Date(timeIntervalSinceNow: limit)
        shared.condition.lock()
        defer { shared.condition.unlock() }
        while shared.liveWorkers > 0 {
            guard shared.condition.wait(until: deadline) else { return shared.liveWorkers == 0 }
        }
        return true
    }

    /// The worker threads that have not ended yet.
    public var liveWorkerCount: Int { shared.withLock { shared.liveWorkers } }

    /// The clock completions are stamped on. Setting it affects loads completed from then on.
    public var clock: LoaderClock {
        get { shared.withLock { shared.clock } }
        set { shared.withLock { shared.clock = newValue } }
    }

    /// Requests `tile`: a worker will read it. Each request completes exactly once, in ``completions(through:)``.
    /// - Complexity: O(1) plus a lock and a signal; no allocation once the queue has grown.
    public func request(_ tile: Tile) {
        let issued = LoaderClock.monotonicNanoseconds()
        shared.condition.lock()
        shared.jobs.append(Job(tile: tile, issued: issued))
        shared.condition.signal()
        shared.condition.unlock()
        outstanding += 1
    }

    /// The loads completed at or before `time` on the loader's ``clock`` and not returned before, in completion
    /// order. Loads stamped after `time` (or every load, for a NaN `time`) are kept for a later call. The array is
    /// the loader's buffer: iterate it and let it go before the next call (keeping it makes the next call copy).
    /// - Complexity: O(loads drained) plus a lock; no allocation once the buffers have grown.
    public func completions(through time: Double) -> [TileLoad<Tile, Payload>] {
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
    ///   the burst's (of their last ``measuredLoadLimit`` loads, for a longer calibration).
    /// - Complexity: the reads and the pauses, plus O(n log n).
    public func calibrate(reading tiles: [Tile], isolated: Int = 16, pause: Double = 0.002) -> LoaderStatistics {
        let before = shared.withLock { shared.timings.total }
        for tile in tiles { request(tile) }
        waitForAll()
        let middle = shared.withLock { shared.timings.total }
        if !tiles.isEmpty {
            let microseconds = pause.isFinite ? UInt32(min(max(pause, 0), 1) * 1e6) : 0
            for i in 0..<max(0, isolated) {
                usleep(microseconds)
                request(tiles[i % tiles.count])
                waitForAll()
            }
        }
        return shared.withLock {
            let end = shared.timings.total
            return LoaderStatistics(
                timings: shared.timings.timings(in: before..<end),
                rateTimings: shared.timings.timings(in: before..<middle)
            )
        }
    }

    /// Drains (and drops) loads until none is outstanding.
    private func waitForAll() {
        while outstanding > 0 {
            _ = completions(through: .infinity)
            if outstanding > 0 { usleep(50) }
        }
    }

    /// The most recent loads measured (calibrations included; at most ``measuredLoadLimit``), or those since the
    /// last ``resetStatistics()``.
    /// - Complexity: O(n log n) in the loads held, n ≤ ``measuredLoadLimit``.
    public func statistics() -> LoaderStatistics {
        LoaderStatistics(timings: shared.withLock { shared.timings.timings(in: shared.timings.held) })
    }

    /// Forgets the loads measured so far.
    public func resetStatistics() { shared.withLock { shared.timings.clear() } }

    // MARK: - Workers

    /// A request: the tile and its monotonic request time.
    struct Job: Sendable {
        var tile: Tile
        var issued: UInt64
    }

    /// The state the render thread and the workers share, guarded by `condition`'s lock.
    final class Shared: @unchecked Sendable {
        let condition = NSCondition()
        var jobs = RingQueue<Job>()
        var finished: [TileLoad<Tile, Payload>] = []
        var timings: TimingRing
        var clock: LoaderClock
        var stopping = false
        /// Worker threads started and not yet ended.
        var liveWorkers = 0

        init(clock: LoaderClock, measuring: Int) {
            self.clock = clock
            timings = TimingRing(limit: measuring)
        }

        func withLock<T>(_ body: () -> T) -> T {
            condition.lock()
            defer { condition.unlock() }
            return body()
        }

        func stop() {
            withLock {
                stopping = true
                jobs.removeAll()
                condition.broadcast()
            }
        }
    }

    /// The shared state (the tests watch its workers after the loader is released).
    var sharedState: Shared { shared }

    /// The job queue's storage, in jobs (the tests check it stays bounded).
    var jobStorage: Int { shared.withLock { shared.jobs.capacity } }

    /// The slots of the timing ring allocated (the tests check it stays bounded).
    var timingStorage: Int { shared.withLock { shared.timings.storageCount } }

    /// A worker's loop: take a job, read and decode it outside the lock, hand it over under the lock. It returns
    /// once the loader is stopping, without taking another job.
    private static func work(
        _ shared: Shared, source: any TileSource, tileID: @Sendable (Tile) -> TileID?,
        decode: @Sendable (TileID, Data) throws -> Payload
    ) {
        var free: UInt64 = 0
        while true {
            shared.condition.lock()
            while shared.jobs.isEmpty && !shared.stopping { shared.condition.wait() }
            guard !shared.stopping, let job = shared.jobs.popFirst() else {
                shared.liveWorkers -= 1
                shared.condition.broadcast()
                shared.condition.unlock()
                return
            }
            shared.condition.unlock()
            let id = tileID(job.tile)
            let started = LoaderClock.monotonicNanoseconds()
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
                    issued: Double(job.issued) * 1e-9, startable: Double(max(job.issued, free)) * 1e-9,
                    started: Double(started) * 1e-9, completed: Double(completed) * 1e-9))
            shared.condition.unlock()
            free = completed
        }
    }
}

extension TileLoader where Tile == TileID {
    /// A loader for a pyramid's tiles of any level: each tile is its own XYZ id (the tiles of a pitched or
    /// mixed-level cover, a `TileID` schedule, run with no mapping).
    /// - Throws: as ``init(source:workers:clock:tileID:decode:)``.
    public convenience init(
        source: any TileSource, workers: Int = 2, clock: LoaderClock? = nil,
        decode: @escaping @Sendable (TileID, Data) throws -> Payload
    ) throws(TileLoaderError) {
        try self.init(source: source, workers: workers, clock: clock, tileID: { $0 }, decode: decode)
    }
}

extension TileLoader where Tile == TileIndex {
    /// A loader for the tiles of an XYZ `grid` (a ghost column is read as its real tile: (n, column mod 2ⁿ, row); a
    /// row outside the grid is a missing tile).
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
}

extension TileLoader where Tile == TileID, Payload == Data {
    /// A loader whose payload is the tile's bytes as stored (no decode hook), for a pyramid's tiles of any level.
    /// - Throws: as ``init(source:workers:clock:tileID:decode:)``.
    public convenience init(source: any TileSource, workers: Int = 2, clock: LoaderClock? = nil)
        throws(TileLoaderError)
    {
        try self.init(source: source, workers: workers, clock: clock) { _, bytes in bytes }
    }
}

extension TileLoader where Tile == TileIndex, Payload == Data {
    /// A loader whose payload is the tile's bytes as stored (no decode hook), for the tiles of an XYZ `grid`.
    /// - Throws: as ``init(source:grid:workers:clock:decode:)``.
    public convenience init(source: any TileSource, grid: TileGrid, workers: Int = 2, clock: LoaderClock? = nil)
        throws(TileLoaderError)
    {
        try self.init(source: source, grid: grid, workers: workers, clock: clock) { _, bytes in bytes }
    }
}
