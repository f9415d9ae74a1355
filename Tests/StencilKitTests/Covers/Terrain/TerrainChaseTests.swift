import Foundation
import MercatorMath
import Testing

@testable import StencilKit

/// Chase cameras over terrain (MODEL.md §14) through the one pipeline: ``Needs`` and ``PitchedStencil`` over a
/// ``ChaseCamera`` with terrain are the frames' terrain covers; flat terrain is §11's chase; `heightAboveTerrain` puts
/// the eye hi(P) + h metres above the datum; a frame whose eye is not above the terrain is refused, naming it.
struct TerrainChaseTests {
    static let level = 12

    /// A one-way track across the antimeridian at 400 px/s, 30 fps (``PitchedChaseTests/frames()``).
    static func frames() throws -> TrackFrames { try PitchedChaseTests.frames() }

    /// Bounds: a 2,500 m plateau on the level-9 tiles under the track's start, 800 m elsewhere near it, the root
    /// [−50, 2,500] m.
    static func bounds(plateau: Double = 2500) throws -> TerrainBounds {
        let frames = try frames()
        let start = frames.pose(ofFrame: 0).position
        let side = 256 * exp2(Double(level - 9))
        let x = Int((start.x / side).rounded(.down)) & 511
        let y = Int((start.y / side).rounded(.down))
        var entries: [TerrainBounds.Entry] = []
        for dy in -1...1 {
            for dx in -1...2 {
                let range = dx == 0 && dy == 0 ? ElevationRange(lo: 0, hi: plateau) : ElevationRange(lo: -50, hi: 800)
                entries.append(
                    TerrainBounds.Entry(tile: try TileID(level: 9, x: (x + dx) & 511, y: y + dy), range: range))
            }
        }
        return try TerrainBounds(root: ElevationRange(lo: -50, hi: max(plateau, 800)), entries: entries)
    }

    static func chase(zoom: ChaseCamera.Zoom, terrain: TerrainBounds?) throws -> ChaseCamera {
        try ChaseCamera(
            lookAhead: 300, pitch: 70, width: 1024, height: 768,
            levels: LevelOfDetail(minLevel: 4, maxLevel: 17), zoom: zoom, terrain: terrain)
    }

    @Test func flatTerrainIsTheFlatChase() throws {
        let frames = try Self.frames()
        for zoom in [ChaseCamera.Zoom.mapZoom(12.4), .altitude(3000), .heightAboveTerrain(3000)] {
            let flat = try PitchedStencil(frames: frames, camera: Self.chase(zoom: zoom, terrain: nil))
            let terrain = try PitchedStencil(frames: frames, camera: Self.chase(zoom: zoom, terrain: .flat))
            #expect(flat == terrain && !flat.tiles.isEmpty)
        }
        let a = try Needs(frames: frames, camera: Self.chase(zoom: .altitude(3000), terrain: nil))
        let b = try Needs(frames: frames, camera: Self.chase(zoom: .altitude(3000), terrain: .flat))
        #expect(a.runs == b.runs && a.frameCount == frames.count)
    }

    /// Each frame's need is the real tiles of that frame's terrain cover; the stencil their union.
    @Test func needsAreTheFramesTerrainCovers() throws {
        let frames = try Self.frames()
        let grid = try TileGrid.xyz(level: Self.level)
        let chase = try Self.chase(zoom: .heightAboveTerrain(1200), terrain: Self.bounds())
        let needs = try Needs(frames: frames, camera: chase)
        let stencil = try PitchedStencil(frames: frames, camera: chase)
        var union = Set<UnwrappedTileID>()
        var finer = 0
        for k in 0..<frames.count {
            let view = try chase.terrainCamera(at: frames.pose(ofFrame: k), on: grid)
            let tiles = try view.cover()
            union.formUnion(tiles.map(\.tile))
            #expect(Set(needs.need(ofFrame: k)) == Set(tiles.map(\.realTile)), "frame \(k)")
            let flat = try chase.camera(at: frames.pose(ofFrame: k), on: grid).cover()
            if tiles.map(\.level).max()! > flat.map(\.level).max()! { finer += 1 }
        }
        #expect(Set(stencil.tiles) == union)
        // Over the plateau the near ground needs finer levels than the flat datum gives.
        #expect(finer > 0)
    }

    /// `heightAboveTerrain` h: A = hi(P) + h, H = A·κ(φ_P) (κ from the pose's latitude, §12).
    @Test func heightAboveTerrainIsAboveTheBoundAtTheAircraft() throws {
        let frames = try Self.frames()
        let grid = try TileGrid.xyz(level: Self.level)
        let bounds = try Self.bounds()
        let chase = try Self.chase(zoom: .heightAboveTerrain(600), terrain: bounds)
        var checked = 0
        for k in stride(from: 0, to: frames.count, by: 7) {
            let pose = frames.pose(ofFrame: k)
            let side = 256 * exp2(Double(Self.level - 9))
            let tile = try TileID(
                level: 9, x: Int((pose.position.x / side).rounded(.down)) & 511,
                y: Int((pose.position.y / side).rounded(.down)))
            let altitude = bounds.range(of: tile).hi + 600
            let w = 256 * exp2(Double(Self.level))
            let phi = atan(sinh((w / 2 - pose.position.y) / (w / (2 * .pi))))
            let kappa = w / (2 * .pi) / (6_378_137 * cos(phi))
            let view = try chase.terrainCamera(at: pose, on: grid)
            #expect(abs(view.eyeHeight - altitude * kappa) <= 1e-9 * view.eyeHeight, "frame \(k)")
            #expect(abs(view.camera.eyeHeight - view.eyeHeight) <= 1e-12 * view.eyeHeight)
            checked += 1
        }
        #expect(checked == (frames.count + 6) / 7)
        #expect(throws: StencilError.self) { try Self.chase(zoom: .heightAboveTerrain(0), terrain: bounds) }
        #expect(throws: StencilError.self) { try Self.chase(zoom: .heightAboveTerrain(.nan), terrain: bounds) }
    }

    /// An eye below the plateau's top is refused at the first frame whose eye's ground point lies over it.
    @Test func aFrameBelowTheTerrainIsRefusedByName() throws {
        let frames = try Self.frames()
        let grid = try TileGrid.xyz(level: Self.level)
        let chase = try Self.chase(zoom: .altitude(2000), terrain: Self.bounds())
        // The first refused frame, found frame by frame.
        var first: Int?
        for k in 0..<frames.count {
            do { _ = try chase.terrainCamera(at: frames.pose(ofFrame: k), on: grid) } catch {
                first = k
                break
            }
        }
        let k = try #require(first)
        do {
            _ = try Needs(frames: frames, camera: chase)
            Issue.record("not refused")
        } catch {
            #expect("\(error)".contains("Chase camera eye altitude at frame \(k) (metres)"))
            #expect("\(error)".contains("more than 2500 m"))
        }
        #expect(throws: StencilError.self) { try PitchedStencil(frames: frames, camera: chase) }
        // Higher, it flies.
        _ = try Needs(frames: frames, camera: Self.chase(zoom: .altitude(2600), terrain: Self.bounds()))
    }
}
