/// A half-open pixel rectangle [minX, maxX) × [minY, maxY) of a terrain image, y growing southward (MODEL.md §2):
/// the square a tile owns.
public struct PixelBounds: Sendable, Hashable, CustomStringConvertible {
    /// The western edge, included.
    public var minX: Double
    /// The northern (top) edge, included.
    public var minY: Double
    /// The eastern edge, excluded.
    public var maxX: Double
    /// The southern (bottom) edge, excluded.
    public var maxY: Double

    /// Creates a rectangle from its edges in pixels.
    @inlinable
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// Whether the half-open rectangle holds a pixel: minX ≤ x < maxX and minY ≤ y < maxY.
    @inlinable
    public func contains(_ pixel: PixelPoint) -> Bool {
        pixel.x >= minX && pixel.x < maxX && pixel.y >= minY && pixel.y < maxY
    }

    /// `[minX, maxX) × [minY, maxY)`.
    public var description: String { "[\(minX), \(maxX)) × [\(minY), \(maxY))" }
}
