/// One request of a streaming schedule (the geometry model's *Streaming schedule* (§9)): a real tile, when to request
/// it, when the loader model
/// completes it and the frame that first needs it.
///
/// Always true of a planned request: time + λ ≤ completion ≤ deadline.
public struct ScheduledRequest<Tile: StreamedTile>: Sendable, Hashable {
    /// The real tile to load.
    public let tile: Tile
    /// When to request it, in seconds from take-off (−w for the preload).
    public let time: Double
    /// When the loader model completes it: c_m = max(t_m + λ, c_{m−1} + 1/μ) (preload: (i − (P − 1))/μ).
    public let completion: Double
    /// The first frame it serves; it must be complete by that frame's time, its deadline.
    public let deadlineFrame: Int
    /// The deadline t_k = k / fps of ``deadlineFrame``.
    public let deadline: Double

    /// Creates a request.
    public init(tile: Tile, time: Double, completion: Double, deadlineFrame: Int, deadline: Double) {
        self.tile = tile
        self.time = time
        self.completion = completion
        self.deadlineFrame = deadlineFrame
        self.deadline = deadline
    }
}

/// One eviction of a streaming schedule: a real tile whose texture is released at `time` (it is not resident at
/// `time`; at equal times evictions come before requests).
public struct ScheduledEviction<Tile: StreamedTile>: Sendable, Hashable {
    /// The real tile to release.
    public let tile: Tile
    /// When, in seconds from take-off.
    public let time: Double

    /// Creates an eviction.
    public init(tile: Tile, time: Double) {
        self.tile = tile
        self.time = time
    }
}
