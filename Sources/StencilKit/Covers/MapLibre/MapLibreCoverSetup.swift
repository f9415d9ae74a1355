import Foundation
import MercatorMath

/// The fixed quantities of a ``MapLibreCamera``'s cover, computed once: the frustum's planes where they cross the
/// ground, its bounding box, the camera's position and the level rule (maplibre-gl-js 5.14.0
/// `MercatorTransform._calcMatrices` and `_calculateNearFarZIfNeeded`, `Frustum.fromInvProjectionMatrix`,
/// `coveringTiles`' preamble). Lengths are in Mercator units (the world is 1 wide; x east, y south, z up).
struct MapLibreCoverSetup: Sendable, Hashable {
    /// The six planes (near, far, left, right, bottom, top) at the ground z = 0: a·x + b·y + d ≥ 0 inside.
    var planes: FrustumPlanes
    /// The frustum's bounding box on the ground axes, and whether its height range holds the ground.
    var boxMin: SIMD2<Double>
    var boxMax: SIMD2<Double>
    var boxMeetsGround: Bool
    /// The centre and the ground point under the camera, and the camera's height.
    var center: SIMD2<Double>
    var camera: SIMD2<Double>
    var cameraHeight: Double
    /// The covering level c and the nominal level min(c, maxzoom).
    var desiredLevel: Int
    var nominalLevel: Int
    var minLevel: Int
    var maxLevel: Int
    var rounds: Bool
    var reportsOverscaled: Bool
    /// Whether levels vary per tile (p > p₀), and the per-tile rule's constants.
    var variableLevels: Bool
    var requestedCenterZoom: Double
    var distanceToCenter: Double
    var loadingBehavior: Double
    var tileCountTerm: Double
    var fieldOfViewDegrees: Double

