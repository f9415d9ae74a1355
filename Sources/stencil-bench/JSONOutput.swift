import MercatorMath
import StencilKit

/// The machine-readable outputs: stencil, frames, plan and benchmark results.
enum JSONOutput {
    /// `{"unwrapped": [[i, j], ...], "real": [[c, j], ...], "bytes": n}`, tiles row-major.
    static func stencil(_ stencil: Stencil, format: TextureFormat) -> JSONValue {
        .object([
            ("unwrapped", .tiles(stencil.unwrapped)),
            ("real", .tiles(stencil.real)),
            ("bytes", .int(stencil.bytes(for: format))),
        ])
    }

    /// One lap's frames (the whole flight, one-way): `s` is the along-track position the plan measures (on a
    /// racetrack the position projected on u(θ) from P_A; on any other track the arc length flown), `piece` the
    /// index of the track piece (on a racetrack 0 outbound, 1 the turn at B, 2 inbound, 3 the turn at A), `x`, `y`
    /// the unwrapped pixel position moved by the lateral offset, `heading` in degrees, `tiles` the visible
    /// unwrapped tiles row-major.
    static func frames(_ setup: ScenarioSetup, offset: Double) throws(StencilError) -> JSONValue {
        var buffer: [VisibleTile] = []
        var items: [JSONValue] = []
        let frames = setup.frames
        items.reserveCapacity(frames.count)
        for pose in frames {
            items.append(try frame(setup, pose, offset: offset, buffer: &buffer))
        }
        return .array(items)
    }

    /// One frame's object (see ``frames(_:offset:)``).
    static func frame(_ setup: ScenarioSetup, _ pose: TrackPose, offset: Double, buffer: inout [VisibleTile])
        throws(StencilError) -> JSONValue
    {
        let view = try setup.track.cull(pose, lateralOffset: offset, into: &buffer)
        return .object([
            ("s", .number(setup.alongTrackPosition(of: pose))),
            ("piece", .int(pose.piece)),
            ("x", .number(view.footprint.origin.x)),
            ("y", .number(view.footprint.origin.y)),
            ("heading", .number(pose.heading)),
            ("tiles", .tiles(buffer.map(\.tile))),
        ])
    }

    /// `{"error": {"kind": K, "message": "...", ...}}` for a refused scenario: K is the library's
    /// ``StencilError/kind`` (or `badParameter` for a bad field), plus the figures the message names.
    static func error(_ error: ScenarioError) -> JSONValue {
        var fields: [(key: String, value: JSONValue)] = [
            ("kind", .string(error.kind)), ("message", .string(error.message)),
        ]
        fields += error.figures.map { ($0.key, .number($0.value)) }
        return .object([("error", .object(fields))])
    }

    /// The plan: segments with their working sets, split points, crossings with load/evict lists, peak bytes.
    static func plan(_ plan: BudgetPlan) -> JSONValue {
        let bpt = plan.format.bytesPerTile
        return .object([
            ("policy", .string(plan.policy.rawValue)),
            ("capacityTiles", .int(plan.capacity)),
            ("bytesPerTile", .int(bpt)),
            (
                "segments",
                .array(
                    plan.segments.map { segment in
                        .object([
                            ("from", .number(segment.range.lower)), ("to", .number(segment.range.upper)),
                            ("tiles", .int(segment.workingSet.count)), ("bytes", .int(segment.workingSet.count * bpt)),
                            ("workingSet", .tiles(segment.workingSet)),
                        ])
                    })
            ),
            ("splits", .array(plan.splitPositions.map { .number($0) })),
            (
                "crossings",
                .array(
                    plan.crossings.map { c in
                        .object([
                            ("position", .number(c.position)), ("from", .int(c.from)), ("to", .int(c.to)),
                            ("load", .tiles(c.load)), ("evict", .tiles(c.evict)),
                        ])
                    })
            ),
            ("initialLoads", .int(plan.initialLoads)),
            ("loadsPerLoop", .int(plan.loadsPerLoop)),
            ("peakTiles", .int(plan.peakResidentTiles)),
            ("peakBytes", .int(plan.peakBytes)),
        ])
    }

