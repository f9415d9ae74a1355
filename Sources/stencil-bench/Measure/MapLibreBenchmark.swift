import Foundation
import MercatorMath
import StencilKit
import StencilScenarios

/// The MapLibre-compatible covers `run` and `pitched` measure: per call, a ``MapLibreCamera`` made from its centre,
/// zoom, bearing, pitch and canvas plus its cover into a reused ``MapLibreCover`` — what a MapLibre app's prefetcher
/// does each frame — timed in batches interleaved with a reference: this library's own cover of the same view
/// (a ``PerspectiveCamera`` with levels by depth over the same levels, made and covered into a reused
/// ``PitchedCover``), so a busy machine slows both alike and the ratio gates. Every call must allocate nothing.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct MapLibreBenchmark {
    /// One case: Zurich at MapLibre zoom 14.3, bearing 37°, a vector source of 512-px tiles, levels 0…14.
    struct Case: Sendable {
        var name: String
        var width: Double
        var height: Double
        var pitch: Double
        /// MapLibre GL JS 5.14's tile count for the case (its own `coveringTiles` in node), checked before timing.
        var expectedTiles: Int
        /// The most the cover may take as a fraction of the reference's time (gates): the worst ratio of three quick
        /// runs on this 2-core machine (28 Nov 2026, helpers building) × 1.5, so a 2× slower cover fails.
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
        var allocationsPerCall: Double?
        var ratioTarget: Double
        var findings = Findings()
        /// p50 ÷ the reference's p50.
        var ratio: Double { reference.p50 > 0 ? perCall.p50 / reference.p50 : .infinity }
    }

    static let batchSize = 50
    static let zoom = 14.3
    static let center = try! GeoCoordinate(latitude: 47.3769, longitude: 8.5417)
    static let levels = try! LevelOfDetail(tileSize: 512, levelBias: 0, minLevel: 0, maxLevel: 14)

    static let cases: [Case] = [
        Case(name: "1920×1080 p0", width: 1920, height: 1080, pitch: 0, expectedTiles: 14, ratioTarget: 3.8),
        Case(name: "1920×1080 p60", width: 1920, height: 1080, pitch: 60, expectedTiles: 38, ratioTarget: 5),
        Case(name: "1920×1080 p75", width: 1920, height: 1080, pitch: 75, expectedTiles: 20, ratioTarget: 3.8),
        Case(name: "1920×1080 p85", width: 1920, height: 1080, pitch: 85, expectedTiles: 14, ratioTarget: 3.4),
        Case(name: "3840×2160 p85", width: 3840, height: 2160, pitch: 85, expectedTiles: 31, ratioTarget: 4.6),
    ]

    /// One call: the MapLibre camera made, then its cover into the reused buffer.
    @inline(never)
    static func call(_ c: Case, _ buffer: inout MapLibreCover) {
        do {
            try MapLibreCamera(
                longitude: center.longitude, latitude: center.latitude, zoom: zoom, bearing: 37, pitch: c.pitch,
                width: c.width, height: c.height, tileSize: 512, maxZoom: 14, source: .vector
            ).cover(into: &buffer)
        } catch {
            fatalError("maplibre bench: \(error)")
        }
    }

    /// One reference call: this library's camera of the same view, then its cover (levels by depth).
    @inline(never)
    static func reference(_ c: Case, _ buffer: inout PitchedCover) {
        do {
            try PerspectiveCamera(
                center: center, mapZoom: zoom, bearing: 37, pitch: c.pitch,
                fieldOfView: MapLibreCamera.defaultFieldOfView, width: c.width, height: c.height, levels: levels
            ).cover(into: &buffer)
        } catch {
            fatalError("maplibre bench: \(error)")
        }
    }

    /// Measures one case.
    static func run(_ c: Case, settings: BenchmarkSettings) -> Result {
        var result = Result(name: c.name, ratioTarget: c.ratioTarget)
        var buffer = MapLibreCover()
        var pitched = PitchedCover()
        call(c, &buffer)
        reference(c, &pitched)
        result.tiles = buffer.tiles.count
        result.referenceTiles = pitched.tiles.count
        result.levels = (buffer.tiles.map(\.level).min() ?? 0)...(buffer.tiles.map(\.level).max() ?? 0)
        result.findings.check(
            c.expectedTiles == result.tiles
                ? [] : ["maplibre \(c.name): \(result.tiles) tiles, MapLibre GL JS requests \(c.expectedTiles)"])
        let clock = ContinuousClock()
        let batches = settings.quick ? 200 : 1000
        var cover = [Double](repeating: 0, count: batches)
        var own = [Double](repeating: 0, count: batches)
        for b in 0..<(batches + 20) {
            var start = clock.now
            for _ in 0..<batchSize { call(c, &buffer) }
            let t = Timing.seconds(clock.now - start) / Double(batchSize)
            start = clock.now
            for _ in 0..<batchSize { reference(c, &pitched) }
            let r = Timing.seconds(clock.now - start) / Double(batchSize)
            if b >= 20 { (cover[b - 20], own[b - 20]) = (t, r) }
        }
        result.perCall = Percentiles(cover)
        result.reference = Percentiles(own)
        result.findings.ratios.append(
            RatioCheck(
                name: "maplibre \(c.name)", reference: "this library's levels-by-depth cover of the same view",
                method: result.perCall, referenceTimes: result.reference, limit: c.ratioTarget))
        result.allocationsPerCall = result.findings.checkNoAllocations("maplibre \(c.name)", calls: 2000) {
            call(c, &buffer)
        }
        return result
    }

    /// Measures every case.
    static func runAll(settings: BenchmarkSettings) -> [Result] {
        let progress = Progress("run: MapLibre covers")
        defer { progress.finish() }
        return progress.each(cases, kind: "maplibre", name: \.name) { run($0, settings: settings) }
    }

    /// The report's table.
    static func text(_ results: [Result]) -> String {
        guard !results.isEmpty else { return "" }
        var table = TextTable(header: [
            [
                "MapLibre cover", "tiles", "levels", "camera + cover (µs)", "", "levels by depth", "", "ratio", "",
                "heap allocs",
            ],
            ["", "", "", "p50", "p99", "tiles", "p50 (µs)", "p50", "target", "per call"],
        ])
        for r in results {
            table.add([
                r.name, "\(r.tiles)", "\(r.levels.lowerBound)–\(r.levels.upperBound)",
                String(format: "%.3f", r.perCall.p50 * 1e6), String(format: "%.3f", r.perCall.p99 * 1e6),
                "\(r.referenceTiles)", String(format: "%.3f", r.reference.p50 * 1e6), String(format: "%.3f", r.ratio),
                "≤ " + fmt(r.ratioTarget), r.allocationsPerCall.map { fmt($0) } ?? "n/a",
            ])
        }
        return "\n" + table.rendered + "\n"
            + "camera + cover = MapLibreCamera made and covered into a reused MapLibreCover (Zurich, MapLibre zoom 14.3, "
            + "bearing 37°, vector 512-px tiles, levels 0…14); levels by depth = this library's PerspectiveCamera of "
            + "the same view and levels, timed in alternating batches (the ratio gates).\n"
    }

    /// The results as JSON (times in microseconds).
    static func json(_ results: [Result]) -> JSONValue {
        .array(
            results.map { r in
                .object([
                    ("name", .string(r.name)), ("tiles", .number(Double(r.tiles))),
                    ("levels", .array([.number(Double(r.levels.lowerBound)), .number(Double(r.levels.upperBound))])),
                    ("p50Us", .number(r.perCall.p50 * 1e6)), ("p99Us", .number(r.perCall.p99 * 1e6)),
                    ("levelsByDepthTiles", .number(Double(r.referenceTiles))),
                    ("levelsByDepthP50Us", .number(r.reference.p50 * 1e6)), ("ratio", .number(r.ratio)),
                    ("ratioTarget", .number(r.ratioTarget)),
                    ("allocationsPerCall", r.allocationsPerCall.map { .number($0) } ?? .null),
                ])
            })
    }
}
