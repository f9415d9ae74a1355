import Foundation
import StencilKit
import StencilPictures
import StencilScenarios

/// `stencil-bench svg SCENARIO [--frame N] -o FILE.svg` draws a scenario like a debug view (``FlightDrawing``);
/// with `--segments` its budget plan's segments (``SegmentsDrawing``); with `--residency` its streaming schedule's
/// residency over time (``ResidencyDrawing``, the schedule `schedule` plans: `--capacity`, `--latency`,
/// `--throughput` as there); `stencil-bench svg VIEW -o FILE.svg` draws a view (``ViewDrawing``).
enum SvgCommand {
    /// Runs the command on the words after `svg`: a view's picture when an argument names a view, else a
    /// scenario's; exit status 0.
    static func run(_ words: [String]) throws -> Int32 {
        if let file = words.first(where: isMapLibreView) {
            throw UsageError(
                "'svg' draws flat and pitched views and scenarios: \(file) is a MapLibre view (list its tiles with "
                    + "'stencil-bench view \(file)')")
        }
        return try words.contains(where: BuiltinViews.isView) ? view(words) : scenario(words)
    }

    /// Whether `argument` names a MapLibre view file (with `"maplibre"`).
    static func isMapLibreView(_ argument: String) -> Bool {
        guard let file = try? BuiltinViews.text(argument) else { return false }
        return MapLibreViewScenario.isMapLibre(file.text)
    }

    /// `svg SCENARIO [--frame N | --segments | --residency [--capacity N] [--latency S] [--throughput N]]
    /// -o FILE.svg`.
    static func scenario(_ words: [String]) throws -> Int32 {
        let args = try Arguments(
            words, command: "svg",
            spec: .init(
                valued: ["--frame", "--output"] + ScenarioSchedule.options, switches: ["--segments", "--residency"],
                aliases: ["-o": "--output"]))
        guard let output = args.string("--output") else { throw UsageError("'svg' needs -o FILE.svg") }
        let modes = ["--frame", "--segments", "--residency"].filter { args.has($0) || args.string($0) != nil }
        guard modes.count <= 1 else {
            throw UsageError("'svg' takes one of \(modes.joined(separator: ", ")), not several")
        }
        if !args.has("--residency"), let option = ScenarioSchedule.options.first(where: { args.string($0) != nil }) {
            throw UsageError("'svg' takes \(option) only with --residency")
        }
        let progress = Progress("svg: reading the scenario")
        defer { progress.finish() }
        let setup = try ScenarioSetup(args, command: "svg")
        if let camera = setup.chase {
            if let mode = modes.first(where: { $0 != "--frame" }) {
                throw UsageError(
                    "'svg \(mode)' draws flat scenarios: \(setup.scenario.source) has a chase camera (draw its frames "
                        + "with --frame N)")
            }
            return try pitchedScenario(setup, camera: camera, args: args, output: output)
        }
        if args.has("--residency") {
            progress.update("svg: the schedule of \(setup.scenario.name)")
            let planned = try ScenarioSchedule(setup, args, command: "svg --residency")
            let drawing = try ResidencyDrawing(
                name: setup.scenario.name, schedule: planned.schedule, capacity: planned.capacity,
                holds: Residency(schedule: planned.schedule).holds)
            try Console.write(drawing.render(), to: output)
            print(
                "wrote \(output): \(setup.scenario.name), residency of \(planned.schedule.requestCount) requests "
                    + "(\(drawing.rows.count) tiles) at capacity \(planned.capacity)")
            return 0
        }
        if args.has("--segments") {
            progress.update("svg: stencil and plan of \(setup.scenario.name)")
            let plan = try setup.validatedPlan()
            let drawing = try SegmentsDrawing(
                stencil: setup.validatedStencil(), plan: plan, frames: setup.frames,
                caption: [
                    "\(setup.scenario.name) — a \(plan.policy.rawValue) plan of \(plan.segmentCount) segments under "
                        + "\(Figures.bytes(plan.capacity * plan.format.bytesPerTile)) bytes (\(plan.capacity) tiles)",
                    "the track in the colour of the segment flown; each stencil tile striped with the segments that hold "
                        + "it · peak \(plan.peakResidentTiles) tiles, \(plan.loadsPerLoop) loads a loop",
                ])
            try Console.write(drawing.render(), to: output)
            print("wrote \(output): \(setup.scenario.name), \(drawing.plan.segmentCount) segments")
            return 0
        }
        progress.update("svg: stencil and plan of \(setup.scenario.name)")
        let (stencil, planResult) = try setup.validated()
        // A plan the budget cannot hold is drawn without split points.
        let plan = try? planResult.get()
        let frames = setup.frames
        let frame: Int
        if let n = try args.int("--frame", minimum: 0) {
            guard n < frames.count else {
                throw UsageError("--frame \(n) is past the loop's last frame \(frames.count - 1)")
            }
            frame = n
        } else {
            // The middle of the first piece, in time (at a ground timing too).
            let starts = frames.timetable.pieceStarts
            let t = (starts[0] + starts[1]) / 2
            frame = min(frames.count - 1, Int((t * frames.framesPerSecond).rounded()))
        }
        progress.update("svg: drawing")
        let fixed = FixedRadiusStencil(track: setup.track, exact: stencil)
        let pose = frames.pose(ofFrame: frame)
        var drawing = try FlightDrawing(
            track: setup.track, racetrack: setup.racetrack, stencil: stencil, splits: plan?.splitPositions ?? [],
            pose: pose, baseline: .init(tiles: fixed.unwrapped, missed: fixed.missed, extra: fixed.extra))
        drawing.caption = flightCaption(setup, drawing, fixed: fixed, plan: plan, frame: frame)
        try Console.write(drawing.render(), to: output)
        print("wrote \(output): \(setup.scenario.name), frame \(frame) of \(frames.count)")
        return 0
    }

