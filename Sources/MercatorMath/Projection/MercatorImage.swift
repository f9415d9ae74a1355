/// The pixel formulas every square-pixel Mercator image shares (the geometry model's *Coordinates, Mercator and images*
/// (§1)): a width covering longitudes
/// [-180, 180) linearly, a height symmetric about the equator, y growing southward, k = width / 2π.
struct MercatorImage: Sendable, Hashable {
    let width: Double
    let height: Double

    /// Scale k in pixels per radian.
    var pixelsPerRadian: Double { width / (2 * .pi) }

    /// px = (λ + 180)·width/360 (multiplied first, so whole-number results are exact), kept inside [0, width) for
    /// every λ < 180: rounding can carry a longitude just west of 180° onto x = width (λ = 179.99999999999997 on a
    /// 256-px image), which would put it in the first column instead of the last; such an x becomes the largest
    /// `Double` below the width.
    func x(ofLongitude longitude: Double) -> Double {
        let x = (longitude + 180) * width / 360
        return longitude < 180 && x >= width ? width.nextDown : x
    }

    /// k = width/2π to 106 bits, for the forward row: the `Double` k would cost up to half an ulp of k·ψ.
    var exactPixelsPerRadian: DoubleDouble { DoubleDouble(width) / DoubleDouble.twoPi }

    /// py = height/2 − k·asinh(tan φ), evaluated in double-double from φ in degrees and rounded once.
    func y(ofLatitude latitude: Double) -> Double {
        Mercator.offset(height / 2, minusIsometricLatitude: latitude, scaledBy: exactPixelsPerRadian)
    }

    /// λ = px·360/width − 180 (not normalised).
    func longitude(atX x: Double) -> Double { x * 360 / width - 180 }

    /// φ = atan(sinh((height/2 − py)/k)).
    func latitude(atY y: Double) -> Double { Mercator.latitude(isometric: (height / 2 - y) / pixelsPerRadian) }
}
