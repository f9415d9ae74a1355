import Foundation
import MercatorMath

/// What a terrain cover computes once a frame: V's planes, §11's footprint section for flat tiles at the datum, the
/// shadow's bounding box, the greatest depth, and the tolerances' parts; and the test of one box against V.
struct CoverContext {
    let volume: ViewVolume
    let bounds: TerrainBounds
    let scale: HeightScale
    let planes: (VolumePlane, VolumePlane, VolumePlane, VolumePlane)
    /// §11's footprint as half-planes (the camera's own numbers), for flat boxes at the datum under a datum-anchored
    /// eye: their section is exactly §11's footprint.
    let datumPlanes: (VolumePlane, VolumePlane, VolumePlane, VolumePlane)
    let datumIsFootprint: Bool
    /// At pitch 0 a flat box at the datum under a datum-anchored eye is refined by §8's level rule, Z + b ≥ n + 1.
    let pitchIsZero: Bool
    let viewLevelFloor: Int
    /// The bounding box of V's shadow over the bounds' heights, px.
    let shadow: (minX: Double, maxX: Double, minY: Double, maxY: Double)
    /// The greatest depth of V over the bounds' heights (at the far edge of the lowest drop).
    let greatestDepth: Double
    /// 10⁻¹⁴·W·2 + 16 ulp of the shadow's reach: the parts of the draw tolerance that do not scale with the tile.
    let fixedTolerance: Double

    init(_ view: TerrainCamera) {
        let camera = view.camera
        volume = view.volume
        bounds = view.bounds
        scale = view.heightScale
        planes = volume.planes
        datumPlanes =
            VolumeSection(
                near: camera.nearDistance, far: camera.farDistance, nearHalfWidth: camera.nearHalfWidth,
                slope: camera.sideSlope
            ).planes
        datumIsFootprint = view.centerHeight == 0 && volume.eyeHeight == camera.eyeHeight
        pitchIsZero = camera.pitch == 0
        viewLevelFloor = LevelOfDetail.floorOfSum(camera.mapZoom, camera.levels.levelBias)
        // The lowest height any box reaches: 0 for lo ≥ 0 at the root, else lo times the largest κ on the terrain.
        let root = bounds.root
        let lowest = root.lo < 0 ? root.lo * scale.pixelsPerMetre(atRow: 0) : 0
        let deepest = max(volume.eyeHeight - lowest, 0)
        // The shadow: the hull of the sections at drop 0 and at the deepest drop.
        var minX = Double.infinity
        var maxX = -Double.infinity
        var minY = Double.infinity
        var maxY = -Double.infinity
        for k in 0..<8 {
            let s = volume.section(atDrop: k & 4 == 0 ? 0 : deepest)
            let a = k & 2 == 0 ? s.near : s.far
            let w = s.nearHalfWidth + (a - s.near) * s.slope
            let b = k & 1 == 0 ? -w : w
            let x = volume.eye.x + a * volume.ahead.x + b * volume.right.x
            let y = volume.eye.y + a * volume.ahead.y + b * volume.right.y
            minX = min(minX, x)
            maxX = max(maxX, x)
            minY = min(minY, y)
            maxY = max(maxY, y)
        }
        shadow = (minX, maxX, minY, maxY)
        let far = volume.section(atDrop: deepest).far
        greatestDepth = volume.depth(ahead: far, drop: deepest)
        let reach = max(max(abs(minX), abs(maxX)), max(abs(minY), abs(maxY)))
        fixedTolerance = 2e-14 * scale.width + 16 * reach.ulp
    }

    /// The draw tolerance for tiles of `side` px: 2·(10⁻⁹·L + 10⁻¹⁴·W) + 16 ulp.
    @inline(__always)
    func tolerance(side: Double) -> Double { 2e-9 * side + fixedTolerance }

