import Foundation
import StencilKit
import StencilScenarios

/// A streaming method the comparison measures: it preloads before take-off and acts once per frame (requests and
/// evictions at or before the frame's step), through a ``SlotLoader``: the ``LoaderSimulator``, or the real loader of
/// `replay` (``RealSlotLoader``).
protocol StreamingMethod {
    /// Issues the preload (``LoaderSimulator/preload(_:)``) and anything else before frame 0.
    mutating func start(_ simulator: inout some SlotLoader)
    /// Issues the requests and evictions due up to frame `k`'s step.
    mutating func act(frame k: Int, _ simulator: inout some SlotLoader)
}

/// What one method did over one flight at one capacity.
struct StreamingOutcome: Sendable {
    /// The capacity C.
    var capacity: Int
    /// Frames that waited, and their frame numbers.
    var stalledFrames: [Int32]
    /// Seconds waited in all, and by the longest stall.
    var stallTime: Double
    var longestStall: Double
    /// Requests, the preload included.
    var requests: Int
    /// The most slots in use at once.
    var peak: Int
    /// The take-off wait.
    var takeoffWait: Double
    /// Method bugs: requests with no slot, needed tiles without a slot at their frame.
    var overflows: Int
    var absentNeeds: Int
    /// For a schedule: loads whose simulated completion differs from the planned one (0 when the simulator and the
    /// library apply the same loader model).
    var modelMismatches = 0

    /// Whether no frame waited.
    var isStallFree: Bool { stalledFrames.isEmpty }

    /// Whether no frame waited and the method kept to the model: no request without a slot, no needed tile missing
    /// (what the capacity searches ask).
    var isStallFreeWithinCapacity: Bool { stalledFrames.isEmpty && overflows == 0 && absentNeeds == 0 }
}

extension LoaderSimulator {
    /// Flies `method` over every frame of `needs` with `capacity` slots and `loader`.
    /// - Complexity: O(frames + runs + the method's actions) plus the method's own work.
    static func run(
        _ method: inout some StreamingMethod, capacity: Int, loader: LoaderModel, needs: NeedEvents,
        framesPerSecond: Double, tileCount: Int
    ) -> StreamingOutcome {
        var simulator = LoaderSimulator(
            capacity: capacity, loader: loader, needs: needs, framesPerSecond: framesPerSecond, tileCount: tileCount)
        method.start(&simulator)
        for k in 0..<needs.frameCount {
            simulator.beginFrame(k)
            method.act(frame: k, &simulator)
            simulator.showFrame(k)
        }
        return StreamingOutcome(
            capacity: capacity, stalledFrames: simulator.stalledFrames, stallTime: simulator.stallTime,
            longestStall: simulator.longestStall, requests: simulator.requests, peak: simulator.peak,
            takeoffWait: simulator.takeoffWait, overflows: simulator.overflows, absentNeeds: simulator.absentNeeds)
    }
}
