/// Ground units on a tile grid (the geometry model's *Ground units and time*, §12): pixels per metre at a latitude,
/// the ground length of a straight piece of image, and the pixels flown along a rhumb line after a ground distance.
///
/// Mercator is conformal, so the scale at latitude φ is the same in every direction: κ(φ) = k / (R·cos φ) px per
/// metre, with k = width / 2π px per radian and R the body's radius. A straight line on the image is a rhumb line;
/// along one, ψ (the isometric latitude) changes linearly with pixels and φ linearly with metres, and the two meet
/// through the divided difference q = (ψ(φ₂) − ψ(φ₁)) / (φ₂ − φ₁), computed so it stays accurate when the latitudes
/// are close (due east or west, where q = sec φ) or far apart (after Karney's rhumb-line paper).
extension TileGrid {
    /// The body a grid is on by default: Earth for a Web Mercator XYZ level (a square grid of 2ⁿ × 2ⁿ tiles of
    /// 256 or 512 px), Mars for any other grid (the Mars Viking mosaics); a caller may always name another sphere.
    /// - Complexity: O(1).
    public var defaultBody: Body {
        let square = columns == rows && columns > 0 && columns & (columns - 1) == 0
        return square && (tileSize == 256 || tileSize == 512) ? .earth : .mars
    }

    /// κ(φ) = k / (R·cos φ): pixels per metre at latitude φ (degrees) on `body`, the same in every direction.
    /// At φ = ±90° it is +∞.
    /// - Complexity: O(1).
    public func pixelsPerMetre(atLatitude latitude: Double, on body: Body) -> Double {
        pixelsPerRadian / (body.radius * Degrees.sinCos(latitude).cos)
    }

    /// 1 / κ(φ) = R·cos φ / k: the ground size of one pixel at latitude φ (degrees), what mercantile and MapLibre call
    /// the resolution in metres per pixel (2πR·cos φ / (256·2ᶻ) at XYZ level z).
    /// - Complexity: O(1).
    public func metresPerPixel(atLatitude latitude: Double, on body: Body) -> Double {
        body.radius * Degrees.sinCos(latitude).cos / pixelsPerRadian
    }

    /// The ground length in metres of a straight piece of image `pixels` long whose ends lie at latitudes φ₁ and φ₂
    /// (degrees): the rhumb-line distance g = pixels · R / (k · q(φ₁, φ₂)), which is pixels / κ(φ₁) due east or west.
    /// - Complexity: O(1).
    public func rhumbMetres(pixels: Double, fromLatitude latitude1: Double, toLatitude latitude2: Double, on body: Body)
        -> Double
    {
        let q = DividedDifference.isometricLatitude(from: latitude1, to: latitude2).quotient
        return pixels * body.radius / (pixelsPerRadian * q)
    }

    /// The pixels flown along a rhumb line at `heading` (degrees clockwise from north) from latitude φ₀ after `metres`
    /// on the ground: the rhumb direct problem, φ = φ₀ + g·cos θ / R, and s = g · (k/R) · q(φ₀, φ) — a divided
    /// difference that is g·κ(φ₀) exactly when φ = φ₀ (θ = 90° or 270°) and stays accurate near it.
    /// - Complexity: O(1).
    public func rhumbPixels(metres: Double, fromLatitude latitude: Double, heading: Double, on body: Body) -> Double {
        let delta = metres * Degrees.sinCos(heading).cos / body.radius * (180 / .pi)
        let q = DividedDifference.quotient(from: latitude, by: delta)
        return metres * pixelsPerRadian / body.radius * q
    }
}
