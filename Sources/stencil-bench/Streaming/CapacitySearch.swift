import Foundation
import StencilScenarios

/// The smallest capacity at which a method flies stall-free, by galloping then binary search with the loader
/// simulator.
///
/// From the lower bound L it probes L, L + 1, L + 3, L + 7, … (steps doubling) up to the upper bound U, then bisects
/// between the last capacity that stalled and the first that did not. This assumes that a method stall-free at C is
/// stall-free at C + 1, which holds for LRU over a fixed per-frame region (a stack algorithm) up to the loader's
/// timing,
/// not always for a plan re-split at each capacity; so the answer is checked one capacity below, even below L
/// (``Result/stallFreeBelow``: true there means the search was fooled, or, at L, that the bound or the simulator is
/// wrong). Nil when it stalls at U, past which nothing changes (the method never evicts or holds everything), so no
/// capacity makes it stall-free.
/// - Complexity: O(log(U − L)) simulations, each memoised.
struct CapacitySearch {
    /// The answer and how it was found.
    struct Result: Sendable {
        /// The smallest stall-free capacity found, or nil if the method stalls at every capacity up to the bound.
        var capacity: Int?
        /// Simulations run.
        var probes: Int
        /// Whether the method is also stall-free one capacity below the answer (false when the answer is 1).
        var stallFreeBelow: Bool
    }

    /// Searches [lower, upper] with `stallFree` (true when the method flies without a stall at that capacity).
    static func smallest(from lower: Int, to upper: Int, stallFree: (Int) -> Bool) -> Result {
        var memo: [Int: Bool] = [:]
        func probe(_ c: Int) -> Bool {
            if let known = memo[c] { return known }
            let answer = stallFree(c)
            memo[c] = answer
            return answer
        }
        let upper = max(lower, upper)
        var bad = lower - 1
        var step = 1
        var c = lower
        while !probe(c) {
            bad = c
            guard c < upper else { return Result(capacity: nil, probes: memo.count, stallFreeBelow: false) }
            c = min(upper, c + step)
            step *= 2
        }
        var good = c
        while good - bad > 1 {
            let mid = bad + (good - bad) / 2
            if probe(mid) { good = mid } else { bad = mid }
        }
        let below = good > 1 && probe(good - 1)
        return Result(capacity: good, probes: memo.count, stallFreeBelow: below)
    }
}
