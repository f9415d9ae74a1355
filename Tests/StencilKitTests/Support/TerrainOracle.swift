import Foundation
import MercatorMath

/// An oracle for covers over terrain (MODEL.md §14), written apart from the library: the camera, κ, the boxes and
/// the view volume from the model's formulas (κ from the latitude, not from cosh), every box clipped by V's
/// half-spaces in 3-D as a polytope (face lists, caps rebuilt by angle) with its volume (or area for a flat box), the
/// least depth over its vertices, and the refinement by brute recursion from n_min with no level skipped.
///
/// Decisions within a tie tolerance (a box meeting V in a polytope thinner than 10⁻⁷ of the box's least side, a least
/// depth within 10⁻⁹ of the threshold) are counted as near ties; callers skip those cameras.
struct TerrainOracle {
    typealias Point = SIMD3<Double>
    struct Tile: Hashable, Comparable, CustomStringConvertible {
        var level: Int, x: Int, y: Int
        static func < (a: Tile, b: Tile) -> Bool { (a.level, a.y, a.x) < (b.level, b.y, b.x) }
        var description: String { "\(level)/\(x)/\(y)" }
    }
    /// A half-space n·X + c ≥ 0 in world coordinates (x, y, z px).
    struct HalfSpace {
        var n: Point
        var c: Double
        func value(_ p: Point) -> Double { (n * p).sum() + c }
    }

    let p: PitchedParameters
    /// Listed bounds by tile, and the root.
    let listed: [Tile: (lo: Double, hi: Double)]
    let root: (lo: Double, hi: Double)
    let radius: Double
    let deepest: Int
    // The camera.
    let u: (Double, Double), r: (Double, Double)
    let sinP: Double, cosP: Double
    let focal: Double
    let e: (Double, Double)
    let eyeHeight: Double
    let nearSlope: Double, farSlope: Double, sideSlope: Double, sideMargin: Double
    let world: Double
    let planes: [HalfSpace]

    enum Anchor { case datum, center(Double), eye(Double) }

    init(_ p: PitchedParameters, listed: [Tile: (lo: Double, hi: Double)], root: (Double, Double), anchor: Anchor) {
        self.p = p
        self.listed = listed
        self.root = root
        radius = 6_378_137
        deepest = listed.keys.map(\.level).max() ?? 0
        let rad = Double.pi / 180
        let beta = p.bearing * rad
        u = (sin(beta), -cos(beta))
        r = (cos(beta), sin(beta))
        let sp = sin(p.pitch * rad)
        let cp = cos(p.pitch * rad)
        sinP = sp
        cosP = cp
        let d = (p.height / 2) / tan(p.fieldOfView / 2 * rad)
        focal = d
        let h = d * p.scale * cp
        let ex = p.center.x - d * p.scale * sp * sin(beta)
        let ey = p.center.y + d * p.scale * sp * cos(beta)
        e = (ex, ey)
        let w = Double(p.tileSize) * pow(2, Double(p.referenceLevel))
        world = w
        func kappaAt(_ y: Double) -> Double {
            let phi = atan(sinh(Double.pi * (1 - 2 * y / w)))
            return w / (2 * Double.pi) / (6_378_137 * cos(phi))
        }
        switch anchor {
        case .datum: eyeHeight = h
        case .center(let elevation): eyeHeight = elevation * kappaAt(p.center.y) + h
        case .eye(let altitude): eyeHeight = altitude * kappaAt(ey)
        }
        let yFar = max(-p.height / 2, -d * tan((p.horizon - p.pitch) * rad))
        func g(_ y: Double) -> Double { (d * sp - y * cp) / (d * cp + y * sp) }
        nearSlope = g(p.height / 2)
        farSlope = g(yFar)
        sideSlope = p.width / (2 * d)
        let k = p.width / (2 * d)
        sideMargin = p.margin * (1 + k * k * sp * sp).squareRoot()
        // a = u·(q − e), b = r·(q − e), d = z_E − z, as affine functions of (x, y, z).
        let (ux, uy, rx, ry) = (sin(beta), -cos(beta), cos(beta), sin(beta))
        let a = HalfSpace(n: Point(ux, uy, 0), c: -(ux * ex + uy * ey))
        let b = HalfSpace(n: Point(rx, ry, 0), c: -(rx * ex + ry * ey))
        let zE = eyeHeight
        let (ns, fs, ks, sm) = (g(p.height / 2), g(yFar), k, p.margin * (1 + k * k * sp * sp).squareRoot())
        let dz = HalfSpace(n: Point(0, 0, -1), c: zE)
        func combine(_ ka: Double, _ kb: Double, _ kd: Double, _ c: Double) -> HalfSpace {
            HalfSpace(n: ka * a.n + kb * b.n + kd * dz.n, c: ka * a.c + kb * b.c + kd * dz.c + c)
        }
        let m = p.margin
        planes = [
            combine(1, 0, -ns, m),
            combine(-1, 0, fs, m),
            combine(ks * sp, -1, ks * cp, sm),
            combine(ks * sp, 1, ks * cp, sm),
            dz,
        ]
    }

