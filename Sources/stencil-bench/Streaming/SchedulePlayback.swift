import Foundation
import MercatorMath
import StencilKit
import StencilScenarios

/// A ``StreamingSchedule`` flown through the loader simulator by its ``ScheduleDriver``, in one of two ways:
/// - **At action times**, as a renderer that wakes at the driver's ``ScheduleDriver/nextActionTime`` as well as at
///   every frame: the preload at −w, then, before frame k's step, a step to every action time before t_k and one to
///   t_k. Each action is issued at its planned time plus the stall so far (none, for a valid schedule), evictions
///   before requests. Each load's completion in the simulator must equal the one the schedule planned with the same
///   model (``ScheduledRequest/completion``).
/// - **Per frame**, as a renderer that steps the driver only at frames, with a schedule planned for
///   ``LoaderModel/forSteps(every:)`` (latency λ + 1/fps) and flown with the real loader (latency λ): each action is
///   issued at the first frame step at or after its time. Each load must complete no later than planned (the
///   library's claim for `forSteps`), to within the simulator's 10⁻⁹ s.
///
/// ``modelMismatches`` counts the loads that break the rule of their way: a check of the simulator against the
/// library's loader model, and of the driver's ordering.
/// - Complexity: O(1) per action and per frame (the driver's step), plus a hash look-up per action.
struct SchedulePlayback: StreamingMethod {
    let schedule: StreamingSchedule<TileIndex>
    private var driver: ScheduleDriver<TileIndex>
    private let numbers: TileNumbering<TileIndex>
    private var requests: [TileIndex] = []
    private var evictions: [TileIndex] = []
    private var risk: [TileIndex] = []
    /// The planned loads, preload first, in request order, and how many have been issued.
    private let loads: [ScheduledRequest<TileIndex>]
    private var issued = 0
    /// Loads whose completion in the simulator breaks the rule of the playback's way.
    private(set) var modelMismatches = 0
    /// Whether the driver is stepped only at frames.
    let perFrame: Bool

    /// The playback of `schedule`, its tiles numbered by `numbers` (the needs' numbering: a valid schedule requests
    /// only needed tiles), stepped at frames only when `perFrame`.
    init(schedule: StreamingSchedule<TileIndex>, numbers: TileNumbering<TileIndex>, perFrame: Bool = false) {
        self.schedule = schedule
        self.perFrame = perFrame
        driver = ScheduleDriver(schedule: schedule)
        self.numbers = numbers
        loads = schedule.preload + schedule.requests
    }

    mutating func start(_ simulator: inout some SlotLoader) {
        guard !schedule.preload.isEmpty else { return }
        driver.step(to: -schedule.takeoffWait, requests: &requests, evictions: &evictions, atRisk: &risk)
        let tiles = requests.compactMap { number(of: $0) }
        simulator.preload(tiles)
        for tile in tiles { compare(tile, simulator) }
    }

    mutating func act(frame k: Int, _ simulator: inout some SlotLoader) {
        let frameTime = Double(k) / schedule.framesPerSecond
        while !perFrame, let t = driver.nextActionTime, t < frameTime {
            driver.step(to: t, requests: &requests, evictions: &evictions, atRisk: &risk)
            issue(at: t + simulator.delay, &simulator)
        }
        driver.step(to: frameTime, requests: &requests, evictions: &evictions, atRisk: &risk)
        issue(at: frameTime + simulator.delay, &simulator)
    }

    private mutating func issue(at time: Double, _ simulator: inout some SlotLoader) {
        // A valid schedule names only needed tiles, which are all numbered.
        for tile in evictions {
            if let n = number(of: tile) { simulator.evict(n, at: time) }
        }
        for tile in requests {
            if let n = number(of: tile) {
                simulator.request(n, at: time)
                compare(n, simulator)
            }
        }
    }

    /// The number of `tile` in the needs' numbering, if it has one.
    private func number(of tile: TileIndex) -> Int32? { numbers.existingNumber(of: tile).map { Int32($0) } }

    /// Counts a mismatch when the simulator's completion of the next planned load differs from the plan's (at
    /// action times), or comes later (per frame).
    private mutating func compare(_ tile: Int32, _ simulator: some SlotLoader) {
        defer { issued += 1 }
        guard issued < loads.count, number(of: loads[issued].tile) == tile else {
            modelMismatches += 1
            return
        }
        let actual = simulator.completion(of: tile)
        let planned = loads[issued].completion
        guard perFrame ? actual <= planned + LoaderSimulator.tolerance : actual == planned else {
            modelMismatches += 1
            return
        }
    }
}
