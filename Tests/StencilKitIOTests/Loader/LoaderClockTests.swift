import Foundation
import Testing

@testable import StencilKitIO

// The clock's waits end whatever the clock does: a target in the past, NaN or infinite, readings that run
// backwards or stand still.

/// Runs `body` on a thread of its own and waits at most `seconds` for it: whether it returned in time.
private func returnsWithin(_ seconds: Double, _ body: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    Thread {
        body()
        done.signal()
    }.start()
    return done.wait(timeout: .now() + seconds) == .success
}

@Test func waitsEndForTargetsInThePastNaNOrInfinite() throws {
    #expect(LoaderClock.realSeconds(from: 5, until: 3, rate: 1) == 0)
    #expect(LoaderClock.realSeconds(from: 5, until: 5, rate: 1) == 0)
    #expect(LoaderClock.realSeconds(from: 0, until: .nan, rate: 1) == 0)
    #expect(LoaderClock.realSeconds(from: 0, until: .infinity, rate: 1) == 0)
    #expect(LoaderClock.realSeconds(from: 0, until: -.infinity, rate: 1) == 0)
    #expect(LoaderClock.realSeconds(from: .nan, until: 1, rate: 1) == 0)
    #expect(LoaderClock.realSeconds(from: -.infinity, until: 1, rate: 1) == 0)
    #expect(LoaderClock.realSeconds(from: 0, until: 2, rate: 4) == 0.5)
    #expect(LoaderClock.realSeconds(from: -1e308, until: 1e308, rate: 1e-3) == LoaderClock.maximumSleep)
    let clock = try LoaderClock(now: 0, rate: 1)
    #expect(returnsWithin(2) { clock.sleep(until: .infinity) })
    #expect(returnsWithin(2) { clock.sleep(until: -.infinity) })
    #expect(returnsWithin(2) { clock.sleep(until: .nan) })
    #expect(returnsWithin(2) { clock.sleep(until: -1e300) })
    #expect(returnsWithin(2) { LoaderClock.sleepReal(seconds: .infinity) })
    #expect(returnsWithin(2) { LoaderClock.sleepReal(seconds: -1) })
}

@Test func aClockThatRunsBackwardsCannotLengthenAWait() throws {
    // Injected readings that fall by a second at every read: the wait reads once and sleeps what it computed.
    var reading = 10.0
    var readings = 0
    var slept: [Double] = []
    LoaderClock.wait(
        until: 10.5, rate: 1,
        now: {
            readings += 1
            reading -= 1
            return reading
        },
        sleep: { slept.append($0) })
    #expect(readings == 1 && slept == [1.5])
    // A clock frozen before its target: one reading, one sleep, done.
    readings = 0
    slept = []
    LoaderClock.wait(
        until: 1, rate: 2,
        now: {
            readings += 1
            return 0
        },
        sleep: { slept.append($0) })
    #expect(readings == 1 && slept == [0.5])
    // A real clock whose monotonic origin lies ahead of now reads before its start; its waits still end.
    let ahead = LoaderClock(origin: LoaderClock.monotonicNanoseconds() + 10_000_000_000, start: 0, rate: 1)
    #expect(ahead.now < -9)
    let target = ahead.now + 0.02
    #expect(returnsWithin(2) { ahead.sleep(until: target) })
    #expect(ahead.now >= target)
}
