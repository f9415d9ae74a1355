import Foundation
import MercatorMath
import StencilKit

/// `stencil-bench frames SCENARIO [--json] [--offset PX]`: every frame of one loop as JSON
/// (``JSONOutput/writeFrames(_:offset:progress:)``, written as each frame is culled), or about 20 frames as text, each
/// with its time (and, at a ground timing, the ground distance flown). It never plans: a scenario whose budget is too
/// small still gets its frames. A scenario with a `"camera"` gets each frame's pitched cover (``PitchedFramesCommand``).
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
            return try PitchedFramesCommand.run(setup, camera: camera, json: args.has("--json"), progress: progress)
        }
        guard abs(offset) <= setup.track.lateralBand else {
            throw UsageError(
                "--offset \(fmt(offset)) px is outside the scenario's lateral band ±\(fmt(setup.track.lateralBand)) px"
            )
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
