import Foundation

/// An independent implementation of MODEL.md §11's pitched cover, written from the model alone for the tests: plain
/// doubles and its own vector type (no StencilKit geometry), slow and obvious.
///
/// The trapezoid comes straight from §11's formulas: D = (h/2)/tan(f/2), H = D·z·cos p, e = c − D·z·sin p·u(β),
/// t(y) = D·z·cos p/(D·cos p + y·sin p), g(y) = t(y)·(D·sin p − y·cos p), y_far = max(−h/2, −D·tan(θ_max − p)); its
/// four edge lines are moved outward by the margin m and the corners are where the moved lines meet. The cover
/// refines tile by tile from level n_min: a tile is needed when the Sutherland–Hodgman clip of its square against the
/// trapezoid's four half-planes has positive area; a needed tile of level n < n_max is replaced by its needed
/// children when min δ over the clipped polygon (δ is affine: the least over its vertices) is below
/// D·2^(n_r+b−n−1) (p > 0), or when Z + b ≥ n + 1 (p = 0). Rows outside 0..<2ⁿ are dropped.
///
/// Every decision is also taken with the shapes grown and shrunk by a tolerance ε: when the two disagree (or a depth
/// lies within ε of its threshold), the decision is a near tie, counted in ``Cover/nearTies`` so that a comparison
/// can skip a camera whose exact answer floating point cannot settle.
struct PitchedOracle {
    struct V: Hashable {
        var x: Double, y: Double
        static func + (a: V, b: V) -> V { V(x: a.x + b.x, y: a.y + b.y) }
        static func - (a: V, b: V) -> V { V(x: a.x - b.x, y: a.y - b.y) }
        static func * (k: Double, a: V) -> V { V(x: k * a.x, y: k * a.y) }
        func dot(_ o: V) -> Double { x * o.x + y * o.y }
    }

    /// A half-plane n·q ≤ c in level-n_r px.
    struct HalfPlane {
        var n: V, c: Double
    }

    /// An unwrapped tile (n, i, y).
    struct Tile: Hashable, Comparable, CustomStringConvertible {
        var level: Int, x: Int, y: Int
        static func < (a: Tile, b: Tile) -> Bool { (a.level, a.y, a.x) < (b.level, b.y, b.x) }
        var description: String { "\(level)/\(x)/\(y)" }
    }

    struct Cover {
        /// Coarsest first, then row, then unwrapped column.
        var tiles: [Tile]
        /// Decisions (needed? refined?) within the tolerance of their tie.
        var nearTies: Int
    }

    // Inputs.
    let center: V
    let referenceLevel: Int
    let bearing: Double, pitch: Double, fieldOfView: Double, horizon: Double
    let width: Double, height: Double, scale: Double, margin: Double
    let tileSize: Int, bias: Double, minLevel: Int, maxLevel: Int

    // Derived, §11.
    let u: V, r: V
    let D: Double, H: Double, e: V
    let sinP: Double, cosP: Double
    let yFar: Double
    let nearAhead: Double, farAhead: Double, nearHalfWidth: Double, farHalfWidth: Double
    /// Near-left, far-left, far-right, near-right (margin included).
    let corners: [V]
    /// The trapezoid (margin included) as four half-planes: near, far, left, right.
    let halfPlanes: [HalfPlane]

    static func rad(_ d: Double) -> Double { d * .pi / 180 }

