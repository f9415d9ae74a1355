import MercatorMath
import StencilScenarios

/// Timing a method and its reference in alternation: a batch of one, then a batch of the other, so that load from
/// other processes falls on both alike.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum Interleaved {
    /// `rounds` rounds of `methodCalls` calls of `method` then `referenceCalls` calls of `reference`; each batch gives
    /// one per-call sample (its time ÷ its calls). Returns the two sets of samples, in seconds per call.
    /// - Complexity: `rounds × (methodCalls + referenceCalls)` calls.
    static func time(
        rounds: Int, methodCalls: Int, _ method: (Int) -> Void, referenceCalls: Int, _ reference: (Int) -> Void
    ) -> (method: [Double], reference: [Double]) {
        let clock = ContinuousClock()
        var m = [Double](repeating: 0, count: rounds)
        var r = [Double](repeating: 0, count: rounds)
        var k = 0
        var j = 0
        for round in 0..<rounds {
            let a = clock.now
            for _ in 0..<methodCalls {
                method(k)
                k &+= 1
            }
            let b = clock.now
            for _ in 0..<referenceCalls {
                reference(j)
                j &+= 1
            }
            let c = clock.now
            m[round] = Timing.seconds(b - a) / Double(methodCalls)
            r[round] = Timing.seconds(c - b) / Double(referenceCalls)
        }
        return (m, r)
    }
}
