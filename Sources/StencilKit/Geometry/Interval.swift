/// A closed interval [lower, upper] of real numbers.
public struct Interval: Sendable, Hashable {
    /// The lower end.
    public var lower: Double
    /// The upper end.
    public var upper: Double

    /// Creates [lower, upper].
    @inlinable
    public init(_ lower: Double, _ upper: Double) {
        self.lower = lower
        self.upper = upper
    }

    /// The interval widened by `amount` at both ends.
    @inlinable
    public func widened(by amount: Double) -> Interval { Interval(lower - amount, upper + amount) }

    /// The interval moved by `amount`.
    @inlinable
    public func shifted(by amount: Double) -> Interval { Interval(lower + amount, upper + amount) }

    /// Whether `value` lies in the closed interval.
    @inlinable
    public func contains(_ value: Double) -> Bool { value >= lower && value <= upper }
}
