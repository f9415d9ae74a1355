import Foundation
import MercatorMath
import StencilKit

/// The level bands of a pitched camera's cover (the geometry model's "Perspective views", §11), as the pitched
/// picture draws and labels them: per-level counts, and where across the footprint one level gives way to the next.
public enum PitchedBands {
    /// (level, count) for each level of `levels`, ascending.
    /// - Complexity: O(n + k log k) for n levels given, k distinct.
    public static func counts(_ levels: some Sequence<Int>) -> [(level: Int, count: Int)] {
        var counts: [Int: Int] = [:]
        for n in levels { counts[n, default: 0] += 1 }
        return counts.keys.sorted().map { ($0, counts[$0]!) }
    }

    /// The distance ahead of the eye's ground point e, in px of the reference level, where level n + 1 gives way to
    /// level n (§11): the depth D·2^(n_r + b − n − 1) reached at s = (δ − H·cos p)/sin p. Nil at pitch 0 (one depth).
    public static func bandEdge(below n: Int, of camera: PerspectiveCamera) -> Double? {
        guard camera.pitch > 0 else { return nil }
        let p = camera.pitch * .pi / 180
        let depth = camera.focalLength * exp2(Double(camera.referenceLevel - n - 1) + camera.levels.levelBias)
        return (depth - camera.eyeHeight * cos(p)) / sin(p)
    }

    /// The footprint's distances ahead of e: (near, far), from its corners (near-left, far-left, far-right,
    /// near-right).
    public static func extent(of camera: PerspectiveCamera) -> (near: Double, far: Double) {
        let u = PixelPoint.ahead(heading: camera.bearing)
        let f = camera.footprint
        return ((f.a - camera.eye).dot(u), (f.b - camera.eye).dot(u))
    }

    /// The segment across the footprint at distance `s` ahead of e (between its left and right sides), or nil when
    /// `s` lies outside (near, far).
    public static func segmentAcross(at s: Double, of camera: PerspectiveCamera) -> (PixelPoint, PixelPoint)? {
        let (near, far) = extent(of: camera)
        guard s > near, s < far else { return nil }
        let k = (s - near) / (far - near)
        let f = camera.footprint
        return (f.a + k * (f.b - f.a), f.d + k * (f.c - f.d))
    }
}
