/// SplitMix64 (Steele, Lea & Flood 2014): a tiny fixed generator so every randomized test of both test targets
/// replays bit for bit on every platform and toolchain (the standard library's generators and `Double.random(in:)`
/// promise neither). As a `RandomNumberGenerator` it also drives `shuffled(using:)` and the like.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's whole state: the last value of the Weyl sequence.
    public private(set) var state: UInt64

    /// A generator whose first draw is the mix of `seed` + 0x9E37_79B9_7F4A_7C15.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), from the top 53 bits.
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in [lower, upper).
    public mutating func uniform(_ lower: Double, _ upper: Double) -> Double { lower + (upper - lower) * unit() }

    /// Uniform in the closed integer range (the modulo bias is negligible for the ranges used here).
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// Uniform in 0..<bound (bound ≥ 1; the modulo bias is negligible for the bounds used here).
    public mutating func int(below bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// True or false, evenly.
    public mutating func bool() -> Bool { next() & 1 == 1 }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// One of `items`, uniformly.
    public mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}
