import Foundation
import MercatorMath

/// A perspective camera carried along a track (§11): at a pose with position P and heading θ it looks from behind
/// and above at c = P + a·u(θ) (a ≥ 0 px of the track's grid, the look-ahead) with bearing θ, at a fixed pitch,
/// field of view, horizon limit, screen (anchored at its centre) and levels — and either a fixed map zoom Z or a fixed
/// altitude A metres above the ground.
///
/// With an altitude the eye height is H = A·κ(φ_P) px (κ the px per metre of §12 at the pose's latitude), so the
/// scale z = H / (D·cos p) and the map zoom Z = n_r − log₂ z vary along the track: the camera shows the same ground
/// size at every latitude. The reference level n_r is the track's grid level (an XYZ level, tiles of the levels'
/// size).
///
/// Over terrain (``terrain``, the geometry model's *Covers over terrain* (§14)) the altitude is above the datum (sea
/// level), or given as a height above the terrain at the aircraft (``Zoom/heightAboveTerrain(_:)``); every frame's
/// cover is then the terrain cover of ``TerrainCamera``, and a frame whose eye is not above the terrain under it is
/// refused, naming the frame. Without terrain (nil) the ground is the flat datum of §11.
public struct ChaseCamera: Sendable, Hashable {
    /// How high the camera flies: a fixed map zoom, or a fixed altitude above the ground.
    public enum Zoom: Sendable, Hashable {
        /// A fixed map zoom Z (0…30): z = 2^(n_r − Z).
        case mapZoom(Double)
        /// A fixed altitude in metres above the datum (> 0): H = A·κ(φ_P) px at each pose.
        case altitude(Double)
        /// A fixed height h in metres (> 0) above the terrain at the aircraft: the altitude A = hi(P) + h, hi(P) the
        /// upper bound of the deepest-level bounds tile holding the aircraft's position P (0 without terrain).
        case heightAboveTerrain(Double)
    }

    /// The look-ahead a in px of the track's grid: the screen's centre is this far ahead of the aircraft.
    public let lookAhead: Double
    /// The pitch p in degrees.
    public let pitch: Double
    /// The vertical field of view f in degrees.
    public let fieldOfView: Double
    /// The horizon limit θ_max in degrees.
    public let horizon: Double
    /// The largest pitch p_max in degrees.
    public let maximumPitch: Double
    /// The screen's width and height in points.
    public let width: Double
    public let height: Double
    /// The margin m in px of the track's grid.
    public let margin: Double
    /// The level rule: tile size T, bias b, n_min…n_max.
    public let levels: LevelOfDetail
    /// The map zoom or the altitude.
    public let zoom: Zoom
    /// The body an altitude is measured on; nil for the grid's default (Earth for an XYZ level).
    public let body: Body?
    /// The terrain's elevation bounds; nil for the flat datum of §11.
    public let terrain: TerrainBounds?

    /// A chase camera; everything but the margin and the extent, which depend on the pose, is checked here.
    /// - Throws: ``StencilError/nonFinite(field:value:)`` or ``StencilError/outOfRange(field:value:valid:)``
    ///   naming the value and its valid range (a negative look-ahead, a map zoom outside 0…30, an altitude ≤ 0, and
    ///   the errors of ``PerspectiveCamera``'s pitch, field of view, horizon and screen).
    /// - Complexity: O(1).
    public init(
        lookAhead: Double = 0, pitch: Double, fieldOfView: Double = PerspectiveCamera.defaultFieldOfView,
        horizon: Double = PerspectiveCamera.defaultHorizon, width: Double, height: Double, margin: Double = 0,
        levels: LevelOfDetail, zoom: Zoom, body: Body? = nil,
        maximumPitch: Double = PerspectiveCamera.defaultMaximumPitch, terrain: TerrainBounds? = nil
    ) throws(StencilError) {
        try StencilError.requireFinite(lookAhead, "Chase camera look-ahead")
        try StencilError.requireNonNegative(lookAhead, "Chase camera look-ahead")
        switch zoom {
        case .mapZoom(let z):
            try StencilError.requireFinite(z, "Chase camera map zoom")
            guard z >= 0, z <= LevelOfDetail.maximumMapZoom else {
                throw .outOfRange(field: "Chase camera map zoom", value: z, valid: "0…30")
            }
        case .altitude(let a):
            try StencilError.requireFinite(a, "Chase camera altitude (metres)")
            try StencilError.requirePositive(a, "Chase camera altitude (metres)")
        case .heightAboveTerrain(let h):
            try StencilError.requireFinite(h, "Chase camera height above terrain (metres)")
            try StencilError.requirePositive(h, "Chase camera height above terrain (metres)")
        }
        // The angles and the screen, checked once by a camera at the origin.
        _ = try PerspectiveCamera(
            center: .zero, referenceLevel: 0, bearing: 0, pitch: pitch, fieldOfView: fieldOfView, horizon: horizon,
            screen: Screen(width: width, height: height, scale: 1, anchor: .center), levels: levels,
            maximumPitch: maximumPitch)
        try StencilError.requireFinite(margin, "Chase camera margin")
        try StencilError.requireNonNegative(margin, "Chase camera margin")
        self.lookAhead = lookAhead
        self.pitch = pitch
        self.fieldOfView = fieldOfView
        self.horizon = horizon
        self.maximumPitch = maximumPitch
        self.width = width
        self.height = height
        self.margin = margin
        self.levels = levels
        self.zoom = zoom
        self.body = body
        self.terrain = terrain
    }

