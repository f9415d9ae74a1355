import Foundation
import MercatorMath
import TestSupport
import Testing

@Suite("Degrees: exact trigonometry")
struct DegreesTests {
    @Test("sinCos is exact at every multiple of 90°")
    func sinCosExactAtQuadrants() {
        let expected: [(sin: Double, cos: Double)] = [(0, 1), (1, 0), (0, -1), (-1, 0)]
        for k in -12...12 {
            let (s, c) = Degrees.sinCos(Double(k) * 90)
            let e = expected[((k % 4) + 4) % 4]
            #expect(s == e.sin && c == e.cos, "sinCos(\(k * 90)) = (\(s), \(c))")
        }
        #expect(Degrees.sinCos(90) == (1, 0))
        #expect(Degrees.sinCos(180) == (0, -1))
        #expect(Degrees.sinCos(270) == (-1, 0))
        #expect(Degrees.sinCos(360) == (0, 1))
        #expect(Degrees.sinCos(-90) == (-1, 0))
        // Far from zero the reduction is still exact.
        #expect(Degrees.sinCos(90 * 1_000_001) == (1, 0))
        #expect(Degrees.sinCos(0x1p60 * 90) == (0, 1))
    }

    @Test("sinCos survives huge and non-finite angles")
    func sinCosHugeAndNonFinite() {
        let (s, c) = Degrees.sinCos(1e300)
        #expect(s.isFinite && c.isFinite)
        #expect(abs(s * s + c * c - 1) < 1e-15)
        let (sn, cn) = Degrees.sinCos(.nan)
        #expect(sn.isNaN && cn.isNaN)
        let (si, ci) = Degrees.sinCos(.infinity)
        #expect(si.isNaN && ci.isNaN)
    }

    @Test("sinCos agrees with sin and cos elsewhere")
    func sinCosAccuracy() {
        var rng = SplitMix64(seed: 0xDE6)
        for _ in 0..<2000 {
            let d = rng.uniform(-720, 720)
            let (s, c) = Degrees.sinCos(d)
            #expect(abs(s - sin(d * .pi / 180)) < 1e-14)
            #expect(abs(c - cos(d * .pi / 180)) < 1e-14)
        }
    }

    @Test("atan2 is exact on the axes")
    func atan2ExactOnAxes() {
        for m in [1e-300, 1e-5, 1, 3, 1e10, 1e300] {
            #expect(Degrees.atan2(0, m) == 0)
            #expect(Degrees.atan2(m, 0) == 90)
            #expect(Degrees.atan2(0, -m) == 180)
            #expect(Degrees.atan2(-m, 0) == -90)
            #expect(Degrees.atan2(-0.0, -m) == -180)
        }
    }

    @Test("atan2 agrees with Foundation's in every octant")
    func atan2Accuracy() {
        var rng = SplitMix64(seed: 0xA7A2)
        for _ in 0..<2000 {
            let y = rng.uniform(-10, 10)
            let x = rng.uniform(-10, 10)
            let a = Degrees.atan2(y, x)
            #expect(a > -180 && a <= 180)
            #expect(abs(angleDifference(a, Foundation.atan2(y, x) * 180 / .pi)) < 1e-12)
        }
    }

    @Test("headings reduce to [0, 360)")
    func normalizedHeading() {
        #expect(Degrees.normalizedHeading(0) == 0)
        #expect(Degrees.normalizedHeading(360) == 0)
        #expect(Degrees.normalizedHeading(-90) == 270)
        #expect(Degrees.normalizedHeading(-180) == 180)
        #expect(Degrees.normalizedHeading(450) == 90)
        #expect(Degrees.normalizedHeading(-720) == 0)
        let tiny = Degrees.normalizedHeading(-1e-20)  // -1e-20 + 360 rounds to 360
        #expect(tiny >= 0 && tiny < 360)
        #expect(Degrees.normalizedHeading(-0.0).sign == .plus)
    }

    @Test("longitudes reduce to [-180, 180)")
    func normalizedLongitude() {
        #expect(Degrees.normalizedLongitude(180) == -180)
        #expect(Degrees.normalizedLongitude(-180) == -180)
        #expect(Degrees.normalizedLongitude(540) == -180)
        #expect(Degrees.normalizedLongitude(-190) == 170)
        #expect(Degrees.normalizedLongitude(190) == -170)
        #expect(Degrees.normalizedLongitude(360) == 0)
        #expect(Degrees.normalizedLongitude(-540) == -180)
        #expect(Degrees.normalizedLongitude(179.5) == 179.5)
    }
}
