import Foundation
import MercatorMath
import StencilKit

/// A pitched view file (one with `"camera"`) turned into library values: the perspective camera and its cover (the
/// geometry model's "Perspective views", §11).
struct PitchedViewSetup: Sendable {
    let scenario: ViewScenario
    let camera: PerspectiveCamera
    /// The cover: levels coarsest first, then row-major (row, then unwrapped column).
    let cover: [PitchedTile]

    /// - Throws: ``ViewError`` of kind `nonFinite`, `outOfRange` or `geometry` when the library refuses the camera,
    ///   `refused` for a cover past ``/StencilKit/PerspectiveCamera/maximumCoverTiles``.
    init(_ scenario: ViewScenario) throws(ViewError) {
        self.scenario = scenario
        guard let spec = scenario.camera,
            case .map(let zoom, let tileSize, let bias, let minLevel, let maxLevel) =
                scenario.tiles
        else { throw ViewError(.refused, "\(scenario.source): not a pitched view (no \"camera\" and \"map\")") }
        do {
            let levels = try LevelOfDetail(
                tileSize: tileSize, levelBias: bias, minLevel: minLevel, maxLevel: maxLevel)
            let s = scenario.screen
            switch scenario.center {
            case .geographic(let lon, let lat):
                camera = try PerspectiveCamera(
                    center: GeoCoordinate(latitude: lat, longitude: lon), mapZoom: zoom, bearing: scenario.bearing,
                    pitch: spec.pitch, fieldOfView: spec.fieldOfView, horizon: spec.horizon, width: s.width,
                    height: s.height, margin: s.margin, levels: levels)
            case .pixel(let x, let y):
                // The view's level and scale from the map zoom, as a camera at a geographic centre takes them.
                let draw = try levels.drawLevel(forMapZoom: zoom)
                camera = try PerspectiveCamera(
                    center: PixelPoint(x: x, y: y), referenceLevel: draw.level, bearing: scenario.bearing,
                    pitch: spec.pitch, fieldOfView: spec.fieldOfView, horizon: spec.horizon,
                    screen: Screen(
                        width: s.width, height: s.height, scale: draw.scale, anchor: .center, margin: s.margin),
                    levels: levels)
            }
            cover = try camera.cover()
        } catch let error as StencilError {
            throw ViewError(library: error, source: scenario.source)
        } catch let error as MercatorError {
            throw ViewError(library: .geometry(error), source: scenario.source)
        } catch {
            throw ViewError(.refused, "\(scenario.source): \(error)")
        }
    }

    /// The cover's tile counts per level, coarsest first.
    var countsPerLevel: [(level: Int, count: Int)] { PitchedLevels.counts(cover.lazy.map(\.level)) }
}

/// Helpers shared by the pitched commands: per-level counts and the band edges of a camera.
enum PitchedLevels {
    /// (level, count) for each level of `levels`, ascending.
    static func counts(_ levels: some Sequence<Int>) -> [(level: Int, count: Int)] {
        var counts: [Int: Int] = [:]
        for n in levels { counts[n, default: 0] += 1 }
        return counts.keys.sorted().map { ($0, counts[$0]!) }
    }

    /// `level n: N` pairs joined: `13: 14, 14: 18`.
    static func text(_ counts: [(level: Int, count: Int)]) -> String {
        counts.map { "level \($0.level): \(Figures.count($0.count))" }.joined(separator: ", ")
    }

    /// The distance ahead of the eye's ground point e, in px of the reference level, where level n + 1 gives way to
    /// level n (§11): the depth D·2^(n_r + b − n − 1) reached at s = (δ − H·cos p)/sin p. Nil at pitch 0 (one depth).
    static func bandEdge(below n: Int, of camera: PerspectiveCamera) -> Double? {
        guard camera.pitch > 0 else { return nil }
        let p = camera.pitch * .pi / 180
        let depth = camera.focalLength * exp2(Double(camera.referenceLevel - n - 1) + camera.levels.levelBias)
        return (depth - camera.eyeHeight * cos(p)) / sin(p)
    }

    /// The footprint's distances ahead of e: (near, far), from its corners (near-left, far-left, far-right,
    /// near-right).
    static func extent(of camera: PerspectiveCamera) -> (near: Double, far: Double) {
        let u = PixelPoint.ahead(heading: camera.bearing)
        let f = camera.footprint
        return ((f.a - camera.eye).dot(u), (f.b - camera.eye).dot(u))
    }

    /// The segment across the footprint at distance `s` ahead of e (between its left and right sides), or nil when
    /// `s` lies outside (near, far).
    static func segmentAcross(at s: Double, of camera: PerspectiveCamera) -> (PixelPoint, PixelPoint)? {
        let (near, far) = extent(of: camera)
        guard s > near, s < far else { return nil }
        let k = (s - near) / (far - near)
        let f = camera.footprint
        return (f.a + k * (f.b - f.a), f.d + k * (f.c - f.d))
    }
}
