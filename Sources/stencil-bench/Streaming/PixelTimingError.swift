import Foundation
import MercatorMath
import StencilKit

/// What the old approach's px/s timing gets wrong on a scenario flown at ground speeds (the geometry model's "Ground
/// units and time", §12): before ground units, a front end flew the track at one px speed, the ground speed times
/// κ(φ̄) = k / (R·cos φ̄) px per metre at the route's mean latitude φ̄. Mercator stretches the ground by 1 / cos φ, so
/// that aircraft runs ahead of the real one where the route is south of φ̄ and falls behind north of it.
///
/// Measured over every frame of the true flight (frame k at t_k = k / fps):
/// - **position**: the distance in px between the pose the old timing shows at t_k and the true pose at t_k (and
///   about how many metres that is at the true pose's latitude);
/// - **time**: T(old pose) − t_k, T the true timetable's ETA of a pose (``/StencilKit/TrackTimetable/time(at:)``):
///   how much later (positive) or earlier the real aircraft reaches the place the old timing shows;
/// - **stalls**: the streaming schedule planned on the old timing's needs, replayed by its driver through the
///   ``LoaderSimulator`` against the needs at the true times, with the same capacity and loader; beside it, the
///   schedule planned on the true needs, replayed the same way (stall-free).
///
/// The old approach's one speed: the ground speed when the scenario gives one, else the mean ground speed, the ground
/// length ÷ the time spent flying it (pivots excluded). Its mean latitude: the mean over the ground length flown (a
/// straight piece counts (φ₀ + φ₁) / 2, exact on a rhumb line where φ is linear in distance; a turn its centre's).
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct PixelTimingError {
    /// One replay of the old schedule against the true needs.
    struct Replay {
        var loaderName: String
        var loader: LoaderModel
        /// The capacity both schedules are planned at, and where it comes from.
        var capacity: Int
        var capacitySource: String
        /// The old schedule replayed at the true times, or why the library refused to plan it.
        var old: StreamingOutcome?
        var oldRefusal: String?
        /// The schedule planned on the true needs, replayed the same way, or why it was refused.
        var ground: StreamingOutcome?
        var groundRefusal: String?
    }

    let setup: ScenarioSetup
    /// φ̄ in degrees, the old approach's ground speed v̄ in m/s, and its px speed v̄·κ(φ̄) in px/s.
    let meanLatitude: Double
    let meanSpeed: Double
    let pixelSpeed: Double
    /// The flight's duration at the true ground timing and at the old px timing, seconds.
    let groundDuration: Double
    let pixelDuration: Double
    /// The frames compared (the true flight's).
    let frames: Int
    /// The worst position error: its frame, px, and about how many metres at the true pose.
    var worstDistance: (frame: Int, pixels: Double, metres: Double) = (0, 0, 0)
    /// The worst time error: its frame and T(old pose) − t_k in seconds.
    var worstTime: (frame: Int, seconds: Double) = (0, 0)
    var replays: [Replay] = []
    /// The pose of a frame, ``/StencilKit/TrackFrames/pose(ofFrame:)``, at the ground timing and at the old px timing:
    /// seconds per pose (each sample the mean of a batch of ``poseBatch`` consecutive frames, over every frame), and
    /// heap allocations over a pass of every frame at the ground timing (nil where they are not counted).
    var groundPose = Percentiles([])
    var pixelPose = Percentiles([])
    var groundPoseAllocations: Int?
    /// Frames per timed batch of poses (one pose is too short for the clock).
    static let poseBatch = 64

    /// Measures `setup`, which must be flown at a ground timing, with each of `loaders` at the old schedule's
    /// smallest capacity and at `capacity` (the scenario's budget when nil).
    /// - Throws: ``ScenarioError`` for a scenario flown at a px/s speed or a library refusal.
    init(_ setup: ScenarioSetup, loaders: [LoaderSetting], capacity: Int?, progress: Progress) throws(ScenarioError) {
        guard let ground = setup.timing.ground else {
            throw ScenarioError(
                "\(setup.scenario.source) is flown at a px/s speed (flight.speed): give it a ground speed "
                    + "(flight.groundSpeed, knots or kmh) to compare the two timings")
        }
        self.setup = setup
        let truth = setup.timetable
        let track = setup.track
        let grid = track.grid
        let body = ground.body ?? grid.defaultBody
        let groundStarts = truth.groundStarts ?? []
        // φ̄ over the ground length, and the time spent flying it.
        var weighted = 0.0
        var length = 0.0
        var moving = 0.0
        for (i, piece) in track.pieces.enumerated() {
            let g = groundStarts[i + 1] - groundStarts[i]
            guard g > 0 else { continue }
            let latitude: Double
            switch piece {
            case .straight(let p):
                latitude = (grid.latitude(atPixelY: p.start.y) + grid.latitude(atPixelY: p.end.y)) / 2
            case .turn(let p):
                latitude = grid.latitude(atPixelY: p.center.y)
            }
            weighted += g * latitude
            length += g
            moving += truth.pieceStarts[i + 1] - truth.pieceStarts[i]
        }
        meanLatitude = length > 0 ? weighted / length : grid.latitude(atPixelY: track.pieces[0].start.y)
        meanSpeed = ground.speeds.count == 1 || moving == 0 ? ground.speeds[0] : length / moving
        pixelSpeed = meanSpeed * grid.pixelsPerMetre(atLatitude: meanLatitude, on: body)
        let old: TrackTimetable
        let oldFrames: TrackFrames
        do {
            let timing = try FlightTiming(
                speed: pixelSpeed, framesPerSecond: ground.framesPerSecond, turnRate: ground.turnRate)
            old = TrackTimetable(track: track, timing: timing)
            oldFrames = try TrackFrames(timetable: old)
        } catch {
            throw ScenarioError(setup.scenario.source, error)
        }
        groundDuration = truth.duration
        pixelDuration = old.duration
        frames = setup.frames.count

        // Position and time, frame by frame.
        progress.update("ground: comparing \(Figures.count(frames)) frames")
        let lap = truth.duration
        for k in 0..<frames {
            let t = setup.frames.time(ofFrame: k)
            let real = setup.frames.pose(ofFrame: k)
            let shown = old.pose(atTime: t)
            let pixels = (shown.position - real.position).length
            if pixels > worstDistance.pixels {
                let metres =
                    pixels / grid.pixelsPerMetre(atLatitude: grid.latitude(atPixelY: real.position.y), on: body)
                worstDistance = (k, pixels, metres)
            }
            var seconds = truth.time(at: shown) - t
            if track.closure.isClosed && lap > 0 {
                // The same place a lap earlier or later: the nearest.
                seconds -= (seconds / lap).rounded() * lap
            }
            if abs(seconds) > abs(worstTime.seconds) { worstTime = (k, seconds) }
        }

        // What a frame's pose costs at each timing.
        progress.update("ground: timing poses")
        groundPose = Self.timePoses(setup.frames)
        pixelPose = Self.timePoses(oldFrames)
        let frames = setup.frames
        groundPoseAllocations = AllocationCounter.count {
            for k in 0..<frames.count { blackHole(frames.pose(ofFrame: k)) }
        }

        // The schedules, replayed against the true needs.
        progress.update("ground: the needs at both timings")
        let trueNeeds: Needs<TileIndex>
        let oldNeeds: Needs<TileIndex>
        do {
            trueNeeds = try Needs<TileIndex>(frames: setup.frames)
            oldNeeds = try Needs<TileIndex>(frames: oldFrames)
        } catch {
            throw ScenarioError(setup.scenario.source, error)
        }
        var numbers = TileNumbering(needs: trueNeeds, grid: track.grid)
        for tile in oldNeeds.tiles { _ = numbers.number(of: tile) }
        let needs = FrameIntervals(needs: trueNeeds, numbers: numbers)
        let budgetCapacity = setup.budget.capacity(for: setup.format)
        for setting in loaders {
            let loader = setting.loader
            let smallest = StreamingSchedule.smallestCapacity(for: oldNeeds, loader: loader)
            var capacities = [(smallest, "old Ĉ")]
            if let capacity {
                capacities = [(capacity, "--capacity")]
            } else if budgetCapacity != smallest {
                capacities.append((budgetCapacity, "budget"))
            }
            for (capacity, source) in capacities {
                progress.update("ground: \(setting.name), capacity \(capacity)")
                var replay = Replay(
                    loaderName: setting.name, loader: loader, capacity: capacity, capacitySource: source)
                func fly(_ planned: Needs<TileIndex>) -> Result<StreamingOutcome, StencilError> {
                    Result { () throws(StencilError) in
                        let schedule = try StreamingSchedule(needs: planned, capacity: capacity, loader: loader)
                        var method = SchedulePlayback(schedule: schedule, numbers: numbers)
                        return LoaderSimulator.run(
                            &method, capacity: capacity, loader: loader, needs: needs,
                            framesPerSecond: trueNeeds.framesPerSecond, tileCount: numbers.count)
                    }
                }
                switch fly(oldNeeds) {
                case .success(let outcome): replay.old = outcome
                case .failure(let error): replay.oldRefusal = Self.refusal(error)
                }
                switch fly(trueNeeds) {
                case .success(let outcome): replay.ground = outcome
                case .failure(let error): replay.groundRefusal = Self.refusal(error)
                }
                replays.append(replay)
            }
        }
    }

    /// Seconds per ``/StencilKit/TrackFrames/pose(ofFrame:)`` over every frame, in batches of ``poseBatch`` frames,
    /// after an untimed pass.
    static func timePoses(_ frames: TrackFrames) -> Percentiles {
        for k in 0..<frames.count { blackHole(frames.pose(ofFrame: k)) }
        let clock = ContinuousClock()
        var samples: [Double] = []
        samples.reserveCapacity(frames.count / poseBatch + 1)
        for first in Swift.stride(from: 0, to: frames.count, by: poseBatch) {
            let last = min(frames.count, first + poseBatch)
            let start = clock.now
            for k in first..<last { blackHole(frames.pose(ofFrame: k)) }
            samples.append(Timing.seconds(clock.now - start) / Double(last - first))
        }
        return Percentiles(samples)
    }

    /// A short reason for a refused schedule.
    static func refusal(_ error: StencilError) -> String {
        if case .infeasibleSchedule(let reason) = error { return "refused (needs ≥ \(reason.smallestCapacity))" }
        return "refused: \(error)"
    }

    /// The report as text.
    var text: String {
        let name = setup.scenario.name
        let fps = setup.timing.framesPerSecond
        let when = { (k: Int) in "frame \(Figures.count(k)), t = \(fmt(Double(k) / fps, decimals: 1)) s" }
        var out =
            "\(name): the old px/s timing against the ground timing (\(Figures.count(frames)) frames at "
            + "\(fmt(fps)) fps)\n"
            + "  old approach: one speed \(fmt(meanSpeed)) m/s × κ(φ̄ = \(fmt(meanLatitude, decimals: 4))°) = "
            + "\(fmt(pixelSpeed, decimals: 4)) px/s\n"
            + "  duration: \(fmt(groundDuration, decimals: 1)) s flown at the ground speed, "
            + "\(fmt(pixelDuration, decimals: 1)) s at the px speed (\(signed(pixelDuration - groundDuration)) s)\n"
            + "  worst position: \(fmt(worstDistance.pixels, decimals: 1)) px "
            + "(≈ \(fmt(worstDistance.metres / 1000)) km) at \(when(worstDistance.frame))\n"
            + "  worst time: the real aircraft reaches the old pose \(signed(worstTime.seconds)) s "
            + "\(worstTime.seconds >= 0 ? "later" : "earlier") at \(when(worstTime.frame))\n"
        let ns = { (x: Double) in fmt(x * 1e9, decimals: 1) }
        out +=
            "  a frame's pose (batches of \(Self.poseBatch) frames): at the ground timing "
            + "p50 \(ns(groundPose.p50)) ns, p99 \(ns(groundPose.p99)) ns, \(groundPoseAllocations.map { "\($0)" } ?? "uncounted") allocations "
            + "over all frames; at the px timing p50 \(ns(pixelPose.p50)) ns, p99 \(ns(pixelPose.p99)) ns\n"
        var table = TextTable(header: [
            ["loader", "capacity", "", "old schedule at true times", "", "", "", "", "ground schedule", ""],
            ["", "C", "from", "stalled", "first at s", "stall s", "longest s", "missing", "stalled", "stall s"],
        ])
        var loaders: [String] = []
        for r in replays {
            let loader = "\(r.loaderName): λ = \(fmt(r.loader.latency)) s, μ = \(fmt(r.loader.throughput)) tiles/s"
            if !loaders.contains(loader) { loaders.append(loader) }
            var cells = [r.loaderName, Figures.count(r.capacity), r.capacitySource]
            if let o = r.old {
                cells += [
                    Figures.count(o.stalledFrames.count),
                    o.stalledFrames.first.map { fmt(Double($0) / fps, decimals: 1) } ?? "–",
                    fmt(o.stallTime, decimals: 3), fmt(o.longestStall, decimals: 3), Figures.count(o.absentNeeds),
                ]
            } else {
                cells += [r.oldRefusal ?? "–", "", "", "", ""]
            }
            if let o = r.ground {
                cells += [Figures.count(o.stalledFrames.count), fmt(o.stallTime, decimals: 3)]
            } else {
                cells += [r.groundRefusal ?? "–", ""]
            }
            table.add(cells)
        }
        out += table.rendered + "\n"
        out += "  loaders: " + loaders.joined(separator: "; ") + "\n"
        out +=
            "  old schedule: planned on the needs at the px timing (at C = the old needs' smallest capacity Ĉ, and\n"
            + "  the scenario's budget), replayed by its driver against the needs at the true times; a stall freezes\n"
            + "  the flight. missing: needed tiles it had not requested or had evicted, loaded on demand. Ground\n"
            + "  schedule: planned on the needs at the true times, same C and loader. first at: the first stalled\n"
            + "  frame's time.\n"
        return out
    }

    /// The report as JSON.
    var json: JSONValue {
        func outcome(_ o: StreamingOutcome?, _ refusal: String?) -> JSONValue {
            guard let o else { return .object([("refused", .string(refusal ?? ""))]) }
            return .object([
                ("stalledFrames", .int(o.stalledFrames.count)),
                ("firstStalledFrame", o.stalledFrames.first.map { .int(Int($0)) } ?? .null),
                ("stallSeconds", .number(o.stallTime)),
                ("longestStallSeconds", .number(o.longestStall)), ("missingTiles", .int(o.absentNeeds)),
                ("requests", .int(o.requests)), ("overflows", .int(o.overflows)),
            ])
        }
        let fps = setup.timing.framesPerSecond
        return .object([
            ("scenario", .string(setup.scenario.name)),
            ("frames", .int(frames)),
            ("fps", .number(fps)),
            ("meanLatitude", .number(meanLatitude)),
            ("meanGroundSpeed", .number(meanSpeed)),
            ("pixelSpeed", .number(pixelSpeed)),
            ("groundDuration", .number(groundDuration)),
            ("pixelDuration", .number(pixelDuration)),
            (
                "worstPosition",
                .object([
                    ("frame", .int(worstDistance.frame)), ("t", .number(Double(worstDistance.frame) / fps)),
                    ("px", .number(worstDistance.pixels)), ("metres", .number(worstDistance.metres)),
                ])
            ),
            (
                "worstTime",
                .object([
                    ("frame", .int(worstTime.frame)), ("t", .number(Double(worstTime.frame) / fps)),
                    ("seconds", .number(worstTime.seconds)),
                ])
            ),
            (
                "poseSeconds",
                .object([
                    ("groundP50", .number(groundPose.p50)), ("groundP99", .number(groundPose.p99)),
                    ("groundAllocations", groundPoseAllocations.map { .int($0) } ?? .null),
                    ("pixelsP50", .number(pixelPose.p50)), ("pixelsP99", .number(pixelPose.p99)),
                ])
            ),
            (
                "replays",
                .array(
                    replays.map { r in
                        .object([
                            ("loader", .string(r.loaderName)), ("latency", .number(r.loader.latency)),
                            ("throughput", .number(r.loader.throughput)), ("capacity", .int(r.capacity)),
                            ("capacityFrom", .string(r.capacitySource)), ("old", outcome(r.old, r.oldRefusal)),
                            ("ground", outcome(r.ground, r.groundRefusal)),
                        ])
                    })
            ),
        ])
    }

    private func signed(_ x: Double) -> String { (x >= 0 ? "+" : "") + fmt(x, decimals: 1) }
}
