/// An interval [lo, hi] of elevations in metres above the datum (sea level of the body's sphere): the bounds of a
/// terrain tile (the geometry model's *Covers over terrain* (§14)).
///
/// Nothing is checked here; ``TerrainBounds`` refuses a range with lo > hi or a non-finite end.
public struct ElevationRange: Sendable, Hashable, CustomStringConvertible {
    /// The least elevation lo, metres (negative below the datum).
    public var lo: Double
    /// The greatest elevation hi, metres.
    public var hi: Double

    /// The range [lo, hi] metres.
    @inlinable
    public init(lo: Double, hi: Double) {
        self.lo = lo
        self.hi = hi
    }

    /// [0, 0]: flat ground at the datum.
    public static let zero = ElevationRange(lo: 0, hi: 0)

    /// Whether `other` lies inside this range: lo ≤ other.lo and other.hi ≤ hi.
    @inlinable
    public func contains(_ other: ElevationRange) -> Bool { lo <= other.lo && other.hi <= hi }

    /// `[lo, hi] m`.
    public var description: String { "[\(MessageNumber.text(lo)), \(MessageNumber.text(hi))] m" }
}
