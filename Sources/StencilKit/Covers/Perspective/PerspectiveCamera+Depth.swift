import Foundation
import MercatorMath

extension PerspectiveCamera {
    /// The depth δ(q) = H·cos p + sin p·(q − e)·u(β) of a ground point along the view axis, in px (§11): an affine
    /// function of q, D·z at the centre. A ground texel's size on screen is proportional to 1/δ.
    /// - Complexity: O(1).
    public func depth(of q: PixelPoint) -> Double {
        eyeHeight * cosPitch + sinPitch * ((q.x - eye.x) * ahead.x + (q.y - eye.y) * ahead.y)
    }

    /// The fractional level of detail at a ground point, ℓ(q) = Z + b + log₂(D·z / δ(q)) (§11); Z + b at the centre.
    /// Infinite or NaN for a point at or behind the eye's depth (never one of the footprint).
    /// - Complexity: O(1).
    public func levelOfDetail(at q: PixelPoint) -> Double {
        mapZoom + levels.levelBias + log2(focalLength * screen.scale / depth(of: q))
    }

    /// The level drawn at a ground point, n(q) = clamp(⌊ℓ(q)⌋, n_min, n_max) (§11). The level bands are strips
    /// across the view, perpendicular to u(β): level n holds the ground with D·2^(n_r+b−n−1) < δ ≤ D·2^(n_r+b−n).
    /// - Complexity: O(1).
    public func level(at q: PixelPoint) -> Int {
        let l = levelOfDetail(at: q)
        guard l.isFinite else { return l > 0 ? levels.maxLevel : levels.minLevel }
        return clampedLevel(Int(max(-1e9, min(1e9, l.rounded(.down)))))
    }

    /// The depth below which ground is drawn at a level finer than n: D·2^(n_r + b − n − 1) px (§11).
    /// - Complexity: O(1).
    func refinementDepth(below n: Int) -> Double {
        focalLength * exp2(Double(referenceLevel - n - 1) + levels.levelBias)
    }

    /// The distance ahead of e where the depth is `depth`: s = (δ − H·cos p) / sin p (pitch > 0).
    func distanceAhead(atDepth depth: Double) -> Double {
        (depth - eyeHeight * cosPitch) / sinPitch
    }

    /// The ground → screen map of the camera (§11), for drawing a tile as the image of its square:
    /// ``homography(origin:)`` at the origin of the image.
    ///
    /// Accuracy: its coefficients hold the eye's position e in absolute px, so applying it to a point q loses what
    /// that cancellation loses. It differs from ``screenPoint(of:)`` by at most
    /// 16ε·(|q|∞ + |e|∞ + H)·(D + w + h) / δ(q) points (ε = 2⁻⁵³, δ(q) the depth of q in px): about 10⁻⁸ points for
    /// coordinates of 10⁶ px seen at depth 100 px, but 10⁻³ at 3·10¹⁰ px (level 30) seen at depth 30 px. For large
    /// coordinates draw with ``homography(origin:)`` about a point near the eye (the renderer's own
    /// camera-relative origin), whose error has the same form in q − origin and e − origin.
    /// - Complexity: O(1).
    public var homography: Homography { homography(origin: PixelPoint(x: 0, y: 0)) }

    /// The map from a ground point's offset q − `origin` (px) to its screen point (points): the camera's map of
    /// ``homography`` with the origin moved, for renderers that place tiles relative to a point near the eye.
    /// - Complexity: O(1).
    public func homography(origin: PixelPoint) -> Homography {
        let u = ahead
        let r = right
        let d = focalLength
        let e = eye - origin
        let ue = u.dot(e)
        let re = r.dot(e)
        // δ(q) = sin p·u·q + (H cos p − sin p·u·e), q and e relative to the origin
        let g0 = sinPitch * u.x
        let g1 = sinPitch * u.y
        let g2 = eyeHeight * cosPitch - sinPitch * ue
        let hw = screen.width / 2
        let hh = screen.height / 2
        // X·δ = D·r·(q − e) + (w/2)·δ;  Y·δ = D·(H sin p − cos p·u·(q − e)) + (h/2)·δ
        return Homography(
            d * r.x + hw * g0, d * r.y + hw * g1, -d * re + hw * g2,
            -d * cosPitch * u.x + hh * g0, -d * cosPitch * u.y + hh * g1,
            d * (eyeHeight * sinPitch + cosPitch * ue) + hh * g2,
            g0, g1, g2)
    }

    /// The screen point, in points from the screen's top-left corner, where a ground point is drawn:
    /// x = w/2 + D·l/δ, y = h/2 + D·(H·sin p − s·cos p)/δ with s, l its distances ahead of and right of e.
    /// Nil for a point at or behind the eye's depth (δ ≤ 0). At pitch 0 it is the view's ``ScreenTransform``.
    /// - Complexity: O(1).
    public func screenPoint(of q: PixelPoint) -> PixelPoint? {
        let v = q - eye
        let s = v.dot(ahead)
        let l = v.dot(right)
        let delta = eyeHeight * cosPitch + s * sinPitch
        guard delta > 0 else { return nil }
        let k = focalLength / delta
        return PixelPoint(
            x: screen.width / 2 + k * l, y: screen.height / 2 + k * (eyeHeight * sinPitch - s * cosPitch))
    }

    /// The ground point seen at a screen point (picking), in px: for y = Y − h/2 and x = X − w/2,
    /// e + g(y)·u(β) + x·t(y)·r(β) with t(y) = D·z·cos p / (D·cos p + y·sin p) and g(y) = t(y)·(D·sin p − y·cos p).
    /// Nil at or above the horizon (D·cos p + y·sin p ≤ 0). Any screen point below the horizon is answered, on the
    /// screen or not.
    /// - Complexity: O(1).
    public func groundPoint(ofScreen p: PixelPoint) -> PixelPoint? {
        let x = p.x - screen.width / 2
        let y = p.y - screen.height / 2
        let den = focalLength * cosPitch + y * sinPitch
        guard den > 0 else { return nil }
        let t = focalLength * screen.scale * cosPitch / den
        let g = t * (focalLength * sinPitch - y * cosPitch)
        let l = x * t
        return PixelPoint(x: eye.x + g * ahead.x + l * right.x, y: eye.y + g * ahead.y + l * right.y)
    }
}
