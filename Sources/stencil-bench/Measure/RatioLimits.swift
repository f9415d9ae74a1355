import MercatorMath
import StencilScenarios

/// The ratio targets' limits (``RatioCheck``): the largest method p50 ÷ reference p50 that passes.
///
/// Each limit is the worst ratio measured on the 2-core development machine (2026-11-26: four full and quick runs
/// while other builds ran, two of them with two busy-loop processes on its two cores) times a margin of 1.5, rounded
/// up: a busy machine slows the method and its reference alike, so the ratio moved by at most 10 % between those
/// runs (25 % for the fallback), while a method made 2× slower misses.
enum RatioLimits {
    /// The z = 12 1024 × 768 rectangle, row-major, against the brute-force cover of its bounding box.
    static let z12 = 1.15
    /// 480 × 320 on Mars Viking, row-major.
    static let viking = 1.1
    /// The same, nearest first.
    static let nearest = 1.85
    /// The 256-px ring around the z = 12 screen, against the brute-force cover of the view.
    static let ring = 1.8
    /// The parent fallback of 30 tiles, against the ancestor walk by parent.
    static let fallback = 2.6

    /// Culling a frame of a scenario against brute-force culling of its stencil's tiles (the ratio depends on the
    /// stencil's size, the reference's work), by scenario; ``defaultCulling`` for a scenario not listed (a file).
    static func culling(scenario name: String) -> Double { cullingLimits[name] ?? defaultCulling }

    /// The limit of a scenario not in ``cullingLimits``.
    static let defaultCulling = 2.0
    /// The built-in scenarios' limits (measured worst: from 0.06 for jfk-lhr-ground, whose stencil brute force
    /// tests is large, to 1.42 for example3-clipped, whose stencil is a few tiles).
    static let cullingLimits: [String: Double] = [
        "example1": 1.4,
        "example2": 1.7,
        "example3-clipped": 2.1,
        "quarter-diagonal": 1.05,
        "half-world-double": 0.6,
        "antimeridian-diagonal": 1.2,
        "latitude-limit": 1.3,
        "turn-right-band": 0.7,
        "turn-left-band": 0.7,
        "modern-z12": 0.7,
        "budget-split": 1.1,
        "example4-pivot": 1.2,
        "example4-flyby": 1.2,
        "jfk-lhr": 0.72,
        "jfk-lhr-ground": 0.09,
        "jfk-lhr-climb": 0.09,
        "gpx-z14": 0.5,
        "viking-circuit": 0.9,
        "example1-oneway": 1.55,
        "quarter-diagonal-oneway": 1.1,
        "modern-z12-oneway": 0.8,
        "corridor-z12-0": 0.45,
        "corridor-z12-30": 0.63,
        "corridor-z12-45": 0.7,
        "corridor-z12-73": 0.75,
    ]
}
