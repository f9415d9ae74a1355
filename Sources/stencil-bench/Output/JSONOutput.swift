import MercatorMath
import StencilKit
import StencilScenarios

/// The machine-readable outputs: stencil, frames and plan, streamed through ``JSONStream`` as they are produced
/// (their size grows with the stencil's runs, the frames or the plan's segments, and may be large), and the
/// benchmark results and refusals as ``JSONValue`` documents.
enum JSONOutput {
    /// `{"unwrapped", "real", "unwrappedTiles", "realTiles", "bytes", "clipped", "unwrappedRuns": [[row, first,
    /// last], ...], "realRuns"}`: the stencil's tiles (`[[i, j], ...]` row-major), counts and bytes, then its column
    /// runs, one run a line.
    /// - Complexity: O(tiles) time; memory O(1) beyond the stencil.
    static func writeStencil(_ stencil: Stencil, format: TextureFormat) {
        var json = JSONStream()
        // `unwrapped`, `real` ([[i, j], ...] row-major) and `bytes` keep the format every version has printed; the
        // counts and runs follow. Tiles are written as they are iterated: memory O(1) beyond the stencil.
        for (key, set) in [("unwrapped", stencil.unwrapped), ("real", stencil.real)] {
            json.beginArray(key, items: .inline)
            for tile in set { json.item(.tile(tile)) }
            json.endArray()
        }
        json.field("unwrappedTiles", .int(stencil.unwrapped.count))
        json.field("realTiles", .int(stencil.real.count))
        json.field("bytes", .int(stencil.bytes(for: format)))
        json.field("clipped", .bool(stencil.isClipped))
        for (key, set) in [("unwrappedRuns", stencil.unwrapped), ("realRuns", stencil.real)] {
            json.beginArray(key, items: .lines())
            for span in set.spans { json.item(.run(span)) }
            json.endArray()
        }
        json.finish()
    }

    /// One lap's frames (the whole flight, one-way), one a line: `t` is the frame's time k / fps in seconds, `g` (at
    /// a ground timing only) the ground distance flown in metres, `s` the along-track position the plan measures
    /// (on a racetrack the position projected on u(θ) from P_A; on any other track the arc length flown), `piece`
    /// the index of the track piece (on a racetrack 0 outbound, 1 the turn at B, 2 inbound, 3 the turn at A), `x`,
    /// `y` the unwrapped pixel position moved by the lateral offset, `heading` in degrees, `tiles` the visible
    /// unwrapped tiles row-major.
    /// - Complexity: O(frames × visible tiles) time, memory O(visible tiles of one frame): each frame is written
    ///   as soon as it is culled.
    static func writeFrames(_ setup: ScenarioSetup, offset: Double, progress: Progress) throws(StencilError) {
        var buffer: [VisibleTile] = []
        let frames = setup.frames
        var json = JSONStream(array: true)
        for k in 0..<frames.count {
            if k % 4096 == 0 {
                progress.update("frames: frame \(Figures.count(k)) of \(Figures.count(frames.count))")
            }
            let pose = frames.pose(ofFrame: k)
            let view = try setup.track.cull(pose, lateralOffset: offset, into: &buffer)
            let (t, g) = setup.timeAndGround(frame: k, pose: pose)
            var fields: [(key: String, value: JSONValue)] = [("t", .number(t))]
            if let g { fields.append(("g", .number(g))) }
            fields += [
                ("s", .number(setup.alongTrackPosition(of: pose))), ("piece", .int(pose.piece)),
                ("x", .number(view.footprint.origin.x)), ("y", .number(view.footprint.origin.y)),
                ("heading", .number(pose.heading)), ("tiles", .tiles(buffer.lazy.map(\.tile))),
            ]
            json.item(.object(fields))
        }
        json.finish()
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
    static func writePlan(_ plan: BudgetPlan, budgetBytes: Int?, progress: Progress) {
        let format = plan.format
        var json = JSONStream()
        json.field("policy", .string(plan.policy.rawValue))
        json.field("budgetBytes", budgetBytes.map { .int($0) } ?? .null)
        json.field("capacityTiles", .int(plan.capacity))
        json.field("bytesPerTile", .int(format.bytesPerTile))
        json.beginArray("segments", items: .lines(emptyOnTwoLines: true))
        for (i, segment) in plan.segments.enumerated() {
            if i % 4096 == 0 {
                progress.update("plan: segment \(Figures.count(i)) of \(Figures.count(plan.segments.count))")
            }
            json.item(
                .object([
                    ("from", .number(segment.range.lower)), ("to", .number(segment.range.upper)),
                    ("tiles", .int(segment.workingSet.count)),
                    ("bytes", .int(format.bytes(forTiles: segment.workingSet.count))),
                    ("workingSetRuns", .runs(segment.workingSet)),
                ]))
        }
        json.endArray()
        json.beginArray("splits", items: .inline)
        for split in plan.splitPositions { json.item(.number(split)) }
        json.endArray()
        json.beginArray("crossings", items: .lines(emptyOnTwoLines: true))
        for (i, c) in plan.crossings.enumerated() {
            if i % 4096 == 0 {
                progress.update("plan: crossing \(Figures.count(i)) of \(Figures.count(plan.crossings.count))")
            }
            json.item(
                .object([
                    ("position", .number(c.position)), ("from", .int(c.from)), ("to", .int(c.to)),
                    ("loadRuns", .runs(c.load)), ("evictRuns", .runs(c.evict)),
                ]))
        }
        json.endArray()
        json.field("initialLoads", .int(plan.initialLoads))
        json.field("loadsPerLoop", .int(plan.loadsPerLoop))
        json.field("peakTiles", .int(plan.peakResidentTiles))
        json.field("peakBytes", .int(plan.peakBytes))
        json.finish()
    }

    static func ratio(_ a: Int, _ b: Int) -> Double { b > 0 ? Double(a) / Double(b) : 0 }
}