    init(
        center: V, referenceLevel: Int, bearing: Double, pitch: Double, fieldOfView: Double = 36.87,
        horizon: Double = 89.25, width: Double, height: Double, scale: Double, margin: Double = 0,
        tileSize: Int = 256, bias: Double = 0, minLevel: Int = 0, maxLevel: Int = 22
    ) {
        self.center = center
        self.referenceLevel = referenceLevel
        self.bearing = bearing
        self.pitch = pitch
        self.fieldOfView = fieldOfView
        self.horizon = horizon
        self.width = width
        self.height = height
        self.scale = scale
        self.margin = margin
        self.tileSize = tileSize
        self.bias = bias
        self.minLevel = minLevel
        self.maxLevel = maxLevel
        let b = Self.rad(bearing)
        let u = V(x: sin(b), y: -cos(b))
        let r = V(x: cos(b), y: sin(b))
        let p = Self.rad(pitch)
        let (sinP, cosP) = (sin(p), cos(p))
        let D = (height / 2) / tan(Self.rad(fieldOfView) / 2)
        let Dz = D * scale
        let e = center - (Dz * sinP) * u
        let yFar = max(-height / 2, -D * tan(Self.rad(horizon - pitch)))
        func t(_ y: Double) -> Double { Dz * cosP / (D * cosP + y * sinP) }
        func g(_ y: Double) -> Double { t(y) * (D * sinP - y * cosP) }
        let nearAhead = g(height / 2)
        let farAhead = g(yFar)
        let nearHalfWidth = t(height / 2) * width / 2
        let farHalfWidth = t(yFar) * width / 2
        (self.u, self.r, self.sinP, self.cosP, self.D, self.H, self.e) = (u, r, sinP, cosP, D, Dz * cosP, e)
        (self.yFar, self.nearAhead, self.farAhead) = (yFar, nearAhead, farAhead)
        (self.nearHalfWidth, self.farHalfWidth) = (nearHalfWidth, farHalfWidth)
        // Lines in the frame (s ahead of e along u, x right along r), each a·s + b·x ≤ k with (a, b) a unit normal,
        // then moved outward by m (k + m).
        let k = (farHalfWidth - nearHalfWidth) / (farAhead - nearAhead)  // the sides' slope dx/ds
        let l = (1 + k * k).squareRoot()
        let local: [(a: Double, b: Double, k: Double)] = [
            (-1, 0, -nearAhead + margin),  // near: s ≥ g_near − m
            (1, 0, farAhead + margin),  // far: s ≤ g_far + m
            (-k / l, -1 / l, (nearHalfWidth - k * nearAhead) / l + margin),  // left: x ≥ −(a_n + k(s − g_n)) − …
            (-k / l, 1 / l, (nearHalfWidth - k * nearAhead) / l + margin),  // right
        ]
        func meet(_ i: Int, _ j: Int) -> V {
            let (a1, b1, c1) = local[i]
            let (a2, b2, c2) = local[j]
            let det = a1 * b2 - a2 * b1
            let s = (c1 * b2 - c2 * b1) / det
            let x = (a1 * c2 - a2 * c1) / det
            return e + s * u + x * r
        }
        corners = [meet(0, 2), meet(1, 2), meet(1, 3), meet(0, 3)]
        halfPlanes = local.map { l in
            let n = l.a * u + l.b * r
            return HalfPlane(n: n, c: l.k + n.dot(e))
        }
    }

    // MARK: Depth and levels

    /// D·z.
    var centerDepth: Double { D * scale }
    /// Z = n_r − log₂ z.
    var mapZoom: Double { Double(referenceLevel) - log2(scale) }
    /// n_c = clamp(⌊Z + b⌋, n_min, n_max).
    var level: Int { max(minLevel, min(Int((mapZoom + bias).rounded(.down)), maxLevel)) }

    /// δ(q) = H·cos p + sin p·(q − e)·u.
    func depth(_ q: V) -> Double { H * cosP + sinP * (q - e).dot(u) }
    /// ℓ(q) = Z + b + log₂(D·z/δ(q)).
    func levelOfDetail(_ q: V) -> Double { mapZoom + bias + log2(centerDepth / depth(q)) }
    /// n(q) = clamp(⌊ℓ(q)⌋, n_min, n_max).
    func level(at q: V) -> Int { max(minLevel, min(Int(levelOfDetail(q).rounded(.down)), maxLevel)) }
    /// The depth where level n's band begins, D·2^(n_r+b−n−1): ℓ ≥ n + 1 exactly below it.
    func refineDepth(_ n: Int) -> Double { D * exp2(Double(referenceLevel - n - 1) + bias) }
    /// The ground point ahead of e at depth δ: s = (δ − H·cos p)/sin p.
    func ahead(atDepth depth: Double) -> Double { (depth - H * cosP) / sinP }

    /// Screen point (from the top-left corner) of a ground point, inverted by hand from §11's screen rows:
    /// y = D·cos p·(D·z·sin p − s)/δ, x = (q − e)·r·D/δ.
    func screenPoint(_ q: V) -> V? {
        let d = depth(q)
        guard d > 0 else { return nil }
        let s = (q - e).dot(u)
        return V(x: width / 2 + (q - e).dot(r) * D / d, y: height / 2 + D * cosP * (D * scale * sinP - s) / d)
    }