    /// Whether the box of (level, column, row) with heights `heights` (z_lo, z_hi px) meets V, its least depth over
    /// B ∩ V (exact when `needDepth`; when only `mayRefine`, any depth below the threshold once one is found; else
    /// 0), and whether that asks for the next level (threshold D·2^(n_r+b−n−1) px).
    ///
    /// Exact shortcuts before any clipping, from the corners of the prism: every corner outside one plane of V → the
    /// prism misses V (it is their convex hull); a corner, or a point of a vertical edge (``columnPoints(_:near:far:)``),
    /// inside V → it meets V. For the refinement (δ grows with a and d, as sin p, cos p ≥ 0): the least δ over the
    /// box's corners is a lower bound of the least over B ∩ V, and so are V's own bounds at the box's top drop and
    /// across its side (kept when one is at or past the threshold); a point of a
    /// vertical edge in V is a point of B ∩ V, so one below the threshold refines; the top face's corners in V make
    /// its least δ the least over B ∩ V. Only boxes across V's boundary with none of these answers are clipped face
    /// by face.
    @inline(__always)
    func examine(
        level: Int, column: Int, row: Int, side: Double, tolerance: Double, heights: (low: Double, high: Double),
        threshold: Double, needDepth: Bool, mayRefine: Bool = true
    ) -> (meets: Bool, depth: Double, refine: Bool, inside: Bool) {
        let x0 = Double(column) * side
        let y0 = Double(row) * side
        let x1 = x0 + side
        let y1 = y0 + side
        let (zLow, zHigh) = heights
        let zE = volume.eyeHeight
        if zLow == zHigh {
            let drop = zE - zLow
            guard drop >= tolerance else { return (false, 0, false, false) }
            let onFootprint = zLow == 0 && datumIsFootprint
            let cutPlanes = onFootprint ? datumPlanes : planes
            // The whole square first: inside every plane, it meets V; cut to nothing, it misses; else the square
            // shrunk by the tolerance decides.
            var full = square(x0, x1, y0, y1, drop: drop)
            let cut = full.clip(by: cutPlanes)
            guard full.count > 0 else { return (false, 0, false, false) }
            if cut {
                var face = square(x0 + tolerance, x1 - tolerance, y0 + tolerance, y1 - tolerance, drop: drop)
                face.clip(by: cutPlanes)
                guard face.count > 0 else { return (false, 0, false, false) }
            }
            if pitchIsZero {
                let refine = onFootprint ? viewLevelFloor >= level + 1 : drop <= threshold
                return (true, drop, refine, false)
            }
            guard needDepth || mayRefine else { return (true, 0, false, false) }
            let depth = volume.depth(ahead: full.leastAhead(), drop: drop)
            return (true, depth, depth < threshold, false)
        }
        let lift = min(tolerance, (zHigh - zLow) / 2)
        let near = max(zE - (zHigh - lift), tolerance)
        let far = zE - (zLow + lift)
        guard near <= far else { return (false, 0, false, false) }
        guard
            meetsVolume(x0 + tolerance, x1 - tolerance, y0 + tolerance, y1 - tolerance, near: near, far: far)
        else { return (false, 0, false, false) }
        guard needDepth || mayRefine else { return (true, 0, false, false) }
        // Exact shortcuts from the box's corners (δ grows with a and d, sin p, cos p ≥ 0): the least depth over the
        // box bounds the least over B ∩ V from below, and equals it when the top face's corners lie in V (then so
        // does the top face, above every other point of B ∩ V); a corner column's least-deep point of V is a point
        // of B ∩ V, refined when below the threshold.
        let nearDrop = max(zE - zHigh, tolerance)
        let farDrop = zE - zLow
        let c = corners(x0, x1, y0, y1)
        let cornerLeast = volume.depth(ahead: c.a.min(), drop: nearDrop)
        if !needDepth && cornerLeast >= threshold { return (true, cornerLeast, false, false) }
        // V's near plane bounds δ from below too: a ≥ G_n·d − m, so δ ≥ d·(G_n·sin p + cos p) − m·sin p, which grows
        // with d (G_n·sin p + cos p = D/(D·cos p + h/2·sin p) > 0): least at the top's drop. Tight where the near
        // plane cuts the box's top.
        let nearLeast = volume.depth(ahead: volume.nearSlope * nearDrop - volume.margin, drop: nearDrop)
        if !needDepth && nearLeast >= threshold { return (true, nearLeast, false, false) }
        // And its side planes, |b| ≤ K·δ + M: δ ≥ (|b| − M)/K, and on a box wholly on one side of V's axis (b = 0)
        // the least |b| is at a corner.
        let leastAcross = all(c.b .> 0) ? c.b.min() : all(c.b .< 0) ? -c.b.max() : 0
        if !needDepth && leastAcross > 0 {
            let sideLeast = (leastAcross - volume.sideMargin) / volume.sideSlope
            if sideLeast >= threshold { return (true, sideLeast, false, false) }
        }
        if all(insideMask(c, nearDrop)) {
            let refine = cornerLeast < threshold
            let inside = refine && zE - zHigh >= tolerance && all(insideMask(c, farDrop))
            return (true, cornerLeast, refine, inside)
        }
        if !needDepth {
            let column = columnPoints(c, near: nearDrop, far: farDrop)
            let depths = c.a * volume.sinPitch + column.drops * volume.cosPitch
            if any(column.inside .& (depths .< threshold)) { return (true, cornerLeast, true, false) }
        }
        let stop = needDepth ? -Double.infinity : threshold
        var depth = leastDepth(
            x0, x1, y0, y1, near: max(zE - zHigh, tolerance), far: zE - zLow, stopBelow: stop)
        if depth == .infinity {
            depth = leastDepth(
                x0 + tolerance, x1 - tolerance, y0 + tolerance, y1 - tolerance, near: near, far: far,
                stopBelow: stop)
        }
        return (true, depth, depth < threshold, false)
    }

