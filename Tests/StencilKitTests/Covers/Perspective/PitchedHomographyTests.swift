import Foundation
import TestSupport
import Testing

@testable import StencilKit

/// The camera's projective map, ground ↔ screen: round trips, the trapezoid's corners on the screen's corners (or
/// the ends of the horizon-clipped top row), §11's screen rows (the oracle's ground points), nil behind the eye and
/// at or above the horizon, and pitch 0 as today's ``ScreenTransform``.
struct PitchedHomographyTests {
    static func cameras(_ count: Int, seed: UInt64) -> [PitchedParameters] {
        var g = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            var p = PitchedRandomTests.makeParameters(&g)
            p.margin = 0
            return p
        }
    }

    @Test func roundTripsAndScreenRows() throws {
        var g = SplitMix64(seed: 0x9171_4040)
        var built = 0
        for p in Self.cameras(800, seed: 0x9171_4041) {
            let o = p.oracle
            guard let camera = try? p.camera() else { continue }
            built += 1
            let top = o.yFar + p.height / 2
            let far = max(1, abs(o.farAhead), o.farHalfWidth)
            for _ in 0..<20 {
                let s = PixelPoint(x: g.uniform(0, p.width), y: g.uniform(top, p.height))
                guard let q = camera.groundPoint(ofScreen: s) else {
                    Issue.record("no ground point for \(s) below the horizon — \(p)")
                    continue
                }
                // §11's screen rows, as the oracle writes them.
                let r = o.groundPoint(PitchedOracle.V(x: s.x, y: s.y))!
                #expect(
                    abs(q.x - r.x) <= 1e-9 * far + 1e-12 * abs(r.x) && abs(q.y - r.y) <= 1e-9 * far + 1e-12 * abs(r.y))
                guard let back = camera.screenPoint(of: q) else {
                    Issue.record("no screen point for \(q) — \(p)")
                    continue
                }
                // 10⁻⁹ of the screen, plus the rounding of q itself (a few ulp of its coordinates, D/δ points per px
                // there): far from the image origin a ground point cannot hold a screen point more finely.
                let size = max(p.width, p.height)
                let tol = 1e-9 * size + 16 * max(abs(q.x), abs(q.y)).ulp * o.D / o.depth(.init(x: q.x, y: q.y))
                #expect(
                    abs(back.x - s.x) <= tol && abs(back.y - s.y) <= tol,
                    "\(s) → \(q) → \(back) — \(p)")
            }
            // The trapezoid's corners are the screen's bottom corners and the ends of the top row y_far.
            let screen = [
                PixelPoint(x: 0, y: p.height), PixelPoint(x: 0, y: top), PixelPoint(x: p.width, y: top),
                PixelPoint(x: p.width, y: p.height),
            ]
            // (At pitch 0 with θ_max < f/2 the library keeps the whole screen, unlike §11's y_far: see
            // PitchedRandomTests.)
            for i in 0..<4 where p.pitch > 0 || o.yFar == -p.height / 2 {
                let s = camera.screenPoint(of: camera.footprint[i])
                #expect(
                    s.map { abs($0.x - screen[i].x) <= 1e-6 * p.width && abs($0.y - screen[i].y) <= 1e-6 * p.height }
                        == true, "corner \(i): \(String(describing: s)) vs \(screen[i]) — \(p)")
            }
        }
        // At least 90 % of the cameras (this seed builds all 800).
        #expect(built >= 720, "\(built) of 800 cameras built")
    }

    /// Above the true horizon (D·cos p + y·sin p ≤ 0) there is no ground; behind the eye (δ ≤ 0) no screen point.
    @Test func nilAboveTheHorizonAndBehindTheEye() throws {
        var pitched = 0
        var built = 0
        for p in Self.cameras(400, seed: 0x9171_4042) where p.pitch > 1 {
            pitched += 1
            let o = p.oracle
            guard let camera = try? p.camera() else { continue }
            built += 1
            // The horizon row, in points from the top: h/2 − D·cot p.
            let horizonRow = p.height / 2 - o.D * o.cosP / o.sinP
            for y in [horizonRow - 1, horizonRow - 100, horizonRow - 1e4] where y.isFinite {
                #expect(camera.groundPoint(ofScreen: PixelPoint(x: p.width / 2, y: y)) == nil, "row \(y) — \(p)")
            }
            // A ground point 1 px behind the plane through the eye perpendicular to the view axis: δ = −sin p.
            let behind = o.e - (o.H * o.cosP / o.sinP + 1) * o.u
            #expect(o.depth(behind) < 0)
            #expect(camera.screenPoint(of: PixelPoint(x: behind.x, y: behind.y)) == nil)
        }
        // At least 90 % of the 340 cameras this seed pitches past 1° (it builds all of them).
        #expect(built >= 306, "\(built) of the \(pitched) cameras pitched past 1° (of 400) built")
    }

    /// Pitch 0: the projective map is today's affine ``ScreenTransform`` of the view.
    @Test func pitchZeroIsTheScreenTransform() throws {
        var g = SplitMix64(seed: 0x9171_4043)
        var built = 0
        for p in Self.cameras(400, seed: 0x9171_4044) {
            var flat = p
            flat.pitch = 0
            guard let camera = try? flat.camera() else { continue }
            built += 1
            let screen = try Screen(width: p.width, height: p.height, scale: p.scale)
            let transform = ScreenTransform(screen: screen, position: p.center, heading: p.bearing)
            for _ in 0..<10 {
                let q = PixelPoint(
                    x: p.center.x + g.uniform(-1, 1) * p.width * p.scale,
                    y: p.center.y + g.uniform(-1, 1) * p.height * p.scale)
                let a = camera.screenPoint(of: q)!
                let b = transform.apply(to: q)
                // The affine transform rounds at |q|/z points (it subtracts r·c/z from r·q/z): allow for that.
                let tol = 1e-9 * max(p.width, p.height) + 8e-15 * max(abs(q.x), abs(q.y)) / p.scale
                #expect(abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol, "\(q): \(a) vs \(b) — \(flat)")
            }
        }
        // At least 90 % of the cameras (this seed builds all 400).
        #expect(built >= 360, "\(built) of 400 flat cameras built")
    }
}
