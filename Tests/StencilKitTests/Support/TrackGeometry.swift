import Foundation

@testable import StencilKit

/// The geometry of MODEL.md §1, §3 and §7 written again for the track tests, from the formulas alone: exact
/// degree trigonometry at multiples of 90°, the terrain pixel of a coordinate, the short-way unwrap, and the poses of
/// straight and turn pieces from their raw parameters. It calls nothing of the library's geometry.
enum TrackGeometry {
    /// sin and cos of an angle in degrees, exact (0, ±1) at multiples of 90°.
    static func sinCos(_ degrees: Double) -> (sin: Double, cos: Double) {
        var r = degrees.truncatingRemainder(dividingBy: 360)  // exact
        if r < 0 { r += 360 }
        if r == 0 || r == 360 { return (0, 1) }
        if r == 90 { return (1, 0) }
        if r == 180 { return (0, -1) }
        if r == 270 { return (-1, 0) }
        let radians = r * .pi / 180
        return (sin(radians), cos(radians))
    }

    /// The unit vector ahead, u(θ) = (sin θ, −cos θ).
    static func ahead(_ heading: Double) -> (x: Double, y: Double) {
        let (s, c) = sinCos(heading)
        return (s, -c)
    }

    /// The unit vector to the right, r(θ) = (cos θ, sin θ).
    static func right(_ heading: Double) -> (x: Double, y: Double) {
        let (s, c) = sinCos(heading)
        return (c, s)
    }

    /// The angle between two headings, in [0, 180].
    static func headingGap(_ a: Double, _ b: Double) -> Double {
        var d = (a - b).truncatingRemainder(dividingBy: 360)
        if d < 0 { d += 360 }
        return min(d, 360 - d)
    }

    /// The heading of the vector (dx, dy) in pixels, degrees in [0, 360).
    static func heading(_ dx: Double, _ dy: Double) -> Double {
        var h = atan2(dx, -dy) * 180 / .pi
        if h < 0 { h += 360 }
        return h >= 360 ? 0 : h
    }

    /// The terrain pixel of (λ, φ) in degrees (MODEL.md §1): ((λ + 180)/360·W, H/2 − (W/2π)·asinh(tan φ)).
    static func pixel(latitude: Double, longitude: Double, on grid: TileGrid) -> (x: Double, y: Double) {
        let w = Double(grid.columns * grid.tileSize)
        let h = Double(grid.rows * grid.tileSize)
        let phi = latitude * .pi / 180
        return ((longitude + 180) / 360 * w, h / 2 - w / (2 * .pi) * asinh(tan(phi)))
    }

    /// The latitude (degrees) at pixel row coordinate y: atan(sinh((H/2 − y)·2π/W)).
    static func latitude(atY y: Double, on grid: TileGrid) -> Double {
        let w = Double(grid.columns * grid.tileSize)
        let h = Double(grid.rows * grid.tileSize)
        return atan(sinh((h / 2 - y) * 2 * .pi / w)) * 180 / .pi
    }

    /// x shifted by whole widths so that |x − reference| ≤ W/2 (a difference of exactly W/2 kept, MODEL.md §3, §7).
    static func unwrap(_ x: Double, near reference: Double, width: Double) -> Double {
        var x = x
        while x - reference > width / 2 { x -= width }
        while x - reference < -width / 2 { x += width }
        return x
    }

    /// The pixels of waypoints, each unwrapped next to the previous one (MODEL.md §7).
    static func waypointPixels(_ waypoints: [GeoCoordinate], on grid: TileGrid) -> [(x: Double, y: Double)] {
        var out: [(x: Double, y: Double)] = []
        for w in waypoints {
            var p = pixel(latitude: w.latitude, longitude: w.longitude, on: grid)
            if let last = out.last { p.x = unwrap(p.x, near: last.x, width: grid.width) }
            out.append(p)
        }
        return out
    }

    /// The lateral offsets sampled across a band of half-width d with footprints `width` wide: 0 alone without a
    /// band, else an odd count of at least 5 from −d to +d, spaced no wider than the footprint, with −d, 0 and +d
    /// exact (so the band's edges and the track itself are sampled without rounding).
    static func bandOffsets(_ d: Double, width: Double) -> [Double] {
        guard d > 0 else { return [0] }
        // An even count of gaps, so that δ = 0 is sampled exactly.
        var n = max(4, Int((2 * d / width).rounded(.up)))
        if n % 2 == 1 { n += 1 }
        var offsets: [Double] = []
        for i in 0...n {
            let f = Double(i) / Double(n)
            offsets.append(i == n ? d : -d + 2 * d * f)
        }
        return offsets
    }

