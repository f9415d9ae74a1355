/// A box in spherical Mercator metres, x = R·λ and y = R·asinh(tan φ) (north positive), the edges x_w, y_s, x_e and
/// y_n — on the Earth sphere these are Web Mercator (EPSG:3857) metres; mercantile's `xy_bounds` (left, bottom,
/// right, top).
public typealias MercatorBounds = CompassBounds<Mercator>

extension Mercator: CompassBoundsUnit {
    /// `x [west, east] m × y [south, north] m`.
    public static func description(of bounds: MercatorBounds) -> String {
        "x [\(bounds.west), \(bounds.east)] m × y [\(bounds.south), \(bounds.north)] m"
    }
}
