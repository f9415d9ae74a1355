/// The poses of a track flown in time (MODEL.md §9): frame k at t_k = k / fps. A one-way track has the frames
/// with t_k ≤ D (within 10⁻⁹ s, so the last pose is shown when D·fps is whole); a closed track one lap, t_k < D.
public struct TrackFrames: Sequence, Sendable {
    /// The track flown.
    public let track: Track
    /// The speed, frame rate and pivot turn rate.
    public let timing: FlightTiming
    /// Number of frames.
    public let count: Int
    /// The track's duration D in seconds (one lap for a closed track).
    public let duration: Double
    let clock: TrackClock

    /// The frames of `track` at `timing`.
    /// - Throws: ``StencilError/outOfRange(field:value:valid:)`` when the frame count is not finite or exceeds
    ///   ``FrameSequence/maximumCount``.
    public init(track: Track, timing: FlightTiming) throws(StencilError) {
        let clock = TrackClock(track: track, timing: timing)
        let d = clock.duration
        let fps = timing.framesPerSecond
        let frames =
            track.closure.isClosed ? Swift.max(1, (d * fps).rounded(.up)) : ((d + 1e-9) * fps).rounded(.down) + 1
        guard frames.isFinite, frames <= Double(FrameSequence.maximumCount) else {
            throw .outOfRange(
                field: "Frames (track duration × frame rate)", value: frames,
                valid: "at most \(FrameSequence.maximumCount); raise the speed or turn rate, or lower the frame rate")
        }
        self.track = track
        self.timing = timing
        self.clock = clock
        duration = d
        count = Int(frames)
    }

    /// The time of frame `index`, k / fps.
    public func time(ofFrame index: Int) -> Double { Double(index) / timing.framesPerSecond }

    /// The pose of frame `index`.
    /// - Complexity: O(log pieces).
    public func pose(ofFrame index: Int) -> TrackPose { clock.pose(atTime: time(ofFrame: index)) }

    /// Iterates the frames' poses in order.
    public func makeIterator() -> Iterator { Iterator(frames: self) }

    /// Iterates the poses of a ``TrackFrames`` sequence.
    public struct Iterator: IteratorProtocol {
        let frames: TrackFrames
        var index = 0

        /// The next frame's pose.
        public mutating func next() -> TrackPose? {
            guard index < frames.count else { return nil }
            defer { index += 1 }
            return frames.pose(ofFrame: index)
        }
    }

    /// The number of frames.
    public var underestimatedCount: Int { count }
}

extension Track {
    /// The poses of the track at `timing`, one per frame (one lap for a closed track).
    /// - Throws: as ``TrackFrames/init(track:timing:)``.
    public func frames(at timing: FlightTiming) throws(StencilError) -> TrackFrames {
        try TrackFrames(track: self, timing: timing)
    }
}
