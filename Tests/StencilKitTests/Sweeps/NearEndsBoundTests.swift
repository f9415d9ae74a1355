import Foundation
import MercatorMath
import TestSupport
import Testing

@testable import StencilKit

/// The turn sweep's cheap rejection (NearEndsBound) never rejects a box the sweep meets: on random sweeps (pivots and
/// offset rectangles, near the origin and 4·10⁶ px out, turning up to 130°), every box it rejects is checked by
/// sampling — points of the box turned back by sampled angles, tested against the start rectangle with trigonometry
/// of their own — and it must reject a good share of far boxes (else it would be vacuous).
struct NearEndsBoundTests {
    /// Whether `x` (relative to the centre) lies in the start rectangle turned by some sampled α ∈ [0, Δ]:
    /// p = x·u(θ + σα), q = x·r(θ + σα), with u(h) = (sin h, −cos h) and r(h) = (cos h, sin h).
    static func sampledContains(
        _ x: PixelPoint, heading: Double, sign: Double, degrees: Double, along: Interval, across: Interval
    ) -> Bool {
        let steps = 48
        for k in 0...steps {
            let h = (heading + sign * degrees * Double(k) / Double(steps)) * .pi / 180
            let p = x.x * sin(h) - x.y * cos(h)
            let q = x.x * cos(h) + x.y * sin(h)
            if p >= along.lower && p <= along.upper && q >= across.lower && q <= across.upper { return true }
        }
        return false
    }

    @Test func rejectedBoxesMissTheSweep() {
        var g = SplitMix64(seed: 0xB0_0AD5)
        var rejected = 0
        var farBoxes = 0
        var farRejected = 0
        for n in 0..<24 {
            let center = n % 2 == 0 ? PixelPoint(x: 0, y: 0) : PixelPoint(x: 4e6 + g.uniform(0, 1), y: 3e6)
            let heading = g.uniform(0, 360)
            let sign: Double = g.bool() ? 1 : -1
            let degrees = n % 6 == 5 ? g.uniform(115, 130) : g.uniform(0.01, 60)
            let pivot = g.bool()
            let along = Interval(-g.uniform(100, 500), g.uniform(100, 500))
            let across =
                pivot
                ? Interval(-g.uniform(100, 400), g.uniform(100, 400))
                : Interval(g.uniform(50, 300), g.uniform(400, 900))
            let start = Footprint(origin: center, heading: heading, along: along, across: across)
            let sweep = TurnSweep(start: start, sign: sign, degrees: degrees)
            let reach = sweep.outerRadius + 400
            for _ in 0..<120 {
                let side = g.uniform(20, 256)
                let x0 = center.x + g.uniform(-reach, reach)
                let y0 = center.y + g.uniform(-reach, reach)
                let box = PixelBounds(minX: x0, minY: y0, maxX: x0 + side, maxY: y0 + side)
                let far = box.distanceRange(from: center).near > sweep.outerRadius * 0.5
                if far { farBoxes += 1 }
                guard sweep.nearEnds.misses(box) else { continue }
                rejected += 1
                if far { farRejected += 1 }
                #expect(degrees < 115, "the bound is off past about 115°")
                let k = 10
                for i in 0...k {
                    for j in 0...k {
                        let x = PixelPoint(
                            x: x0 + side * Double(i) / Double(k) - center.x,
                            y: y0 + side * Double(j) / Double(k) - center.y)
                        if Self.sampledContains(
                            x, heading: heading, sign: sign, degrees: degrees, along: along, across: across)
                        {
                            Issue.record("sweep \(n) holds \(x) of a rejected box \(box)")
                        }
                    }
                }
            }
        }
        #expect(rejected > 200)
        #expect(Double(farRejected) > 0.2 * Double(farBoxes))
    }
}
