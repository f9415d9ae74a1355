/// A box by its four compass edges, west ≤ east and south ≤ north (northward positive), in the units `Unit` names:
/// ``GeoBounds`` in degrees, ``MercatorBounds`` in spherical Mercator metres. It does not cross the antimeridian: a
/// tile's box never does.
public struct CompassBounds<Unit: CompassBoundsUnit>: Sendable, Hashable, CustomStringConvertible {
    /// The western, southern, eastern and northern edges, in the units of `Unit` (λ and φ, or x and y).
    public var west, south, east, north: Double

    /// Creates a box from its four edges in the units of `Unit`.
    @inlinable
    public init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// `[west, east] × [south, north]`, with the unit's axis names and units.
    public var description: String { Unit.description(of: self) }
}

/// The units of a ``CompassBounds``: they say how its edges are written.
public protocol CompassBoundsUnit {
    /// `[west, east] × [south, north]` with this unit's axis names and units.
    static func description(of bounds: CompassBounds<Self>) -> String
}
