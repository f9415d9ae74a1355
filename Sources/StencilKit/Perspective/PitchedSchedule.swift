import MercatorMath

/// A request of a pitched schedule: a real tile with its level, when to request it, when the loader model completes
/// it, and the first frame that needs it (as ``ScheduledRequest``).
public struct PitchedRequest: Sendable, Hashable {
    /// The real tile to load.
    public let tile: TileID
    /// When to request it, in seconds from take-off (−w for the preload).
    public let time: Double
    /// When the loader model completes it.
    public let completion: Double
    /// The first frame it serves.
    public let deadlineFrame: Int
    /// The time of ``deadlineFrame``.
    public let deadline: Double
}

/// An eviction of a pitched schedule: a real tile released at `time` (as ``ScheduledEviction``).
public struct PitchedEviction: Sendable, Hashable {
    /// The real tile to release.
    public let tile: TileID
    /// When, in seconds from take-off.
    public let time: Double
}

/// The streaming schedule of a chase camera along a track (§11 with §9): the schedule of ``StreamingSchedule``, with
/// each frame's need the real tiles (with their levels) of its cover. Everything the streaming schedule guarantees
/// holds here: no frame lacks a tile of its cover under the loader model, at most `capacity` tiles resident.
public struct PitchedSchedule: Sendable, Hashable {
    /// The schedule over the needs' tile numbers.
    let numbered: StreamingSchedule
    /// The needs' tiles, by number.
    let tiles: [TileID]

    /// Plans the schedule of `needs` with `capacity` slots and `loader`.
    /// - Throws: the errors of ``StreamingSchedule/init(needs:capacity:loader:)``.
    /// - Complexity: O(runs · log runs).
    public init(needs: PitchedNeeds, capacity: Int, loader: LoaderModel) throws(StencilError) {
        numbered = try StreamingSchedule(needs: needs.numbered, capacity: capacity, loader: loader)
        tiles = needs.tiles
    }

    /// Ĉ: the least capacity at which a schedule of `needs` is planned with `loader`.
    /// - Complexity: O(runs · log runs).
    public static func smallestCapacity(for needs: PitchedNeeds, loader: LoaderModel) -> Int {
        StreamingSchedule.smallestCapacity(for: needs.numbered, loader: loader)
    }

    /// The capacity in tiles.
    public var capacity: Int { numbered.capacity }
    /// The loader model planned for.
    public var loader: LoaderModel { numbered.loader }
    /// Number of frames.
    public var frameCount: Int { numbered.frameCount }
    /// Frames per second.
    public var framesPerSecond: Double { numbered.framesPerSecond }
    /// The wait before take-off for the preload, w seconds.
    public var takeoffWait: Double { numbered.takeoffWait }
    /// The most tiles resident at once.
    public var peakTiles: Int { numbered.peakTiles }
    /// All requests, the preload included.
    public var requestCount: Int { numbered.requestCount }
    /// The least loads of any schedule with this capacity (Belady's MIN, no latency).
    public var beladyBound: Int { numbered.beladyBound }

    /// The requests issued before take-off.
    /// - Complexity: O(requests).
    public var preload: [PitchedRequest] { numbered.preload.map(request) }
    /// The requests issued in flight, in time order.
    /// - Complexity: O(requests).
    public var requests: [PitchedRequest] { numbered.requests.map(request) }
    /// The evictions, in time order.
    /// - Complexity: O(evictions).
    public var evictions: [PitchedEviction] {
        numbered.evictions.map { PitchedEviction(tile: tiles[$0.tile.column], time: $0.time) }
    }

    func request(_ r: ScheduledRequest) -> PitchedRequest {
        PitchedRequest(
            tile: tiles[r.tile.column], time: r.time, completion: r.completion, deadlineFrame: r.deadlineFrame,
            deadline: r.deadline)
    }
}

/// Plays a ``PitchedSchedule`` in a render loop, as ``ScheduleDriver`` plays a streaming schedule: step it once per
/// frame with the renderer's clock, issue its requests, release its evictions, report completions.
///
/// Cost: a step is ``ScheduleDriver/step(to:requests:evictions:atRisk:)``'s plus a table look-up per action; a
/// completion report adds a hash look-up. Buffers keep their capacity: no allocation once warm.
public struct PitchedScheduleDriver: Sendable {
    var driver: ScheduleDriver
    let tiles: [TileID]
    let numbers: [TileID: Int]
    var requestBuffer: [TileIndex] = []
    var evictionBuffer: [TileIndex] = []
    var riskBuffer: [TileIndex] = []

    /// A driver at the start of `schedule`.
    /// - Complexity: O(requests + tiles).
    public init(schedule: PitchedSchedule) {
        driver = ScheduleDriver(schedule: schedule.numbered)
        tiles = schedule.tiles
        var numbers: [TileID: Int] = [:]
        for (k, tile) in schedule.tiles.enumerated() { numbers[tile] = k }
        self.numbers = numbers
        // A step returns at most `capacity` actions of a kind: sized now, no buffer grows in the render loop.
        requestBuffer.reserveCapacity(schedule.capacity)
        evictionBuffer.reserveCapacity(schedule.capacity)
        riskBuffer.reserveCapacity(schedule.capacity)
    }

    /// Whether the preload has completed (frame 0 may be drawn).
    public var isReadyForTakeOff: Bool { driver.isReadyForTakeOff }
    /// The time of the next action not yet returned.
    public var nextActionTime: Double? { driver.nextActionTime }

    /// Advances to `time`: fills `requests`, `evictions` (release first) and `atRisk` as
    /// ``ScheduleDriver/step(to:requests:evictions:atRisk:)``.
    public mutating func step(
        to time: Double, requests: inout [TileID], evictions: inout [TileID], atRisk: inout [TileID]
    ) {
        driver.step(to: time, requests: &requestBuffer, evictions: &evictionBuffer, atRisk: &riskBuffer)
        map(requestBuffer, into: &requests)
        map(evictionBuffer, into: &evictions)
        map(riskBuffer, into: &atRisk)
    }

    /// Records that the load of `tile` completed at `time`, as ``ScheduleDriver/completed(_:at:atRisk:)``. Returns
    /// false, changing nothing, when no load of `tile` is in flight.
    @discardableResult
    public mutating func completed(_ tile: TileID, at time: Double, atRisk: inout [TileID]) -> Bool {
        guard let number = numbers[tile] else {
            atRisk.removeAll(keepingCapacity: true)
            return false
        }
        let done = driver.completed(TileIndex(column: number, row: 0), at: time, atRisk: &riskBuffer)
        map(riskBuffer, into: &atRisk)
        return done
    }

    func map(_ numbered: [TileIndex], into out: inout [TileID]) {
        out.removeAll(keepingCapacity: true)
        for index in numbered { out.append(tiles[index.column]) }
    }
}
