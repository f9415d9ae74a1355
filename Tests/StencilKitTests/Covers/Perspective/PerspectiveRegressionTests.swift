import MercatorMath
import StencilKit
import TestSupport
import Testing

/// Inputs the fuzzer found.
struct PerspectiveRegressionTests {
    /// A field of view so narrow that D·z overflows put the eye at infinity: at pitch 0 the eye's ground point was
    /// c − ∞·0 = NaN and every depth NaN. Refused now, naming the field of view.
    @Test func aFocalLengthThatOverflowsIsRefused() throws {
        let screen = try Screen(width: 100, height: 100, scale: 1e10)
        for pitch in [0.0, 30] {
            #expect {
                try PerspectiveCamera(
                    center: PixelPoint(x: 6e11, y: 3e7), referenceLevel: 20, bearing: 0, pitch: pitch,
                    fieldOfView: 1e-300, screen: screen, levels: LevelOfDetail())
            } throws: { error in
                guard case StencilError.outOfRange(let field, _, _) = error else { return false }
                return field.contains("field of view")
            }
        }
    }

    /// An eye so low (a scale of 10⁻⁹ px per point) that the near edge's depth is below the coordinates' precision
    /// 1.4·10¹¹ px from the origin: a corner came out at depth −5·10⁻¹². Refused now, naming what is too small (the
    /// near edge must be at least the draw tolerance deep); a camera with a resolvable footprint keeps every corner
    /// at a positive depth.
    @Test func aFootprintBelowTheCoordinatesPrecisionIsRefused() throws {
        let screen = try Screen(width: 100, height: 100, scale: 1e-9)
        #expect {
            try PerspectiveCamera(
                center: PixelPoint(x: -1.44e11, y: -157_286), referenceLevel: 29, bearing: 10, pitch: 60,
                screen: screen, levels: LevelOfDetail())
        } throws: { error in
            guard case StencilError.outOfRange(let field, _, _) = error else { return false }
            return field.contains("near edge depth") || field.contains("footprint side")
        }
        let nearOrigin = try PerspectiveCamera(
            center: PixelPoint(x: 100.5, y: 100.5), referenceLevel: 0, bearing: 10, pitch: 60,
            screen: Screen(width: 100, height: 100, scale: 1e-3), levels: LevelOfDetail(maxLevel: 0))
        for corner in 0..<4 { #expect(nearOrigin.depth(of: nearOrigin.footprint[corner]) > 0) }
    }
}

/// The camera's homography is the same map as `screenPoint(of:)`, and its inverse the same as
/// `groundPoint(ofScreen:)`, on random cameras and points (a fixed seed).
struct HomographyTests {
    @Test func theHomographyIsTheCamerasProjection() throws {
        var g = SplitMix64(seed: 0x4A11)
        for _ in 0..<500 {
            let pitch = g.unit() * 85
            let camera = try PerspectiveCamera(
                center: PixelPoint(x: g.unit() * 1e6, y: g.unit() * 1e6), referenceLevel: 12,
                bearing: g.unit() * 360, pitch: pitch,
                screen: Screen(
                    width: 400 + g.unit() * 1600, height: 300 + g.unit() * 900,
                    scale: 0.25 + g.unit() * 4), levels: LevelOfDetail())
            let h = camera.homography
            let inverse = try #require(h.inverted())
            #expect(h.m.count == 9)
            for corner in 0..<4 {
                let q = camera.footprint[corner]
                let expected = try #require(camera.screenPoint(of: q))
                let mapped = try #require(h.apply(to: q))
                #expect(abs(mapped.x - expected.x) <= 1e-6 * max(1, abs(expected.x)))
                #expect(abs(mapped.y - expected.y) <= 1e-6 * max(1, abs(expected.y)))
                let back = try #require(inverse.apply(to: expected))
                #expect(abs(back.x - q.x) <= 1e-6 * max(1, abs(q.x)) && abs(back.y - q.y) <= 1e-6 * max(1, abs(q.y)))
            }
        }
    }
}