    /// The results of a run. Times are in milliseconds.
    static func results(_ results: [ScenarioResult], settings: BenchmarkSettings, violations: [String]) -> JSONValue {
        .object([
            ("tool", .string("stencil-bench")),
            ("formatVersion", .int(1)),
            ("mode", .string(settings.quick ? "quick" : "full")),
            ("units", .string("times in milliseconds; sizes in tiles and bytes; positions in terrain pixels")),
            (
                "settings",
                .object([
                    ("frameRepetitions", .int(settings.frameRepetitions)),
                    ("setupRepetitions", .int(settings.setupRepetitions)),
                    ("planRepetitions", .int(settings.planRepetitions)),
                    ("frameStride", .int(settings.frameStride)),
                    ("budgetMs", settings.budgetMs.map { .number($0) } ?? .null),
                    ("fps", settings.fps.map { .number($0) } ?? .null),
                ])
            ),
            ("scenarios", .array(results.map(scenario))),
            ("violations", .array(violations.map { .string($0) })),
            ("verdict", .string(violations.isEmpty ? "pass" : "fail")),
        ])
    }

    static func scenario(_ r: ScenarioResult) -> JSONValue {
        let f = r.fixedRadius
        let ms = 1000.0
        return .object([
            ("name", .string(r.name)),
            ("description", r.summary.map { .string($0) } ?? .null),
            ("frames", .int(r.frames)),
            ("framesMeasured", .int(r.framesMeasured)),
            ("budgetMs", .number(r.budget * ms)),
            ("headroom", .number(r.headroom)),
            (
                "sizes",
                .object([
                    ("tilesPerFrame", r.tilesPerFrame.json),
                    ("stencilTiles", .int(r.stencilTiles)),
                    ("stencilUnwrappedTiles", .int(r.stencilUnwrappedTiles)),
                    ("stencilBytes", .int(r.stencilBytes)),
                    ("segments", .int(r.segments)),
                    ("splits", .array(r.splits.map { .number($0) })),
                    ("initialLoads", .int(r.initialLoads)),
                    ("loadsPerLoop", .int(r.loadsPerLoop)),
                    ("peakBytes", .int(r.peakBytes)),
                    ("capacityTiles", .int(r.capacity)),
                ])
            ),
            (
                "timesMs",
                .object([
                    ("stencilSetup", r.setup.scaled(by: ms).json),
                    ("plan", r.plan.scaled(by: ms).json),
                    ("frameWork", r.frameWork.scaled(by: ms).json),
                    ("culling", r.culling.scaled(by: ms).json),
                    ("segmentSwitch", r.segmentSwitch.scaled(by: ms).json),
                    ("bruteForceCulling", r.bruteForce.scaled(by: ms).json),
                ])
            ),
            (
                "baselines",
                .object([
                    (
                        "fixedRadius",
                        .object([
                            ("radius", .number(f.radius)),
                            ("tiles", .int(f.tiles)),
                            ("realTiles", .int(f.realTiles)),
                            ("bytes", .int(f.bytes)),
                            ("tileRatio", .number(ratio(f.tiles, r.stencilUnwrappedTiles))),
                            ("byteRatio", .number(ratio(f.bytes, r.stencilBytes))),
                            ("missedTiles", .int(f.missed)),
                            ("extraTiles", .int(f.extra)),
                        ])
                    ),
                    (
                        "bruteForce",
                        .object([
                            ("timeRatioP50", .number(r.culling.p50 > 0 ? r.bruteForce.p50 / r.culling.p50 : 0)),
                            ("timeRatioMean", .number(r.culling.mean > 0 ? r.bruteForce.mean / r.culling.mean : 0)),
                            ("mismatchedFrames", .int(r.mismatchedFrames)),
                        ])
                    ),
                ])
            ),
            ("violations", .array(r.violations.map { .string($0) })),
            ("notes", .array(r.notes.map { .string($0) })),
        ])
    }

    static func ratio(_ a: Int, _ b: Int) -> Double { b > 0 ? Double(a) / Double(b) : 0 }
}