    func kappa(_ y: Double) -> Double {
        let phi = atan(sinh(Double.pi * (1 - 2 * y / world)))
        return world / (2 * Double.pi) / (radius * cos(phi))
    }

    /// The bounds of a real tile: listed, else its nearest listed ancestor's, else the root's.
    func range(_ t: Tile) -> (lo: Double, hi: Double) {
        var t = Tile(
            level: min(t.level, deepest), x: t.x >> max(t.level - deepest, 0), y: t.y >> max(t.level - deepest, 0))
        while t.level > 0 {
            if let r = listed[t] { return r }
            t = Tile(level: t.level - 1, x: t.x >> 1, y: t.y >> 1)
        }
        return root
    }

    func side(_ n: Int) -> Double { world / pow(2, Double(n)) }

    /// The box of an unwrapped tile: square and heights.
    func box(_ t: Tile) -> (x0: Double, x1: Double, y0: Double, y1: Double, zl: Double, zh: Double) {
        let l = side(t.level)
        let across = 1 << t.level
        let real = Tile(level: t.level, x: ((t.x % across) + across) % across, y: t.y)
        let rg = range(real)
        let y0 = Double(t.y) * l
        let y1 = y0 + l
        let k0 = kappa(y0)
        let k1 = kappa(y1)
        let kMax = max(k0, k1)
        let equator = world / 2
        let kMin = (y0 < equator && equator < y1) ? world / (2 * Double.pi) / radius : min(k0, k1)
        let zl = rg.lo < 0 ? rg.lo * kMax : rg.lo * kMin
        let zh = rg.hi > 0 ? rg.hi * kMax : rg.hi * kMin
        return (Double(t.x) * l, Double(t.x) * l + l, y0, y1, zl, zh)
    }

    /// A convex polytope as faces (each a polygon, vertices in order) clipped by a half-space: faces clipped, the cap
    /// rebuilt from the points on the plane, ordered by angle about their centroid.
    static func clipPolygon(_ face: [Point], _ h: HalfSpace) -> [Point] {
        var poly: [Point] = []
        for i in face.indices {
            let a = face[i]
            let b = face[(i + 1) % face.count]
            let fa = h.value(a)
            let fb = h.value(b)
            if fa >= 0 { poly.append(a) }
            if (fa > 0 && fb < 0) || (fa < 0 && fb > 0) { poly.append(a + fa / (fa - fb) * (b - a)) }
        }
        return poly
    }

