import StencilKit
import StencilKitIO
import TestSupport
import Testing

/// 100 loads, all requested at 0: load i (1…100) startable at 0.01·(i − 1) and taking i ms.
private func handWorkedTimings() -> [LoadTiming] {
    (1...100).map { i in
        let started = 0.01 * Double(i - 1)
        return LoadTiming(issued: 0, started: started, completed: started + 0.001 * Double(i))
    }
}

@Test func statisticsAreNearestRankPercentilesOfHandWorkedLoads() throws {
    var timings = handWorkedTimings()
    var random = SplitMix64(seed: 7)
    timings.shuffle(using: &random)
    let s = LoaderStatistics(timings: timings)
    #expect(s.count == 100)
    // Latencies 1…100 ms: p50 = the 50th, p99 = the 99th, max = the 100th.
    #expect(abs(s.latencyP50 - 0.050) < 1e-12)
    #expect(abs(s.latencyP99 - 0.099) < 1e-12)
    #expect(abs(s.latencyMax - 0.100) < 1e-12)
    // 100 loads from the first request (0) to the last completion 0.99 + 0.1 = 1.09 s.
    #expect(abs(s.throughput - 100 / 1.09) < 1e-9)
    // Completions 11 ms apart: every window of 8 runs at 8 / 0.088 = 1 / 0.011 loads/s.
    #expect(abs(s.throughputP1 - 1 / 0.011) < 1e-6)
    #expect(abs(s.throughputP50 - 1 / 0.011) < 1e-6)
    #expect(s.timings.map(\.completed) == handWorkedTimings().map(\.completed))
    // The model: λ = p99 × 1.5, μ = throughput / 1.5.
    let model = try s.model(margin: 0.5)
    #expect(abs(model.latency - 0.099 * 1.5) < 1e-12)
    #expect(abs(model.throughput - 100 / 1.09 / 1.5) < 1e-9)
    let exact = try s.model(margin: 0)
    #expect(exact.latency == s.latencyP99 && exact.throughput == s.throughput)
}

@Test func latenciesAndRatesMayComeFromDifferentLoads() {
    // The burst's 100 loads give the rate; two loads requested one at a time add latencies of 0.2 and 0.3 s.
    let burst = handWorkedTimings()
    let isolated = [
        LoadTiming(issued: 5, started: 5, completed: 5.2), LoadTiming(issued: 6, started: 6, completed: 6.3),
    ]
    let s = LoaderStatistics(timings: burst + isolated, rateTimings: burst)
    #expect(s.count == 102)
    // 102 latencies: p99 = the ⌈100.98⌉ = 101st smallest, 0.2 s; p50 the 51st, 51 ms.
    #expect(abs(s.latencyP99 - 0.2) < 1e-12)
    #expect(abs(s.latencyP50 - 0.051) < 1e-12)
    #expect(abs(s.latencyMax - 0.3) < 1e-12)
    // The rate is the burst's alone: 100 / 1.09.
    #expect(abs(s.throughput - 100 / 1.09) < 1e-9)
    #expect(abs(s.throughputP50 - 1 / 0.011) < 1e-6)
    // Without rateTimings, the isolated loads stretch the span to 6.3 s.
    #expect(abs(LoaderStatistics(timings: burst + isolated).throughput - 102 / 6.3) < 1e-9)
}

@Test func percentileRanksAtTheirBoundaries() {
    let v = [1.0, 2, 3, 4]
    #expect(LoaderStatistics.percentile(v, 0.5) == 2)  // ⌈2⌉ = 2nd
    #expect(LoaderStatistics.percentile(v, 0.51) == 3)  // ⌈2.04⌉ = 3rd
    #expect(LoaderStatistics.percentile(v, 0.01) == 1)  // ⌈0.04⌉ = 1st
    #expect(LoaderStatistics.percentile(v, 0) == 1)  // at least the smallest
    #expect(LoaderStatistics.percentile(v, 1) == 4)
    #expect(LoaderStatistics.percentile([], 0.5) == 0)
    let hundred = (1...100).map(Double.init)
    #expect(LoaderStatistics.percentile(hundred, 0.99) == 99)
    #expect(LoaderStatistics.percentile(hundred, 0.991) == 100)
    // Past [0, 1]: clamped (1e300 and +∞ were an Int conversion trap); NaN means no rank.
    #expect(LoaderStatistics.percentile(v, 1e300) == 4 && LoaderStatistics.percentile(v, .infinity) == 4)
    #expect(LoaderStatistics.percentile(v, -1e300) == 1 && LoaderStatistics.percentile(v, -.infinity) == 1)
    #expect(LoaderStatistics.percentile(v, 1.5) == 4)
    #expect(LoaderStatistics.percentile([1, 2, 3], .nan).isNaN)
}

@Test func windowedThroughputSeesTheSlowWindows() {
    // 20 completions 1 ms apart, then one 100 ms after the 20th: 21 completions, windows of 2.
    var timings = (0..<20).map { LoadTiming(issued: 0, started: 0, completed: 0.001 * Double($0 + 1)) }
    timings.append(LoadTiming(issued: 0, started: 0, completed: 0.120))
    let s = LoaderStatistics(timings: timings, throughputWindow: 2)
    // Windows i = 0…18: rates 2 / (c[i+2] − c[i]): 18 of 2/0.002 = 1000 and one of 2 / (0.120 − 0.019).
    #expect(s.throughputWindow == 2)
    #expect(abs(s.throughputP1 - 2 / 0.101) < 1e-9)  // rank ⌈0.19⌉ = 1: the slowest
    #expect(abs(s.throughputP50 - 1000) < 1e-6)
    // Simultaneous completions: an infinitely fast window, still ordered.
    let burst = LoaderStatistics(timings: [
        LoadTiming(issued: 0, started: 0, completed: 1), .init(issued: 0, started: 0, completed: 1),
    ])
    #expect(burst.throughputP50 == .infinity)
    #expect(burst.throughput == 2)
}

@Test func aModelNeedsAValidMarginAndEnoughLoads() {
    let s = LoaderStatistics(timings: handWorkedTimings())
    #expect(
        throws: TileLoaderError.badParameter(
            field: "Loader margin", value: -0.1, valid: "a finite number ≥ 0 (0.5 = 50 %)")
    ) {
        try s.model(margin: -0.1)
    }
    #expect(throws: TileLoaderError.self) { try s.model(margin: .nan) }
    #expect(throws: TileLoaderError.tooFewSamples(count: 1)) {
        try LoaderStatistics(timings: [LoadTiming(issued: 0, started: 0, completed: 1)]).model(margin: 0.5)
    }
    #expect(throws: TileLoaderError.tooFewSamples(count: 0)) { try LoaderStatistics(timings: []).model(margin: 0) }
    let empty = LoaderStatistics(timings: [])
    #expect(empty.latencyP99 == 0 && empty.throughput == 0 && empty.throughputP1 == 0)
}
