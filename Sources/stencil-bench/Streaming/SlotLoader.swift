import Foundation
import StencilScenarios

/// What a ``StreamingMethod`` acts through: C texture slots and a loader, tiles numbered as Int32. The
/// ``LoaderSimulator`` implements it with the library's loader model; ``RealSlotLoader`` with real reads
/// (`replay`). Times are on the flight's clock, stalls included: frame k's step is at k / fps + D.
protocol SlotLoader {
    /// The stall time so far, D.
    var delay: Double { get }
    /// The time of frame `k`'s step, k / fps + D.
    func stepTime(ofFrame k: Int) -> Double
    /// Whether `tile` holds a slot (requested and not evicted).
    func holdsSlot(_ tile: Int32) -> Bool
    /// Whether `tile` holds a slot and is loaded at `time`.
    func isLoaded(_ tile: Int32, at time: Double) -> Bool
    /// The completion of `tile`'s latest request (+∞ if never requested or not yet known).
    func completion(of tile: Int32) -> Double
    /// Slots free at `time`, after the releases due by then.
    mutating func freeSlots(at time: Double) -> Int
    /// Requests `tiles` before take-off (they must be the first requests).
    mutating func preload(_ tiles: [Int32])
    /// Requests `tile` (which must hold no slot) at `time`, or later if no slot is free then.
    mutating func request(_ tile: Int32, at time: Double)
    /// Evicts `tile` at `time`: its slot is free at once, or at its completion if it is still loading.
    mutating func evict(_ tile: Int32, at time: Double)
}

extension LoaderSimulator: SlotLoader {}
