import Foundation
import MercatorMath

/// A perspective camera over terrain (the geometry model's *Covers over terrain* (§14)): §11's camera with its eye
/// z_E px above the datum, and elevation bounds per tile. Its cover (``cover(order:depths:into:)``) is exact for any terrain
/// whose elevations lie within the bounds: every terrain point the screen sees lies in a cover tile at least as fine
/// as its level of detail needs.
///
/// The eye is anchored by one of ``Anchor``: the datum (§11: the centre ray meets the datum at c, z_E = D·z·cos p),
/// a centre elevation e_c metres (z_c = e_c·κ(φ_c), z_E = z_c + D·z·cos p) or an eye altitude A metres above the
/// datum (z_E = A·κ(φ_e)). The level of a point does not depend on the anchor: ℓ(q) = n_r + b + log₂(D/δ(q)).
///
/// Always true: the eye is above the terrain under it — z_E > hi(T_e)·κ(φ_e), T_e the level-N_b tile holding the
/// eye's ground point e (when e's row lies on the terrain) — and z_E is finite.
public struct TerrainCamera: Sendable {
    /// Where the eye's height comes from.
    public enum Anchor: Sendable, Hashable {
        /// §11: the eye is D·z·cos p above the datum (z_c = 0).
        case datum
        /// The ground the screen's centre looks at is this many metres above the datum (MapLibre's centre
        /// elevation): z_c = e_c·κ(φ_c).
        case centerElevation(Double)
        /// The eye is this many metres above the datum: z_E = A·κ(φ_e), φ_e the latitude of e.
        case eyeAltitude(Double)
    }

    /// The camera: centre, bearing, pitch, field of view, screen, levels; its reference level n_r.
    public let camera: PerspectiveCamera
    /// The elevation bounds of every tile.
    public let bounds: TerrainBounds
    /// How the eye's height was given.
    public let anchor: Anchor
    /// κ of the reference level on the body (Earth unless named).
    public let heightScale: HeightScale
    /// z_c: the height in px of the point the screen's centre looks at.
    public let centerHeight: Double
    /// The view volume V, with z_E its ``ViewVolume/eyeHeight``.
    public let volume: ViewVolume

    /// A camera over terrain.
    /// - Parameters:
    ///   - camera: §11's camera (its reference level n_r is the level heights are measured in).
    ///   - bounds: the terrain's elevation bounds.
    ///   - anchor: the eye's anchor; ``Anchor/datum`` by default.
    ///   - body: the sphere metres are measured on; Earth by default.
    /// - Throws: ``StencilError/nonFinite(field:value:)`` for a non-finite elevation or altitude;
    ///   ``StencilError/outOfRange(field:value:valid:)`` for an eye not above the terrain under it (naming the tile
    ///   T_e and its upper bound), an eye height that is not finite, or a root whose elevations' heights in px
    ///   overflow (|e|·κ past the largest double, κ's largest value being at the world's first row) or whose lower
    ///   bound lies so deep that V down to it does.
    /// - Complexity: O(lookup of T_e's bounds).
    public init(camera: PerspectiveCamera, bounds: TerrainBounds, anchor: Anchor = .datum, body: Body = .earth)
        throws(StencilError)
    {
        try self.init(camera: camera, bounds: bounds, anchor: anchor, body: body, frame: nil)
    }

    /// A camera over terrain at frame `frame` of a flight (named by the eye's refusal), or alone (nil).
    init(camera: PerspectiveCamera, bounds: TerrainBounds, anchor: Anchor, body: Body, frame: Int?)
        throws(StencilError)
    {
        let scale = HeightScale(
            referenceLevel: camera.referenceLevel, tileSize: camera.levels.tileSize, body: body)
        let h = camera.eyeHeight
        let zc: Double
        let zE: Double
        switch anchor {
        case .datum:
            zc = 0
            zE = h
        case .centerElevation(let elevation):
            try StencilError.requireFinite(elevation, "Camera centre elevation (metres)")
            zc = elevation * scale.pixelsPerMetre(atRow: camera.center.y)
            zE = zc + h
        case .eyeAltitude(let altitude):
            try StencilError.requireFinite(altitude, "Camera eye altitude (metres)")
            zE = altitude * scale.pixelsPerMetre(atRow: camera.eye.y)
            zc = zE - h
        }
        guard zE.isFinite else {
            throw .outOfRange(
                field: "Camera eye height (px)", value: zE, valid: "a finite height; lower the elevation or altitude")
        }
        try Self.requireEyeAboveTerrain(eyeHeight: zE, eye: camera.eye, bounds: bounds, scale: scale, frame: frame)
        let volume = ViewVolume(camera: camera, eyeHeight: zE)
        try Self.requireFinite(volume, over: bounds.root, scale: scale)
        self.camera = camera
        self.bounds = bounds
        self.anchor = anchor
        heightScale = scale
        centerHeight = zc
        self.volume = volume
    }

