import MercatorMath
import StencilKit

/// The machine-readable outputs: stencil, frames and plan, written as they are produced (their size grows with the
/// stencil's runs, the frames or the plan's segments, and may be large), and the benchmark results.
enum JSONOutput {
    /// `{"unwrappedTiles", "realTiles", "bytes", "clipped", "unwrappedRuns": [[row, first, last], ...], "realRuns"}`:
    /// the stencil as column runs, row-major, one run a line.
    /// - Complexity: O(runs) time; memory O(1) beyond the stencil.
    static func writeStencil(_ stencil: Stencil, format: TextureFormat, to out: inout StandardOutput) {
        out.write("{\n")
        // `unwrapped`, `real` ([[i, j], ...] row-major) and `bytes` keep the format every version has printed; the
        // counts and runs follow. Tiles are written as they are iterated: memory O(1) beyond the stencil.
        for (key, set) in [("unwrapped", stencil.unwrapped), ("real", stencil.real)] {
            out.write("  \"\(key)\": [")
            var first = true
            for tile in set {
                out.write((first ? "" : ", ") + "[\(tile.column), \(tile.row)]")
                first = false
            }
            out.write("],\n")
        }
        out.write("  \"unwrappedTiles\": \(stencil.unwrapped.count),\n")
        out.write("  \"realTiles\": \(stencil.real.count),\n")
        out.write("  \"bytes\": \(stencil.bytes(for: format)),\n")
        out.write("  \"clipped\": \(stencil.isClipped),\n")
        out.write("  \"unwrappedRuns\": ")
        writeRuns(stencil.unwrapped, indent: "  ", to: &out)
        out.write(",\n  \"realRuns\": ")
        writeRuns(stencil.real, indent: "  ", to: &out)
        out.write("\n}\n")
        out.flush()
    }

    /// A tile set as `[[row, first, last], ...]`, one run a line below `indent` (`[]` when empty).
    static func writeRuns(_ set: TileSet, indent: String, to out: inout StandardOutput) {
        guard !set.isEmpty else {
            out.write("[]")
            return
        }
        out.write("[\n")
        for (i, span) in set.spans.enumerated() {
            out.write("\(indent)  [\(span.row), \(span.first), \(span.last)]\(i + 1 < set.spans.count ? "," : "")\n")
        }
        out.write("\(indent)]")
    }

    /// A tile set as runs on one line: `[[row, first, last], ...]`.
    static func inlineRuns(_ set: TileSet) -> String {
        "[" + set.spans.map { "[\($0.row), \($0.first), \($0.last)]" }.joined(separator: ", ") + "]"
    }