    /// `svg VIEW -o FILE.svg`.
    static func view(_ words: [String]) throws -> Int32 {
        let args = try Arguments(words, command: "svg", spec: .init(valued: ["--output"], aliases: ["-o": "--output"]))
        guard let output = args.string("--output") else { throw UsageError("'svg' needs -o FILE.svg") }
        let scenario = try BuiltinViews.resolve(args.single("VIEW", command: "svg"))
        if scenario.camera != nil { return try pitchedView(scenario, output: output) }
        let setup = try ViewSetup(scenario)
        let drawing = try ViewDrawing(
            viewport: setup.viewport, ringWidth: scenario.ring, level: setup.level,
            title: "\(scenario.name ?? scenario.source) — \(scenario.summary ?? "")")
        try Console.write(drawing.render(), to: output)
        print(
            "wrote \(output): \(setup.scenario.name ?? setup.scenario.source), \(drawing.visible.count) visible, "
                + "\(drawing.ring.count) ring tiles")
        return 0
    }

    /// The flight picture's caption: the scenario's name and description, its grid, route, screen and band, its
    /// stencil beside the fixed-radius baseline and the plan, and the frame shown.
    static func flightCaption(
        _ setup: ScenarioSetup, _ drawing: FlightDrawing, fixed: FixedRadiusStencil, plan: BudgetPlan?, frame: Int
    ) -> [String] {
        let track = setup.track
        let screen = track.screen
        let stencil = drawing.stencil
        let route: String
        if let racetrack = setup.racetrack {
            route =
                "leg \(fmt(racetrack.route.length, decimals: 1)) px, heading \(fmt(racetrack.route.heading, decimals: 2))° · "
                + "turn ρ = \(fmt(racetrack.turn.radius)) \(racetrack.turn.direction.rawValue)"
        } else {
            route =
                "\(track.closure.rawValue) track, \(track.pieces.count) pieces, \(fmt(track.length, decimals: 1)) px"
        }
        let screenText =
            "screen \(fmt(screen.width))×\(fmt(screen.height)) at scale \(fmt(screen.scale)), anchor "
            + "(\(fmt(screen.anchor.x)), \(fmt(screen.anchor.y))), margin \(fmt(screen.margin))"
        return [
            "\(setup.scenario.name) — \(setup.scenario.summary ?? "")",
            "\(setup.grid) · \(route) · \(screenText) · band ±\(fmt(track.lateralBand))",
            "stencil \(stencil.unwrapped.count) tiles (\(drawing.ghostTileCount) ghost), \(stencil.tileCount) real = "
                + "\(Figures.bytes(stencil.bytes(for: setup.format))) bytes"
                + (stencil.isClipped ? ", clipped to the terrain" : "")
                + " · fixed radius \(fmt(fixed.radius, decimals: 1)) px: \(fixed.unwrapped.count) tiles, "
                + "\(fixed.extra.count) extra, \(fixed.missed.count) missed · plan: "
                + (plan.map { "\($0.segmentCount) segment\($0.segmentCount == 1 ? "" : "s")" }
                    ?? "none within the budget"),
            "frame \(frame) of \(setup.frames.count): \(setup.describe(drawing.pose)), \(drawing.visible.count) visible tiles",
        ]
    }