    static func clip(_ faces: [[Point]], _ h: HalfSpace) -> [[Point]] {
        var out: [[Point]] = []
        var onPlane: [Point] = []
        for face in faces {
            var poly: [Point] = []
            for i in face.indices {
                let a = face[i]
                let b = face[(i + 1) % face.count]
                let fa = h.value(a)
                let fb = h.value(b)
                if fa >= 0 { poly.append(a) }
                if fa == 0 { onPlane.append(a) }
                if (fa > 0 && fb < 0) || (fa < 0 && fb > 0) {
                    let t = fa / (fa - fb)
                    let q = a + t * (b - a)
                    poly.append(q)
                    onPlane.append(q)
                }
            }
            if poly.count >= 3 { out.append(poly) }
        }
        if onPlane.count >= 3 {
            let centre = onPlane.reduce(Point(), +) / Double(onPlane.count)
            let n = h.n / ((h.n * h.n).sum()).squareRoot()
            let helper = abs(n.x) < 0.9 ? Point(1, 0, 0) : Point(0, 1, 0)
            let e1 = normalize(cross(n, helper))
            let e2 = cross(n, e1)
            let sorted = onPlane.sorted {
                atan2((($0 - centre) * e2).sum(), (($0 - centre) * e1).sum())
                    < atan2((($1 - centre) * e2).sum(), (($1 - centre) * e1).sum())
            }
            out.append(sorted)
        }
        return out
    }

