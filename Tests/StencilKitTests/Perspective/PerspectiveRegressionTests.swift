import MercatorMath
import StencilKit
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