    /// The headings, multiples of 90°, that a turn from `heading` by the signed `angle` (degrees) passes strictly
    /// between its ends: there the footprint is axis-aligned and its edges reach their farthest in x or y, so a
    /// sample exactly there (exact trigonometry) decides the tiles at the turn's extremes without rounding.
    static func axisHeadings(from heading: Double, turning angle: Double) -> [Double] {
        var headings: [Double] = []
        if angle > 0 {
            var k = (heading / 90).rounded(.down) + 1
            while k * 90 < heading + angle {
                headings.append(k * 90)
                k += 1
            }
        } else {
            var k = (heading / 90).rounded(.up) - 1
            while k * 90 > heading + angle {
                headings.append(k * 90)
                k -= 1
            }
        }
        return headings
    }

    /// The four pieces of the racetrack from A to B with turn radius ρ on side σ (+1 right, −1 left), from the
    /// model's *Route and flight loop* formulas alone: outbound A → B at θ = heading(B − A); a U-turn of σ·180° at
    /// B; the return leg from B + 2σρ·r(θ) at θ + 180°; a U-turn of σ·180° from A + 2σρ·r(θ) back to A.
    static func racetrack(
        from a: (x: Double, y: Double), to b: (x: Double, y: Double), radius rho: Double, sign sigma: Double
    ) -> [Piece] {
        let dx = b.x - a.x
        let dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        let theta = heading(dx, dy)
        let back = theta < 180 ? theta + 180 : theta - 180
        let r = right(theta)
        let shift = (x: 2 * sigma * rho * r.x, y: 2 * sigma * rho * r.y)
        return [
            .straight(x: a.x, y: a.y, heading: theta, length: length),
            .turn(x: b.x, y: b.y, heading: theta, radius: rho, angle: sigma * 180),
            .straight(x: b.x + shift.x, y: b.y + shift.y, heading: back, length: length),
            .turn(x: a.x + shift.x, y: a.y + shift.y, heading: back, radius: rho, angle: sigma * 180),
        ]
    }

    /// The raw parameters of one piece, read from the track (no derived value of the library is used).
    enum Piece {
        /// Start, heading in degrees, length ℓ.
        case straight(x: Double, y: Double, heading: Double, length: Double)
        /// Start, heading, radius ρ, signed angle Δ in degrees.
        case turn(x: Double, y: Double, heading: Double, radius: Double, angle: Double)

        init(_ piece: TrackPiece) {
            switch piece {
            case .straight(let p): self = .straight(x: p.start.x, y: p.start.y, heading: p.heading, length: p.length)
            case .turn(let p):
                self = .turn(x: p.start.x, y: p.start.y, heading: p.heading, radius: p.radius, angle: p.angle)
            }
        }

        /// Arc length: ℓ, or ρ·|Δ| in radians.
        var length: Double {
            switch self {
            case .straight(_, _, _, let l): return l
            case .turn(_, _, _, let rho, let angle): return rho * abs(angle) * .pi / 180
            }
        }

        /// The largest parameter: ℓ, or |Δ|.
        var limit: Double {
            switch self {
            case .straight(_, _, _, let l): return l
            case .turn(_, _, _, _, let angle): return abs(angle)
            }
        }

        /// The pose at `parameter` (pixels along a straight piece, degrees through a turn), MODEL.md §7:
        /// P + s·u(θ); or C − σρ·r(θ + σα) with C = P + σρ·r(θ), heading θ + σα.
        func pose(_ parameter: Double) -> (x: Double, y: Double, heading: Double) {
            switch self {
            case .straight(let x, let y, let h, _):
                let u = TrackGeometry.ahead(h)
                return (x + parameter * u.x, y + parameter * u.y, h)
            case .turn(let x, let y, let h, let rho, let angle):
                let sigma: Double = angle > 0 ? 1 : -1
                let r0 = TrackGeometry.right(h)
                let cx = x + sigma * rho * r0.x
                let cy = y + sigma * rho * r0.y
                let heading = h + sigma * parameter
                let r = TrackGeometry.right(heading)
                var normalized = heading.truncatingRemainder(dividingBy: 360)
                if normalized < 0 { normalized += 360 }
                return (cx - sigma * rho * r.x, cy - sigma * rho * r.y, normalized)
            }
        }
    }
}
