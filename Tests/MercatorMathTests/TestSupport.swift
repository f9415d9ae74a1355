import MercatorMath
import Testing

/// SplitMix64 (Steele, Lea & Flood): a tiny deterministic generator so randomized tests are reproducible
/// on every platform and toolchain (the standard library's generators and `Double.random` are not).
struct SplitMix64 {
    private var state: UInt64

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
}

/// The error `expression` throws, or nil if it returns.
func thrown<T>(_ expression: @autoclosure () throws(MercatorError) -> T) -> MercatorError? {
    do {
        _ = try expression()
        return nil
    } catch {
        return error
    }
}

/// Checks that an error's description mentions every given fragment (the offending value, the valid range).
func expectDescription(
    of error: MercatorError?, mentions fragments: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let error else {
        Issue.record("expected an error", sourceLocation: sourceLocation)
        return
    }
    for fragment in fragments {
        #expect(
            error.description.contains(fragment),
            "\"\(error.description)\" should mention \"\(fragment)\"", sourceLocation: sourceLocation)
    }
}

/// The signed difference a − b of two angles in degrees, reduced to [-180, 180].
func angleDifference(_ a: Double, _ b: Double) -> Double { (a - b).remainder(dividingBy: 360) }

/// A coordinate that must be valid.
func geo(_ latitude: Double, _ longitude: Double) -> GeoCoordinate {
    try! GeoCoordinate(latitude: latitude, longitude: longitude)
}
