/// The poses of one loop flown in time: frame k at t = k / fps, for k in 0 ..< ⌈duration · fps⌉.
public struct FrameSequence: Sequence, Sendable {
    /// The loop flown.
    public let loop: FlightLoop
    /// The speed, frame rate and pivot turn rate.
    public let timing: FlightTiming
    /// Number of frames in one loop.
    public let count: Int

    /// The most frames one loop may have, 10,000,000 (about 46 hours at 60 fps).
    public static let maximumCount = 10_000_000

    /// The frames of one loop of `loop` at `timing`.
    /// - Throws: ``StencilError/outOfRange(field:value:valid:)`` when duration × frame rate is not finite or
    ///   exceeds ``maximumCount`` (a speed or turn rate far too slow for the frame rate).
    public init(loop: FlightLoop, timing: FlightTiming) throws(StencilError) {
        // t_k < D within 10⁻⁹ s: a whole D·fps gives exactly D·fps frames however the phase durations round.
        let frames = ((loop.duration(at: timing) - 1e-9) * timing.framesPerSecond).rounded(.up)
        guard frames <= Double(Self.maximumCount) else {
            throw .outOfRange(
                field: "Frames per loop (loop duration × frame rate)", value: frames,
                valid: "at most \(Self.maximumCount); raise the speed or turn rate, or lower the frame rate")
        }
        self.loop = loop
        self.timing = timing
        count = Swift.max(1, Int(frames))
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
    /// - Throws: ``StencilError/outOfRange(field:value:valid:)`` when one loop would take more than
    ///   ``FrameSequence/maximumCount`` frames (see ``FrameSequence/init(loop:timing:)``).
    public func frames(at timing: FlightTiming) throws(StencilError) -> FrameSequence {
        try FrameSequence(loop: self, timing: timing)
    }
}
