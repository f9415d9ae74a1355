import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A render loop's clock: seconds on the loop's own timeline (seconds from take-off for a `ScheduleDriver`),
/// read from the system's monotonic clock. StencilKit reads no clock; this is where StencilKitIO reads one.
///
/// The clock reads `start` at the monotonic instant `origin` and advances `rate` of its seconds per real second,
/// so now = start + rate · (monotonic now − origin). A `rate` of k > 1 flies k times faster than real time (a
/// replay's `--speedup`).
/// Always true of a clock: `start` is finite and `rate` is finite and in ``validRates``.
public struct LoaderClock: Sendable, Hashable {
    /// The monotonic instant, in nanoseconds (``monotonicNanoseconds()``), at which the clock read ``start``.
    public let origin: UInt64
    /// The clock's reading at ``origin``, in seconds.
    public let start: Double
    /// Clock seconds per real second.
    public let rate: Double

    /// The rates a clock may run at, 10⁻³ … 10⁶.
    public static let validRates: ClosedRange<Double> = 1e-3...1e6

    /// A clock that reads `time` now and runs `rate` times as fast as real time.
    /// - Throws: ``TileLoaderError/badParameter(field:value:valid:)`` for a non-finite `time` or a `rate` outside
    ///   ``validRates``.
    public init(now time: Double = 0, rate: Double = 1) throws(TileLoaderError) {
        guard time.isFinite else { throw .badParameter(field: "Clock time (s)", value: time, valid: "a finite number") }
        guard rate.isFinite, Self.validRates.contains(rate) else {
            throw .badParameter(field: "Clock rate", value: rate, valid: "in [0.001, 1e6] clock seconds per second")
        }
        origin = Self.monotonicNanoseconds()
        start = time
        self.rate = rate
    }

    /// The system's monotonic clock in nanoseconds (`DispatchTime`'s uptime: `CLOCK_MONOTONIC` on Linux).
    @inlinable
    public static func monotonicNanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// The clock's reading now.
    public var now: Double { time(atNanoseconds: Self.monotonicNanoseconds()) }

    /// The clock's reading at the monotonic instant `nanoseconds`: start + rate · (nanoseconds − origin) · 10⁻⁹.
    @inlinable
    public func time(atNanoseconds nanoseconds: UInt64) -> Double {
        let elapsed =
            nanoseconds >= origin ? Double(nanoseconds - origin) : -Double(origin - nanoseconds)
        return start + rate * elapsed * 1e-9
    }

    /// Sleeps the calling thread until the clock reads at least `time` (returns at once if it already does, or
    /// for a NaN time). Allocates nothing.
    public func sleep(until time: Double) {
        while true {
            let left = (time - now) / rate
            guard left > 0 else { return }
            let seconds = min(left, 3600)
            var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
            var remaining = timespec()
            _ = nanosleep(&request, &remaining)
        }
    }
}
