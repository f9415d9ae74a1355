import Foundation
import MercatorMath
import StencilKit
import StencilScenarios

/// What a chase camera over terrain needs that the same camera over the flat datum (§11) would not draw: the tiles of
/// each frame's terrain cover (§14) that lie in no tile of the flat cover (holes the flat cover would leave), and how
/// many levels deeper the terrain cover goes.
struct TerrainComparison: Sendable {
    /// Frames compared.
    var frames = 0
    /// Frames whose terrain cover has a tile in no flat-cover tile.
    var framesWithHoles = 0
    /// Such tiles summed over the frames, and the most in one frame.
    var holes = 0
    var mostHoles = 0
    /// Distinct such tiles (unwrapped ids) over the flight.
    var distinctHoles = 0
    /// The deepest level of any frame's terrain cover and of any frame's flat cover.
    var deepestTerrain = 0
    var deepestFlat = 0
    /// The largest difference, in one frame, between the deepest levels of its terrain and flat covers.
    var mostExtraLevels = 0

    /// Compares every frame of `frames` under `camera` (which has terrain) with the same camera over the datum.
    /// - Throws: ``/StencilKit/StencilError`` when the library refuses a frame's camera or cover.
    init(frames: TrackFrames, camera: ChaseCamera) throws(StencilError) {
        let flat = try ChaseCamera(
            lookAhead: camera.lookAhead, pitch: camera.pitch, fieldOfView: camera.fieldOfView,
            horizon: camera.horizon, width: camera.width, height: camera.height, margin: camera.margin,
            levels: camera.levels, zoom: camera.zoom, body: camera.body, maximumPitch: camera.maximumPitch)
        let grid = frames.track.grid
        var seen: Set<UnwrappedTileID> = []
        for k in 0..<frames.count {
            let pose = frames.pose(ofFrame: k)
            let overTerrain = try camera.terrainCamera(at: pose, on: grid).cover()
            // A height above the terrain is an altitude here too: the terrain camera's eye, over the datum.
            let datum = try flat.camera(at: pose, on: grid).cover()
            let flatTiles = Set(datum.map(\.tile))
            var missed = 0
            for tile in overTerrain where !Self.contained(tile.tile, in: flatTiles) {
                missed += 1
                seen.insert(tile.tile)
            }
            let deepTerrain = overTerrain.map(\.level).max() ?? 0
            let deepFlat = datum.map(\.level).max() ?? 0
            self.frames += 1
            holes += missed
            mostHoles = max(mostHoles, missed)
            if missed > 0 { framesWithHoles += 1 }
            deepestTerrain = max(deepestTerrain, deepTerrain)
            deepestFlat = max(deepestFlat, deepFlat)
            mostExtraLevels = max(mostExtraLevels, deepTerrain - deepFlat)
        }
        distinctHoles = seen.count
    }

    /// Whether `tile` or one of its ancestors (unwrapped columns shift with the levels) is in `tiles`.
    static func contained(_ tile: UnwrappedTileID, in tiles: Set<UnwrappedTileID>) -> Bool {
        var level = tile.level
        var (x, y) = (tile.x, tile.y)
        while level >= 0 {
            if tiles.contains(UnwrappedTileID(unchecked: level, x, y)) { return true }
            level -= 1
            x >>= 1
            y >>= 1
        }
        return false
    }

    /// One line: the holes and the levels.
    var text: String {
        "  over terrain vs the flat datum: \(Figures.count(distinctHoles)) distinct tiles (\(Figures.count(holes)) "
            + "over \(Figures.count(framesWithHoles)) of \(Figures.count(frames)) frames, at most "
            + "\(Figures.count(mostHoles)) in one) lie in no tile of the flat cover; deepest level \(deepestTerrain) "
            + "over terrain, \(deepestFlat) flat (up to \(mostExtraLevels) levels finer in one frame)\n"
    }
}
