import Foundation
import MercatorMath
import StencilKit

/// How much to measure: repetitions, frame stride and the budget overrides.
struct BenchmarkSettings: Sendable {
    /// Short run for CI: fewer repetitions, every `frameStride`-th frame.
    var quick = false
    var frameRepetitions = 10
    var setupRepetitions = 200
    var planRepetitions = 50
    var frameStride = 1
    /// Per-frame budget in milliseconds, replacing 1/fps.
    var budgetMs: Double?
    /// Frame rate replacing every scenario's (and so the budget, unless `budgetMs` is given).
    var fps: Double?

    /// The settings of `--quick`.
    static func quickMode() -> BenchmarkSettings {
        BenchmarkSettings(quick: true, frameRepetitions: 1, setupRepetitions: 10, planRepetitions: 3, frameStride: 2)
    }
}

/// Everything measured for one scenario. Times are in seconds.
struct ScenarioResult: Sendable {
    var name: String
    var summary: String?
    /// Frames in one loop, and how many of them each repetition measured (fewer with a stride).
    var frames = 0
    var framesMeasured = 0
    var budget = 0.0
    var tilesPerFrame = Percentiles([])
    var stencilTiles = 0
    var stencilUnwrappedTiles = 0
    var stencilBytes = 0
    var segments = 0
    var splits: [Double] = []
    var loadsPerLoop = 0
    var initialLoads = 0
    var peakBytes = 0
    var capacity = 0
    var setup = Percentiles([])
    var plan = Percentiles([])
    /// Culling plus the plan step (segment lookup and, when it changes, the switch).
    var frameWork = Percentiles([])
    var culling = Percentiles([])
    var segmentSwitch = Percentiles([])
    var bruteForce = Percentiles([])
    var fixedRadius: (radius: Double, tiles: Int, realTiles: Int, bytes: Int, missed: Int, extra: Int) = (
        0, 0, 0, 0, 0, 0
    )
    var mismatchedFrames = 0
    var violations: [String] = []
    var notes: [String] = []

    /// Budget ÷ p99 of the per-frame work.
    var headroom: Double { frameWork.p99 > 0 ? budget / frameWork.p99 : .infinity }
}

/// Keeps a value alive so the optimiser cannot drop the work that made it.
@_optimize(none) @inline(never)
func blackHole<T>(_ value: T) {}

