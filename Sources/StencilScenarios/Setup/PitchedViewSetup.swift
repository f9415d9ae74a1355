import Foundation
import MercatorMath
import StencilKit
import StencilPictures

/// A pitched view file (one with `"camera"`) turned into library values: the perspective camera and its cover (the
/// geometry model's "Perspective views", §11).
package struct PitchedViewSetup: Sendable {
    package let scenario: ViewScenario
    package let camera: PerspectiveCamera
    /// The camera over terrain, when the view has `"terrain"` or anchors its eye by an elevation (§14); nil for §11's
    /// flat view.
    package let terrain: TerrainCamera?
    /// The cover: levels coarsest first, then row-major (row, then unwrapped column).
    package let cover: [PitchedTile]

    /// - Throws: ``ViewError`` of kind `nonFinite`, `outOfRange` or `geometry` when the library refuses the camera
    ///   (over terrain: an eye not above the terrain under it), `field` for bad terrain bounds or an unreadable DEM,
    ///   `refused` for a cover past ``/StencilKit/PerspectiveCamera/maximumCoverTiles``.
    package init(_ scenario: ViewScenario) throws(ViewError) {
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
        } catch {
            throw ViewError(library: error, source: scenario.source)
        }
        let bounds: TerrainBounds?
        do { bounds = try scenario.terrain?.makeBounds(source: scenario.source) } catch {
            throw ViewError(.field, error.message)
        }
        do {
            if bounds != nil || spec.anchor != .datum {
                let view = try TerrainCamera(camera: camera, bounds: bounds ?? .flat, anchor: spec.anchor)
                terrain = view
                cover = try view.cover()
            } else {
                terrain = nil
                cover = try camera.cover()
            }
        } catch {
            throw ViewError(library: error, source: scenario.source)
        }
    }

    /// The cover's tile counts per level, coarsest first.
    package var countsPerLevel: [(level: Int, count: Int)] { PitchedLevels.counts(cover.lazy.map(\.level)) }
}

/// Helpers shared by the pitched commands: per-level counts and the footprint's extent of a camera
/// (``/StencilPictures/PitchedBands``, where the pitched picture finds them too).
package enum PitchedLevels {
    /// (level, count) for each level of `levels`, ascending.
    package static func counts(_ levels: some Sequence<Int>) -> [(level: Int, count: Int)] {
        PitchedBands.counts(levels)
    }

    /// `level n: N` pairs joined: `13: 14, 14: 18`.
    package static func text(_ counts: [(level: Int, count: Int)]) -> String {
        counts.map { "level \($0.level): \(Figures.count($0.count))" }.joined(separator: ", ")
    }

    /// The footprint's distances ahead of the eye's ground point: (near, far).
    package static func extent(of camera: PerspectiveCamera) -> (near: Double, far: Double) {
        PitchedBands.extent(of: camera)
    }
}
