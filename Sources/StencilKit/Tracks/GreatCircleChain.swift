import Foundation

/// A great-circle leg flown as a chain of straight pieces through points of the great circle (the geometry model's
/// *Tracks: routes of any shape* (§7)),
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
    /// The chain's points estimated up front, before any is placed: R·Θ/ε + √(L·Θ/2ε) + 1 for a leg whose heading
    /// turns by Θ in all over L px of the Mercator image (sampled at 16 points a part).
    ///
    /// Why: every piece turns by Δα ≤ ε/R (its bound holds R·Δα ≤ ε), which alone gives R·Θ/ε pieces; and a piece of
    /// length ℓ turning at the leg's mean rate Θ/L strays (ℓ/2)·tan Δα ≈ ℓ²·Θ/2L from its chord, which alone gives
    /// L/√(2ε·L/Θ) = √(L·Θ/2ε). Measured against built chains (3 grids, screens of 4 to 2,000 px, ε from 0.001 to
    /// 4 px, 60 random legs) the sum came within 0.85…1.07 of the chain's count past 1,000 points.
    /// - Throws: ``StencilError/geometry(_:)`` for antipodal endpoints.
    /// - Complexity: O(1).
    static func estimatedPoints(
        from a: GeoCoordinate, to b: GeoCoordinate, pixels from: PixelPoint, _ to: PixelPoint, grid: TileGrid,
        reach: Double, tolerance: Double
    ) throws(StencilError) -> Double {
        let circle: GreatCircle
        do { circle = try GreatCircle(from: a, to: b) } catch { throw .geometry(error) }
        let breaks = Self.breaks(of: circle)
        let turn = Self.totalTurn(of: circle, breaks: breaks)
        var length = 0.0
        var previous = from
        for k in 0..<(breaks.count - 1) {
            for i in 1...16 {
                let f = breaks[k] + (breaks[k + 1] - breaks[k]) * Double(i) / 16
                let p = f >= 1 ? to : Self.pixel(of: circle, at: f, grid: grid, unwrappedNear: previous)
                length += (p - previous).length
                previous = p
            }
        }
        return reach * turn / tolerance + (length * turn / (2 * tolerance)).squareRoot() + 1
    }

    /// 0, the fraction where the great circle crosses the equator (if it does inside the leg), and 1: the heading is
    /// monotone between consecutive breaks.
    static func breaks(of circle: GreatCircle) -> [Double] {
        var breaks: [Double] = [0]
        if let f = circle.equatorCrossing { breaks.append(f) }
        breaks.append(1)
        return breaks
    }

    /// Θ, the heading's total turn in radians over the leg: the sum over the parts between breaks of the turn from
    /// one end to the other (monotone within a part).
    static func totalTurn(of circle: GreatCircle, breaks: [Double]) -> Double {
        var turn = 0.0
        for k in 0..<(breaks.count - 1) {
            var d = abs(circle.azimuth(at: breaks[k + 1]) - circle.azimuth(at: breaks[k]))
            if d > 180 { d = 360 - d }
            turn += d * .pi / 180
        }
        return turn
    }

    /// The unwrapped pixel of the great circle at fraction `f` (0 < f < 1), shifted by whole widths next to
    /// `previous`.
    static func pixel(of circle: GreatCircle, at f: Double, grid: TileGrid, unwrappedNear previous: PixelPoint)
        -> PixelPoint
    {
        let (latitude, longitude) = circle.coordinate(at: f)
        var p = PixelPoint(x: (longitude + 180) * grid.width / 360, y: grid.pixelY(ofLatitude: latitude))
        let shift = ((p.x - previous.x) / grid.width).rounded()
        p.x -= shift * grid.width
        return p
    }

    /// The chain's points in unwrapped pixels from `from` to `to` (both kept exactly), for the great circle between
    /// the two coordinates. `budget` is what is left of ``Track/maximumPieces`` after the legs before this one;
    /// their points and this leg's are named together when the chain would pass it.
    /// - Throws: ``StencilError/geometry(_:)`` for antipodal endpoints;
    ///   ``StencilError/tooLarge(what:value:limit:advice:)``
    ///   when the chain would pass ``Track/maximumPieces`` points.
    static func points(
        from a: GeoCoordinate, to b: GeoCoordinate, pixels from: PixelPoint, _ to: PixelPoint, grid: TileGrid,
        reach: Double, tolerance: Double, budget: Int
    ) throws(StencilError) -> [PixelPoint] {
        let circle: GreatCircle
        do { circle = try GreatCircle(from: a, to: b) } catch { throw .geometry(error) }
        let breaks = Self.breaks(of: circle)
        let used = Track.maximumPieces - budget
        var points = [from]
        var previous = from
        func pixel(_ f: Double) -> PixelPoint {
            if f >= 1 { return to }
            if f <= 0 { return from }
            return Self.pixel(of: circle, at: f, grid: grid, unwrappedNear: previous)
        }
        func error(_ p0: PixelPoint, _ a0: Double, _ p1: PixelPoint, _ a1: Double) -> Double {
            var turn = abs(a1 - a0)
            if turn > 180 { turn = 360 - turn }
            let radians = turn * .pi / 180
            guard radians < .pi / 4 else { return .infinity }
            return (p1 - p0).length / 2 * tan(radians) + reach * radians
        }
        // Every piece turns by at most ε/R (its bound holds R·Δα ≤ ε), so the chain has at least R·Θ/ε pieces, Θ the
        // heading's total turn: refuse at once a chain that could not fit the budget.
        let least = (reach * Self.totalTurn(of: circle, breaks: breaks) / tolerance).rounded(.up)
        guard least <= Double(budget) else {
            throw .tooLarge(
                what: "Great-circle chain points (at least R·Θ/ε, with the legs before)", value: Double(used) + least,
                limit: Double(Track.maximumPieces),
                advice: "raise the tolerance, shrink the screen or band, or split the route")
        }
        for k in 0..<(breaks.count - 1) {
            let end = breaks[k + 1]
            var f0 = breaks[k]
            var a0 = circle.azimuth(at: f0)
            var step = (end - f0) / 8
            while f0 < end {
                // The rest of the part in one piece when the bound allows it (a leg that does not turn); else the
                // guess from the last piece.
                var f1 = end
                var p1 = pixel(f1)
                var a1 = circle.azimuth(at: f1)
                var e = error(previous, a0, p1, a1)
                if e > tolerance && f0 + step < end {
                    f1 = f0 + step
                    p1 = pixel(f1)
                    a1 = circle.azimuth(at: f1)
                    e = error(previous, a0, p1, a1)
                }
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
                        what: "Great-circle chain points (with the legs before)",
                        value: Double(used) + Double(points.count), limit: Double(Track.maximumPieces),
                        advice: "raise the tolerance, shrink the screen or band, or split the route")
                }
            }
        }
        if points[points.count - 1] != to { points[points.count - 1] = to }
        // Drop chain points where the chain does not turn at all (a leg along the equator or a meridian, split only
        // at the equator): collinear pieces are one piece; and points that repeat the one before.
        var kept = [points[0]]
        kept.reserveCapacity(points.count)
        for i in 1..<points.count {
            // A point on the last one (an equator crossing a hair from the leg's end lands on the end's pixel) would
            // make a piece of no length, and the turn into the next leg would be taken from it as no turn at all.
            if points[i] == kept[kept.count - 1] { continue }
            if i < points.count - 1 {
                let u = points[i] - kept[kept.count - 1]
                let v = points[i + 1] - points[i]
                if u.x * v.y - u.y * v.x == 0 && u.dot(v) > 0 { continue }
            }
            kept.append(points[i])
        }
        return kept
    }
}
