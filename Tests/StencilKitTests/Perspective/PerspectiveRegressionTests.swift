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
}
