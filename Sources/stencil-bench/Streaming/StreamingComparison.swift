import Foundation
import MercatorMath
import StencilKit
import StencilScenarios

/// The streaming comparison that `run` measures after the scenarios: on the same routes, with the same
/// loader model, the streaming schedule against the segment plans (`pause`, `seamless`) and three prefetch heuristics
/// with an LRU cache (``PrefetchShape``), each flown frame by frame through one ``LoaderSimulator``; and the
/// schedule's speed.
///
/// Routes: the long waypoint tracks (jfk-lhr, gpx-z14), budget-split, half-world-double and modern-z12,
/// and the two racetracks whose plans hold both legs at once (turn-right-band, turn-left-band: U-turn radius 200 px,
/// ±64 px band), at the two ``LoaderSetting/standard`` loaders. `--quick` flies the same routes and searches.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct StreamingComparison: Sendable {
    /// The routes flown, in order.
    static let routes = [
        "jfk-lhr", "gpx-z14", "budget-split", "half-world-double", "modern-z12", "turn-right-band", "turn-left-band",
    ]
    /// The route whose schedule is timed, and the target: needs and plan within 20 ms.
    static let timedRoute = "jfk-lhr"
    static let scheduleTarget = 0.020
    /// The driver step's target, p99 ≤ 0.5 µs per frame, with no heap allocation.
    static let driverTarget = 0.5e-6

    var cases: [StreamingCase] = []
    /// Needs plus schedule of ``timedRoute`` at Ĉ, per loader: the median of a few timings, seconds.
    var scheduleTimes: [(loader: String, seconds: Double)] = []
    /// The cases' checks (correctness), the driver's allocations (correctness), the driver's step and the schedule's
    /// time (absolute targets, gating only with `--strict`).
    var findings = Findings()
    /// Timing targets missed without `--strict` (reported, not gating).
    var notes: [String] = []
    /// Problems that stop a route (a refused scenario).
    var errors: [String] = []
    var elapsed = 0.0

    /// Flies every route with every loader.
    static func run(quick: Bool, strict: Bool = false) -> StreamingComparison {
        let progress = Progress("streaming comparison")
        defer { progress.finish() }
        let clock = ContinuousClock()
        let start = clock.now
        var result = StreamingComparison()
        for (i, name) in routes.enumerated() {
            let label = "streaming: [\(i + 1)/\(routes.count)] \(name)"
            progress.update("\(label): needs and regions")
            let route: StreamingRoute
            do { route = try StreamingRoute(scenario: name) } catch {
                result.errors.append("\(name): \(error)")
                continue
            }
            for setting in LoaderSetting.standard {
                let item = StreamingCase(
                    route: route, setting: setting, progress: progress, label: "\(label), \(setting.name)")
                result.cases.append(item)
                result.findings.check(item.violations)
                if item.driverStep.p99 > driverTarget {
                    let miss =
                        "\(name), \(setting.name): driver step p99 \(Figures.time(item.driverStep.p99)) > 0.5 µs "
                        + "(the closest of \(item.driverTimings) timings)"
                    result.findings.absolute(miss)
                    if !strict { result.notes.append(miss + BenchmarkSettings.timingNote) }
                } else {
                    result.findings.absolute(nil)
                }
                if let n = item.driverAllocations {
                    result.findings.check(
                        n > 0 ? ["\(name), \(setting.name): the driver allocated \(n) times stepping"] : [])
                }
            }
            if name == timedRoute {
                progress.update("\(label): timing the schedule")
                result.timeSchedule(route, quick: quick, strict: strict)
            }
        }
        if !result.errors.isEmpty { result.findings.check(result.errors) }
        result.elapsed = Timing.seconds(clock.now - start)
        return result
    }

    /// Times the needs and the schedule of `route` at Ĉ for each loader (median of 5, or 3 in quick mode).
    private mutating func timeSchedule(_ route: StreamingRoute, quick: Bool, strict: Bool) {
        for setting in LoaderSetting.standard {
            let loader = setting.loader
            let capacity = StreamingSchedule.smallestCapacity(for: route.needs, loader: loader)
            let samples = Timing.repeated(quick ? 3 : 5, warmUp: 1) {
                let needs = try? Needs<TileIndex>(frames: route.setup.frames)
                blackHole(needs.flatMap { try? StreamingSchedule(needs: $0, capacity: capacity, loader: loader) })
            }
            let median = Percentiles(samples).p50
            scheduleTimes.append((setting.name, median))
            let miss =
                median > Self.scheduleTarget
                ? "\(route.name), \(setting.name): needs and schedule took \(Figures.time(median)) > 20 ms" : nil
            findings.absolute(miss)
            if let miss, !strict { notes.append(miss + BenchmarkSettings.timingNote) }
        }
    }
}