    /// Ground point of a screen point (from the top-left corner), §11's screen rows as written.
    func groundPoint(_ p: V) -> V? {
        let x = p.x - width / 2
        let y = p.y - height / 2
        let den = D * cosP + y * sinP
        guard den > 0 else { return nil }
        let t = D * scale * cosP / den
        let g = t * (D * sinP - y * cosP)
        return e + g * u + (x * t) * r
    }

    // MARK: Clipping

    /// The tile's side in level-n_r px, T·2^(n_r − n).
    func side(_ level: Int) -> Double { Double(tileSize) * exp2(Double(referenceLevel - level)) }

    /// Sutherland–Hodgman: the square [lo, hi]² (tile-local coordinates, origin at `origin`) clipped by the
    /// trapezoid's half-planes with their offsets moved outward by `grow` (negative shrinks).
    func clip(origin: V, lo: Double, hi: Double, grow: Double) -> [V] {
        var poly = [V(x: lo, y: lo), V(x: hi, y: lo), V(x: hi, y: hi), V(x: lo, y: hi)]
        for h in halfPlanes {
            guard !poly.isEmpty else { break }
            let c = h.c - h.n.dot(origin) + grow
            var out: [V] = []
            for i in poly.indices {
                let a = poly[i]
                let b = poly[(i + 1) % poly.count]
                let fa = h.n.dot(a) - c
                let fb = h.n.dot(b) - c
                if fa <= 0 { out.append(a) }
                if (fa < 0 && fb > 0) || (fa > 0 && fb < 0) {
                    let t = fa / (fa - fb)
                    out.append(a + t * (b - a))
                }
            }
            poly = out
        }
        return poly
    }

    static func area(_ poly: [V]) -> Double {
        guard poly.count >= 3 else { return 0 }
        var twice = 0.0
        for i in poly.indices {
            let a = poly[i]
            let b = poly[(i + 1) % poly.count]
            twice += a.x * b.y - a.y * b.x
        }
        return abs(twice) / 2
    }

    /// The tie tolerance ε in px for tiles of `level`: far above the rounding of coordinates up to the trapezoid's
    /// farthest corner, and above a tie band of a few 10⁻⁹ of the tile's side (a library may count overlaps thinner
    /// than its tie tolerance, 10⁻⁹ of a tile plus 10⁻¹⁴ of the world, as touching).
    func tolerance(_ level: Int) -> Double {
        let far = corners.map { max(abs($0.x), abs($0.y)) }.max()! + abs(center.x) + abs(center.y)
        return 1e-6 + 4e-14 * max(far, side(0)) + 4e-9 * side(level)
    }

    /// Whether the tile square and the trapezoid overlap with positive area, and whether that is a near tie.
    func needs(_ t: Tile) -> (needed: Bool, nearTie: Bool) {
        let s = side(t.level)
        let o = V(x: Double(t.x) * s, y: Double(t.y) * s)
        let eps = tolerance(t.level)
        let nominal = Self.area(clip(origin: o, lo: 0, hi: s, grow: 0)) > 0
        let surely = Self.area(clip(origin: o, lo: eps, hi: s - eps, grow: -eps)) > 0
        let maybe = Self.area(clip(origin: o, lo: -eps, hi: s + eps, grow: eps)) > 0
        if surely { return (true, false) }
        if !maybe { return (false, false) }
        return (nominal, true)
    }

    /// min δ over tile ∩ footprint (nil when they do not meet).
    func leastDepth(_ t: Tile) -> Double? {
        let s = side(t.level)
        let o = V(x: Double(t.x) * s, y: Double(t.y) * s)
        let poly = clip(origin: o, lo: 0, hi: s, grow: 0)
        guard !poly.isEmpty else { return nil }
        return poly.map { depth($0 + o) }.min()
    }

    /// Whether a needed tile is replaced by its children, and whether that is a near tie.
    func refines(_ t: Tile) -> (refine: Bool, nearTie: Bool) {
        guard t.level < maxLevel else { return (false, false) }
        if pitch == 0 {
            let gap = mapZoom + bias - Double(t.level + 1)
            return (gap >= 0, abs(gap) < 1e-9)
        }
        guard let least = leastDepth(t) else { return (false, true) }
        let threshold = refineDepth(t.level)
        let slack = 1e-9 * threshold + 2 * tolerance(t.level)
        return (least < threshold, abs(least - threshold) <= slack)
    }

