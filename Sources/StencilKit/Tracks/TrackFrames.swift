/// The poses of a track flown in time (the geometry model's *Streaming schedule*, §9, and *Ground units and time*,
/// §12): frame k at t_k = k / fps. A one-way track has the frames with t_k ≤ D (within 10⁻⁹ s, so the last pose is
/// shown when D·fps is whole); a closed track one lap, t_k < D (within 10⁻⁹ s, so a whole D·fps gives exactly D·fps
/// frames).
public struct TrackFrames: Sequence, Sendable {
    /// When the track reaches each piece at the timing flown.
    public let timetable: TrackTimetable
    /// Number of frames.
    public let count: Int

    /// The most frames one flight may have, 10,000,000 (about 46 hours at 60 fps).
    public static let maximumCount = 10_000_000

    /// The frames of `track` at a px/s timing.
    /// - Throws: ``StencilError/outOfRange(field:value:valid:)`` when the frame count is not finite or exceeds
    ///   ``maximumCount``.
    public init(track: Track, timing: FlightTiming) throws(StencilError) {
        try self.init(timetable: TrackTimetable(track: track, timing: timing))
    }

    /// The frames of `track` at a ground timing: each frame's pose is where the aircraft is at t_k.
    /// - Throws: the errors of ``TrackTimetable/init(track:timing:)-(_,GroundTiming)``;
    ///   ``StencilError/outOfRange(field:value:valid:)`` when the frame count is not finite or exceeds
    ///   ``maximumCount`` (a speed far too low for the track's length).
    public init(track: Track, timing: GroundTiming) throws(StencilError) {
        try self.init(timetable: TrackTimetable(track: track, timing: timing))
    }

    /// The frames of a timetable.
    /// - Throws: as ``init(track:timing:)-(_,FlightTiming)``.
    public init(timetable: TrackTimetable) throws(StencilError) {
        let d = timetable.duration
        let fps = timetable.framesPerSecond
        // Within 10⁻⁹ s either way: a one-way track shows its last pose when D·fps is whole (t_k ≤ D + 10⁻⁹), and a
        // closed track does not repeat its first pose then (t_k < D − 10⁻⁹), however the piece durations round.
        let frames =
            timetable.track.closure.isClosed
            ? Swift.max(1, ((d - 1e-9) * fps).rounded(.up)) : ((d + 1e-9) * fps).rounded(.down) + 1
        guard frames.isFinite, frames <= Double(Self.maximumCount) else {
            throw .outOfRange(
                field: "Frames (track duration × frame rate)", value: frames,
                valid: "at most \(Self.maximumCount); raise the speed or turn rate, or lower the frame rate")
        }
        self.timetable = timetable
        count = Int(frames)
    }

    /// The track flown.
    public var track: Track { timetable.track }
    /// The track's duration D in seconds (one lap for a closed track).
    public var duration: Double { timetable.duration }
    /// Frames per second.
    public var framesPerSecond: Double { timetable.framesPerSecond }

    /// The time of frame `index`, k / fps.
    public func time(ofFrame index: Int) -> Double { Double(index) / framesPerSecond }

    /// The pose of frame `index`.
    /// - Complexity: O(log pieces), no allocation.
    public func pose(ofFrame index: Int) -> TrackPose { timetable.pose(atFiniteTime: time(ofFrame: index)) }

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
    /// The poses of the track at a px/s timing, one per frame (one lap for a closed track).
    /// - Throws: as ``TrackFrames/init(track:timing:)-(_,FlightTiming)``.
    public func frames(at timing: FlightTiming) throws(StencilError) -> TrackFrames {
        try TrackFrames(track: self, timing: timing)
    }

    /// The poses of the track at a ground timing, one per frame (one lap for a closed track).
    /// - Throws: as ``TrackFrames/init(track:timing:)-(_,GroundTiming)``.
    public func frames(at timing: GroundTiming) throws(StencilError) -> TrackFrames {
        try TrackFrames(track: self, timing: timing)
    }
}
