import StencilKit

/// What a ``TileLoader`` measured over a set of loads, and the `LoaderModel` to plan a schedule with.
///
/// Percentiles are nearest-rank: the p-th percentile of n values is the ⌈p·n⌉-th smallest (the smallest for
/// p·n ≤ 1), so it is always a measured value.
/// - **Latency** of a load: completed − started (``LoadTiming/latency``), the time a worker spent on it from the
///   moment it could start: its service time, plus the wake-up of an idle worker. ``latencyP50``, ``latencyP99``,
///   ``latencyMax``.
/// - **Throughput**: ``throughput`` = n / (last completion − first request), loads per second over the whole set
///   (or over the burst given apart, ``init(timings:rateTimings:throughputWindow:)``).
///   For a calibration burst (all requests at once) it counts the first load's latency too, so it is below the
///   loader's steady rate. Windowed rates w / (c₍ᵢ₊w₎ − c₍ᵢ₎) over the completions in time order, w =
///   ``throughputWindow`` (or n − 1 if fewer), give ``throughputP1`` (the slow tail) and ``throughputP50``; a window
///   of zero duration counts as infinitely fast.
///
/// The model (``model(margin:)``): λ = ``latencyP99`` · (1 + margin), μ = ``throughput`` / (1 + margin). With margin
/// m the planned loader is m slower in both figures than what was measured: a request's completion at
/// max(t + λ, c + 1/μ) then leaves slack for a load up to (1 + m) × the 99th-percentile latency, and for a rate
/// 1/(1 + m) of the measured one. This is an empirical margin, not a bound: a load slower than λ (1 % of loads may
/// be, before the margin) delays its frame only when it also uses up the schedule's own slack (a request reaches
/// the loader at a frame step, up to a frame before the model's time, see `LoaderModel.forSteps(every:)`).
public struct LoaderStatistics: Sendable, Hashable {
    /// The loads measured, in completion order.
    public let timings: [LoadTiming]
    /// The window of the windowed throughput rates, in completions.
    public let throughputWindow: Int
    /// The median latency, nearest rank (seconds; 0 without loads).
    public let latencyP50: Double
    /// The 99th-percentile latency, nearest rank (seconds; 0 without loads): the model's λ before the margin.
    public let latencyP99: Double
    /// The largest latency (seconds; 0 without loads).
    public let latencyMax: Double
    /// n / (last completion − first request), loads per second (0 with fewer than 2 loads or no elapsed time).
    public let throughput: Double
    /// The 1st percentile of the windowed rates, nearest rank (loads per second): the slowest windows (0 with fewer
    /// than 2 loads; +∞ when every window has zero duration).
    public let throughputP1: Double
    /// The median of the windowed rates, nearest rank (loads per second; 0 with fewer than 2 loads).
    public let throughputP50: Double

    /// The default window of the windowed rates, 8 completions.
    public static let defaultThroughputWindow = 8

    /// The statistics of `timings` (any order; kept sorted by completion), with windows of `throughputWindow`
    /// completions (at least 1). The throughput figures come from `rateTimings` when given (a burst, whose rate
    /// means something, beside loads requested one at a time, whose latencies do), else from `timings`.
    /// - Complexity: O(n log n).
    public init(
        timings: [LoadTiming], rateTimings: [LoadTiming]? = nil,
        throughputWindow: Int = LoaderStatistics.defaultThroughputWindow
    ) {
        self.timings = timings.sorted { $0.completed < $1.completed }
        let window = max(1, throughputWindow)
        self.throughputWindow = window
        let latencies = timings.map(\.latency).sorted()
        latencyP50 = Self.percentile(latencies, 0.50)
        latencyP99 = Self.percentile(latencies, 0.99)
        latencyMax = latencies.last ?? 0
        let sorted = rateTimings.map { $0.sorted { $0.completed < $1.completed } } ?? self.timings
        let n = sorted.count
        if n >= 2, let first = sorted.map(\.issued).min(), let last = sorted.last?.completed, last > first {
            throughput = Double(n) / (last - first)
        } else {
            throughput = 0
        }
        var rates: [Double] = []
        if n >= 2 {
            let w = min(window, n - 1)
            for i in 0..<(n - w) {
                let span = sorted[i + w].completed - sorted[i].completed
                rates.append(span > 0 ? Double(w) / span : .infinity)
            }
        }
        rates.sort()
        throughputP1 = Self.percentile(rates, 0.01)
        throughputP50 = Self.percentile(rates, 0.50)
    }

    /// Number of loads measured (``timings``).
    public var count: Int { timings.count }

    /// The nearest-rank `p`-th percentile of ascending `values`: the ⌈p·n⌉-th smallest, at least the smallest
    /// (0 when empty). A `p` ≤ 0 gives the smallest value, a `p` ≥ 1 (+∞ included) the largest; a NaN `p` gives
    /// NaN (no rank is meant).
    /// - Complexity: O(1).
    public static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        guard !p.isNaN else { return .nan }
        let rank = (min(max(p, 0), 1) * Double(values.count)).rounded(.up)
        return values[min(values.count, max(1, Int(rank))) - 1]
    }

    /// The loader model to plan with: λ = ``latencyP99`` · (1 + margin), μ = ``throughput`` / (1 + margin) (see the
    /// type for what the margin buys).
    /// - Throws: ``TileLoaderError/badParameter(field:value:valid:)`` for a margin that is negative or not finite;
    ///   ``TileLoaderError/tooFewSamples(count:)`` with fewer than 2 loads or no elapsed time;
    ///   ``TileLoaderError/badParameter(field:value:valid:)`` when λ or μ falls outside what
    ///   `LoaderModel` accepts.
    public func model(margin: Double) throws(TileLoaderError) -> LoaderModel {
        guard margin.isFinite, margin >= 0 else {
            throw .badParameter(field: "Loader margin", value: margin, valid: "a finite number ≥ 0 (0.5 = 50 %)")
        }
        guard count >= 2, throughput > 0 else { throw .tooFewSamples(count: count) }
        let latency = latencyP99 * (1 + margin)
        let rate = throughput / (1 + margin)
        do {
            return try LoaderModel(latency: latency, throughput: rate)
        } catch {
            throw .badParameter(
                field: "Measured loader (λ = \(latency) s, μ = \(rate) tiles/s)", value: rate,
                valid: "λ in [0, 1e9] s and μ in [1e-9, 1e12] tiles/s")
        }
    }
}
