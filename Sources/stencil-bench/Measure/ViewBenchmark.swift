import Foundation
import MercatorMath
import StencilKit
import StencilScenarios

/// The built-in view covers `run` measures, with their per-call targets: per call, a ``Viewport`` made from a centre,
/// bearing and screen plus its cover into a reused buffer — what a renderer does each frame.
///
/// Calls are timed in batches (``ViewBenchmark/batchSize`` calls between two clock reads, so the clock's own cost,
/// about 20 ns, is spread thin); each batch gives one per-call sample, the batch time ÷ its calls, and p50/p99 are
/// taken over those samples. Heap allocations are counted in a separate pass (``AllocationCounter``).
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct ViewBenchmark {
    /// What one call computes.
    enum Work: Sendable {
        case visible(TileOrder)
        case ring(width: Double, order: TileOrder)
        /// The parent fallback of each tile (none resident at its own level) against a renderer's residency.
        case fallback(tiles: [UnwrappedTileID], residency: WindowResidency)
    }

    /// One measured case: its inputs (cycled call by call) and its targets in seconds.
    struct Case: Sendable {
        var name: String
        var summary: String
        var grid: TileGrid
        var screen: Screen
        var center: PixelPoint
        var bearings: [Double]
        var work: Work
        var targetP50: Double
        var targetP99: Double?
        /// The ratio target: p50 ≤ `ratioLimit` × the reference's p50 (``ViewReference``), timed alternately.
        var ratioLimit: Double
    }

    /// Everything measured for one case.
    struct Result: Sendable {
        var name: String
        var summary: String
        var tiles = Percentiles([])
        var perCall = Percentiles([])
        var targetP50: Double
        var targetP99: Double?
        var allocationsPerCall: Double?
        var calls = 0
        /// Correctness (agreement with the brute-force cover, no allocation), the ratio target, the absolute targets.
        var findings = Findings()
        var notes: [String] = []
        /// Whether every timing missed the per-call target (a note without `--strict`, a violation with it).
        var missedTiming = false
        /// The ratio target checked.
        var ratio: RatioCheck? { findings.ratios.first }
    }

    static let batchSize = 100

    /// Batches per timing: 1,000 in quick mode (p99 is then the 10th-worst batch, not a lone interrupted one),
    /// 2,000 otherwise.
    static func batches(_ settings: BenchmarkSettings) -> Int { settings.quick ? 1000 : 2000 }

    /// A tile for the allocation counter's calibration.
    static let placeholder = VisibleTile(
        tile: TileIndex(column: 0, row: 0), realTile: TileIndex(column: 0, row: 0), origin: .zero, centerOffset: .zero)

    /// The peers' figures for the same z = 12 rectangle, per call, on this machine class (as they were reported).
    static let peers =
        "Outdooractive/gis-tools tileCover 4.7–5.5 µs, @mapbox/tile-cover 5.2–6.5 µs, "
        + "cull before views (nearest-first heap sort always) 0.55–0.72 µs"
    static let peerLow = (gisTools: 4.7e-6, tileCover: 5.2e-6, oldCull: 0.55e-6)

    /// The cases: the z = 12 rectangle at four headings row-major; 480 × 320 on Mars Viking over every whole
    /// bearing, row-major and nearest-first; the 256-px ring around the z = 12 screen over the four headings.
    static func cases() throws -> [Case] {
        let z12 = try TileGrid.xyz(level: 12)
        let wide = try Screen(width: 1024, height: 768)
        // Centre tile (2150.3, 1465.7): pixel (2150.3·256, 1465.7·256).
        let center = PixelPoint(x: 2150.3 * 256, y: 1465.7 * 256)
        var list: [Case] = [0.0, 30, 45, 73].map { h in
            Case(
                name: "z12 h\(Int(h)) row-major", summary: "1024 × 768 px at XYZ z = 12, heading \(Int(h))°", grid: z12,
                screen: wide, center: center, bearings: [h], work: .visible(.rowMajor), targetP50: 0.3e-6,
                targetP99: 0.5e-6, ratioLimit: RatioLimits.z12)
        }
        let viking = try Screen(width: 480, height: 320)
        let vikingCenter = PixelPoint(x: 2028.3, y: 2688.7)
        let sweep = (0..<360).map(Double.init)
        list.append(
            Case(
                name: "viking row-major", summary: "480 × 320 on Mars Viking 128-px tiles, bearings 0…359°",
                grid: .marsViking, screen: viking, center: vikingCenter, bearings: sweep, work: .visible(.rowMajor),
                targetP50: 0.25e-6, targetP99: 0.4e-6, ratioLimit: RatioLimits.viking))
        list.append(
            Case(
                name: "viking nearest-first", summary: "the same, nearest first", grid: .marsViking, screen: viking,
                center: vikingCenter, bearings: sweep, work: .visible(.nearestFirst), targetP50: 0.5e-6,
                targetP99: nil, ratioLimit: RatioLimits.nearest))
        list.append(
            Case(
                name: "z12 ring 256 px",
                summary: "prefetch ring of 256 px around the z = 12 screen, headings 0/30/45/73°",
                grid: z12, screen: wide, center: center, bearings: [0, 30, 45, 73],
                work: .ring(width: 256, order: .rowMajor), targetP50: 0.6e-6, targetP99: nil,
                ratioLimit: RatioLimits.ring))
        // Parent fallback: 30 visible z = 12 tiles of a 2048 × 1536 screen there, only their level-10 ancestors
        // resident.
        var visible: [VisibleTile] = []
        try Viewport(grid: z12, center: center, bearing: 30, screen: Screen(width: 2048, height: 1536))
            .visibleTiles(into: &visible)
        let tiles = try visible.prefix(30).map { try z12.unwrappedTileID(of: $0.tile) }
        let resident = tiles.compactMap { $0.canonical.ancestor(atLevel: 10) }
        list.append(
            Case(
                name: "fallback 30 tiles",
                summary: "parent fallback of 30 z = 12 tiles to their resident z = 10 parents",
                grid: z12, screen: wide, center: center, bearings: [0],
                work: .fallback(tiles: tiles, residency: WindowResidency(resident)), targetP50: 0.3e-6,
                targetP99: nil, ratioLimit: RatioLimits.fallback))
        return list
    }

    /// One call: the viewport at bearing `k` of the case, and its cover into `buffer`.
    @inline(__always)
    static func call(_ c: Case, _ k: Int, _ buffer: inout [VisibleTile]) {
        if case .fallback(let tiles, let residency) = c.work {
            var found = 0
            for tile in tiles where tile.parentFallback(in: residency) != nil { found += 1 }
            blackHole(found)
            return
        }
        guard let view = try? Viewport(grid: c.grid, center: c.center, bearing: c.bearings[k], screen: c.screen) else {
            return
        }
        switch c.work {
        case .visible(let order): view.visibleTiles(order: order, into: &buffer)
        case .ring(let width, let order): try? view.prefetchRing(width: width, order: order, into: &buffer)
        case .fallback: break
        }
    }

    /// Per-call seconds from `batches` batches of ``batchSize`` calls.
    static func time(_ c: Case, batches: Int, buffer: inout [VisibleTile]) -> [Double] {
        let clock = ContinuousClock()
        var samples = [Double](repeating: 0, count: batches)
        let n = c.bearings.count
        var k = 0
        for b in 0..<batches {
            let start = clock.now
            for _ in 0..<batchSize {
                call(c, k, &buffer)
                k += 1
                if k == n { k = 0 }
            }
            samples[b] = Timing.seconds(clock.now - start) / Double(batchSize)
            blackHole(buffer.count)
        }
        return samples
    }

    /// One call of the case's reference (``ViewReference``): the brute-force cover of the same view, or the parent
    /// fallback by walking up with `parent`.
    @inline(__always)
    static func referenceCall(_ c: Case, _ k: Int, _ buffer: inout [VisibleTile]) {
        if case .fallback(let tiles, let residency) = c.work {
            blackHole(ViewReference.fallbacks(tiles, in: residency))
            return
        }
        guard let view = try? Viewport(grid: c.grid, center: c.center, bearing: c.bearings[k], screen: c.screen) else {
            return
        }
        ViewReference.cover(view, into: &buffer)
    }

    /// What the reference of a case is called in the report.
    static func referenceName(_ c: Case) -> String {
        switch c.work {
        case .fallback: return "ancestor walk by parent"
        case .ring: return "brute-force cover of the view"
        case .visible: return "brute-force cover"
        }
    }

    /// Reference calls per round of ``batchSize`` calls of the method (the reference is the slower).
    static let referenceBatch = 20

    /// Measures one case: the exact cover against the brute-force one (every bearing), the ratio target timed in
    /// alternation with the reference, the absolute per-call target (a first miss re-timed, ``Retiming``; it gates
    /// only with `--strict`), and heap allocations.
    static func run(_ c: Case, settings: BenchmarkSettings) -> Result {
        var result = Result(name: c.name, summary: c.summary, targetP50: c.targetP50, targetP99: c.targetP99)
        var buffer: [VisibleTile] = []
        buffer.reserveCapacity(1024)
        var reference: [VisibleTile] = []
        reference.reserveCapacity(1024)
        // Sizes, the warm-up, and (for a visible cover) agreement with the brute-force cover at every bearing.
        var counts: [Double] = []
        var disagreements: [String] = []
        for k in 0..<c.bearings.count {
            call(c, k, &buffer)
            counts.append(Double(buffer.count))
            guard case .visible = c.work else { continue }
            referenceCall(c, k, &reference)
            let ours = buffer.map(\.tile).sorted()
            let theirs = reference.map(\.tile).sorted()
            if ours != theirs, disagreements.count < 3 {
                disagreements.append(
                    "view \(c.name), bearing \(fmt(c.bearings[k]))°: the cover finds \(ours.count) tiles, brute force "
                        + "\(theirs.count); they differ in \(Set(ours).symmetricDifference(theirs).count)")
            }
        }
        if case .visible = c.work { result.findings.check(disagreements) }
        result.tiles = Percentiles(counts)
        _ = time(c, batches: 200, buffer: &buffer)

        // The ratio target: the method and its reference in alternation, round by round.
        let batchCount = batches(settings)
        let n = c.bearings.count
        let (methodSamples, referenceSamples) = Interleaved.time(
            rounds: batchCount, methodCalls: batchSize, { call(c, $0 % n, &buffer) }, referenceCalls: referenceBatch,
            { referenceCall(c, $0 % n, &reference) })
        let interleaved = Percentiles(methodSamples)
        result.findings.ratios.append(
            RatioCheck(
                name: "view \(c.name)", reference: referenceName(c), method: interleaved,
                referenceTimes: Percentiles(referenceSamples), limit: c.ratioLimit))

        // The absolute target, from the method's samples above, re-timed alone after a miss.
        let timing = { Percentiles(time(c, batches: batchCount, buffer: &buffer)) }
        let outcome = Retiming.measure(first: interleaved, again: timing) {
            Retiming.excess($0, targetP50: c.targetP50, targetP99: c.targetP99)
        }
        result.perCall = outcome.kept
        result.calls = batchCount * batchSize
        let targets = "p50 ≤ \(Figures.time(c.targetP50))" + (c.targetP99.map { ", p99 ≤ \(Figures.time($0))" } ?? "")
        let figures = { (p: Percentiles) in "p50 \(Figures.time(p.p50)), p99 \(Figures.time(p.p99))" }
        if !outcome.met {
            let miss =
                "view \(c.name): \(figures(outcome.kept)) per call miss the target \(targets) "
                + "(the closest of \(outcome.timings) timings)"
            result.missedTiming = true
            result.findings.absolute(miss)
            if !settings.strict { result.notes.append(miss + BenchmarkSettings.timingNote) }
        } else {
            result.findings.absolute(nil)
            if outcome.timings > 1 {
                result.notes.append(
                    "view \(c.name): \(figures(outcome.first)) on the first timing missed \(targets); timing "
                        + "\(outcome.timings) met it (the machine was busy; not counted)")
            }
        }

        // Allocations: a separate, untimed pass over the same calls with the reused buffer. The counter is first
        // shown to count: a fresh array per call must register.
        let calls = 10_000
        let calibration = AllocationCounter.count {
            for i in 0..<100 { blackHole([VisibleTile](repeating: buffer.first ?? placeholder, count: i + 1)) }
        }
        let counted = AllocationCounter.count {
            for i in 0..<calls { call(c, i % c.bearings.count, &buffer) }
        }
        if let calibration, calibration < 100 {
            result.notes.append(
                "view \(c.name): the allocation counter saw \(calibration) of 100 known allocations; figure not shown")
        } else if let allocations = counted {
            result.allocationsPerCall = Double(allocations) / Double(calls)
            result.findings.check(
                allocations > 0
                    ? [
                        "view \(c.name): \(allocations) heap allocations in \(calls) calls with a reused buffer (want 0)"
                    ]
                    : [])
        }
        return result
    }

    /// Measures every case, printing progress.
    static func runAll(settings: BenchmarkSettings) -> [Result] {
        guard let list = try? cases() else { return [] }
        var results: [Result] = []
        let progress = Progress("run: view covers")
        defer { progress.finish() }
        for (i, c) in list.enumerated() {
            progress.update("run: [view \(i + 1)/\(list.count)] \(c.name)")
            results.append(run(c, settings: settings))
        }
        return results
    }

    /// The report's table of view covers, with the peers beside our figures.
    static func text(_ results: [Result], settings: BenchmarkSettings) -> String {
        guard !results.isEmpty else { return "" }
        var table = TextTable(header: [
            [
                "view cover", "tiles", "", "per call (µs)", "", "", "target (µs)", "", "heap allocs", "reference (µs)",
                "", "ratio", "",
            ],
            ["", "p50", "max", "p50", "p99", "max", "p50", "p99", "per call", "p50", "p99", "p50/p50", "target"],
        ])
        for r in results {
            table.add([
                r.name, fmt(r.tiles.p50), fmt(r.tiles.max), String(format: "%.3f", r.perCall.p50 * 1e6),
                String(format: "%.3f", r.perCall.p99 * 1e6), String(format: "%.3f", r.perCall.max * 1e6),
                String(format: "%.2f", r.targetP50 * 1e6), r.targetP99.map { String(format: "%.2f", $0 * 1e6) } ?? "–",
                r.allocationsPerCall.map { fmt($0) } ?? "n/a",
                r.ratio.map { String(format: "%.3f", $0.referenceTimes.p50 * 1e6) } ?? "–",
                r.ratio.map { String(format: "%.3f", $0.referenceTimes.p99 * 1e6) } ?? "–",
                r.ratio.map { String(format: "%.3f", $0.ratio) } ?? "–",
                r.ratio.map { "≤ " + fmt($0.limit) + ($0.met ? "" : " MISSED") } ?? "–",
            ])
        }
        var out = "\n" + table.rendered + "\n"
        out +=
            "per call = Viewport(grid:center:bearing:screen:) + its cover into a reused buffer; "
            + "\(batches(settings)) batches of \(batchSize) calls, p50/p99 over the batches' per-call means; "
            + "allocations counted over 10,000 untimed calls.\n"
            + "reference = the naive way, timed in alternation with the cover (\(batchSize) calls of one, "
            + "\(referenceBatch) of the other, per round): a brute-force separating-axis test of every tile of the "
            + "footprint's bounding box (the ring's too), or for the fallback an ancestor walk by parent; the ratio "
            + "target gates the verdict, the absolute target only with --strict.\n"
        let z12 = results.filter { $0.name.hasPrefix("z12 h") }
        if let worst = z12.map(\.perCall.p50).max(), let best = z12.map(\.perCall.p50).min(), worst > 0 {
            out +=
                "peers, same z = 12 rectangle per call: \(peers).\n"
                + "ours row-major: \(String(format: "%.3f", best * 1e6))–\(String(format: "%.3f", worst * 1e6)) µs p50 "
                + "= \(String(format: "%.0f", peerLow.gisTools / worst))× gis-tools, "
                + "\(String(format: "%.0f", peerLow.tileCover / worst))× tile-cover, "
                + "\(String(format: "%.1f", peerLow.oldCull / worst))× the old cull (against their fastest).\n"
        }
        return out
    }

    /// The results as JSON (times in microseconds).
    static func json(_ results: [Result]) -> JSONValue {
        .array(
            results.map { r in
                .object([
                    ("name", .string(r.name)),
                    ("description", .string(r.summary)),
                    ("tiles", r.tiles.json),
                    ("perCallMicroseconds", r.perCall.scaled(by: 1e6).json),
                    ("targetP50Microseconds", .number(r.targetP50 * 1e6)),
                    ("targetP99Microseconds", r.targetP99.map { .number($0 * 1e6) } ?? .null),
                    ("allocationsPerCall", r.allocationsPerCall.map { .number($0) } ?? .null),
                    ("ratio", r.ratio?.json ?? .null),
                    ("correctness", .array(r.findings.correctness.map { .string($0) })),
                    ("absoluteMisses", .array(r.findings.absoluteMisses.map { .string($0) })),
                    ("notes", .array(r.notes.map { .string($0) })),
                ])
            })
    }
}