    /// z_E: the eye's height above the datum, px of the reference level.
    public var eyeHeight: Double { volume.eyeHeight }

    /// The eye's altitude above the datum in metres: z_E / κ(φ_e).
    public var eyeAltitude: Double { volume.eyeHeight / heightScale.pixelsPerMetre(atRow: camera.eye.y) }

    /// T_e: the level-N_b tile holding the eye's ground point e (its real column), nil when e's row is off the
    /// terrain.
    public var eyeTile: TileID? { Self.boundsTile(containing: camera.eye, bounds: bounds, scale: heightScale) }

    /// The level-N_b tile (real column) whose half-open square holds the point `e` (px of the scale's level), nil
    /// when its row is off the terrain.
    static func boundsTile(containing e: PixelPoint, bounds: TerrainBounds, scale: HeightScale) -> TileID? {
        let level = bounds.deepestLevel
        let side = scale.width / Double(1 << level)
        let row = (e.y / side).rounded(.down)
        let column = (e.x / side).rounded(.down)
        guard row >= 0, row < Double(1 << level), column.magnitude < 0x1p52 else { return nil }
        return TileID(unchecked: level, Int(column) & ((1 << level) - 1), Int(row))
    }

    /// Refuses a root whose heights in px would overflow, or whose lower bound lies so deep that V down to it
    /// does: every tile's bounds lie within the root's, and κ is largest at the world's first and last rows,
    /// (k/R)·cosh(π), so every box and every drop the cover meets is finite when these are.
    static func requireFinite(_ volume: ViewVolume, over root: ElevationRange, scale: HeightScale)
        throws(StencilError)
    {
        let largest = scale.pixelsPerMetre(atRow: 0)
        for (name, value) in [("lower", root.lo), ("upper", root.hi)] where !(value * largest).isFinite {
            throw .outOfRange(
                field: "The terrain root's \(name) elevation (metres)", value: value,
                valid: "within ±\(StencilError.format(Double.greatestFiniteMagnitude / largest)) m, so that its height "
                    + "in px at the camera's reference level (κ up to \(StencilError.format(largest)) px/m) is finite")
        }
        let lowest = min(root.lo, 0) * largest
        guard volume.isFinite(downToDrop: volume.eyeHeight - lowest) else {
            throw .outOfRange(
                field: "The terrain root's lower elevation (metres)", value: root.lo,
                valid: "high enough that the view volume reaching down to it stays within the largest double (give "
                    + "the root the DEM's own lowest elevation)")
        }
    }

    /// Throws unless z_E > hi(T_e)·κ(φ_e).
    static func requireEyeAboveTerrain(
        eyeHeight zE: Double, eye: PixelPoint, bounds: TerrainBounds, scale: HeightScale, frame: Int?
    ) throws(StencilError) {
        guard let tile = boundsTile(containing: eye, bounds: bounds, scale: scale) else { return }
        let kappa = scale.pixelsPerMetre(atRow: eye.y)
        let hi = bounds.range(of: tile).hi
        guard zE > hi * kappa else {
            throw .outOfRange(
                field: frame.map { "Chase camera eye altitude at frame \($0) (metres)" }
                    ?? "Camera eye altitude (metres)",
                value: zE / kappa,
                valid: "above the terrain under the eye: more than \(StencilError.format(hi)) m, the upper bound of "
                    + "tile \(tile) (the level-\(bounds.deepestLevel) bounds tile holding the eye's ground point)")
        }
    }
}