    static func cross(_ a: Point, _ b: Point) -> Point {
        Point(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }
    static func normalize(_ a: Point) -> Point { a / ((a * a).sum()).squareRoot() }
    static func area(_ poly: [Point]) -> Double {
        var s = Point()
        for i in 1..<(poly.count - 1) { s += cross(poly[i] - poly[0], poly[i + 1] - poly[0]) }
        return ((s * s).sum()).squareRoot() / 2
    }

    /// The box clipped by V: its thickness (3·volume / surface, or 2·area / perimeter when flat) relative to the
    /// box's least side, and the least depth over its vertices.
    func clipBox(_ t: Tile) -> (fraction: Double, least: Double) {
        let b = box(t)
        let l = b.x1 - b.x0
        if b.zl == b.zh {
            guard b.zl < eyeHeight else { return (0, .infinity) }
            var face = [
                Point(b.x0, b.y0, b.zl), Point(b.x1, b.y0, b.zl), Point(b.x1, b.y1, b.zl), Point(b.x0, b.y1, b.zl),
            ]
            for h in planes.prefix(4) { face = Self.clipPolygon(face, h) }
            guard face.count >= 3 else { return (0, .infinity) }
            var perimeter = 0.0
            for i in face.indices {
                let dv = face[(i + 1) % face.count] - face[i]
                perimeter += ((dv * dv).sum()).squareRoot()
            }
            return (2 * Self.area(face) / perimeter / l, face.map(depth).min()!)
        }
        let corners = [
            Point(b.x0, b.y0, 0), Point(b.x1, b.y0, 0), Point(b.x1, b.y1, 0), Point(b.x0, b.y1, 0),
        ]
        func lifted(_ i: Int, _ z: Double) -> Point { Point(corners[i].x, corners[i].y, z) }
        var faces: [[Point]] = [
            (0..<4).map { lifted($0, b.zl) }, (0..<4).map { lifted($0, b.zh) },
        ]
        for i in 0..<4 {
            let j = (i + 1) % 4
            faces.append([lifted(i, b.zl), lifted(j, b.zl), lifted(j, b.zh), lifted(i, b.zh)])
        }
        for h in planes { faces = Self.clip(faces, h) }
        guard faces.count >= 4 else { return (0, .infinity) }
        let vertices = faces.flatMap { $0 }
        let centre = vertices.reduce(Point(), +) / Double(vertices.count)
        var volume = 0.0
        var surface = 0.0
        for face in faces {
            var s = Point()
            for i in 1..<(face.count - 1) { s += Self.cross(face[i] - face[0], face[i + 1] - face[0]) }
            let norm = ((s * s).sum()).squareRoot()
            guard norm > 0 else { continue }
            let height = abs(((face[0] - centre) * (s / norm)).sum())
            volume += norm / 2 * height / 3
            surface += norm / 2
        }
        return (3 * volume / surface / min(l, b.zh - b.zl), vertices.map(depth).min()!)
    }

    /// δ = a·sin p + d·cos p.
    func depth(_ q: Point) -> Double {
        let a = u.0 * (q.x - e.0) + u.1 * (q.y - e.1)
        return a * sinP + (eyeHeight - q.z) * cosP
    }

    /// Whether the eye is refused: z_E ≤ hi(T_e)·κ(φ_e), T_e the level-N_b tile holding e (on the terrain's rows).
    var eyeRefused: Bool {
        let l = side(deepest)
        let row = Int((e.1 / l).rounded(.down))
        guard e.1 >= 0, row < 1 << deepest else { return false }
        let across = 1 << deepest
        let col = ((Int((e.0 / l).rounded(.down)) % across) + across) % across
        return eyeHeight <= range(Tile(level: deepest, x: col, y: row)).hi * kappa(e.1)
    }

    /// The cover, row-major, with its least depths, and the count of near-tie decisions.
    func cover(limit: Int = 20_000) -> (tiles: [Tile], depths: [Tile: Double], nearTies: Int)? {
        // The start tiles: the bounding box of V over the bounds' heights, from a large box clipped by V.
        let lowest = min(root.lo, 0) * kappa(0)
        let top = eyeHeight
        let reach =
            (abs(farSlope) + abs(nearSlope) + 2 * sideSlope * (1 + abs(farSlope))) * (top - lowest)
            + 4 * p.margin + 1
        let big = [
            Point(e.0 - reach, e.1 - reach, lowest), Point(e.0 + reach, e.1 - reach, lowest),
            Point(e.0 + reach, e.1 + reach, lowest), Point(e.0 - reach, e.1 + reach, lowest),
        ]
        func up(_ q: Point) -> Point { Point(q.x, q.y, top) }
        var faces: [[Point]] = [big, big.map(up)]
        for i in 0..<4 { faces.append([big[i], big[(i + 1) % 4], up(big[(i + 1) % 4]), up(big[i])]) }
        for h in planes { faces = Self.clip(faces, h) }
        let vs = faces.flatMap { $0 }
        guard !vs.isEmpty else { return ([], [:], 0) }
        let n0 = p.minLevel
        let l0 = side(n0)
        let minX = vs.map(\.x).min()!
        let maxX = vs.map(\.x).max()!
        let minY = vs.map(\.y).min()!
        let maxY = vs.map(\.y).max()!
        let rows = max(Int((minY / l0).rounded(.down)), 0)...min(Int((maxY / l0).rounded(.down)), (1 << n0) - 1)
        let cols = Int((minX / l0).rounded(.down))...Int((maxX / l0).rounded(.down))
        guard !rows.isEmpty, rows.count * cols.count <= limit else { return rows.isEmpty ? ([], [:], 0) : nil }
        var tiles: [Tile] = []
        var depths: [Tile: Double] = [:]
        var ties = 0
        var examined = 0
        func visit(_ t: Tile) -> Bool {
            examined += 1
            guard examined <= 4 * limit else { return false }
            let (fraction, least) = clipBox(t)
            if fraction > 0 && fraction < 1e-7 { ties += 1 }
            guard fraction >= 1e-7 else { return true }
            let threshold = focal * pow(2, Double(p.referenceLevel - t.level - 1) + p.bias)
            let b = box(t)
            let flatAtZero = b.zl == b.zh && p.pitch == 0
            let refine: Bool
            if flatAtZero {
                let drop = eyeHeight - b.zl
                if abs(drop - threshold) <= 1e-9 * threshold { ties += 1 }
                refine = drop <= threshold
            } else {
                if abs(least - threshold) <= 1e-9 * threshold { ties += 1 }
                refine = least < threshold
            }
            if t.level < p.maxLevel && refine {
                for dy in 0..<2 {
                    for dx in 0..<2 {
                        guard visit(Tile(level: t.level + 1, x: 2 * t.x + dx, y: 2 * t.y + dy)) else { return false }
                    }
                }
            } else {
                tiles.append(t)
                depths[t] = least
            }
            return true
        }
        for y in rows {
            for x in cols { guard visit(Tile(level: n0, x: x, y: y)) else { return nil } }
        }
        return (tiles.sorted(), depths, ties)
    }
}