    /// The least depth over the box of (column, row) with heights `heights` (z_lo < z_hi) inside a parent's box that
    /// lies wholly in V (``examine(level:column:row:side:tolerance:heights:threshold:needDepth:mayRefine:)``'s
    /// `inside`): boxes nest, so this box lies in V too (it meets V, B ∩ V is the box) and its least depth is its top
    /// corners'. The parent's box was at least its tolerance below the eye, so this one is too (no drop clamped).
    @inline(__always)
    func leastDepthInside(column: Int, row: Int, side: Double, heights: (low: Double, high: Double)) -> Double {
        let x0 = Double(column) * side
        let y0 = Double(row) * side
        let c = corners(x0, x0 + side, y0, y0 + side)
        return volume.depth(ahead: c.a.min(), drop: volume.eyeHeight - heights.high)
    }

    /// The square [x0, x1] × [y0, y1] at drop d as a face in the camera's frame (corners in order around it).
    @inline(__always)
    func square(_ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double, drop: Double) -> ClipPolygon {
        var face = ClipPolygon()
        let c = corners(x0, x1, y0, y1)
        for i in 0..<4 { face.append(c.a[i], c.b[i], drop) }
        return face
    }

    /// The square's corners (x0, y0), (x1, y0), (x1, y1), (x0, y1) as (a, b) of the camera's frame.
    @inline(__always)
    func corners(_ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double) -> (a: SIMD4<Double>, b: SIMD4<Double>) {
        let e = volume.eye
        let u = volume.ahead
        let r = volume.right
        let xs = SIMD4<Double>(x0, x1, x1, x0) - e.x
        let ys = SIMD4<Double>(y0, y0, y1, y1) - e.y
        return (xs * u.x + ys * u.y, xs * r.x + ys * r.y)
    }

    /// Whether the prism [x0, x1] × [y0, y1] × drops [near, far] meets the closed V: a corner inside V, else a face
    /// clipped by V's planes with a vertex left.
    @inline(__always)
    func meetsVolume(_ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double, near: Double, far: Double) -> Bool {
        let c = corners(x0, x1, y0, y1)
        if any(insideMask(c, near)) || any(insideMask(c, far)) { return true }
        if any(columnPoints(c, near: near, far: far).inside) { return true }
        if outsideOnePlane(c, near: near, far: far) { return false }
        var found = false
        forEachFace(c, near: near, far: far) { face in
            var face = face
            face.clip(by: planes)
            if face.count > 0 { found = true }
            return !found
        }
        return found
    }

    /// The least depth over the prism's faces clipped by V (+∞ when none is left), or, once a vertex below
    /// `stopBelow` is found, that vertex's depth (enough to know the tile is refined). A face whose own vertices are
    /// all at least as deep as the least found so far is not clipped: clipping only keeps points of the face.
    @inline(__always)
    func leastDepth(
        _ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double, near: Double, far: Double,
        stopBelow: Double = -.infinity
    ) -> Double {
        let c = corners(x0, x1, y0, y1)
        var least = Double.infinity
        let (s, k) = (volume.sinPitch, volume.cosPitch)
        forEachFace(c, near: near, far: far) { face in
            guard face.leastDepth(sinPitch: s, cosPitch: k) < least else { return true }
            var face = face
            face.clip(by: planes)
            least = min(least, face.leastDepth(sinPitch: s, cosPitch: k))
            return least >= stopBelow
        }
        return least
    }

