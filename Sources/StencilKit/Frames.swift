/// The poses of one loop flown in time: frame k at t = k / fps, for k in 0 ..< ⌈duration · fps⌉.
public struct FrameSequence: Sequence, Sendable {
    /// The loop flown.
    public let loop: FlightLoop
    /// The speed, frame rate and pivot turn rate.
    public let timing: FlightTiming
    /// Number of frames in one loop.
    public let count: Int

    /// The frames of one loop of `loop` at `timing`.
    public init(loop: FlightLoop, timing: FlightTiming) {
        self.loop = loop
        self.timing = timing
        count = Swift.max(1, Int((loop.duration(timing) * timing.framesPerSecond).rounded(.up)))
    }

    /// The pose of frame `index` (taken modulo the loop).
    public func pose(ofFrame index: Int) -> Pose {
        loop.uncheckedPose(atTime: Double(index) / timing.framesPerSecond, timing: timing)
    }

    /// Iterates the frames' poses in order.
    public func makeIterator() -> Iterator { Iterator(sequence: self) }

    /// Iterates the poses of a ``FrameSequence``.
    public struct Iterator: IteratorProtocol {
        let sequence: FrameSequence
        var index = 0

        /// The next frame's pose.
        public mutating func next() -> Pose? {
            guard index < sequence.count else { return nil }
            defer { index += 1 }
            return sequence.pose(ofFrame: index)
        }
    }

    /// The number of frames.
    public var underestimatedCount: Int { count }
}

extension FlightLoop {
    /// The poses of one loop at `timing`, one per frame.
    public func frames(_ timing: FlightTiming) -> FrameSequence { FrameSequence(loop: self, timing: timing) }
}
