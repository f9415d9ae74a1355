import Foundation
import MercatorMath

/// A pitched view of a Web Mercator XYZ pyramid through a perspective camera (the geometry model's *Perspective
/// views* (§11)): a flight simulator's cockpit or chase camera, or a tilted slippy map (MapLibre's pitch).
///
/// The terrain is seen at a **reference level** n_r; every length is in terrain px of level n_r, and a tile of level n
/// is a square of side T·2^(n_r − n) px there. The camera shows the ground point c (``center``) at the centre of a
/// screen of w × h points, looking along the bearing β (``bearing``) with the pitch p (0 looks straight down), the
/// vertical field of view f and the scale z = ``Screen/scale`` terrain px per point at c. With D = (h/2)/tan(f/2)
/// points (``focalLength``), the eye is at the height H = D·z·cos p (``eyeHeight``) above the ground point
/// e = c − D·z·sin p·u(β) (``eye``).
///
/// Its ground footprint (``footprint``) is the trapezoid the screen rows y ∈ [y_far, h/2] see, with
/// y_far = max(−h/2, −D·tan(θ_max − p)) (θ_max the ``horizon``), each edge line moved outward by the screen's margin
/// m. Its cover (``cover(order:into:)``) holds tiles of several levels: the level of a ground point falls with its
/// depth (``levelOfDetail(at:)``). At pitch 0 the footprint and the cover are those of a ``Viewport`` at level n_c
/// (when θ_max ≥ f/2, as with the defaults; a lower horizon limit clips the top rows at pitch 0 too).
///
/// Always true of a camera: every value is finite; 0 ≤ p ≤ p_max < 90°; 0 < f ≤ 120°; p < θ_max < 90°; the screen's
/// anchor is its centre; m·sin p is below the depth of the unmargined near edge, and the margined near edge is at
/// least the draw tolerance e_draw deep (both extents at least 4·e_draw), so every depth on the footprint is positive
/// after rounding; and the footprint's corners lie within ``FootprintLimits/maximumExtent`` px of the origin.
public struct PerspectiveCamera: Sendable, Hashable {
    /// The map zoom Z at c: the one given, or Z = n_r − log₂ z for a camera made from a scale.
    public internal(set) var mapZoom: Double
    /// The pyramid's rule: tile size T, level bias b and the level range n_min…n_max of the cover.
    public let levels: LevelOfDetail
    /// The reference level n_r: the level whose terrain pixels every length of the camera is measured in.
    public let referenceLevel: Int
    /// The ground point c shown at the screen's centre, in unwrapped px of level n_r (any world copy; rows past the
    /// terrain are allowed and simply not covered).
    public let center: PixelPoint
    /// The bearing β shown up, degrees clockwise from north.
    public let bearing: Double
    /// The pitch p in degrees from looking straight down.
    public let pitch: Double
    /// The vertical field of view f in degrees.
    public let fieldOfView: Double
    /// The horizon limit θ_max: the largest angle from the nadir, in degrees, at which ground is drawn.
    public let horizon: Double
    /// The screen: w × h points, the scale z (level-n_r px per point at c), the margin m (px); anchored at its
    /// centre.
    public let screen: Screen

    /// D = (h/2)/tan(f/2): the distance, in points, from the eye to the screen plane.
    public let focalLength: Double
    /// H = D·z·cos p: the eye's height above the ground, in px.
    public let eyeHeight: Double
    /// e = c − D·z·sin p·u(β): the ground point under the eye, in px.
    public let eye: PixelPoint
    /// The trapezoid seen, margin included, in px: near-left, far-left, far-right, near-right (the order of
    /// ``Footprint/corners``). At pitch 0 it is the view's rectangle.
    public let footprint: Quad

