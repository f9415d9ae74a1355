import Foundation
import MercatorMath
import StencilKit
import StencilKitIO
import StencilScenarios

/// A ``StreamingSchedule`` flown in wall-clock time by the library's ``StreamingSession`` (the README's streaming
/// example), over a real ``TileLoader``, for a flat screen and a chase camera alike.
///
/// The session freezes the flight while a needed tile is loading (``StallPolicy/wait(limit:)``, as the loader
/// simulator's stall): a stalled frame is one that waited or drew with a tile missing. The bench adds what the
/// library does not measure: the heap allocations of each frame's bookkeeping after the first second.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct ScheduleReplay {
    /// The longest a frame waits for its tiles, in real seconds, before it is drawn with them missing.
    static let waitLimit = 30.0

    /// What the flight did.
    var outcome: StreamingOutcome
    /// The bookkeeping of each frame, −1 included (seconds of wall time).
    var frameTimes: [Double]
    /// Heap allocations of the render thread's frames after the first second (nil: not counted), and how many
    /// frames that is.
    var warmAllocations: Int?
    var warmFrames: Int
    /// Loads the driver reported late or due and not loaded.
    var atRisk: Int

    /// Flies `schedule` over `needs` (the needs it was planned from) with `loader`, `speedup` times real time;
    /// counts the render thread's allocations when `countingAllocations` (the counter swaps the runtime's allocation
    /// and reference-counting functions, which threads busy in FoundationNetworking — an HTTP source — have crashed
    /// on: pass false for one).
    static func run<Tile: StreamedTile>(
        _ schedule: StreamingSchedule<Tile>, needs: Needs<Tile>, loader: TileLoader<Tile, Data>, speedup: Double,
        countingAllocations: Bool = true
    ) throws -> ScheduleReplay {
        var session: StreamingSession<Tile, Data>
        do {
            session = try StreamingSession(
                schedule: schedule, needs: needs, loader: loader, speedup: speedup,
                stallPolicy: .wait(limit: waitLimit))
        } catch {
            throw ScenarioError("\(error)")
        }
        let warmFrom = Int(schedule.framesPerSecond.rounded(.up))
        var frameTimes: [Double] = []
        frameTimes.reserveCapacity(schedule.frameCount + 1)
        var stalled: [Int32] = []
        var warmAllocations: Int? = countingAllocations ? 0 : nil
        while true {
            var report: FrameReport?
            if session.nextFrameIndex >= warmFrom, let before = warmAllocations {
                let n = AllocationCounter.count { report = session.nextFrame() }
                warmAllocations = n.map { before + $0 }
            } else {
                report = session.nextFrame()
            }
            guard let report else { break }
            frameTimes.append(report.bookkeeping)
            if report.isStalled { stalled.append(Int32(report.frame)) }
        }
        while loader.outstanding > 0 {
            usleep(50)
            _ = loader.completions(through: .infinity)
        }
        let totals = session.totals
        let outcome = StreamingOutcome(
            capacity: schedule.capacity, stalledFrames: stalled, stallTime: totals.waited,
            longestStall: totals.longestWait, requests: totals.requests, peak: totals.peakSlots,
            takeoffWait: schedule.takeoffWait, overflows: 0, absentNeeds: totals.missing)
        return ScheduleReplay(
            outcome: outcome, frameTimes: frameTimes, warmAllocations: warmAllocations,
            warmFrames: max(0, schedule.frameCount - warmFrom), atRisk: totals.atRisk)
    }
}