/// Measures one scenario: stencil setup, plan, per-frame work over every frame of one loop, the segment switches,
/// and the two baselines, checking brute-force culling and plan residency on every frame.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct ScenarioBenchmark {
    let setup: ScenarioSetup
    let stencil: Stencil
    let plan: BudgetPlan
    let settings: BenchmarkSettings

    /// Index of the crossing from segment `from` to `to` (`from * segments + to`), for neighbouring segments.
    private var crossingIndex: [Int: Int] {
        var map: [Int: Int] = [:]
        for (i, c) in plan.crossings.enumerated() { map[c.from * plan.segmentCount + c.to] = i }
        return map
    }

    func run() -> ScenarioResult {
        var result = ScenarioResult(name: setup.scenario.name, summary: setup.scenario.summary)
        let clock = ContinuousClock()
        let budget = setup.frameBudget(overrideMs: settings.budgetMs)
        result.budget = budget
        let name = setup.scenario.name
        let ms = { (s: Double) in Figures.time(s) }
        let budgetText = ms(budget)

        // Sizes.
        result.stencilTiles = stencil.tileCount
        result.stencilUnwrappedTiles = stencil.unwrapped.count
        result.stencilBytes = stencil.bytes(for: setup.format)
        result.segments = plan.segmentCount
        result.splits = plan.splitPositions
        result.loadsPerLoop = plan.loadsPerLoop
        result.initialLoads = plan.initialLoads
        result.peakBytes = plan.peakBytes
        result.capacity = plan.capacity

        // Stencil setup and plan.
        let setupSamples = Timing.repeated(settings.setupRepetitions, warmUp: 2) { blackHole(try? setup.makeStencil()) }
        result.setup = Percentiles(setupSamples)
        let planSamples = Timing.repeated(settings.planRepetitions, warmUp: 1) { blackHole(try? setup.makePlan()) }
        result.plan = Percentiles(planSamples)
        if let worst = setupSamples.max(), worst > budget {
            let again = Timing.repeated(3, warmUp: 0) { blackHole(try? setup.makeStencil()) }.min() ?? worst
            if again > budget {
                result.violations.append("\(name): stencil setup took \(ms(again)) > budget \(budgetText)")
            } else {
                result.notes.append(
                    "\(name): one stencil setup took \(ms(worst)); re-timed \(ms(again)) (scheduler noise, not counted)"
                )
            }
        }

        // Baseline 1: the fixed-radius stencil.
        let fixed = FixedRadiusStencil(track: setup.track, exact: stencil)
        result.fixedRadius = (
            fixed.radius, fixed.unwrapped.count, fixed.real.count,
            fixed.real.count * setup.format.bytesPerTile, fixed.missed.count, fixed.extra.count
        )

        // The frames measured.
        let frames = setup.frames
        let track = setup.track
        let indices = Array(stride(from: 0, to: frames.count, by: max(1, settings.frameStride)))
        let poses = indices.map { frames.pose(ofFrame: $0) }
        let offsets = indices.map { setup.weaveOffset(frame: $0) }
        result.frames = frames.count
        result.framesMeasured = poses.count

        let crossings = crossingIndex
        let capacityHint = (plan.segments.map(\.workingSet.count).max() ?? 0) * 2 + 16
        var resident = Set<TileIndex>(minimumCapacity: capacityHint)
        let firstSegment = plan.segmentIndex(for: poses[0])
        func reset() {
            resident.removeAll(keepingCapacity: true)
            for tile in plan.segments[firstSegment].workingSet { resident.insert(tile) }
        }
        func applySwitch(from a: Int, to b: Int) {
            var current = a
            while current != b {
                let next = current < b ? current + 1 : current - 1
                if let i = crossings[current * plan.segmentCount + next] {
                    let crossing = plan.crossings[i]
                    for tile in crossing.evict { resident.remove(tile) }
                    for tile in crossing.load { resident.insert(tile) }
                }
                current = next
            }
        }

        // Verification pass (also the warm-up): brute force agrees, every visible tile is resident.
        let brute = BruteForceCuller(stencil: stencil)
        var buffer: [VisibleTile] = []
        buffer.reserveCapacity(1024)
        var bruteBuffer: [VisibleTile] = []
        bruteBuffer.reserveCapacity(1024)
        var bruteTiles: [TileIndex] = []
        var ours: [TileIndex] = []
        var tileCounts: [Double] = []
        var residencyReports = 0
        var mismatchReports = 0
        reset()
        var segment = firstSegment
        for (n, pose) in poses.enumerated() {
            let frameName = "\(name): frame \(indices[n]) (\(setup.describe(pose)), offset \(fmt(offsets[n])) px)"
            guard (try? track.cull(pose, lateralOffset: offsets[n], into: &buffer)) != nil else {
                result.violations.append("\(frameName): culling threw")
                continue
            }
            let s = plan.segmentIndex(for: pose)
            if s != segment {
                applySwitch(from: segment, to: s)
                segment = s
            }
            tileCounts.append(Double(buffer.count))
            let drawn = buffer
            ours = drawn.map(\.tile).sorted()
            guard let footprint = try? track.footprint(of: pose, lateralOffset: offsets[n]) else { continue }
            brute.cull(footprint, into: &bruteBuffer)
            bruteTiles = bruteBuffer.map(\.tile).sorted()
            if ours != bruteTiles {
                result.mismatchedFrames += 1
                if mismatchReports < 5 {
                    mismatchReports += 1
                    let onlyOurs = ours.filter { !bruteTiles.contains($0) }
                    let onlyBrute = bruteTiles.filter { !ours.contains($0) }
                    let outside = onlyOurs.filter { !stencil.contains($0) }
                    result.violations.append(
                        "\(frameName): culling and brute force disagree — culling only \(list(onlyOurs))"
                            + (outside.isEmpty ? "" : " (not in the stencil: \(list(outside)))")
                            + ", brute force only \(list(onlyBrute))")
                }
            } else if !drawn.elementsEqual(bruteBuffer, by: { $0.tile == $1.tile }) {
                result.mismatchedFrames += 1
                if mismatchReports < 5 {
                    mismatchReports += 1
                    result.violations.append(
                        "\(frameName): culling and brute force find the same tiles but draw them in a different order")
                }
            }
            let missing = drawn.filter { !resident.contains($0.realTile) }.map(\.realTile)
            if !missing.isEmpty, residencyReports < 5 {
                residencyReports += 1
                result.violations.append(
                    "\(frameName): visible real tiles not resident in segment \(s): \(list(missing))")
            }
        }
        if result.mismatchedFrames > mismatchReports {
            result.violations.append("\(name): \(result.mismatchedFrames) frames in all disagree with brute force")
        }
        result.tilesPerFrame = Percentiles(tileCounts)

        // Timed passes: culling plus the plan step, into a reused buffer.
        let total = poses.count * settings.frameRepetitions
        var cullSamples = [Double](repeating: 0, count: total)
        var workSamples = [Double](repeating: 0, count: total)
        var switchSamples: [Double] = []
        switchSamples.reserveCapacity(plan.crossings.count * settings.frameRepetitions * 2 + 4)
        var switchFrames: [(frame: Int, from: Int, to: Int, seconds: Double)] = []
        var k = 0
        for _ in 0..<settings.frameRepetitions {
            reset()
            segment = firstSegment
            for n in 0..<poses.count {
                let pose = poses[n]
                let t0 = clock.now
                _ = try? track.cull(pose, lateralOffset: offsets[n], into: &buffer)
                let t1 = clock.now
                let s = plan.segmentIndex(for: pose)
                if s != segment {
                    let s0 = clock.now
                    applySwitch(from: segment, to: s)
                    let switched = Timing.seconds(clock.now - s0)
                    switchSamples.append(switched)
                    if switched > budget { switchFrames.append((n, segment, s, switched)) }
                    segment = s
                }
                let t2 = clock.now
                cullSamples[k] = Timing.seconds(t1 - t0)
                workSamples[k] = Timing.seconds(t2 - t0)
                k += 1
            }
        }
        result.culling = Percentiles(cullSamples)
        result.frameWork = Percentiles(workSamples)
        result.segmentSwitch = Percentiles(switchSamples)

        // Frames over budget: re-time them; only a frame still over budget on every re-timing is a violation.
        var reported = Set<Int>()
        var confirmed = 0
        var worstConfirmed = 0.0
        for (i, seconds) in workSamples.enumerated() where seconds > budget {
            let n = i % poses.count
            guard reported.insert(n).inserted else { continue }
            let pose = poses[n]
            let again =
                Timing.repeated(3, warmUp: 0) {
                    _ = try? track.cull(pose, lateralOffset: offsets[n], into: &buffer)
                    blackHole(plan.segmentIndex(for: pose))
                }.min() ?? seconds
            let frameName = "\(name): frame \(indices[n]) (\(setup.describe(pose)))"
            if again > budget {
                confirmed += 1
                worstConfirmed = max(worstConfirmed, again)
                if confirmed <= 10 {
                    result.violations.append("\(frameName): per-frame work \(ms(seconds)) > budget \(budgetText)")
                }
            } else {
                result.notes.append(
                    "\(frameName): one timing of \(ms(seconds)), re-timed \(ms(again)) (scheduler noise, not counted)")
            }
        }
        if confirmed > 10 {
            result.violations.append(
                "\(name): \(confirmed - 10) more frames over budget \(budgetText) "
                    + "(slowest re-timed \(ms(worstConfirmed)))")
        }
        for sw in switchFrames {
            // Re-time the switch on a copy of its starting resident set.
            var again = Double.infinity
            for _ in 0..<3 {
                resident.removeAll(keepingCapacity: true)
                for tile in plan.segments[sw.from].workingSet { resident.insert(tile) }
                let s0 = clock.now
                applySwitch(from: sw.from, to: sw.to)
                again = min(again, Timing.seconds(clock.now - s0))
            }
            let text = "\(name): segment switch \(sw.from)→\(sw.to) at frame \(indices[sw.frame])"
            if again > budget {
                result.violations.append("\(text) took \(ms(sw.seconds)) > budget \(budgetText)")
            } else {
                result.notes.append("\(text): one timing of \(ms(sw.seconds)), re-timed \(ms(again)) (not counted)")
            }
        }

        // Baseline 2: brute-force culling, timed over the same frames.
        var bruteSamples = [Double](repeating: 0, count: poses.count)
        let footprints = poses.enumerated().map { n, pose in try? track.footprint(of: pose, lateralOffset: offsets[n]) }
        for n in 0..<poses.count {
            guard let footprint = footprints[n] else { continue }
            let t0 = clock.now
            brute.cull(footprint, into: &bruteBuffer)
            bruteSamples[n] = Timing.seconds(clock.now - t0)
        }
        result.bruteForce = Percentiles(bruteSamples)
        return result
    }

    private func list(_ tiles: [TileIndex]) -> String {
        let shown = tiles.prefix(8).map { "(\($0.column), \($0.row))" }.joined(separator: " ")
        return "[\(shown)\(tiles.count > 8 ? " … \(tiles.count) in all" : "")]"
    }
}

/// A number with up to 3 decimals, trailing zeros dropped.
func fmt(_ x: Double, decimals: Int = 3) -> String {
    guard x.isFinite else { return x > 0 ? "∞" : "-∞" }
    var s = String(format: "%.\(decimals)f", x)
    if s.contains(".") {
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
    }
    return s == "-0" ? "0" : s
}