    /// u(β) = (sin β, −cos β): the unit vector ahead on the ground.
    let ahead: PixelPoint
    /// r(β) = (cos β, sin β): the unit vector to the right on the ground.
    let right: PixelPoint
    /// sin p and cos p.
    let sinPitch, cosPitch: Double
    /// The footprint's near and far edges, as distances ahead of e (margin included), and its half-widths there.
    let nearDistance, farDistance, nearHalfWidth, farHalfWidth: Double
    /// The sides' slope k = (far half-width − near half-width) / (far − near distance): the half-width at s ahead of
    /// e is near half-width + (s − near distance)·k (0 at pitch 0).
    let sideSlope: Double

    /// The default vertical field of view, 36.87° (MapLibre's: tan(f/2) = 1/3).
    public static let defaultFieldOfView = 36.87
    /// The default horizon limit θ_max, 89.25° (MapLibre's).
    public static let defaultHorizon = 89.25
    /// The default largest pitch p_max, 85° (MapLibre's).
    public static let defaultMaximumPitch = 85.0

    /// A camera centred on a terrain pixel of the reference level, at the screen's scale.
    /// - Parameters:
    ///   - center: c, unwrapped px of level `referenceLevel`.
    ///   - referenceLevel: n_r, 0…30.
    ///   - bearing: β in degrees (any finite value).
    ///   - pitch: p in degrees, 0…`maximumPitch`.
    ///   - fieldOfView: f in degrees, in (0, 120].
    ///   - horizon: θ_max in degrees, in (p, 90).
    ///   - screen: w × h points, the scale z, the margin m; its anchor must be the centre.
    ///   - levels: T, b, n_min and n_max of the cover.
    ///   - maximumPitch: p_max in degrees, in [0, 90).
    /// - Throws: ``StencilError/nonFinite(field:value:)`` for a non-finite value;
    ///   ``StencilError/outOfRange(field:value:valid:)`` naming the valid range for any value outside it, a screen
    ///   not anchored at its centre, a margin that reaches the eye (m·sin p ≥ the near edge's depth), or a footprint
    ///   reaching past ``FootprintLimits/maximumExtent``.
    /// - Complexity: O(1).
    public init(
        center: PixelPoint, referenceLevel: Int, bearing: Double, pitch: Double,
        fieldOfView: Double = defaultFieldOfView, horizon: Double = defaultHorizon, screen: Screen,
        levels: LevelOfDetail, maximumPitch: Double = defaultMaximumPitch
    ) throws(StencilError) {
        try StencilError.requireFinite(center.x, "Camera centre x")
        try StencilError.requireFinite(center.y, "Camera centre y")
        try StencilError.requireFinite(bearing, "Camera bearing")
        try StencilError.requireFinite(pitch, "Camera pitch")
        try StencilError.requireFinite(fieldOfView, "Camera field of view")
        try StencilError.requireFinite(horizon, "Camera horizon")
        try StencilError.requireFinite(maximumPitch, "Camera maximum pitch")
        guard maximumPitch >= 0, maximumPitch < 90 else {
            throw .outOfRange(field: "Camera maximum pitch (degrees)", value: maximumPitch, valid: "0 ≤ p_max < 90")
        }
        guard pitch >= 0, pitch <= maximumPitch else {
            throw .outOfRange(
                field: "Camera pitch (degrees)", value: pitch,
                valid: "0 ≤ p ≤ \(StencilError.format(maximumPitch)) (the maximum pitch)")
        }
        guard fieldOfView > 0, fieldOfView <= 120 else {
            throw .outOfRange(field: "Camera field of view (degrees)", value: fieldOfView, valid: "0 < f ≤ 120")
        }
        guard horizon > pitch, horizon < 90 else {
            throw .outOfRange(
                field: "Camera horizon (degrees from the nadir)", value: horizon,
                valid: "pitch < θ_max < 90, here \(StencilError.format(pitch)) < θ_max < 90")
        }
        guard screen.anchor == .center else {
            throw .outOfRange(
                field: "Camera screen anchor x", value: screen.anchor.x,
                valid: "the centre (0.5, 0.5): a perspective camera looks through the screen's centre")
        }
        guard (0...TileID.maximumLevel).contains(referenceLevel) else {
            throw .outOfRange(
                field: "Camera reference level", value: Double(referenceLevel), valid: "0…\(TileID.maximumLevel)")
        }
        let (sb, cb) = Degrees.sinCos(bearing)
        let u = PixelPoint(x: sb, y: -cb)
        let r = PixelPoint(x: -u.y, y: u.x)
        let (sp, cp) = Degrees.sinCos(pitch)
        let (sf, cf) = Degrees.sinCos(fieldOfView / 2)
        let w = screen.width
        let h = screen.height
        let z = screen.scale
        let m = screen.margin
        let d = (h / 2) * cf / sf
        // The eye's distance D·z (the centre's depth) must be a finite positive length: a field of view of 10⁻³⁰⁰°
        // on a screen of 10³⁰⁰ points would put the eye at infinity (found by fuzzing).
        guard (d * z).isFinite, d * z > 0 else {
            throw .outOfRange(
                field: "Camera field of view (degrees)", value: fieldOfView,
                valid: "one whose focal length D = (h/2)/tan(f/2) points times the scale is a finite positive distance "
                    + "(here h = \(StencilError.format(h)) points, z = \(StencilError.format(z)) px per point)")
        }
        let height = d * z * cp
        let e = center - (d * z * sp) * u
        // Rows y (points from the centre, down) see the ground g(y) ahead of e, t(y)·x across (§11).
        func t(_ y: Double) -> Double { d * z * cp / (d * cp + y * sp) }
        func g(_ y: Double) -> Double { t(y) * (d * sp - y * cp) }
        let corners: Quad
        let s0: Double
        let s1: Double
        let w0: Double
        let w1: Double
        if pitch == 0 {
            // The view of §8, computed as a view computes it (the same corners to the last bit) — unless the horizon
            // limit is below f/2: then the rows past D·tan θ_max above the centre are clipped, as at any pitch, so
            // the footprint does not jump between p = 0 and p > 0.
            var along = screen.along
            let (st, ct) = Degrees.sinCos(horizon)
            let reach = d * st / ct
            if reach < h / 2 { along = Interval(along.lower, reach * z + m) }
            let rectangle = Footprint(origin: center, heading: bearing, along: along, across: screen.across)
            corners = rectangle.corners
            (s0, s1) = (along.lower, along.upper)
            (w0, w1) = (screen.across.upper, screen.across.upper)
        } else {
            let (st, ct) = Degrees.sinCos(horizon - pitch)
            let yFar = max(-h / 2, -d * st / ct)
            let nearS = g(h / 2)
            let farS = g(yFar)
            let nearW = t(h / 2) * w / 2
            let farW = t(yFar) * w / 2
            let nearDepth = height * cp + nearS * sp
            guard m * sp < nearDepth else {
                throw .outOfRange(
                    field: "Camera margin (px)", value: m,
                    valid:
                        "m·sin p below the near edge's depth \(StencilError.format(nearDepth)) px, so m < \(StencilError.format(nearDepth / sp)) px"
                )
            }
            // Each edge line moved outward by m: the near and far edges along u, the sides along their normals.
            let k = (farW - nearW) / (farS - nearS)
            let side = m * (1 + k * k).squareRoot()
            s0 = nearS - m
            s1 = farS + m
            w0 = nearW - m * k + side
            w1 = farW + m * k + side
            func point(_ s: Double, _ l: Double) -> PixelPoint {
                PixelPoint(x: e.x + s * u.x + l * r.x, y: e.y + s * u.y + l * r.y)
            }
            corners = Quad(point(s0, -w0), point(s1, -w1), point(s1, w1), point(s0, w0))
        }
        let reach = max(
            max(max(abs(corners.a.x), abs(corners.a.y)), max(abs(corners.b.x), abs(corners.b.y))),
            max(max(abs(corners.c.x), abs(corners.c.y)), max(abs(corners.d.x), abs(corners.d.y))))
        try FootprintLimits.requireExtent(reach, of: "perspective camera")
        // Resolvable at the coordinates' precision: the near edge's depth and both of the trapezoid's extents at least
        // the draw tolerance e_draw = 2e + 16 ulp(reach) (4·e_draw for the extents, as a view's sides), so every
        // depth on the footprint is positive after rounding and a cover draws a tile (found by fuzzing: an eye
        // 10⁻⁵ px above ground 1.4·10¹¹ px from the origin gave a corner at depth −5·10⁻¹²).
        let tileSize = Double(levels.tileSize)
        let tie = 1e-9 * tileSize + 1e-14 * tileSize * exp2(Double(referenceLevel))
        let drawTolerance = 2 * tie + 16 * reach.ulp
        let nearEdgeDepth = height * cp + s0 * sp
        guard nearEdgeDepth >= drawTolerance else {
            throw .outOfRange(
                field: "Camera near edge depth (px)", value: nearEdgeDepth,
                valid: "at least the draw tolerance \(StencilError.format(drawTolerance)) px at this distance from the "
                    + "origin; raise the scale or lower the margin")
        }
        let side = min(2 * w0, s1 - s0)
        guard side >= 4 * drawTolerance else {
            throw .outOfRange(
                field: "Camera footprint side (px)", value: side,
                valid: "at least 4 × the draw tolerance, \(StencilError.format(4 * drawTolerance)) px; raise the scale "
                    + "or the screen size")
        }
        self.levels = levels
        self.referenceLevel = referenceLevel
        mapZoom = Double(referenceLevel) - log2(screen.scale)
        self.center = center
        self.bearing = bearing
        self.pitch = pitch
        self.fieldOfView = fieldOfView
        self.horizon = horizon
        self.screen = screen
        focalLength = d
        eyeHeight = height
        eye = e
        footprint = corners
        ahead = u
        right = r
        sinPitch = sp
        cosPitch = cp
        nearDistance = s0
        farDistance = s1
        nearHalfWidth = w0
        farHalfWidth = w1
        sideSlope = s1 > s0 ? (w1 - w0) / (s1 - s0) : 0
    }

