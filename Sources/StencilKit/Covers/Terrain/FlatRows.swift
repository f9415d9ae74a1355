import MercatorMath

/// The terrain cover's fast path for flat ground (the geometry model's *Covers over terrain* (§14)): the children of
/// refined tiles whose bounds are [0, 0], decided a row of children at a time by §11's own row covers, as
/// ``PerspectiveCamera/cover(order:into:)`` decides them, instead of one box at a time.
///
/// Why it is exact. Children lie inside their parent's bounds, so every descendant of a [0, 0] tile is [0, 0]: its
/// box is the flat square at the datum. With the eye at the datum anchor (z_E = H), V's section at drop H is §11's
/// footprint, so such a box meets V exactly when the square meets the footprint (§11's positive-area rule, the same
/// draw tolerance), and min δ over it is below D·2^(n_r+b−n−1) exactly when the square meets R_n, the footprint's
/// part nearer than the band edge s_n (δ is affine in the distance ahead; at pitch 0 the rule is §8's Z + b ≥ n + 1).
/// A run of refined flat tiles of one row has as children, in each child row, the run of columns
/// [2·first, 2·last + 1]: cut to the footprint's columns of that row, its part in R_n's columns is refined and the
/// rest kept — §11's `QuadRows` row cover, O(1) a row. Used for row-major covers without depths (least depths are
/// still found box by box).
struct FlatRows {
    let footprint: QuadRows
    /// R_n's rows when `hasBand` (else the footprint's, unused: a non-optional field, so no copy to unwrap it).
    let band: QuadRows
    let hasBand: Bool
    let tolerance: Double
    let reciprocal: Double?
    let length: Double
    /// s_n (the band edge's distance ahead of e), u(β) and u(β)·e, for §11's shortcut on a run's bounding box.
    let bandEdge: Double
    let ahead: PixelPoint
    let aheadOfEye: Double

    /// The rows of level `level` (tile side `length` px, draw tolerance `tolerance`, refinement depth `threshold`) of
    /// `camera`'s footprint, given as `footprint`; R_n's rows are only built when `enabled`.
    /// - Complexity: O(1).
    init(
        camera: PerspectiveCamera, footprint: QuadRows, level: Int, length: Double, tolerance: Double,
        threshold: Double, enabled: Bool
    ) {
        self.footprint = footprint
        self.length = length
        self.tolerance = tolerance
        reciprocal = length.significandBitPattern == 0 && length.isNormal ? 1 / length : nil
        ahead = camera.ahead
        aheadOfEye = camera.ahead.dot(camera.eye)
        let region: Quad?
        if !enabled || level >= camera.levels.maxLevel {
            region = nil
            bandEdge = 0
        } else if camera.pitch == 0 {
            region =
                LevelOfDetail.floorOfSum(camera.mapZoom, camera.levels.levelBias) >= level + 1
                ? camera.footprint : nil
            bandEdge = region == nil ? -.infinity : .infinity
        } else {
            bandEdge = camera.distanceAhead(atDepth: threshold)
            region = camera.refinedRegion(ahead: bandEdge)
        }
        band = region.map { QuadRows($0) } ?? footprint
        hasBand = region != nil
    }

    /// The columns `first…last` of row `row` cut to the footprint, and the part of them that is refined (nil: none).
    @inline(__always)
    func split(row: Int, first: Int, last: Int) -> (first: Int, last: Int, refined: (first: Int, last: Int)?)? {
        guard
            let (a, b) = footprint.columns(
                inRow: row, tileLength: length, tolerance: tolerance, reciprocal: reciprocal)
        else { return nil }
        let c0 = max(a, first)
        let c1 = min(b, last)
        guard c0 <= c1 else { return nil }
        guard hasBand else { return (c0, c1, nil) }
        // §11's shortcut (``PitchedRunWriter``): a run wholly nearer than the band edge (by more than the tolerance)
        // is refined, one wholly beyond it is not; only the runs the band edge crosses need R_n's row cover.
        let x0 = Double(c0) * length * ahead.x
        let x1 = Double(c1 + 1) * length * ahead.x
        let y0 = Double(row) * length * ahead.y
        let y1 = Double(row + 1) * length * ahead.y
        if max(x0, x1) + max(y0, y1) - aheadOfEye < bandEdge - tolerance { return (c0, c1, (c0, c1)) }
        if min(x0, x1) + min(y0, y1) - aheadOfEye > bandEdge + tolerance { return (c0, c1, nil) }
        guard
            let (r0, r1) = band.columns(inRow: row, tileLength: length, tolerance: tolerance, reciprocal: reciprocal)
        else { return (c0, c1, nil) }
        let f = max(r0, c0)
        let l = min(r1, c1)
        return (c0, c1, f <= l ? (f, l) : nil)
    }
}