/// A renderer's residency kept as one bit a tile over a window of each level (what a tile cache indexed by position
/// holds): O(1) and no hashing, so the fallback itself is what the benchmark times.
struct WindowResidency: TileResidency, Sendable {
    /// Per level: the window's first column and row, its width, and its bits row-major.
    private var dense: [(x: Int, y: Int, width: Int, height: Int, bits: [Bool])?] = Array(repeating: nil, count: 31)

    /// A residency holding exactly `tiles`.
    init(_ tiles: [TileID]) {
        for level in Set(tiles.map(\.level)) {
            let here = tiles.filter { $0.level == level }
            let x0 = here.map(\.x).min() ?? 0
            let y0 = here.map(\.y).min() ?? 0
            let width = (here.map(\.x).max() ?? 0) - x0 + 1
            let height = (here.map(\.y).max() ?? 0) - y0 + 1
            var bits = [Bool](repeating: false, count: width * height)
            for t in here { bits[(t.y - y0) * width + (t.x - x0)] = true }
            dense[level] = (x0, y0, width, height, bits)
        }
    }

    /// Whether the tile's bit is set.
    func isResident(_ id: TileID) -> Bool {
        guard let w = dense[id.level] else { return false }
        let dx = id.x - w.x
        let dy = id.y - w.y
        guard dx >= 0, dy >= 0, dx < w.width, dy < w.height else { return false }
        return w.bits[dy * w.width + dx]
    }
}
