import Foundation
import MercatorMath
import StencilKit
import StencilScenarios

/// `stencil-bench frames SCENARIO [--json] [--offset PX]`: every frame of one loop as JSON
/// (``JSONOutput/writeFrames(_:offset:progress:)``, written as each frame is culled), or about 20 frames as text, each
/// with its time (and, at a ground timing, the ground distance flown). It never plans: a scenario whose budget is too
/// small still gets its frames. A scenario with a `"camera"` gets each frame's pitched cover (``FramesCommand/runPitched(_:camera:json:progress:)``).
enum FramesCommand {
    /// Runs the command on the words after `frames`; exit status 0.
    static func run(_ words: [String]) throws -> Int32 {
        let args = try Arguments(words, command: "frames", spec: .init(valued: ["--offset"], switches: ["--json"]))
        let offset = try args.double("--offset", "a number of pixels", valid: { _ in true }) ?? 0
        let progress = Progress("frames: reading the scenario")
        defer { progress.finish() }
        let setup = try ScenarioSetup(args, command: "frames")
        if let camera = setup.chase {
            guard offset == 0 else {
                throw UsageError(
                    "--offset \(fmt(offset)) px: a scenario with a \"camera\" flies on its track (no band)")
            }
            return try FramesCommand.runPitched(setup, camera: camera, json: args.has("--json"), progress: progress)
        }
        guard abs(offset) <= setup.track.lateralBand else {
            let band = setup.track.lateralBand
            throw UsageError(
                "--offset \(MessageNumber.text(offset)) px is outside the scenario's lateral band "
                    + "±\(MessageNumber.text(band)) px",
                kind: "offsetOutsideBand", figures: [("offset", offset), ("band", band)])
        }
        // The stencil only checks that the flight stays on the terrain (or is clipped to it); no plan is needed.
        progress.update("frames: checking the flight against the terrain")
        _ = try setup.validatedStencil()
        var out = StandardOutput()
        if args.has("--json") {
            try JSONOutput.writeFrames(setup, offset: offset, progress: progress)
            return 0
        }
        let frames = setup.frames
        let fps = fmt(setup.timing.framesPerSecond)
        let ground = setup.timing.ground != nil ? "g = ground distance flown in m, " : ""
        out.write(
            "\(setup.scenario.name): \(Figures.count(frames.count)) frames at \(fps) fps, offset \(fmt(offset)) px "
                + "(t = time in s, \(ground)s = along-track position in px: from P_A along the route on a racetrack, "
                + "the arc length flown on any other track; use --json for every frame)\n"
        )
        // About 20 frames, each culled on its own: the summary costs the same for any loop.
        var buffer: [VisibleTile] = []
        let step = max(1, frames.count / 20)
        for k in stride(from: 0, to: frames.count, by: step) {
            let pose = frames.pose(ofFrame: k)
            let view = try setup.track.cull(pose, lateralOffset: offset, into: &buffer)
            let px = { (v: Double) in fmt(v, decimals: 1) }
            let (t, g) = setup.timeAndGround(frame: k, pose: pose)
            let ground = g.map { "g \(px($0)), " } ?? ""
            out.write(
                "  frame \(k): t \(fmt(t)), \(ground)s \(px(setup.alongTrackPosition(of: pose))), "
                    + "piece \(pose.piece), (\(px(view.footprint.origin.x)), "
                    + "\(px(view.footprint.origin.y))), heading \(px(pose.heading))°, \(buffer.count) tiles\n")
        }
        out.flush()
        return 0
    }
}

/// `stencil-bench frames SCENARIO [--json]` for a scenario with a `"camera"`: every frame's pitched cover (the
/// geometry model's "Perspective views", §11).
///
/// With `--json`, one frame a line as `frames` writes them (`t`, `g` at a ground timing, `s`, `piece`, `x`, `y`,
/// `heading`), then the camera's map zoom `zoom` and view level `level` at that pose and its `cover`, `[[n, i, y],
/// ...]` (levels coarsest first, then row-major), built into one reused buffer. Without it, about 20 frames.
extension FramesCommand {
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
    static func runPitched(_ setup: ScenarioSetup, camera chase: ChaseCamera, json: Bool, progress: Progress) throws
        -> Int32
    {
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
