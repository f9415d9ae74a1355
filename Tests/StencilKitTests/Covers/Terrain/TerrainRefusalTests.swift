import Foundation
import MercatorMath
import Testing

@testable import StencilKit

/// Bounds so deep that a cover over them would compute on infinities, or a start level past the tile limit, are
/// refused by name (found probing with extreme roots: the start level's box converted a shadow ~10²¹ px wide to
/// Int and trapped, and a root near −10³⁰⁸ m gave NaN least depths). The limits are worked out here from
/// κ = (k/R)·cosh((W/2 − y)/k), largest at the first row: (k/R)·cosh(π).
struct TerrainRefusalTests {
    /// Example 7's camera at map zoom `zoom` (reference level ⌊zoom⌋).
    static func camera(zoom: Double) throws -> PerspectiveCamera {
        try PerspectiveCamera(
            center: GeoCoordinate(latitude: 47.3769, longitude: 8.5417), mapZoom: zoom, bearing: 37, pitch: 60,
            width: 1024, height: 768, levels: LevelOfDetail(minLevel: 0, maxLevel: 22))
    }

    static func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch { return "\(error)" }
    }

    /// At reference level 22, W = 256·2²², k = W/2π = 170,891,318.9 px, R = 6,378,137 m: κ up to
    /// 26.79335·11.59195 = 310.5866 px/m, so a root below −1.797·10³⁰⁸/310.5866 = −5.79·10³⁰⁵ m has an infinite
    /// height. Just above it, −5·10³⁰⁵ m is −1.55·10³⁰⁸ px: finite, but V reaching down to it (its far edge G_f ≈ 4.9
    /// times deeper) is not. A root of [−12,000, 0] m (the eye is 14.6 m above the datum) is an ordinary one.
    @Test func rootsWhoseHeightsOrVolumeOverflow() throws {
        let camera = try Self.camera(zoom: 22)
        #expect(camera.referenceLevel == 22)
        let kappa = 256 * exp2(22) / (2 * Double.pi) / 6_378_137 * cosh(Double.pi)
        #expect(abs(kappa - 310.5866) < 1e-3)
        let heights = try #require(
            Self.message {
                _ = try TerrainCamera(camera: camera, bounds: TerrainBounds(root: [-1e306, 0], list: []))
            })
        #expect(heights.hasPrefix("The terrain root's lower elevation (metres) is -1e+306; it must be within ±"))
        #expect(heights.contains("px at the camera's reference level (κ up to 310.58"))
        let volume = try #require(
            Self.message {
                _ = try TerrainCamera(camera: camera, bounds: TerrainBounds(root: [-5e305, 0], list: []))
            })
        #expect(volume.hasPrefix("The terrain root's lower elevation (metres) is -5e+305; it must be high enough"))
        let ordinary = try TerrainCamera(camera: camera, bounds: TerrainBounds(root: [-12_000, 0], list: []))
        var cover = TerrainCover()
        #expect(throws: Never.self) { try ordinary.cover(depths: true, into: &cover) }
        #expect(!cover.tiles.isEmpty && cover.leastDepths.allSatisfy(\.isFinite))
    }

    /// Example 7's camera over a root of [−10¹⁵, 0] m: V reaches 10¹⁵·κ ≈ 1.5·10¹⁴ px below the eye, its section
    /// there is ~7·10¹⁴ px deep and wide, so the cover starts at level 0 (every level's threshold is far nearer)
    /// whose tiles are 4,194,304 px: ~10⁹ of them across, past 4·2²⁰. Refused before any tile is examined (at
    /// −10²⁰ m it trapped converting the box to Int, then, once converted in doubles, gave an empty cover: the
    /// draw tolerance, 16 ulp of the box's reach, was half a tile; the area is now taken before the tolerance
    /// shrinks the box); a root of −10⁴ m is covered.
    @Test func startLevelPastTheLimit() throws {
        let camera = try Self.camera(zoom: 14.3)
        let deep = try TerrainCamera(camera: camera, bounds: TerrainBounds(root: [-1e15, 0], list: []))
        var cover = TerrainCover()
        let refused = try #require(Self.message { try deep.cover(into: &cover) })
        #expect(refused.hasPrefix("Tiles under the terrain camera's view volume at its start level is "))
        #expect(refused.contains("past the limit of 4194304") && refused.contains("the root's lo, -1000000000000000 m"))
        for lo in [-1e20, -1e100, -1e300] {
            let view = try TerrainCamera(camera: camera, bounds: TerrainBounds(root: [lo, 0], list: []))
            #expect(throws: StencilError.self) { try view.cover(into: &cover) }
        }
        let shallow = try TerrainCamera(camera: camera, bounds: TerrainBounds(root: [-1e4, 0], list: []))
        #expect(throws: Never.self) { try shallow.cover(into: &cover) }
        #expect(!cover.tiles.isEmpty)
    }
}
