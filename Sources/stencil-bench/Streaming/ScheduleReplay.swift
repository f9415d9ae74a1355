import Foundation
import MercatorMath
import StencilKit
import StencilKitIO

/// A ``StreamingSchedule`` flown in wall-clock time by the render loop of the README's streaming example: its
/// ``ScheduleDriver`` stepped once per frame, its requests read by a real ``TileLoader``, the loads reported to the
/// driver as they arrive.
///
/// Per frame k (and frame −1 at −w, when the preload is due), at t = k / fps on a clock running `speedup` times real
/// time: sleep until t + D, then the bookkeeping — report the loads completed by then (their time − D) with
/// ``ScheduleDriver/completed(_:at:atRisk:)``, step the driver to t, release its evictions, request its requests —
/// timed (the loop's frame time) and its heap allocations on the render thread counted. Then the frame is shown once
/// every tile that enters its need (or was evicted while needed) has arrived; when one has not, the frame waits for
/// it (a stall: the flight freezes, D grows by the wait, as in ``LoaderSimulator``).
/// - Complexity: O(1) per frame plus the actions, loads and checks of the frame, and the waits.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct ScheduleReplay {
    /// What the flight did.
    var outcome: StreamingOutcome
    /// The bookkeeping of each frame, −1 included (seconds of wall time).
    var frameTimes: [Double]
    /// Heap allocations of the render thread's bookkeeping in the frames after the first second (nil: not counted),
    /// and how many frames that is.
    var warmAllocations: Int?
    var warmFrames: Int
    /// Loads the driver reported late or due and not loaded.
    var atRisk: Int

    /// Flies `schedule` over `route`'s needs with `loader`.
    static func run(
        _ schedule: StreamingSchedule<TileIndex>, route: StreamingRoute, loader: TileLoader<TileIndex, Data>, speedup: Double
    ) throws -> ScheduleReplay {
        let needs = route.needEvents
        let numbers = route.numbers
        let fps = schedule.framesPerSecond
        let frames = schedule.frameCount
        var resident = [Bool](repeating: false, count: numbers.count)
        var needed = resident
        var pending = resident
        var checks: [Int32] = []
        var driver = ScheduleDriver(schedule: schedule)
        let reserve = schedule.capacity + 16
        var requests: [TileIndex] = []
        var evictions: [TileIndex] = []
        var risk: [TileIndex] = []
        requests.reserveCapacity(reserve)
        evictions.reserveCapacity(reserve)
        risk.reserveCapacity(reserve)
        checks.reserveCapacity(reserve)
        loader.reserveCapacity(reserve)
        var frameTimes = [Double](repeating: 0, count: frames + 1)
        var stalled: [Int32] = []
        var stallTime = 0.0
        var longest = 0.0
        var delay = 0.0
        var atRisk = 0
        var absent = 0
        var issued = 0
        var used = 0
        var peak = 0
        var warmAllocations: Int? = 0
        let warmFrom = Int(fps.rounded(.up))
        let clock = try LoaderClock(now: -schedule.takeoffWait, rate: speedup)
        loader.clock = clock

        /// Reports the loads completed by clock time `now` to the driver and marks them resident.
        func receive(through now: Double) {
            for load in loader.completions(through: now) {
                driver.completed(load.tile, at: load.time - delay, atRisk: &risk)
                atRisk += risk.count
                if let n = numbers.existingNumber(of: load.tile) {
                    resident[n] = true
                    pending[n] = false
                }
            }
        }

        /// The render thread's bookkeeping at frame time `t`.
        func bookkeeping(_ t: Double) {
            receive(through: t + delay)
            driver.step(to: t, requests: &requests, evictions: &evictions, atRisk: &risk)
            atRisk += risk.count
            for tile in evictions {
                guard let n = numbers.existingNumber(of: tile) else { continue }
                resident[n] = false
                used -= 1
                if needed[n] { checks.append(Int32(n)) }
            }
            for tile in requests {
                if let n = numbers.existingNumber(of: tile) { pending[n] = true }
                loader.request(tile)
                issued += 1
                used += 1
            }
            peak = max(peak, used)
        }

        for frame in -1..<frames {
            let t = frame < 0 ? -schedule.takeoffWait : Double(frame) / fps
            clock.sleep(until: t + delay)
            var elapsed: UInt64 = 0
            if frame >= warmFrom, let before = warmAllocations {
                let n = AllocationCounter.count {
                    let start = LoaderClock.monotonicNanoseconds()
                    bookkeeping(t)
                    elapsed = LoaderClock.monotonicNanoseconds() - start
                }
                warmAllocations = n.map { before + $0 }
            } else {
                let start = LoaderClock.monotonicNanoseconds()
                bookkeeping(t)
                elapsed = LoaderClock.monotonicNanoseconds() - start
            }
            frameTimes[frame + 1] = Double(elapsed) * 1e-9
            guard frame >= 0 else { continue }
            for tile in needs.leaving(at: frame) { needed[Int(tile)] = false }
            for tile in needs.entering(at: frame) {
                needed[Int(tile)] = true
                checks.append(tile)
            }
            let s = t + delay
            var waited = false
            while checks.contains(where: { needed[Int($0)] && !resident[Int($0)] && pending[Int($0)] }) {
                waited = true
                usleep(50)
                receive(through: .infinity)
            }
            for tile in checks where needed[Int(tile)] && !resident[Int(tile)] { absent += 1 }
            checks.removeAll(keepingCapacity: true)
            if waited {
                let wait = max(0, clock.now - s)
                stalled.append(Int32(frame))
                stallTime += wait
                longest = max(longest, wait)
                delay += wait
            }
        }
        while loader.outstanding > 0 {
            usleep(50)
            _ = loader.completions(through: .infinity)
        }
        let outcome = StreamingOutcome(
            capacity: schedule.capacity, stalledFrames: stalled, stallTime: stallTime, longestStall: longest,
            requests: issued, peak: peak, takeoffWait: schedule.takeoffWait, overflows: 0, absentNeeds: absent)
        return ScheduleReplay(
            outcome: outcome, frameTimes: frameTimes, warmAllocations: warmAllocations,
            warmFrames: max(0, frames - warmFrom), atRisk: atRisk)
    }
}