    init(
        longitude: Double, latitude: Double, zoom: Double, bearing: Double, pitch: Double, width: Double,
        height: Double, fieldOfView: Double, tileSize: Int, minZoom: Int, maxZoom: Int, source: MapLibreSourceKind
    ) {
        let pi = Double.pi
        // The transform's angles as MapLibre stores them (setBearing, setPitch, setFov) and reads them back.
        let fovRadians =
            fieldOfView == MapLibreCamera.defaultFieldOfView
            ? 0.6435011087932844 : MapLibreMercator.radians(fieldOfView)
        let fovDegrees = fovRadians / pi * 180
        let bearingRadians = MapLibreMercator.wrap(bearing, -180, 180) * pi / 180
        let pitchRadians = pitch / 180 * pi
        let pitchDegrees = pitchRadians / pi * 180
        let worldSize = 512 * pow(2, zoom)
        let distance = 0.5 / tan(fovRadians / 2) * height  // cameraToCenterDistance, px
        let horizonAngleLimit = 89.25  // maxMercatorHorizonAngle

        // _calculateNearFarZIfNeeded, without terrain, padding or roll.
        let pixelsPerMetre = 1 / (MapLibreMercator.earthCircumference * cos(latitude * pi / 180)) * worldSize
        let limitedPitch = MapLibreMercator.radians(min(pitchDegrees, horizonAngleLimit))
        let cameraAltitude = cos(pitchRadians) * distance / pixelsPerMetre
        let minElevation = min(0, min(0, cameraAltitude - 100))
        let lowestPlane =
            minElevation < 0 ? distance - minElevation * pixelsPerMetre / cos(limitedPitch) : distance
        let groundAngle = pi / 2 + pitchRadians
        let zfov = MapLibreMercator.radians(fovDegrees) * (1 * height + 0 * width) / height
        let fovAboveCenter = zfov * 0.5
        func clamped(_ v: Double) -> Double { min(pi - 0.01, max(0.01, v)) }
        let topHalfSurfaceDistance =
            sin(fovAboveCenter) * lowestPlane / sin(clamped(pi - groundAngle - fovAboveCenter))
        let horizon =
            distance
            * min(
                tan(MapLibreMercator.radians(90 - pitchDegrees)) * 0.85,
                tan(MapLibreMercator.radians(horizonAngleLimit - pitchDegrees)))
        let horizonAngle = atan(horizon / distance)
        let minFovCenterToHorizon = MapLibreMercator.radians(90 - horizonAngleLimit)
        let fovCenterToHorizon = horizonAngle > minFovCenterToHorizon ? 2 * horizonAngle * 0.5 : minFovCenterToHorizon
        let topHalfSurfaceDistanceHorizon =
            sin(fovCenterToHorizon) * lowestPlane / sin(clamped(pi - groundAngle - fovCenterToHorizon))
        let topHalfMinDistance = min(topHalfSurfaceDistance, topHalfSurfaceDistanceHorizon)
        let far = (cos(pi / 2 - limitedPitch) * topHalfMinDistance + lowestPlane) * 1.01
        let near = height / 50

        // The camera's axes in world px (x east, y south, z up): ahead, up the screen, right.
        let (sb, cb) = (sin(bearingRadians), cos(bearingRadians))
        let (sp, cp) = (sin(pitchRadians), cos(pitchRadians))
        let forward = SIMD3(sb * sp, -cb * sp, -cp)
        let up = SIMD3(sb * cp, -cb * cp, sp)
        let right = SIMD3(cb, sb, 0)
        let eye = -distance * forward
        let ty = tan(fovRadians / 2)
        let tx = ty * width / height
        center = SIMD2(MapLibreMercator.x(longitude: longitude), MapLibreMercator.y(latitude: latitude))
        let origin = SIMD3(center.x, center.y, 0)
        // A frustum corner: depth along the view axis, then ±1 across (right) and ±1 up.
        func corner(_ depth: Double, _ sx: Double, _ sy: Double) -> SIMD3<Double> {
            origin + (eye + depth * (forward + (sx * tx) * right + (sy * ty) * up)) / worldSize
        }
        // MapLibre's corner order: near (−1, 1), (1, 1), (1, −1), (−1, −1), then the same at the far plane.
        let c0 = corner(near, -1, 1)
        let c1 = corner(near, 1, 1)
        let c2 = corner(near, 1, -1)
        let c3 = corner(near, -1, -1)
        let c4 = corner(far, -1, 1)
        let c5 = corner(far, 1, 1)
        let c6 = corner(far, 1, -1)
        let c7 = corner(far, -1, -1)
        // Each plane through three of its corners (MapLibre's index triples), turned to face the inside.
        let inside = origin + (eye + ((near + far) / 2) * forward) / worldSize
        func plane(_ p0: SIMD3<Double>, _ p1: SIMD3<Double>, _ p2: SIMD3<Double>) -> SIMD3<Double> {
            let a = p0 - p1
            let b = p2 - p1
            var n = SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
            var d = -(n * p1).sum()
            if (n * inside).sum() + d < 0 {
                n = -n
                d = -d
            }
            return SIMD3(n.x, n.y, d)
        }
        planes = FrustumPlanes(
            near: plane(c0, c1, c2), far: plane(c6, c5, c4), left: plane(c0, c3, c7), right: plane(c2, c1, c5),
            bottom: plane(c3, c2, c6), top: plane(c0, c4, c5))
        let low = pointwiseMin(
            pointwiseMin(pointwiseMin(c0, c1), pointwiseMin(c2, c3)),
            pointwiseMin(pointwiseMin(c4, c5), pointwiseMin(c6, c7)))
        let high = pointwiseMax(
            pointwiseMax(pointwiseMax(c0, c1), pointwiseMax(c2, c3)),
            pointwiseMax(pointwiseMax(c4, c5), pointwiseMax(c6, c7)))
        boxMin = SIMD2(low.x, low.y)
        boxMax = SIMD2(high.x, high.y)
        boxMeetsGround = low.z <= 0 && high.z >= 0

        // coveringTiles' preamble: the camera under the eye, its height, the levels.
        camera = SIMD2(center.x + eye.x / worldSize, center.y + eye.y / worldSize)
        cameraHeight = cos(pitchRadians) * distance / worldSize
        let offset = tileSize == 256 ? 1.0 : 0.0  // scaleZoom(512 / T)
        requestedCenterZoom = zoom + offset
        rounds = source == .raster
        reportsOverscaled = source == .vector
        let rounded = rounds ? MapLibreMercator.round(requestedCenterZoom) : requestedCenterZoom.rounded(.down)
        desiredLevel = max(0, Int(rounded))
        minLevel = minZoom
        maxLevel = maxZoom
        nominalLevel = min(max(0, desiredLevel), maxZoom)
        let distance2d = hypot(center.x - camera.x, center.y - camera.y)
        distanceToCenter = hypot(distance2d, cameraHeight)
        // allowVariableZoom: p > clamp(78.5 − zfov/2, 0, 60), zfov in degrees.
        let zfovDegrees = fovDegrees * (1 * height + 0 * width) / height
        variableLevels = pitchDegrees > min(60, max(0, 78.5 - zfovDegrees / 2))
        fieldOfViewDegrees = fovDegrees
        // createCalculateTileZoomFunction(9.314, 3.0): the constants of the per-tile rule (only used past p₀).
        guard variableLevels else {
            (loadingBehavior, tileCountTerm) = (0, 0)
            return
        }
        let behavior =
            2
            * ((9.314 - 1)
                / MapLibreMercator.scaleZoom(
                    cos(MapLibreMercator.radians(horizonAngleLimit - fovDegrees))
                        / cos(MapLibreMercator.radians(horizonAngleLimit))) - 1)
        loadingBehavior = behavior
        let centerPitch = acos(cameraHeight / distanceToCenter)
        let halfFov = MapLibreMercator.radians(fovDegrees / 2)
        let tileCountPitch0 = 2 * Self.integralOfCosine(power: behavior - 1, from: 0, to: halfFov)
        let highestPitch = min(MapLibreMercator.radians(horizonAngleLimit), centerPitch + halfFov)
        let lowestPitch = min(highestPitch, centerPitch - halfFov)
        let tileCount = Self.integralOfCosine(power: behavior - 1, from: lowestPitch, to: highestPitch)
        tileCountTerm = MapLibreMercator.scaleZoom(max(1, tileCount / tileCountPitch0 / 3.0)) / 2
    }

