/// The measured times of one load, in seconds on a common monotonic timeline (see ``LoaderStatistics``).
///
/// Four instants, in order when the monotonic clock behaves: the request (``issued``), the moment a worker could
/// have started on it (``startable``), the moment a worker did start the read (``started``, stamped by the worker
/// just before it calls the source) and the hand-over (``completed``). The gap from `startable` to `started` is the
/// worker's wake-up (and any time it spent naming the tile); ``latency`` counts it, ``readTime`` does not.
public struct LoadTiming: Sendable, Hashable {
    /// When the render thread issued the request.
    public let issued: Double
    /// When a worker could start on it: the later of ``issued`` and that worker's previous completion (so a load
    /// that waited in the queue becomes startable when its worker was free, and one that found a worker idle at its
    /// request).
    public let startable: Double
    /// When the worker started the read: its monotonic time stamped just before it called the source.
    public let started: Double
    /// When the worker handed the load over to the render thread's queue.
    public let completed: Double

    /// A load issued at `issued`, startable at `startable`, started at `started` and completed at `completed`
    /// (seconds).
    public init(issued: Double, startable: Double, started: Double, completed: Double) {
        self.issued = issued
        self.startable = startable
        self.started = started
        self.completed = completed
    }

    /// A load whose read started as soon as it could: ``startable`` = ``started`` = `started`.
    public init(issued: Double, started: Double, completed: Double) {
        self.init(issued: issued, startable: started, started: started, completed: completed)
    }

    /// The load's latency, completed − startable: the service time the model's λ bounds, a sleeping worker's
    /// wake-up included (a flight's requests come a few at a time and often find the workers asleep).
    public var latency: Double { completed - startable }

    /// The time the worker spent on the read and the decode hook, completed − started.
    public var readTime: Double { completed - started }
}
