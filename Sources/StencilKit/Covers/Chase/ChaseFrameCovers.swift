import MercatorMath

/// A chase camera's cover (§11) at every frame of a track: the camera placed at the frame's pose, its
/// levels-by-depth cover (over the camera's terrain when it has one, §14) as runs of unwrapped tiles (a wide view at a low level may draw a real tile twice, as a
/// ghost across ±180°).
///
/// Work is bounded as it goes: frames × runs per frame may not pass ``Needs/maximumRunScans`` (about 1.3 µs a
/// frame's cover, so a walk past it would take minutes), estimated from the first frame before the rest.
/// - Complexity: O(the camera's cover as runs) per frame.
struct ChaseFrameCovers: FrameCovers {
    let frames: TrackFrames
    let camera: ChaseCamera
    private var buffer = PitchedCover()
    private var terrainBuffer = TerrainCover()
    private var scans = 0

    /// The most cover runs a walk may scan, frames × runs per frame, 2²⁷ (public as ``Needs/maximumRunScans``).
    static let maximumRunScans = 1 << 27

    /// The covers of `frames` seen by `camera`.
    /// - Throws: ``StencilError/outOfRange(field:value:valid:)`` for a track with a lateral band (§11: d = 0 for
    ///   pitched cameras).
    init(frames: TrackFrames, camera: ChaseCamera) throws(StencilError) {
        guard frames.track.lateralBand == 0 else {
            throw .outOfRange(
                field: "Lateral band with a pitched camera (px)", value: frames.track.lateralBand,
                valid: "0: a chase camera's cover is the frame's own (§11); make the track without a band")
        }
        self.frames = frames
        self.camera = camera
    }

    var frameCount: Int { frames.count }

    @inline(__always)
    func realTile(level: Int, column: Int, row: Int) -> TileID {
        UnwrappedTileID(unchecked: level, column, row).canonical
    }

    mutating func cover(frame k: Int, into runs: inout [LevelRun]) throws(StencilError) {
        if camera.terrain != nil {
            let view = try camera.terrainCamera(at: frames.pose(ofFrame: k), on: frames.track.grid, frame: k)
            try view.fill(&terrainBuffer, runsOnly: true, depths: false)
            swap(&runs, &terrainBuffer.runs)
        } else {
            let view = try camera.camera(at: frames.pose(ofFrame: k), on: frames.track.grid)
            try view.fill(&buffer, runsOnly: true)
            swap(&runs, &buffer.runs)
        }
        scans += runs.count + 1
        let limit = Self.maximumRunScans
        if k == 0 {
            let estimate = Double(runs.count + 1) * Double(frames.count)
            if estimate > 4 * Double(limit) { throw tooManyScans(estimate) }
        }
        if scans > limit { throw tooManyScans(Double(scans)) }
    }

    func tooManyScans(_ value: Double) -> StencilError {
        .tooLarge(
            what: "Cover runs of a pitched flight (\(frames.count) frames × runs per frame)", value: value,
            limit: Double(Self.maximumRunScans),
            advice: "use fewer frames (raise the speed, lower the frame rate), a smaller screen, pitch or horizon")
    }
}
