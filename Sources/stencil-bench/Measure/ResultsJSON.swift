import MercatorMath
import StencilKit
import StencilScenarios

/// The results of `run` as JSON (``JSONOutput``'s document of the measurements).
extension JSONOutput {
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
            ("violations", .array(r.findings.violations(strict: false).map { .string($0) })),
            ("ratio", r.ratio?.json ?? .null),
            ("notes", .array(r.notes.map { .string($0) })),
            ("limits", .array(r.limits.map { .string($0) })),
        ])
    }
}
