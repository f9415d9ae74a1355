import Foundation
import TestSupport
import Testing

@testable import StencilKit

/// Timing rates and zooms so small (or screens so large) that later arithmetic went non-finite: a speed of
/// 10⁻³²⁰ px/s made the loop last forever, a zoom of 2.2·10⁻³⁰⁸ made every transformed position infinite. Each is
/// now refused with a typed error naming the valid range.
struct ExtremeRateAndZoomTests {
    static func outOfRange<T>(_ body: () throws(StencilError) -> T) -> (field: String, valid: String)? {
        do {
            _ = try body()
            return nil
        } catch {
            guard case .outOfRange(let field, _, let valid) = error else { return nil }
            return (field, valid)
        }
    }

    @Test func timingRatesMustLieInTheirRange() throws {
        // 10⁻³²⁰ (subnormal, written exactly: 2024·2⁻¹⁰⁷⁴), just under 10⁻⁹, just over 10¹², and the largest Double, for
        // each rate.
        for bad in [0x7e8p-1074, 0.99e-9, 1.01e12, Double.greatestFiniteMagnitude] {
            let cases: [(String, () throws(StencilError) -> FlightTiming)] = [
                ("Speed", { () throws(StencilError) in try FlightTiming(speed: bad) }),
                ("Frame rate", { () throws(StencilError) in try FlightTiming(speed: 1, framesPerSecond: bad) }),
                ("Turn rate", { () throws(StencilError) in try FlightTiming(speed: 1, turnRate: bad) }),
            ]
            for (field, make) in cases {
                let refusal = Self.outOfRange(make)
                #expect(refusal?.field == field, "\(field) \(bad)")
                #expect(refusal?.valid == "in [1e-09, 1e+12]")
            }
        }
        // The ends of the range are accepted, and the loop then lasts a finite time: example 1's two legs of 1944 px
        // at 10⁻⁹ px/s take 3.888·10¹² s, its two pivots at 10⁻⁹ °/s 3.6·10¹¹ s.
        let slow = try FlightTiming(speed: 1e-9, framesPerSecond: 1e12, turnRate: 1e-9)
        let loop = FlightLoop(try TrapRegressionTests.example1())
        let duration = loop.duration(at: slow)
        #expect(duration.isFinite)
        #expect(abs(duration - (3.888e12 + 3.6e11)) <= 1e-3 * duration)
        let pose = try loop.pose(atTime: 1e12, timing: slow)
        #expect(pose.position.x.isFinite && pose.position.y.isFinite && pose.heading.isFinite)
        // 10¹² s at 10⁻⁹ px/s is 1000 px along the outbound leg from P_A = (1056, 2688).
        #expect(abs(pose.position.x - 2056) <= 1e-6 && pose.position.y == 2688)
        #expect(FlightTiming.validRates == 1e-9...1e12)
    }

    @Test func zoomMustLieInItsRange() throws {
        // 2.2·10⁻³⁰⁸ (subnormal, just under the least normal Double; exactly, in hexadecimal), just under 10⁻¹², just
        // over 10¹², and 10³⁰⁰.
        for bad in [0x0.fd1d7d505cd02p-1022, 0.99e-12, 1.01e12, 1e300] {
            let refusal = Self.outOfRange { () throws(StencilError) in
                try Screen(width: 480, height: 320, scale: bad)
            }
            #expect(refusal?.field == "Scale", "zoom \(bad)")
            #expect(refusal?.valid == "in [1e-12, 1e12] terrain px per point")
        }
        #expect(Screen.validScales == 1e-12...1e12)
        // The smallest zoom keeps the screen transform finite even at the farthest position a flight may reach:
        // a terrain pixel there is 2⁴⁰ / 10⁻¹² ≈ 1.1·10²⁴ points from the screen's corner, not ∞.
        let screen = try Screen(width: 480, height: 320, scale: 1e-12)
        let far = PixelPoint(x: Flight.maximumExtent, y: -Flight.maximumExtent)
        let transform = ScreenTransform(screen: screen, position: far, heading: 33)
        let origin = transform.apply(to: .zero)
        #expect(origin.x.isFinite && origin.y.isFinite)
        // |origin − anchor| is |far| / zoom = √2·2⁴⁰·10¹² points (rotation keeps lengths).
        let anchor = PixelPoint(x: 240, y: 160)
        let distance = (origin - anchor).length
        let expected = 2.0.squareRoot() * Flight.maximumExtent * 1e12
        #expect(abs(distance - expected) <= 1e-9 * expected)
    }

    /// Screens whose width × zoom overflowed to ∞ made infinite extents: now refused past 2⁴¹ px.
    @Test func screenExtentsMustBeFinite() throws {
        let limit = 2 * Flight.maximumExtent
        #expect(Screen.maximumExtent == 0x1p41)
        let cases: [(String, () throws(StencilError) -> Screen)] = [
            (
                "Screen width × scale in px",
                { () throws(StencilError) in try Screen(width: 1e300, height: 1, scale: 1e12) }
            ),
            ("Screen height × scale in px", { () throws(StencilError) in try Screen(width: 1, height: 0x1p42) }),
            ("Margin", { () throws(StencilError) in try Screen(width: 1, height: 1, margin: 0x1p41 * 1.5) }),
        ]
        for (field, make) in cases {
            let refusal = Self.outOfRange(make)
            #expect(refusal?.field == field)
            #expect(refusal?.valid.contains(printed(limit)) == true)
        }
        // Exactly 2⁴¹ px is accepted.
        #expect(try Screen(width: 0x1p41, height: 1).across.upper == 0x1p40)
    }
}