    /// The tiles of `level` whose squares meet the trapezoid's bounding box, rows on the terrain only.
    func candidates(atLevel level: Int) -> [Tile] {
        let s = side(level)
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        let x0 = Int((xs.min()! / s).rounded(.down)) - 1
        let x1 = Int((xs.max()! / s).rounded(.down)) + 1
        let y0 = max(0, Int((ys.min()! / s).rounded(.down)) - 1)
        let y1 = min((1 << level) - 1, Int((ys.max()! / s).rounded(.down)) + 1)
        guard y0 <= y1 else { return [] }
        var out: [Tile] = []
        for y in y0...y1 { for x in x0...x1 { out.append(Tile(level: level, x: x, y: y)) } }
        return out
    }

    /// How many tiles of level n_min the refinement starts from (a bound on the oracle's work).
    var startCount: Double {
        let s = side(minLevel)
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        return ((xs.max()! - xs.min()!) / s + 3) * ((ys.max()! - ys.min()!) / s + 3)
    }

    /// The cover, row-major within each level, coarsest level first.
    func cover() -> Cover {
        var nearTies = 0
        var out: [Tile] = []
        var stack = candidates(atLevel: minLevel).filter { t in
            let (needed, tie) = needs(t)
            if tie { nearTies += 1 }
            return needed
        }
        while let t = stack.popLast() {
            let (refine, tie) = refines(t)
            if tie { nearTies += 1 }
            guard refine else {
                out.append(t)
                continue
            }
            for dy in 0...1 {
                for dx in 0...1 {
                    let child = Tile(level: t.level + 1, x: 2 * t.x + dx, y: 2 * t.y + dy)
                    let (needed, tie) = needs(child)
                    if tie { nearTies += 1 }
                    if needed { stack.append(child) }
                }
            }
        }
        return Cover(tiles: out.sorted(), nearTies: nearTies)
    }

    /// The cover's tile count per level, coarsest first (levels with tiles only).
    static func countsByLevel(_ tiles: [Tile]) -> [(level: Int, count: Int)] {
        Dictionary(grouping: tiles, by: \.level).map { ($0.key, $0.value.count) }.sorted { $0.level < $1.level }
    }
}

extension PitchedOracle {
    /// A camera of MODEL.md example 7's kind from a geographic centre: n_r = n_c = clamp(⌊Z + b⌋, n_min, n_max),
    /// z = 2^(n_c − Z), centre px = ((λ + 180)/360·W, W/2 − (W/2π)·asinh(tan φ)) with W = T·2^(n_c) (§1, §8).
    static func geographic(
        latitude: Double, longitude: Double, mapZoom: Double, bearing: Double, pitch: Double,
        fieldOfView: Double = 36.87, horizon: Double = 89.25, width: Double, height: Double, margin: Double = 0,
        tileSize: Int = 256, bias: Double = 0, minLevel: Int = 0, maxLevel: Int = 22
    ) -> PitchedOracle {
        let n = max(minLevel, min(Int((mapZoom + bias).rounded(.down)), maxLevel))
        let w = Double(tileSize) * exp2(Double(n))
        let px = (longitude + 180) / 360 * w
        let py = w / 2 - w / (2 * .pi) * asinh(tan(rad(latitude)))
        return PitchedOracle(
            center: V(x: px, y: py), referenceLevel: n, bearing: bearing, pitch: pitch, fieldOfView: fieldOfView,
            horizon: horizon, width: width, height: height, scale: exp2(Double(n) - mapZoom), margin: margin,
            tileSize: tileSize, bias: bias, minLevel: minLevel, maxLevel: maxLevel)
    }

    /// MODEL.md example 7 (pitch 60° unless given).
    static func example7(
        pitch: Double = 60, width: Double = 1024, height: Double = 768, bearing: Double = 37,
        minLevel: Int = 0, maxLevel: Int = 22
    ) -> PitchedOracle {
        geographic(
            latitude: 47.3769, longitude: 8.5417, mapZoom: 14.3, bearing: bearing, pitch: pitch, width: width,
            height: height, minLevel: minLevel, maxLevel: maxLevel)
    }
}
