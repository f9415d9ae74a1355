import Foundation
import MercatorMath
import StencilKit

/// The `"camera"` block of a view file: a perspective camera (the geometry model's "Perspective views", §11) looking
/// at the view's `map` through its `screen`.
///
/// ```json
/// "camera": {"pitch": 60, "fov": 36.87, "horizon": 89.25}
/// ```
/// `pitch` p in degrees is required (0 looks straight down, at most 85); `fov` is the vertical field of view f in
/// degrees (default 36.87, MapLibre's), `horizon` the horizon limit θ_max in degrees from the nadir (default 89.25).
/// The map's levels give the levels by depth; `screen.margin` is the margin m in px of the view's level. The ranges
/// are the library's (``/StencilKit/PerspectiveCamera``): a value outside them is refused with its valid range.
/// Over terrain (§14) the eye may be anchored by `centerElevation` (metres above the datum of the ground the centre
/// looks at) or `eyeAltitude` (the eye's metres above the datum), not both; by default the eye is D·z·cos p above the
/// datum.
package struct ViewCameraSpec: Sendable {
    /// The pitch p in degrees.
    package var pitch: Double
    /// The vertical field of view f in degrees.
    package var fieldOfView: Double
    /// The horizon limit θ_max in degrees.
    package var horizon: Double
    /// The eye's anchor over terrain.
    package var anchor: TerrainCamera.Anchor

    /// Reads the block.
    /// - Throws: ``ScenarioError`` naming the field for an unknown, missing or non-numeric field, or both anchors.
    package init(_ c: FieldReader) throws(ScenarioError) {
        try c.allow(["pitch", "fov", "horizon", "centerElevation", "eyeAltitude"])
        pitch = try c.number("pitch")
        fieldOfView = try c.number("fov", default: PerspectiveCamera.defaultFieldOfView)
        horizon = try c.number("horizon", default: PerspectiveCamera.defaultHorizon)
        switch (c.has("centerElevation"), c.has("eyeAltitude")) {
        case (true, true):
            throw ScenarioError(
                "\(c.source): fields \"\(c.fieldPath("centerElevation"))\" and \"\(c.fieldPath("eyeAltitude"))\" both "
                    + "anchor the eye: give one of them (or neither: the eye D·z·cos p above the datum)")
        case (true, false): anchor = .centerElevation(try c.number("centerElevation"))
        case (false, true): anchor = .eyeAltitude(try c.number("eyeAltitude"))
        case (false, false): anchor = .datum
        }
    }
}