    /// One lap's frames (the whole flight, one-way), one a line: `s` is the along-track position the plan measures
    /// (on a racetrack the position projected on u(θ) from P_A; on any other track the arc length flown), `piece`
    /// the index of the track piece (on a racetrack 0 outbound, 1 the turn at B, 2 inbound, 3 the turn at A), `x`,
    /// `y` the unwrapped pixel position moved by the lateral offset, `heading` in degrees, `tiles` the visible
    /// unwrapped tiles row-major.
    /// - Complexity: O(frames × visible tiles) time, memory O(visible tiles of one frame): each frame is written
    ///   as soon as it is culled.
    static func writeFrames(
        _ setup: ScenarioSetup, offset: Double, progress: Progress, to out: inout StandardOutput
    ) throws(StencilError) {
        var buffer: [VisibleTile] = []
        let frames = setup.frames
        out.write("[\n")
        for k in 0..<frames.count {
            if k % 4096 == 0 {
                progress.update("frames: frame \(Figures.count(k)) of \(Figures.count(frames.count))")
            }
            let pose = frames.pose(ofFrame: k)
            let view = try setup.track.cull(pose, lateralOffset: offset, into: &buffer)
            let tiles = buffer.map { "[\($0.tile.column), \($0.tile.row)]" }.joined(separator: ", ")
            out.write(
                "  {\"s\": \(JSONValue.format(setup.alongTrackPosition(of: pose))), \"piece\": \(pose.piece), "
                    + "\"x\": \(JSONValue.format(view.footprint.origin.x)), "
                    + "\"y\": \(JSONValue.format(view.footprint.origin.y)), "
                    + "\"heading\": \(JSONValue.format(pose.heading)), \"tiles\": [\(tiles)]}"
                    + (k + 1 < frames.count ? ",\n" : "\n"))
        }
        out.write("]\n")
        out.flush()
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

    /// The plan: segments with their working sets, split points, crossings with load and evict lists (all tile
    /// sets as runs `[[row, first, last], ...]`), peak bytes. Bytes are tiles × bytes per tile, saturating at
    /// `Int.max`.
    /// - Complexity: O(segments + crossings + their runs); memory O(1) beyond the plan.
    static func writePlan(_ plan: BudgetPlan, budgetBytes: Int?, progress: Progress, to out: inout StandardOutput) {
        let format = plan.format
        out.write("{\n")
        out.write("  \"policy\": \"\(plan.policy.rawValue)\",\n")
        out.write("  \"budgetBytes\": \(budgetBytes.map { "\($0)" } ?? "null"),\n")
        out.write("  \"capacityTiles\": \(plan.capacity),\n")
        out.write("  \"bytesPerTile\": \(format.bytesPerTile),\n")
        out.write("  \"segments\": [\n")
        for (i, segment) in plan.segments.enumerated() {
            if i % 4096 == 0 {
                progress.update("plan: segment \(Figures.count(i)) of \(Figures.count(plan.segments.count))")
            }
            out.write(
                "    {\"from\": \(JSONValue.format(segment.range.lower)), \"to\": \(JSONValue.format(segment.range.upper)), "
                    + "\"tiles\": \(segment.workingSet.count), "
                    + "\"bytes\": \(format.bytes(forTiles: segment.workingSet.count)), "
                    + "\"workingSetRuns\": \(inlineRuns(segment.workingSet))}"
                    + (i + 1 < plan.segments.count ? ",\n" : "\n"))
        }
        out.write("  ],\n  \"splits\": [")
        for (i, split) in plan.splitPositions.enumerated() {
            out.write((i > 0 ? ", " : "") + JSONValue.format(split))
        }
        out.write("],\n  \"crossings\": [\n")
        for (i, c) in plan.crossings.enumerated() {
            if i % 4096 == 0 {
                progress.update("plan: crossing \(Figures.count(i)) of \(Figures.count(plan.crossings.count))")
            }
            out.write(
                "    {\"position\": \(JSONValue.format(c.position)), \"from\": \(c.from), \"to\": \(c.to), "
                    + "\"loadRuns\": \(inlineRuns(c.load)), \"evictRuns\": \(inlineRuns(c.evict))}"
                    + (i + 1 < plan.crossings.count ? ",\n" : "\n"))
        }
        out.write("  ],\n")
        out.write("  \"initialLoads\": \(plan.initialLoads),\n")
        out.write("  \"loadsPerLoop\": \(plan.loadsPerLoop),\n")
        out.write("  \"peakTiles\": \(plan.peakResidentTiles),\n")
        out.write("  \"peakBytes\": \(plan.peakBytes)\n")
        out.write("}\n")
        out.flush()
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

    /// One checked target (``SetupTargets``), times in milliseconds.
    static func target(_ c: TargetCheck) -> JSONValue {
        let ms = 1000.0
        return .object([
            ("work", .string(c.work.rawValue)),
            ("p50TargetMs", .number(c.target * ms)),
            ("p50Ms", .number(c.p50 * ms)),
            ("p99Ms", .number(c.p99 * ms)),
            ("bestP50Ms", .number(c.bestP50 * ms)),
            ("timings", .int(c.timings)),
            ("met", .bool(c.met)),
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
            ("frameStride", .int(r.frameStride)),
            ("frameRepetitions", .int(r.frameRepetitions)),
            ("bruteForceFrames", .int(r.bruteForceFrames)),
            ("planError", r.planError.map { .string($0) } ?? .null),
            ("budgetMs", .number(r.budget * ms)),
            ("headroom", .number(r.headroom)),
            ("targets", .array(r.targets.map(target))),
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
            ("limits", .array(r.limits.map { .string($0) })),
        ])
    }

    static func ratio(_ a: Int, _ b: Int) -> Double { b > 0 ? Double(a) / Double(b) : 0 }
}
