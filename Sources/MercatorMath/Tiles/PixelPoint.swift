/// A point or vector in image pixels: x grows east (and may be unwrapped past the image width),
/// y grows south from the top edge.
public struct PixelPoint: Sendable, Hashable, CustomStringConvertible {
    /// Horizontal pixel coordinate (unwrapped: any real number).
    public var x: Double
    /// Vertical pixel coordinate, growing southward.
    public var y: Double

    /// Creates a point from its pixel coordinates.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin (0, 0).
    public static let zero = PixelPoint(x: 0, y: 0)

    /// Vector sum.
    @inlinable
    public static func + (a: PixelPoint, b: PixelPoint) -> PixelPoint { PixelPoint(x: a.x + b.x, y: a.y + b.y) }
    /// Vector difference.
    @inlinable
    public static func - (a: PixelPoint, b: PixelPoint) -> PixelPoint { PixelPoint(x: a.x - b.x, y: a.y - b.y) }
    /// Scaling by a number.
    @inlinable
    public static func * (k: Double, a: PixelPoint) -> PixelPoint { PixelPoint(x: k * a.x, y: k * a.y) }

    /// Dot product.
    @inlinable
    public func dot(_ other: PixelPoint) -> Double { x * other.x + y * other.y }

    /// Euclidean length.
    @inlinable
    public var length: Double { (x * x + y * y).squareRoot() }

    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}
