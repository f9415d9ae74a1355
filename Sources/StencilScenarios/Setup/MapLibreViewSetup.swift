import Foundation
import MercatorMath
import StencilKit

/// A MapLibre view file turned into library values: the camera and its cover, the tiles MapLibre GL JS 5.x
/// requests, in its order.
package struct MapLibreViewSetup: Sendable {
    package let scenario: MapLibreViewScenario
    package let camera: MapLibreCamera
    package let cover: [MapLibreTile]

    /// - Throws: ``ViewError`` of kind `nonFinite` or `outOfRange` when the library refuses the camera, `refused`
    ///   for a cover past ``/StencilKit/MapLibreCamera/maximumCoverTiles``.
    package init(_ scenario: MapLibreViewScenario) throws(ViewError) {
        self.scenario = scenario
        do {
            let s = scenario
            camera = try MapLibreCamera(
                longitude: s.longitude, latitude: s.latitude, zoom: s.zoom, bearing: s.bearing, pitch: s.pitch,
                width: s.width, height: s.height, fieldOfView: s.fieldOfView ?? MapLibreCamera.defaultFieldOfView,
                tileSize: s.tileSize, minZoom: s.minZoom, maxZoom: s.maxZoom, source: s.kind)
            cover = try camera.cover()
        } catch {
            throw ViewError(library: error, source: scenario.source)
        }
    }
}