/// The `"camera"` block of a scenario: a chase camera flown along the scenario's track (§11), on an XYZ grid.
///
/// ```json
/// "camera": {"pitch": 60, "fov": 36.87, "horizon": 89.25, "lookAhead": 100, "altitude": 3000,
///            "levelBias": 0, "minLevel": 0, "maxLevel": 22}
/// ```
/// `pitch` is required; `fov` (default 36.87) and `horizon` (default 89.25) as a view's; `lookAhead` a ≥ 0 in px of
/// the grid's level (default 0): the screen's centre lies a px ahead of the aircraft; exactly one of `zoom` (a fixed
/// map zoom Z, 0…30), `altitude` (a fixed height A above the datum in metres, > 0, on the scenario's `body`) and
/// `heightAboveTerrain` (h metres, > 0, above the upper bound of the scenario's `terrain` at the aircraft);
/// `levelBias` b in [0, 1) (default 0), `minLevel` and `maxLevel` (default 0 and 30) the levels the cover may use.
/// The screen's `width`, `height` and `margin` are the camera's; its `scale` must be absent (the zoom or the altitude
/// sets it) and its anchor the centre.
package struct ChaseCameraSpec: Sendable {
    /// The pitch p in degrees.
    package var pitch: Double
    /// The vertical field of view f in degrees.
    package var fieldOfView: Double
    /// The horizon limit θ_max in degrees.
    package var horizon: Double
    /// The look-ahead a in px of the grid's level.
    package var lookAhead: Double
    /// The fixed map zoom or altitude.
    package var zoom: ChaseCamera.Zoom
    /// The level bias b.
    package var levelBias: Double
    /// The level range of the cover.
    package var minLevel: Int
    package var maxLevel: Int

    /// Reads the block.
    /// - Throws: ``ScenarioError`` naming the field for an unknown, missing or invalid field, for both `zoom` and
    ///   `altitude` or neither.
    package init(_ c: FieldReader) throws(ScenarioError) {
        try c.allow([
            "pitch", "fov", "horizon", "lookAhead", "zoom", "altitude", "heightAboveTerrain", "levelBias", "minLevel",
            "maxLevel",
        ])
        pitch = try c.number("pitch")
        fieldOfView = try c.number("fov", default: PerspectiveCamera.defaultFieldOfView)
        horizon = try c.number("horizon", default: PerspectiveCamera.defaultHorizon)
        lookAhead = try c.number("lookAhead", default: 0, atLeast: 0)
        let heights = ["zoom", "altitude", "heightAboveTerrain"].filter { c.has($0) }
        guard heights.count <= 1 else {
            throw ScenarioError(
                "\(c.source): fields \(heights.map { "\"\(c.fieldPath($0))\"" }.joined(separator: " and ")) all set "
                    + "the camera's height: give one of \"zoom\" (a map zoom), \"altitude\" (metres above the datum) "
                    + "and \"heightAboveTerrain\" (metres above the terrain's bound at the aircraft)")
        }
        switch heights.first {
        case "heightAboveTerrain":
            zoom = .heightAboveTerrain(try c.number("heightAboveTerrain", greaterThan: 0))
        case "altitude":
            zoom = .altitude(try c.number("altitude", greaterThan: 0))
        case "zoom":
            let z = try c.number("zoom", atLeast: 0)
            guard z <= LevelOfDetail.maximumMapZoom else {
                throw c.invalid("zoom", "must lie in [0, 30] (got \(JSONValue.format(z)))")
            }
            zoom = .mapZoom(z)
        default:
            throw ScenarioError(
                "\(c.source): missing field \"\(c.fieldPath("zoom"))\" (a fixed map zoom, 0…30), "
                    + "\"\(c.fieldPath("altitude"))\" (a fixed height above the datum in metres, > 0) or "
                    + "\"\(c.fieldPath("heightAboveTerrain"))\" (metres above the terrain at the aircraft, > 0)")
        }
        levelBias = try c.number("levelBias", default: 0, atLeast: 0)
        guard levelBias < 1 else {
            throw c.invalid(
                "levelBias", "must lie in [0, 1): 0 takes the floor, 0.5 rounds (got \(JSONValue.format(levelBias)))")
        }
        minLevel = try c.integer("minLevel", default: 0, atLeast: 0)
        maxLevel = try c.integer("maxLevel", default: 30, atLeast: 0)
        guard maxLevel <= 30 else { throw c.invalid("maxLevel", "must be a level in 0…30 (got \(maxLevel))") }
        guard minLevel <= maxLevel else {
            throw c.invalid("minLevel", "must not exceed maxLevel \(maxLevel) (got \(minLevel))")
        }
    }

    /// The library's chase camera on tiles of `tileSize` px, with the screen's width, height and margin.
    /// - Throws: ``StencilError`` when the library refuses a value (naming its valid range).
    package func makeCamera(tileSize: Int, screen: ScreenSpec, body: Body?, terrain: TerrainBounds? = nil)
        throws(StencilError) -> ChaseCamera
    {
        let levels: LevelOfDetail
        do {
            levels = try LevelOfDetail(
                tileSize: tileSize, levelBias: levelBias, minLevel: minLevel, maxLevel: maxLevel)
        } catch { throw .geometry(error) }
        return try ChaseCamera(
            lookAhead: lookAhead, pitch: pitch, fieldOfView: fieldOfView, horizon: horizon, width: screen.width,
            height: screen.height, margin: screen.margin, levels: levels, zoom: zoom, body: body, terrain: terrain)
    }
}

extension FieldReader {
    /// Refuses a screen anchor other than the centre: a perspective camera looks through the screen's centre.
    package func requireCentredAnchor(_ screen: ScreenSpec) throws(ScenarioError) {
        guard screen.anchor == (0.5, 0.5) else {
            throw ScenarioError(
                "\(source): field \"\(fieldPath("screen.anchor"))\" must be the centre {\"x\": 0.5, \"y\": 0.5} with "
                    + "a \"camera\" (a perspective camera looks through the screen's centre; got "
                    + "(\(JSONValue.format(screen.anchor.x)), \(JSONValue.format(screen.anchor.y))))")
        }
    }
}
