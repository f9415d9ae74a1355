@testable import StencilKit

/// A screen's footprint extents about the aircraft (MODEL.md §4), derived in the tests from the screen's own fields
/// rather than from ``Screen/along`` and ``Screen/across``: along p ∈ [−(1 − a_y)·h·z − m, a_y·h·z + m], across
/// q ∈ [−a_x·w·z − m, (1 − a_x)·w·z + m].
struct ScreenExtents {
    let a0: Double, a1: Double
    let c0: Double, c1: Double

    init(_ screen: Screen) {
        let w = screen.width * screen.scale
        let h = screen.height * screen.scale
        let m = screen.margin
        a0 = -(1 - screen.anchor.y) * h - m
        a1 = screen.anchor.y * h + m
        c0 = -screen.anchor.x * w - m
        c1 = (1 - screen.anchor.x) * w + m
    }
}
