import MercatorMath
import Testing

@testable import StencilKit

/// A chase flight too long to walk is refused from its first frame's cover, not after minutes of walking.
struct ChaseNeedsLimitTests {
    /// 39,800 km along the equator at 250 m/s and 60 fps: 9.55 million frames. The estimate (frames × the first
    /// frame's runs + 1) passes 2²⁶ many times over, so the refusal carries the estimate (a refusal during the walk
    /// would carry a count within one frame's runs of the limit).
    @Test func aFlightPastTheScanLimitIsRefusedAtItsFirstFrame() throws {
        let waypoints = try [-179.0, -60, 60, 179].map { try GeoCoordinate(latitude: 0, longitude: $0) }
        let track = try Track(waypoints: waypoints, on: .xyz(level: 12), screen: Screen(width: 400, height: 300))
        let frames = try TrackFrames(track: track, timing: GroundTiming(speed: 250, framesPerSecond: 60))
        #expect(frames.count > 9_000_000)
        let chase = try ChaseCamera(
            pitch: 60, width: 1920, height: 1080, levels: LevelOfDetail(tileSize: 256, maxLevel: 16),
            zoom: .altitude(3000))
        #expect {
            try Needs(frames: frames, camera: chase)
        } throws: { error in
            guard case .tooLarge(_, let value, let limit, _) = error as? StencilError else { return false }
            return limit == Double(Needs<TileID>.maximumRunScans) && value > 2 * limit
                && value == (value / Double(frames.count)).rounded() * Double(frames.count)
        }
    }
}