    /// A camera at a map zoom Z (§8): the reference level is the view's level n_c = clamp(⌊Z + b⌋, n_min, n_max) and
    /// the scale z = 2^(n_c − Z) (``/MercatorMath/LevelOfDetail/drawLevel(forMapZoom:)``); the centre is converted
    /// to level-n_c px (latitudes past the terrain allowed).
    /// - Throws: the errors of ``init(center:referenceLevel:bearing:pitch:fieldOfView:horizon:screen:levels:maximumPitch:)``,
    ///   ``StencilError/geometry(_:)`` for a map zoom outside 0…30, and the screen's errors for w, h ≤ 0.
    /// - Complexity: O(1).
    public init(
        center: GeoCoordinate, mapZoom: Double, bearing: Double, pitch: Double,
        fieldOfView: Double = defaultFieldOfView, horizon: Double = defaultHorizon, width: Double, height: Double,
        margin: Double = 0, levels: LevelOfDetail, maximumPitch: Double = defaultMaximumPitch
    ) throws(StencilError) {
        let draw: DrawLevel
        do { draw = try levels.drawLevel(forMapZoom: mapZoom) } catch { throw .geometry(error) }
        let screen = try Screen(width: width, height: height, scale: draw.scale, anchor: .center, margin: margin)
        try self.init(
            center: draw.grid.unclampedPixel(of: center), referenceLevel: draw.level, bearing: bearing, pitch: pitch,
            fieldOfView: fieldOfView, horizon: horizon, screen: screen, levels: levels, maximumPitch: maximumPitch)
        self.mapZoom = mapZoom
    }

    /// The view's level n_c = n(c) = clamp(⌊Z + b⌋, n_min, n_max) (§8), the level at the screen's centre.
    public var level: Int { clampedLevel(LevelOfDetail.floorOfSum(mapZoom, levels.levelBias)) }

    /// clamp(n, n_min, n_max).
    func clampedLevel(_ n: Int) -> Int { max(levels.minLevel, min(n, levels.maxLevel)) }
}