    /// Calls `body` with the prism's six faces (top, bottom, then the four sides) until it returns false.
    @inline(__always)
    func forEachFace(
        _ c: (a: SIMD4<Double>, b: SIMD4<Double>), near: Double, far: Double, _ body: (ClipPolygon) -> Bool
    ) {
        for k in 0..<2 {
            let d = k == 0 ? near : far
            var face = ClipPolygon()
            for i in 0..<4 { face.append(c.a[i], c.b[i], d) }
            guard body(face) else { return }
        }
        for i in 0..<4 {
            let j = (i + 1) & 3
            var face = ClipPolygon()
            face.append(c.a[i], c.b[i], near)
            face.append(c.a[j], c.b[j], near)
            face.append(c.a[j], c.b[j], far)
            face.append(c.a[i], c.b[i], far)
            guard body(face) else { return }
        }
    }

    /// Which of the four corners (a, b) at drop d lie in the closed V.
    @inline(__always)
    func insideMask(_ c: (a: SIMD4<Double>, b: SIMD4<Double>), _ d: Double) -> SIMDMask<SIMD4<Int64>> {
        (planes.0.values(c.a, c.b, d) .>= 0) .& (planes.1.values(c.a, c.b, d) .>= 0)
            .& (planes.2.values(c.a, c.b, d) .>= 0) .& (planes.3.values(c.a, c.b, d) .>= 0)
    }

    /// The lowest point of each corner's column (a, b) × [near, far] that can lie in V, and whether it does: V's far
    /// and side planes bound the drop from below, d* = max(near, (a − m)/G_f, (|b| − K·sin p·a − M)/(K·cos p)), its
    /// near plane from above, so the column meets V exactly when (a, b, d*) does (checked with the planes' own
    /// values, as a corner is) and d* ≤ far; δ grows with d, so (a, b, d*) is the column's least-deep point of V.
    @inline(__always)
    func columnPoints(_ c: (a: SIMD4<Double>, b: SIMD4<Double>), near: Double, far: Double) -> (
        drops: SIMD4<Double>, inside: SIMDMask<SIMD4<Int64>>
    ) {
        let side = planes.2
        var d = SIMD4<Double>(repeating: near)
        let behindFar = (c.a - volume.margin) / volume.farSlope
        d.replace(with: behindFar, where: behindFar .> d)
        let beside = (c.b.replacing(with: -c.b, where: c.b .< 0) - side.a * c.a - side.constant) / side.d
        d.replace(with: beside, where: beside .> d)
        let inside =
            (d .<= far) .& (planes.0.values(c.a, c.b, d) .>= 0) .& (planes.1.values(c.a, c.b, d) .>= 0)
            .& (planes.2.values(c.a, c.b, d) .>= 0) .& (planes.3.values(c.a, c.b, d) .>= 0)
        return (d, inside)
    }

    /// Whether all eight corners of the prism (the corners at drops `near` and `far`) lie strictly outside one plane
    /// of V: then the prism, their convex hull, misses V.
    @inline(__always)
    func outsideOnePlane(_ c: (a: SIMD4<Double>, b: SIMD4<Double>), near: Double, far: Double) -> Bool {
        func outside(_ p: VolumePlane) -> Bool {
            all((p.values(c.a, c.b, near) .< 0) .& (p.values(c.a, c.b, far) .< 0))
        }
        return outside(planes.0) || outside(planes.1) || outside(planes.2) || outside(planes.3)
    }

    /// Whether (a, b, d) lies in the closed V.
    @inline(__always)
    func inside(_ a: Double, _ b: Double, _ d: Double) -> Bool {
        planes.0.value(a, b, d) >= 0 && planes.1.value(a, b, d) >= 0 && planes.2.value(a, b, d) >= 0
            && planes.3.value(a, b, d) >= 0
    }
}
