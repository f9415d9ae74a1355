import Foundation
import MercatorMath
import StencilKit

/// `stencil-bench frames SCENARIO [--json]` for a scenario with a `"camera"`: every frame's pitched cover (the
/// geometry model's "Perspective views", §11).
///
/// With `--json`, one frame a line as `frames` writes them (`t`, `g` at a ground timing, `s`, `piece`, `x`, `y`,
/// `heading`), then the camera's map zoom `zoom` and view level `level` at that pose and its `cover`, `[[n, i, y],
/// ...]` (levels coarsest first, then row-major), built into one reused buffer. Without it, about 20 frames.
enum PitchedFramesCommand {
    /// The refusal of a lateral band with a pitched camera, as the library words it for stencils and needs (§11:
    /// d = 0 for pitched cameras).
    static func requireNoBand(_ setup: ScenarioSetup) throws(ScenarioError) {
        let band = setup.track.lateralBand
        guard band == 0 else {
            throw ScenarioError(
                setup.scenario.source,
                .outOfRange(
                    field: "Lateral band with a pitched camera (px)", value: band,
                    valid: "0: a chase camera's cover is the frame's own (§11); make the track without a band"))
        }
    }

    /// Runs the command on a set-up scenario with a chase camera; exit status 0.
    /// - Throws: ``ScenarioError`` with the library's reason for a lateral band or a camera refused at some pose.
    static func run(_ setup: ScenarioSetup, camera chase: ChaseCamera, json: Bool, progress: Progress) throws -> Int32 {
        try requireNoBand(setup)
        let frames = setup.frames
        var cover = PitchedCover()
        /// The camera and cover of frame k, with the library's errors naming the scenario.
        func view(_ k: Int) throws(ScenarioError) -> (TrackPose, PerspectiveCamera) {
            let pose = frames.pose(ofFrame: k)
            do {
                let camera = try chase.camera(at: pose, on: setup.grid)
                try camera.cover(into: &cover)
                return (pose, camera)
            } catch { throw ScenarioError("\(setup.scenario.source): frame \(k)", error) }
        }
        if json {
            var out = JSONStream(array: true)
            for k in 0..<frames.count {
                if k % 4096 == 0 {
                    progress.update("frames: frame \(Figures.count(k)) of \(Figures.count(frames.count))")
                }
                let (pose, camera) = try view(k)
                let (t, g) = setup.timeAndGround(frame: k, pose: pose)
                var fields: [(key: String, value: JSONValue)] = [("t", .number(t))]
                if let g { fields.append(("g", .number(g))) }
                fields += [
                    ("s", .number(setup.alongTrackPosition(of: pose))), ("piece", .int(pose.piece)),
                    ("x", .number(pose.position.x)), ("y", .number(pose.position.y)),
                    ("heading", .number(pose.heading)), ("zoom", .number(camera.mapZoom)),
                    ("level", .int(camera.level)), ("cover", .array(cover.tiles.map { .levelTile($0.tile) })),
                ]
                out.item(.object(fields))
            }
            out.finish()
            return 0
        }
        var out = StandardOutput()
        let ground = setup.timing.ground != nil ? "g = ground distance flown in m, " : ""
        out.write(
            "\(setup.scenario.name): \(Figures.count(frames.count)) frames at \(fmt(setup.timing.framesPerSecond)) "
                + "fps, chase camera at pitch \(fmt(chase.pitch))° (t = time in s, \(ground)s = arc length flown in "
                + "px, Z = map zoom at the pose; use --json for every frame and its cover)\n")
        let step = max(1, frames.count / 20)
        for k in stride(from: 0, to: frames.count, by: step) {
            let (pose, camera) = try view(k)
            let px = { (v: Double) in fmt(v, decimals: 1) }
            let (t, g) = setup.timeAndGround(frame: k, pose: pose)
            let counts = PitchedLevels.counts(cover.tiles.lazy.map(\.level))
            out.write(
                "  frame \(k): t \(fmt(t)), \(g.map { "g \(px($0)), " } ?? "")s "
                    + "\(px(setup.alongTrackPosition(of: pose))), (\(px(pose.position.x)), \(px(pose.position.y))), "
                    + "heading \(px(pose.heading))°, Z \(fmt(camera.mapZoom, decimals: 3)), "
                    + "\(cover.tiles.count) tiles (\(PitchedLevels.text(counts)))\n")
        }
        out.flush()
        return 0
    }
}