    /// D = (h/2)/tan(f/2) points.
    var focalLength: Double {
        let (s, c) = Degrees.sinCos(fieldOfView / 2)
        return (height / 2) * c / s
    }

    /// The camera at a pose of a track on `grid`: c = P + a·u(θ), β = θ, n_r = the grid's level, and z from the map
    /// zoom or from the altitude at the pose's latitude.
    /// - Throws: ``StencilError/outOfRange(field:value:valid:)`` for a grid that is not an XYZ level of the levels'
    ///   tile size, and the camera's errors at this pose (its margin, its extent, its scale).
    /// - Complexity: O(1).
    public func camera(at pose: TrackPose, on grid: TileGrid) throws(StencilError) -> PerspectiveCamera {
        try perspectiveCamera(at: pose, on: grid).camera
    }

    /// The camera at a pose over the terrain (flat when ``terrain`` is nil): ``camera(at:on:)`` with its eye at the
    /// datum anchor (z_E = H above the datum: the map zoom's, or the altitude's A·κ(φ_P)).
    /// - Throws: the errors of ``camera(at:on:)``, and ``StencilError/outOfRange(field:value:valid:)`` for an eye not
    ///   above the terrain under it.
    /// - Complexity: O(1) plus two bounds lookups.
    public func terrainCamera(at pose: TrackPose, on grid: TileGrid) throws(StencilError) -> TerrainCamera {
        try terrainCamera(at: pose, on: grid, frame: nil)
    }

    /// As ``terrainCamera(at:on:)``, naming `frame` in the eye's refusal.
    func terrainCamera(at pose: TrackPose, on grid: TileGrid, frame: Int?) throws(StencilError) -> TerrainCamera {
        let camera = try perspectiveCamera(at: pose, on: grid).camera
        return try TerrainCamera(
            camera: camera, bounds: terrain ?? .flat, anchor: .datum, body: body ?? grid.defaultBody, frame: frame)
    }

    /// The camera at a pose and the height scale of its grid.
    func perspectiveCamera(at pose: TrackPose, on grid: TileGrid) throws(StencilError) -> (
        camera: PerspectiveCamera, scale: HeightScale
    ) {
        guard let level = grid.xyzLevel, grid.tileSize == levels.tileSize else {
            throw .outOfRange(
                field: "Chase camera grid (columns)", value: Double(grid.columns),
                valid: "an XYZ level (2ⁿ × 2ⁿ tiles) of \(levels.tileSize)-px tiles, the levels' tile size")
        }
        let heights = HeightScale(referenceLevel: level, tileSize: grid.tileSize, body: body ?? grid.defaultBody)
        let (sh, ch) = Degrees.sinCos(pose.heading)
        let u = PixelPoint(x: sh, y: -ch)
        let c = pose.position + lookAhead * u
        let scale: Double
        let mapZoom: Double
        switch zoom {
        case .mapZoom(let z):
            mapZoom = z
            scale = exp2(Double(level) - z)
        case .altitude, .heightAboveTerrain:
            let altitude: Double
            if case .altitude(let a) = zoom {
                altitude = a
            } else if case .heightAboveTerrain(let h) = zoom {
                altitude = terrainTop(at: pose.position, scale: heights) + h
            } else {
                altitude = 0
            }
            let latitude = grid.latitude(atPixelY: pose.position.y)
            let eyeHeight = altitude * grid.pixelsPerMetre(atLatitude: latitude, on: body ?? grid.defaultBody)
            scale = eyeHeight / (focalLength * Degrees.sinCos(pitch).cos)
            mapZoom = Double(level) - log2(scale)
        }
        let screen = try Screen(width: width, height: height, scale: scale, anchor: .center, margin: margin)
        var camera = try PerspectiveCamera(
            center: c, referenceLevel: level, bearing: pose.heading, pitch: pitch, fieldOfView: fieldOfView,
            horizon: horizon, screen: screen, levels: levels, maximumPitch: maximumPitch)
        camera.mapZoom = mapZoom
        return (camera, heights)
    }

    /// hi(P): the upper bound, in metres, of the deepest-level bounds tile holding the aircraft's position P; 0
    /// without terrain, the root's off the terrain's rows.
    func terrainTop(at position: PixelPoint, scale: HeightScale) -> Double {
        guard let terrain else { return 0 }
        guard let tile = TerrainCamera.boundsTile(containing: position, bounds: terrain, scale: scale) else {
            return terrain.root.hi
        }
        return terrain.range(of: tile).hi
    }
}
