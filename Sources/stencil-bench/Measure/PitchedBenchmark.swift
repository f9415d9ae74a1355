import Foundation
import MercatorMath
import StencilKit
import StencilScenarios

/// The perspective covers `run` measures (§11): per call, a ``PerspectiveCamera`` made from a centre, bearing, pitch
/// and screen plus its multi-level cover into a reused ``PitchedCover`` — what a renderer does each frame — timed in
/// batches interleaved with a reference: the single-level cover of the same trapezoid at the centre's level n_c (what
/// a renderer without levels by depth draws, the gis-tools `tileCover` of the trapezoid at one zoom), so a busy
/// machine slows both alike and the ratio gates. Absolute figures are printed beside it and gate only with
/// `--strict`.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct PitchedBenchmark {
    /// One case: example 7's setting (Zurich, Z = 14.3, bearing 37°, levels 0…22, fov 36.87°) on a screen at a pitch.
    struct Case: Sendable {
        var name: String
        var width: Double
        var height: Double
        var pitch: Double
        /// The tiles of the cover, computed independently from §11 (the geometry model's §11), checked before timing.
        var expectedTiles: Int?
        /// Absolute targets (seconds per call), gating only with --strict.
        var targetP50: Double?
        /// The most the cover may take as a fraction of the reference's time (gates): the worst ratio of three quick
        /// runs on this 2-core machine (26 Nov 2026, helpers building and idle) × 1.5, so a 2× slower cover fails.
        var ratioTarget: Double
    }

    /// Everything measured for one case.
    struct Result: Sendable {
        var name: String
        var tiles = 0
        var levels = 0...0
        var referenceTiles = 0
        var perCall = Percentiles([])
        var reference = Percentiles([])
        /// The camera made and its cover, per call.
        var withCamera = Percentiles([])
        var allocationsPerCall: Double?
        var targetP50: Double?
        var ratioTarget: Double
        /// Correctness (the tile count, no allocation), the ratio target, the absolute target (``Findings``).
        var findings = Findings()
        var notes: [String] = []
        /// p50 ÷ the reference's p50.
        var ratio: Double { reference.p50 > 0 ? perCall.p50 / reference.p50 : .infinity }
    }

    static let batchSize = 50
    static let center = try! GeoCoordinate(latitude: 47.3769, longitude: 8.5417)
    static let levels = try! LevelOfDetail(tileSize: 256, levelBias: 0, minLevel: 0, maxLevel: 22)

    /// MapLibre Native's pitched-viewport cover: 50.3 µs for 1,124 tiles (about 45 ns a tile, i7-4770HQ,
    /// mapbox-gl-native PR #15206).
    static let mapLibreNanosecondsPerTile = 45.0

    static let cases: [Case] = [
        Case(
            name: "example 7: 1024×768 p60", width: 1024, height: 768, pitch: 60, expectedTiles: 32, targetP50: 0.5e-6,
            ratioTarget: 2.25),
        Case(
            name: "1024×768 p75", width: 1024, height: 768, pitch: 75, expectedTiles: 90, targetP50: nil,
            ratioTarget: 0.7),
        Case(
            name: "1920×1080 p60", width: 1920, height: 1080, pitch: 60, expectedTiles: 62, targetP50: nil,
            ratioTarget: 1.85),
        Case(
            name: "1920×1080 p75", width: 1920, height: 1080, pitch: 75, expectedTiles: 184, targetP50: 2e-6,
            ratioTarget: 0.5),
        Case(
            name: "1920×1080 p85", width: 1920, height: 1080, pitch: 85, expectedTiles: 160, targetP50: 2e-6,
            ratioTarget: 2.15),
        Case(
            name: "3840×2160 p85", width: 3840, height: 2160, pitch: 85, expectedTiles: nil, targetP50: nil,
            ratioTarget: 1.35),
    ]

    /// Example 7's centre in level-14 px, the level n_c = 14 and the scale z = 2^(14 − 14.3), computed once: a
    /// renderer converts its centre once a frame too, but the cover is what is measured.
    static let draw = try! levels.drawLevel(forMapZoom: 14.3)
    static let centerPixel = draw.grid.unclampedPixel(of: center)
    static let singleLevel = try! LevelOfDetail(tileSize: 256, minLevel: draw.level, maxLevel: draw.level)

    /// The camera of a case; `single` pins n_min = n_max = n_c.
    static func camera(_ c: Case, single: Bool) -> PerspectiveCamera {
        try! PerspectiveCamera(
            center: centerPixel, referenceLevel: draw.level, bearing: 37, pitch: c.pitch,
            screen: Screen(width: c.width, height: c.height, scale: draw.scale), levels: single ? singleLevel : levels)
    }

    /// One call: the cover into the reused buffer.
    @inline(never)
    static func call(_ camera: PerspectiveCamera, _ buffer: inout PitchedCover) {
        do { try camera.cover(into: &buffer) } catch { fatalError("pitched bench: \(error)") }
    }

    /// One call of a renderer's frame: the camera made from its centre, bearing, pitch and screen, then its cover.
    @inline(never)
    static func callWithCamera(_ c: Case, _ buffer: inout PitchedCover) {
        do {
            try PerspectiveCamera(
                center: centerPixel, referenceLevel: draw.level, bearing: 37, pitch: c.pitch,
                screen: Screen(width: c.width, height: c.height, scale: draw.scale), levels: levels
            ).cover(into: &buffer)
        } catch {
            fatalError("pitched bench: \(error)")
        }
    }

    /// Per-call seconds of `batches` batches, alternating the cover, the reference (the single-level cover) and the
    /// camera-and-cover batch by batch.
    static func time(_ c: Case, batches: Int, _ buffer: inout PitchedCover) -> (
        cover: [Double], reference: [Double], withCamera: [Double]
    ) {
        let clock = ContinuousClock()
        let camera = camera(c, single: false)
        let single = self.camera(c, single: true)
        var cover = [Double](repeating: 0, count: batches)
        var reference = [Double](repeating: 0, count: batches)
        var withCamera = [Double](repeating: 0, count: batches)
        for b in 0..<batches {
            var start = clock.now
            for _ in 0..<batchSize { call(camera, &buffer) }
            cover[b] = Timing.seconds(clock.now - start) / Double(batchSize)
            start = clock.now
            call(single, &buffer)
            reference[b] = Timing.seconds(clock.now - start)
            start = clock.now
            for _ in 0..<batchSize { callWithCamera(c, &buffer) }
            withCamera[b] = Timing.seconds(clock.now - start) / Double(batchSize)
        }
        return (cover, reference, withCamera)
    }

    /// Measures one case.
    static func run(_ c: Case, settings: BenchmarkSettings) -> Result {
        var result = Result(name: c.name, targetP50: c.targetP50, ratioTarget: c.ratioTarget)
        var buffer = PitchedCover()
        call(camera(c, single: true), &buffer)
        result.referenceTiles = buffer.tiles.count
        call(camera(c, single: false), &buffer)
        result.tiles = buffer.tiles.count
        result.levels = (buffer.tiles.map(\.level).min() ?? 0)...(buffer.tiles.map(\.level).max() ?? 0)
        if let expected = c.expectedTiles {
            result.findings.check(
                expected == result.tiles
                    ? [] : ["pitched \(c.name): \(result.tiles) tiles, the model's figure is \(expected)"])
        }
        let batches = settings.quick ? 300 : 1000
        _ = time(c, batches: 30, &buffer)
        let (cover, reference, withCamera) = time(c, batches: batches, &buffer)
        result.perCall = Percentiles(cover)
        result.reference = Percentiles(reference)
        result.withCamera = Percentiles(withCamera)
        result.findings.ratios.append(
            RatioCheck(
                name: "pitched \(c.name)", reference: "single-level cover of the same trapezoid",
                method: result.perCall,
                referenceTimes: result.reference, limit: c.ratioTarget))
        if let target = c.targetP50 {
            result.findings.absolute(
                result.perCall.p50 <= target
                    ? nil
                    : "pitched \(c.name): p50 \(Figures.time(result.perCall.p50)) misses the absolute target "
                        + "\(Figures.time(target))")
        }
        if result.perCall.p99 > 2 * result.perCall.p50 {
            result.notes.append(
                "pitched \(c.name): p99 \(Figures.time(result.perCall.p99)) > 2 × p50 (the machine's jitter or a slow path)"
            )
        }
        result.allocationsPerCall = result.findings.checkNoAllocations("pitched \(c.name)", calls: 2000) {
            callWithCamera(c, &buffer)
        }
        return result
    }

    /// Measures every case.
    static func runAll(settings: BenchmarkSettings) -> [Result] {
        let progress = Progress("run: pitched covers")
        defer { progress.finish() }
        return progress.each(cases, kind: "pitched", name: \.name) { run($0, settings: settings) }
    }

    /// The report's table.
    static func text(_ results: [Result]) -> String {
        guard !results.isEmpty else { return "" }
        var table = TextTable(header: [
            [
                "pitched cover", "tiles", "levels", "cover (µs)", "", "ns per", "+ camera", "single level", "",
                "ratio", "", "heap allocs",
            ],
            ["", "", "", "p50", "p99", "tile", "p50 (µs)", "tiles", "p50 (µs)", "p50", "target", "per call"],
        ])
        for r in results {
            table.add([
                r.name, "\(r.tiles)", "\(r.levels.lowerBound)–\(r.levels.upperBound)",
                String(format: "%.3f", r.perCall.p50 * 1e6), String(format: "%.3f", r.perCall.p99 * 1e6),
                String(format: "%.1f", r.perCall.p50 * 1e9 / Double(max(r.tiles, 1))),
                String(format: "%.3f", r.withCamera.p50 * 1e6), "\(r.referenceTiles)",
                String(format: "%.2f", r.reference.p50 * 1e6), String(format: "%.3f", r.ratio),
                "≤ " + fmt(r.ratioTarget), r.allocationsPerCall.map { fmt($0) } ?? "n/a",
            ])
        }
        return "\n" + table.rendered + "\n"
            + "cover = PerspectiveCamera.cover(into:) into a reused PitchedCover; + camera = the camera made from its "
            + "centre, bearing, pitch and screen, then its cover (allocations counted on this); (example 7's centre, Z = 14.3, levels 0…22, fov 36.87°, bearing 37°); single level = the same "
            + "trapezoid at n_c = 14 only, timed in alternating batches (the ratio gates). MapLibre Native's pitched cover: "
            + "\(fmt(mapLibreNanosecondsPerTile)) ns per tile (50.3 µs for 1,124 tiles, i7-4770HQ, PR #15206).\n"
    }

    /// The results as JSON (times in microseconds).
    static func json(_ results: [Result]) -> JSONValue {
        .array(
            results.map { r in
                .object([
                    ("name", .string(r.name)), ("tiles", .number(Double(r.tiles))),
                    ("levels", .array([.number(Double(r.levels.lowerBound)), .number(Double(r.levels.upperBound))])),
                    ("p50Us", .number(r.perCall.p50 * 1e6)), ("p99Us", .number(r.perCall.p99 * 1e6)),
                    ("withCameraP50Us", .number(r.withCamera.p50 * 1e6)),
                    ("singleLevelTiles", .number(Double(r.referenceTiles))),
                    ("singleLevelP50Us", .number(r.reference.p50 * 1e6)), ("ratio", .number(r.ratio)),
                    ("ratioTarget", .number(r.ratioTarget)),
                    ("allocationsPerCall", r.allocationsPerCall.map { .number($0) } ?? .null),
                ])
            })
    }
}
