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
/// Always true of a clock: `start` is in ``validTimes`` and `rate` in ``validRates``.
public struct LoaderClock: Sendable, Hashable {
    /// The monotonic instant, in nanoseconds (``monotonicNanoseconds()``), at which the clock read ``start``.
    public let origin: UInt64
    /// The clock's reading at ``origin``, in seconds.
    public let start: Double
    /// Clock seconds per real second.
    public let rate: Double

    /// The rates a clock may run at, 10⁻³ … 10⁶.
    public static let validRates: ClosedRange<Double> = 1e-3...1e6

    /// The readings a clock may start at, ±10⁹ s (about 31.7 years): there a Double still resolves 0.12 µs, so the
    /// clock advances at every microsecond. A clock started at 10³⁰⁰ would never advance (its ulp is 10²⁸⁴ s) and a
    /// wait for a later reading would never end.
    public static let validTimes: ClosedRange<Double> = -1e9...1e9

    /// A clock that reads `time` now and runs `rate` times as fast as real time.
    /// - Throws: ``TileLoaderError/badParameter(field:value:valid:)`` for a `time` outside ``validTimes`` or a
    ///   `rate` outside ``validRates``.
    public init(now time: Double = 0, rate: Double = 1) throws(TileLoaderError) {
        guard time.isFinite, Self.validTimes.contains(time) else {
            throw .badParameter(field: "Clock time (s)", value: time, valid: "in [−1e9, 1e9] seconds")
        }
        guard rate.isFinite, Self.validRates.contains(rate) else {
            throw .badParameter(field: "Clock rate", value: rate, valid: "in [0.001, 1e6] clock seconds per second")
        }
        origin = Self.monotonicNanoseconds()
        start = time
        self.rate = rate
    }

    /// A clock that read `start` at the monotonic instant `origin` (nanoseconds), for parameters already checked
    /// (the tests give origins in the future: a clock reading earlier than its start).
    init(origin: UInt64, start: Double, rate: Double) {
        self.origin = origin
        self.start = start
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

    /// The most real time one ``sleep(until:)`` sleeps, one hour: a caller waiting longer calls again.
    public static let maximumSleep = 3600.0

    /// Sleeps the calling thread until the clock reads at least `time`, reading the clock once: it sleeps
    /// ``realSeconds(from:until:rate:)`` of real time (resuming after a signal for the time left), at most
    /// ``maximumSleep``. A target in the past, NaN or infinite returns at once; a monotonic clock that stalls or
    /// runs backwards cannot make it sleep longer than the time computed at the call. Allocates nothing.
    /// - Complexity: O(1) plus the sleep.
    public func sleep(until time: Double) {
        Self.wait(until: time, rate: rate, now: { now }, sleep: Self.sleepReal(seconds:))
    }

    /// The waiting logic of ``sleep(until:)`` with its clock reading and its sleeper given (the tests give readings
    /// that run backwards): one reading, then one sleep of ``realSeconds(from:until:rate:)`` when that is positive.
    static func wait(until time: Double, rate: Double, now: () -> Double, sleep: (Double) -> Void) {
        let seconds = realSeconds(from: now(), until: time, rate: rate)
        if seconds > 0 { sleep(seconds) }
    }

    /// The real seconds a clock of `rate` reading `now` takes to read `time`: (time − now) / rate, clamped to
    /// [0, ``maximumSleep``] (a finite target so far ahead that the quotient overflows is ``maximumSleep`` away);
    /// 0 for a target at or before `now`, and when `time`, `now` or `rate` is NaN or infinite, or `rate` ≤ 0.
    /// - Complexity: O(1).
    public static func realSeconds(from now: Double, until time: Double, rate: Double) -> Double {
        guard time.isFinite, now.isFinite, rate.isFinite, rate > 0 else { return 0 }
        let left = (time - now) / rate
        guard left > 0 else { return 0 }
        return min(left, maximumSleep)
    }

    /// Sleeps `seconds` of real time (0 … ``maximumSleep``; anything else returns at once), resuming after a
    /// signal for the time `nanosleep` reports left, which only shrinks: the loop ends.
    static func sleepReal(seconds: Double) {
        guard seconds > 0, seconds <= maximumSleep else { return }
        let whole = seconds.rounded(.down)
        var request = timespec(tv_sec: Int(whole), tv_nsec: min(999_999_999, Int((seconds - whole) * 1e9)))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR {
            guard remaining.tv_sec > 0 || remaining.tv_nsec > 0 else { return }
            guard
                remaining.tv_sec < request.tv_sec
                    || (remaining.tv_sec == request.tv_sec && remaining.tv_nsec < request.tv_nsec)
            else { return }
            request = remaining
        }
    }
}
