/// A pixel rectangle of a terrain image between the edges ``minX``, ``maxX`` (x) and ``minY``, ``maxY`` (y), y
/// growing southward (the geometry model's *Tiles, unwrapped columns and ghost tiles* (§2)). One type serves two
/// readings of its edges, and each member says which it takes:
///
/// - **Half-open**, [minX, maxX) × [minY, maxY): the square a tile owns, as ``TileID/pixelBounds(tileSize:)`` gives
///   it; ``contains(_:)`` and ``description`` read it so, and neighbouring tiles' squares share no pixel.
/// - **Closed**, [minX, maxX] × [minY, maxY]: the bounding box of points (a footprint's corners, a swept shape), as
///   ``empty``, ``including(_:)`` and ``union(_:)`` build it: every point included lies in the box, edges too.
///
/// The edges are the same numbers in both readings; only membership of the east and south edges differs.
public struct PixelBounds: Sendable, Hashable, CustomStringConvertible {
    /// The western edge, x = minX (included in both readings).
    public var minX: Double
    /// The northern (top) edge, y = minY (included in both readings).
    public var minY: Double
    /// The eastern edge, x = maxX: excluded from the half-open square, included in the closed box.
    public var maxX: Double
    /// The southern (bottom) edge, y = maxY: excluded from the half-open square, included in the closed box.
    public var maxY: Double

    /// Creates a rectangle from its edges in pixels (either reading).
    @inlinable
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The empty box, minX = minY = +∞ and maxX = maxY = −∞: it holds no point in either reading, and
    /// ``including(_:)`` or ``union(_:)`` replaces it by what they add (the start of a bounding box).
    @inlinable
    public static var empty: PixelBounds {
        PixelBounds(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
    }

    /// Whether the half-open rectangle holds a pixel: minX ≤ x < maxX and minY ≤ y < maxY.
    /// - Complexity: O(1).
    @inlinable
    public func contains(_ pixel: PixelPoint) -> Bool {
        pixel.x >= minX && pixel.x < maxX && pixel.y >= minY && pixel.y < maxY
    }

    /// The closed box grown to hold `point`: [min(minX, x), max(maxX, x)] × [min(minY, y), max(maxY, y)].
    /// - Complexity: O(1).
    @inlinable
    public func including(_ point: PixelPoint) -> PixelBounds {
        PixelBounds(
            minX: min(minX, point.x), minY: min(minY, point.y), maxX: max(maxX, point.x), maxY: max(maxY, point.y))
    }

    /// The smallest rectangle holding both, in either reading (closed boxes give the closed box, half-open squares
    /// the half-open rectangle): edges min(minX, minX′), min(minY, minY′), max(maxX, maxX′), max(maxY, maxY′).
    /// - Complexity: O(1).
    @inlinable
    public func union(_ other: PixelBounds) -> PixelBounds {
        PixelBounds(
            minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX),
            maxY: max(maxY, other.maxY))
    }

    /// The half-open reading, `[minX, maxX) × [minY, maxY)`.
    public var description: String { "[\(minX), \(maxX)) × [\(minY), \(maxY))" }
}
