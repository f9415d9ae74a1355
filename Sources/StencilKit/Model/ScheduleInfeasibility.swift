/// Why no streaming schedule fits a capacity with a loader (the geometry model's *Streaming schedule* (§9)), and what
/// would fit: the payload of
/// ``StencilError/infeasibleSchedule(_:)``.
///
/// Always true: `smallestCapacity > capacity`; `smallestThroughput` is nil exactly when `windowBound > capacity`
/// (some frames within λ of each other need more distinct tiles than the capacity, so no throughput can help).
public struct ScheduleInfeasibility: Sendable, Hashable, CustomStringConvertible {
    /// The capacity asked for, in tiles.
    public let capacity: Int
    /// The loader asked for.
    public let loader: LoaderModel
    /// The least capacity at which ``StreamingSchedule`` plans a schedule with this loader (it plans one at this
    /// capacity and refuses one tile less).
    public let smallestCapacity: Int
    /// The least throughput, to within 1 %, at which a schedule fits `capacity` with this latency: a schedule is
    /// planned at this throughput and refused at it divided by 1.01. Nil when no throughput can.
    public let smallestThroughput: Double?
    /// The window bound L: the most distinct tiles needed by frames lying within λ of each other (one frame's need
    /// when λ < 1/fps). No schedule with this latency fits fewer than L tiles, whatever the throughput.
    public let windowBound: Int
    /// The instant, in seconds from take-off, at which ``heldTiles`` tiles must hold a slot at once.
    public let time: Double
    /// When no throughput can help: the frames within λ of each other whose distinct needs are ``heldTiles``.
    /// Otherwise: the frames from ``time`` through the deadline of the last request the queue forces to start by
    /// ``time``.
    public let frames: ClosedRange<Int>
    /// The tiles that must hold a slot at ``time``: ``windowBound`` when no throughput can help, else
    /// ``smallestCapacity``.
    public let heldTiles: Int
    /// The seconds of frames `frames` from take-off.
    public let frameTimes: ClosedRange<Double>

    /// Creates the description of a refused schedule.
    public init(
        capacity: Int, loader: LoaderModel, smallestCapacity: Int, smallestThroughput: Double?, windowBound: Int,
        time: Double, frames: ClosedRange<Int>, frameTimes: ClosedRange<Double>, heldTiles: Int
    ) {
        self.capacity = capacity
        self.loader = loader
        self.smallestCapacity = smallestCapacity
        self.smallestThroughput = smallestThroughput
        self.windowBound = windowBound
        self.time = time
        self.frames = frames
        self.frameTimes = frameTimes
        self.heldTiles = heldTiles
    }

    /// A sentence naming the cause, the least capacity and the least throughput.
    public var description: String {
        let f = StencilError.format
        let loaderText =
            "a loader of latency \(f(loader.latency)) s and throughput \(f(loader.throughput)) tiles/s"
        let framesText =
            frames.lowerBound == frames.upperBound
            ? "frame \(frames.lowerBound) (t = \(f(frameTimes.lowerBound)) s)"
            : "frames \(frames.lowerBound)…\(frames.upperBound) (t = \(f(frameTimes.lowerBound))…"
                + "\(f(frameTimes.upperBound)) s)"
        var text = "No stall-free schedule fits a capacity of \(capacity) tiles with \(loaderText): "
        if let throughput = smallestThroughput {
            text +=
                "the queue at this throughput forces \(heldTiles) tiles to hold a slot at once at t = \(f(time)) s "
                + "(tiles that \(framesText) need and whose requests must start by then, and tiles kept "
                + "resident across short gaps). The smallest capacity that works with this loader is "
                + "\(smallestCapacity) tiles"
            if windowBound < smallestCapacity {
                text += " (no schedule can work below \(windowBound), the most tiles frames within the latency need)"
            }
            text += "; with \(capacity) tiles, a throughput of \(f(throughput)) tiles/s works (to within 1%)."
        } else {
            let together =
                frames.lowerBound == frames.upperBound
                ? "\(framesText) alone needs \(windowBound) distinct tiles"
                : "\(framesText) lie within the latency of each other and need \(windowBound) distinct tiles"
            text +=
                together + ", and "
                + "every tile needed at t was requested by t − \(f(loader.latency)) s, so all of them hold a slot "
                + "at t = \(f(time)) s. The smallest capacity that works with this loader is \(smallestCapacity) tiles; "
                + "no throughput makes \(capacity) tiles work."
        }
        return text
    }
}
