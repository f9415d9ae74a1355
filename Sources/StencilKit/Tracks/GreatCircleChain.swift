import Foundation

/// A great-circle leg flown as a chain of straight pieces through points of the great circle (MODEL.md §7),
/// spaced so that every chain footprint stays within ε px of a true footprint and back.
///
/// Why the bound holds: between two chain points the curve's heading is monotone (it turns one way in each
/// hemisphere; the chain is split where the leg crosses the equator), so the chord's heading lies between the
/// curve's headings at its ends and differs from the curve's by at most their difference Δα, and the curve stays
/// within (ℓ/2)·tan Δα of the chord of length ℓ. Matching each pose of the curve with the chord pose at the same
/// position along the chord (and each pivot pose at a chain point with the curve's pose there) moves every
/// footprint point by at most E = (ℓ/2)·tan Δα + R·Δα, where R is the farthest a footprint corner lies from its
/// pose (band included). Each piece is made as long as E ≤ ε allows, guessing its length from the local rate of
/// turn and shrinking it until the bound holds, so the chain has about R·(total turn)/ε pieces.
enum GreatCircleChain {
    /// The chain's points in unwrapped pixels from `from` to `to` (both kept exactly), for the great circle between
    /// the two coordinates.
    /// - Throws: ``StencilError/geometry(_:)`` for antipodal endpoints; ``StencilError/tooLarge(what:value:limit:advice:)``
    ///   when the chain would pass ``Track/maximumPieces`` points.
    static func points(
        from a: GeoCoordinate, to b: GeoCoordinate, pixels from: PixelPoint, _ to: PixelPoint, grid: TileGrid,
        reach: Double, tolerance: Double, budget: Int
    ) throws(StencilError) -> [PixelPoint] {
        let circle: GreatCircle
        do { circle = try GreatCircle(from: a, to: b) } catch { throw .geometry(error) }
        var breaks: [Double] = [0]
        if let f = circle.equatorCrossing { breaks.append(f) }
        breaks.append(1)
        var points = [from]
        var previous = from
        func pixel(_ f: Double) -> PixelPoint {
            if f >= 1 { return to }
            if f <= 0 { return from }
            let (latitude, longitude) = circle.coordinate(at: f)
            var p = PixelPoint(x: (longitude + 180) * grid.width / 360, y: grid.pixelY(ofLatitude: latitude))
            // Unwrap next to the previous point.
            let shift = ((p.x - previous.x) / grid.width).rounded()
            p.x -= shift * grid.width
            return p
        }
        func error(_ p0: PixelPoint, _ a0: Double, _ p1: PixelPoint, _ a1: Double) -> Double {
            var turn = abs(a1 - a0)
            if turn > 180 { turn = 360 - turn }
            let radians = turn * .pi / 180
            guard radians < .pi / 4 else { return .infinity }
            return (p1 - p0).length / 2 * tan(radians) + reach * radians
        }
        for k in 0..<(breaks.count - 1) {
            let end = breaks[k + 1]
            var f0 = breaks[k]
            var a0 = circle.azimuth(at: f0)
            var step = (end - f0) / 8
            while f0 < end {
                var f1 = Swift.min(end, f0 + step)
                var p1 = pixel(f1)
                var a1 = circle.azimuth(at: f1)
                var e = error(previous, a0, p1, a1)
                var tries = 0
                while e > tolerance {
                    // Shrink towards the length the bound allows (the error grows about linearly with the step).
                    let factor = Swift.max(0.1, Swift.min(0.9, e.isFinite ? 0.95 * tolerance / e : 0.1))
                    f1 = f0 + (f1 - f0) * factor
                    p1 = pixel(f1)
                    a1 = circle.azimuth(at: f1)
                    e = error(previous, a0, p1, a1)
                    tries += 1
                    guard tries < 200, f1 > f0 else {
                        throw .tooLarge(
                            what: "Great-circle chain refinement", value: Double(tries), limit: 200,
                            advice: "raise the tolerance")
                    }
                }
                let used = f1 - f0
                // The next guess: this step grown, capped by the rate of turn just seen.
                step = used * Swift.min(2, Swift.max(1.1, e > 0 ? 0.9 * tolerance / e : 2))
                if f1 >= end && k == breaks.count - 2 { p1 = to }
                points.append(p1)
                previous = p1
                f0 = f1
                a0 = a1
                guard points.count <= budget else {
                    throw .tooLarge(
                        what: "Great-circle chain points", value: Double(points.count), limit: Double(budget),
                        advice: "raise the tolerance, shrink the screen or band, or split the route")
                }
            }
        }
        if points[points.count - 1] != to { points[points.count - 1] = to }
        return points
    }
}
