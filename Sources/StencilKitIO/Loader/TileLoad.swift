import MercatorMath

/// One completed request of a ``TileLoader``, as the render thread receives it.
///
/// Exactly one of three outcomes: the tile's decoded ``payload``; a missing tile (the source has no such tile, or
/// the tile has no id): both `payload` and ``error`` nil; or a failure: ``error`` set (the source's or the decode
/// hook's error), `payload` nil.
public struct TileLoad<Payload: Sendable>: Sendable {
    /// The tile requested, as the schedule names it.
    public let tile: TileIndex
    /// Its XYZ id in the source, or nil when the loader's tile-id function gave none.
    public let id: TileID?
    /// The completion time on the loader's ``LoaderClock`` (seconds), taken when the worker handed the load over.
    public let time: Double
    /// The decode hook's result, or nil for a missing tile or a failure.
    public let payload: Payload?
    /// The error that ended the load, or nil.
    public let error: (any Error)?

    /// Whether the source has no such tile (no payload and no error).
    public var isMissing: Bool { payload == nil && error == nil }
}

/// The measured times of one load, in seconds on a common monotonic timeline (see ``LoaderStatistics``).
public struct LoadTiming: Sendable, Hashable {
    /// When the render thread issued the request.
    public let issued: Double
    /// When a worker could start on it: the later of ``issued`` and that worker's previous completion (so a load
    /// that waited in the queue starts when its worker was free, and one that found a worker idle starts at its
    /// request, the worker's wake-up included in its latency).
    public let started: Double
    /// When the worker handed the load over to the render thread's queue.
    public let completed: Double

    /// A load issued at `issued`, startable at `started` and completed at `completed` (seconds).
    public init(issued: Double, started: Double, completed: Double) {
        self.issued = issued
        self.started = started
        self.completed = completed
    }

    /// The load's latency, completed − started: the service time the model's λ bounds.
    public var latency: Double { completed - started }
}
