/// How fast tiles load (the geometry model's *Streaming schedule* (§9)): requests complete in request order, the m-th
/// at
/// c_m = max(t_m + λ, c_{m−1} + 1/μ), with t_m its request time, λ the latency and μ the throughput.
///
/// Always true of a loader model: λ is finite and in ``validLatencies``, μ finite and in ``validThroughputs``, so
/// every time a schedule derives from them is finite.
public struct LoaderModel: Sendable, Hashable {
    /// The latency λ ≥ 0 in seconds from a request to its earliest completion.
    public let latency: Double
    /// The throughput μ > 0 in tiles per second: completions are at least 1/μ apart.
    public let throughput: Double

    /// The latencies a loader may have, 0 … 10⁹ s.
    public static let validLatencies: ClosedRange<Double> = 0...1e9
    /// The throughputs a loader may have, 10⁻⁹ … 10¹² tiles/s (the rates ``FlightTiming`` allows).
    public static let validThroughputs: ClosedRange<Double> = 1e-9...1e12

    /// A loader of latency `latency` seconds and throughput `throughput` tiles per second.
    /// - Throws: ``StencilError/nonFinite(field:value:)`` for a NaN or infinite value;
    ///   ``StencilError/outOfRange(field:value:valid:)`` for a negative latency, a throughput ≤ 0, or either past
    ///   its valid range.
    public init(latency: Double, throughput: Double) throws(StencilError) {
        try StencilError.requireNonNegative(latency, "Loader latency (s)")
        try StencilError.requirePositive(throughput, "Loader throughput (tiles/s)")
        guard Self.validLatencies.contains(latency) else {
            throw .outOfRange(field: "Loader latency (s)", value: latency, valid: "in [0, 1e9] s")
        }
        guard Self.validThroughputs.contains(throughput) else {
            throw .outOfRange(
                field: "Loader throughput (tiles/s)", value: throughput, valid: "in [1e-9, 1e+12] tiles/s")
        }
        self.latency = latency
        self.throughput = throughput
    }

    init(unchecked latency: Double, throughput: Double) {
        self.latency = latency
        self.throughput = throughput
    }

    /// Seconds between two completions at full throughput, 1/μ.
    public var interval: Double { 1 / throughput }

    /// The loader formula, written once: a load that can complete no earlier than `earliest` (its request time
    /// plus λ), queued behind a load completing at `previous`, completes at max(earliest, previous + `interval`).
    /// `interval` is 1/μ, or 0 for an unlimited throughput.
    /// - Complexity: O(1).
    @inline(__always)
    public static func completion(earliest: Double, after previous: Double, interval: Double) -> Double {
        Swift.max(earliest, previous + interval)
    }

    /// When a load requested at `request` completes behind a load completing at `previous`:
    /// c_m = max(t_m + λ, c_{m−1} + 1/μ).
    /// - Complexity: O(1).
    @inline(__always)
    public func completion(request: Double, after previous: Double) -> Double {
        Self.completion(earliest: request + latency, after: previous, interval: interval)
    }

    /// When a load that can complete no earlier than `earliest` (planned, or its request plus λ) completes behind a
    /// load completing at `previous`: max(earliest, previous + 1/μ).
    /// - Complexity: O(1).
    @inline(__always)
    public func completion(earliest: Double, after previous: Double) -> Double {
        Self.completion(earliest: earliest, after: previous, interval: interval)
    }

    /// The model to plan with when requests reach the loader only at steps at most `interval` seconds apart — a
    /// ``ScheduleDriver`` stepped once per frame: interval = 1/fps. Its latency is λ + interval, plus a guard of
    /// 10⁻⁹·max(1, λ + interval) s so that a request planned exactly at a step's time (up to rounding) is never
    /// returned a whole step late.
    ///
    /// Why that suffices: a request planned at r with latency λ + Δ reaches the loader at the first step at or
    /// after r, before r + Δ, so it completes by max(r + Δ + λ, previous + 1/μ), no later than planned, by
    /// induction along the queue. Evictions are delayed the same way; an eviction planned no later than the
    /// request that takes its slot is returned at the same step or an earlier one, and first.
    /// - Throws: ``StencilError`` for a non-finite or negative interval, or a latency past ``validLatencies``.
    public func forSteps(every interval: Double) throws(StencilError) -> LoaderModel {
        try StencilError.requireNonNegative(interval, "Step interval (s)")
        let stepped = latency + interval
        return try LoaderModel(latency: stepped + 1e-9 * Swift.max(1, stepped), throughput: throughput)
    }
}