    /// `svg VIEW -o FILE.svg` for a pitched view: ``PitchedViewDrawing``.
    static func pitchedView(_ scenario: ViewScenario, output: String) throws -> Int32 {
        let setup = try PitchedViewSetup(scenario)
        let c = setup.camera
        let name = scenario.name ?? scenario.source
        let terrainLine = setup.terrain.map { [Self.terrainCaption($0)] } ?? []
        var drawing = PitchedViewDrawing(
            camera: c, cover: setup.cover,
            caption: [
                "\(name) — \(scenario.summary ?? "")",
                "map zoom Z = \(fmt(c.mapZoom, decimals: 4)), view level \(c.level), levels "
                    + "\(c.levels.minLevel)…\(c.levels.maxLevel), bias \(fmt(c.levels.levelBias)) · bearing "
                    + "\(fmt(c.bearing))°, pitch \(fmt(c.pitch))°, fov \(fmt(c.fieldOfView))°, horizon limit "
                    + "\(fmt(c.horizon))° · screen \(fmt(c.screen.width))×\(fmt(c.screen.height)) points at "
                    + "\(fmt(c.screen.scale, decimals: 4)) px/pt at the centre",
                "cover: \(setup.cover.count) tiles (\(PitchedLevels.text(setup.countsPerLevel)))",
            ] + terrainLine)
        if let terrain = setup.terrain {
            drawing.elevations = setup.cover.map { terrain.bounds.range(of: $0.realTile) }
        }
        try Console.write(drawing.render(), to: output)
        print("wrote \(output): \(name), \(setup.cover.count) tiles (\(PitchedLevels.text(setup.countsPerLevel)))")
        return 0
    }

    /// `svg SCENARIO [--frame N] -o FILE.svg` for a scenario with a chase camera: the pitched view at frame N
    /// (default: the middle of the flight), with the aircraft's position marked; over terrain (`"terrain"`), the
    /// frame's cover over terrain (§14) with its boxes shaded by their upper bound.
    static func pitchedScenario(
        _ setup: ScenarioSetup, camera chase: ChaseCamera, args: Arguments, output: String
    ) throws -> Int32 {
        try FramesCommand.requireNoBand(setup)
        let frames = setup.frames
        let frame = try args.int("--frame", minimum: 0) ?? frames.count / 2
        guard frame < frames.count else {
            throw UsageError("--frame \(frame) is past the flight's last frame \(frames.count - 1)")
        }
        let pose = frames.pose(ofFrame: frame)
        let camera: PerspectiveCamera
        let cover: [PitchedTile]
        // Over terrain, the frame's cover over terrain (§14), its boxes shaded by their upper bound.
        var terrain: TerrainCamera?
        do {
            if chase.terrain != nil {
                let view = try chase.terrainCamera(at: pose, on: setup.grid)
                terrain = view
                camera = view.camera
                cover = try view.cover()
            } else {
                camera = try chase.camera(at: pose, on: setup.grid)
                cover = try camera.cover()
            }
        } catch { throw ScenarioError("\(setup.scenario.source): frame \(frame)", error) }
        let counts = PitchedLevels.counts(cover.lazy.map(\.level))
        let (t, _) = setup.timeAndGround(frame: frame, pose: pose)
        var drawing = PitchedViewDrawing(
            camera: camera, cover: cover,
            caption: [
                "\(setup.scenario.name) — frame \(frame) of \(frames.count), t = \(fmt(t)) s",
                "chase camera: look-ahead \(fmt(chase.lookAhead)) px, pitch \(fmt(chase.pitch))°, fov "
                    + "\(fmt(chase.fieldOfView))°, \(Self.zoomText(chase.zoom)) → map zoom Z = "
                    + "\(fmt(camera.mapZoom, decimals: 4)), view level \(camera.level) · heading "
                    + "\(fmt(pose.heading, decimals: 2))° · screen \(fmt(chase.width))×\(fmt(chase.height)) points",
                "cover: \(cover.count) tiles (\(PitchedLevels.text(counts)))",
            ] + (terrain.map { [Self.terrainCaption($0)] } ?? []))
        if let terrain {
            drawing.elevations = cover.map { terrain.bounds.range(of: $0.realTile) }
        }
        drawing.marks = [(pose.position, "aircraft")]
        try Console.write(drawing.render(), to: output)
        print("wrote \(output): \(setup.scenario.name), frame \(frame) of \(frames.count), \(cover.count) tiles")
        return 0
    }

    /// The caption's line for a camera over terrain: the eye's altitude, the bounds under it, the pyramid's depth.
    static func terrainCaption(_ terrain: TerrainCamera) -> String {
        let top = terrain.eyeTile.map { terrain.bounds.range(of: $0) } ?? terrain.bounds.root
        return "over terrain: eye \(fmt(terrain.eyeAltitude, decimals: 1)) m above the datum, the tile under it "
            + "\(top); bounds to level \(terrain.bounds.deepestLevel) (root \(terrain.bounds.root)); boxes "
            + "shaded brown by their upper bound"
    }

    /// `altitude A m` or `map zoom Z`.
    static func zoomText(_ zoom: ChaseCamera.Zoom) -> String {
        switch zoom {
        case .mapZoom(let z): return "map zoom \(fmt(z))"
        case .altitude(let a): return "altitude \(fmt(a)) m"
        case .heightAboveTerrain(let h): return "\(fmt(h)) m above terrain"
        }
    }
}
