import Foundation
import MercatorMath

/// The view volume V of a perspective camera over terrain (the geometry model's *Covers over terrain* (§14)): the
/// points on the rays from the eye E through the screen window, each side moved horizontally outward by the margin.
///
/// In the coordinates a = (q − e)·u(β) (ahead of the eye's ground point e), b = (q − e)·r(β) (right) and the drop
/// d = z_E − z below the eye,
/// V = { d > 0, G_n·d − m ≤ a ≤ G_f·d + m, |b| ≤ K·(a·sin p + d·cos p) + m·√(1 + K²·sin²p) }, with
/// G(y) = (D·sin p − y·cos p)/(D·cos p + y·sin p), G_n = G(h/2), G_f = G(y_far), K = w/(2D). Its section at drop d is
/// §11's footprint (margin m) of a camera at height d: a trapezoid whose near and far edges are G_n·d − m and
/// G_f·d + m ahead of e. Depth δ = a·sin p + d·cos p.
///
/// Always true: G_n < G_f, K > 0, and every ray of V descends (y_far lies below the horizon). V has no vertex at
/// d > 0 (two side planes and the near or far plane meet at negative drops), so every vertex of a box clipped by V
/// lies on one of the box's faces.
public struct ViewVolume: Sendable, Hashable {
    /// G_n = G(h/2): the near plane a = G_n·d − m.
    public let nearSlope: Double
    /// G_f = G(y_far): the far plane a = G_f·d + m.
    public let farSlope: Double
    /// K = w/(2D): the side planes |b| = K·(a·sin p + d·cos p) + M.
    public let sideSlope: Double
    /// m, the margin in px.
    public let margin: Double
    /// M = m·√(1 + K²·sin²p): the side planes' horizontal offset.
    public let sideMargin: Double
    /// z_E: the eye's height above the datum, px.
    public let eyeHeight: Double
    /// e, u(β), r(β), sin p, cos p of the camera.
    let eye: PixelPoint
    let ahead: PixelPoint
    let right: PixelPoint
    let sinPitch: Double
    let cosPitch: Double

    /// The volume of `camera` with its eye `eyeHeight` px above the datum.
    /// - Complexity: O(1).
    init(camera: PerspectiveCamera, eyeHeight: Double) {
        let d = camera.focalLength
        let (sp, cp) = (camera.sinPitch, camera.cosPitch)
        let (st, ct) = Degrees.sinCos(camera.horizon - camera.pitch)
        let h = camera.screen.height
        let yFar = max(-h / 2, -d * st / ct)
        func g(_ y: Double) -> Double { (d * sp - y * cp) / (d * cp + y * sp) }
        nearSlope = g(h / 2)
        farSlope = g(yFar)
        sideSlope = camera.screen.width / (2 * d)
        margin = camera.screen.margin
        sideMargin = margin * (1 + sideSlope * sideSlope * sp * sp).squareRoot()
        self.eyeHeight = eyeHeight
        eye = camera.eye
        ahead = camera.ahead
        right = camera.right
        sinPitch = sp
        cosPitch = cp
    }

    /// The section at drop d (> 0): §11's footprint, margin m, of a camera d px above the ground, in the camera's
    /// frame (distances ahead of e, half-widths across).
    /// - Complexity: O(1).
    func section(atDrop d: Double) -> VolumeSection {
        let near = nearSlope * d - margin
        let k = sideSlope * sinPitch
        return VolumeSection(
            near: near, far: farSlope * d + margin,
            nearHalfWidth: sideSlope * (sinPitch * near + cosPitch * d) + sideMargin, slope: k)
    }

    /// The four bounding planes of V, as f(a, b, d) ≥ 0: near, far, left, right.
    var planes: (VolumePlane, VolumePlane, VolumePlane, VolumePlane) {
        let ks = sideSlope * sinPitch
        let kc = sideSlope * cosPitch
        return (
            VolumePlane(a: 1, b: 0, d: -nearSlope, constant: margin),
            VolumePlane(a: -1, b: 0, d: farSlope, constant: margin),
            VolumePlane(a: ks, b: -1, d: kc, constant: sideMargin),
            VolumePlane(a: ks, b: 1, d: kc, constant: sideMargin)
        )
    }

    /// The depth δ = a·sin p + d·cos p of a point of the camera's frame.
    @inline(__always)
    func depth(ahead a: Double, drop d: Double) -> Double { a * sinPitch + d * cosPitch }

    /// Whether V down to drop `d` is in finite numbers: its section there (with the eye's coordinates, at twice its
    /// reach) and its greatest depth there. False only for drops near the largest double (bounds ~10³⁰⁰ m deep).
    /// - Complexity: O(1).
    func isFinite(downToDrop d: Double) -> Bool {
        let s = section(atDrop: d)
        let reach = abs(s.near) + abs(s.far) + abs(s.nearHalfWidth) + abs(s.far - s.near) * s.slope
        return (abs(eye.x) + abs(eye.y) + 2 * reach).isFinite && depth(ahead: s.far, drop: d).isFinite
    }
}

/// A section of a view volume at one drop (a trapezoid in the camera's frame): near ≤ a ≤ far,
/// |b| ≤ nearHalfWidth + (a − near)·slope.
struct VolumeSection: Sendable, Hashable {
    var near: Double
    var far: Double
    var nearHalfWidth: Double
    var slope: Double

    /// The section's four half-planes, f(a, b) ≥ 0 (d unused), as §11's nearest-first clip writes them.
    var planes: (VolumePlane, VolumePlane, VolumePlane, VolumePlane) {
        let side = nearHalfWidth - near * slope
        return (
            VolumePlane(a: 1, b: 0, d: 0, constant: -near),
            VolumePlane(a: -1, b: 0, d: 0, constant: far),
            VolumePlane(a: slope, b: -1, d: 0, constant: side),
            VolumePlane(a: slope, b: 1, d: 0, constant: side)
        )
    }
}

/// A plane of the camera's frame, kept as the half-space a·α + b·β + d·γ + c ≥ 0.
struct VolumePlane: Sendable, Hashable {
    var a: Double
    var b: Double
    var d: Double
    var constant: Double

    @inline(__always)
    func value(_ x: Double, _ y: Double, _ z: Double) -> Double { a * x + b * y + d * z + constant }

    /// The values at four points (x, y, z).
    @inline(__always)
    func values(_ x: SIMD4<Double>, _ y: SIMD4<Double>, _ z: SIMD4<Double>) -> SIMD4<Double> {
        a * x + b * y + d * z + constant
    }

    /// The values at four points (x, y) sharing z.
    @inline(__always)
    func values(_ x: SIMD4<Double>, _ y: SIMD4<Double>, _ z: Double) -> SIMD4<Double> {
        a * x + b * y + d * z + constant
    }
}