    /// MapLibre's `integralOfCosXByP`: ∫ cos^p x dx from x₁ to x₂ by the midpoint rule on 10 points.
    static func integralOfCosine(power p: Double, from x1: Double, to x2: Double) -> Double {
        let points = 10
        var sum = 0.0
        let dx = (x2 - x1) / Double(points)
        for i in 0..<points {
            let x = x1 + (Double(i) + 0.5) / Double(points) * (x2 - x1)
            sum += dx * pow(cos(x), p)
        }
        return sum
    }

    /// The level a tile wants past p₀ (`createCalculateTileZoomFunction`'s function, before rounding), from the
    /// ground distance d₂ between the camera's nadir and the tile's nearest point.
    func wantedLevel(groundDistance d2: Double) -> Double {
        let fov = fieldOfViewDegrees
        let tilePitch = atan(d2 / cameraHeight)
        let distanceToTile = hypot(d2, cameraHeight)
        var z = requestedCenterZoom
        z =
            z
            + MapLibreMercator.scaleZoom(
                distanceToCenter / distanceToTile / max(0.5, cos(MapLibreMercator.radians(fov / 2))))
        z += loadingBehavior * MapLibreMercator.scaleZoom(cos(tilePitch)) / 2
        z -= tileCountTerm
        return z
    }
}

/// The frustum's six planes where they cross the ground, each (a, b, d) with a·x + b·y + d ≥ 0 inside (stored
/// inline: making a camera allocates nothing).
struct FrustumPlanes: Sendable, Hashable {
    var near, far, left, right, bottom, top: SIMD3<Double>
}
