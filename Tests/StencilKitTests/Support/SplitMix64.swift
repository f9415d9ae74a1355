/// SplitMix64 (Steele, Lea & Flood 2014): a tiny fixed generator so every randomized test replays bit for bit on
/// every platform and toolchain (the standard library's generators and `Double.random(in:)` promise neither).
struct SplitMix64 {
    private(set) var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), from the top 53 bits.
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in [lower, upper).
    mutating func uniform(_ lower: Double, _ upper: Double) -> Double { lower + (upper - lower) * unit() }

    /// Uniform in the closed integer range.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// True or false, evenly.
    mutating func bool() -> Bool { next() & 1 == 1 }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// One of `items`, uniformly.
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}
