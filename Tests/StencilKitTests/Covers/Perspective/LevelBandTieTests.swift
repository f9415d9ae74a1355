import Foundation
import TestSupport
import Testing

@testable import StencilKit

/// The band edges of levels by depth at their exact ties (the geometry model's §11): at pitch 0 the depth is D·z
/// everywhere and a tile of level n is refined exactly when Z + b ≥ n + 1 — so a whole map zoom Z draws level Z, one
/// ulp less draws level Z − 1, and a bias b = 0.5 moves the edge to Z = n + 0.5 exactly.
struct LevelBandTieTests {
    static func levels(zoom: Double, bias: Double) throws -> Set<Int> {
        let camera = try PerspectiveCamera(
            center: GeoCoordinate(latitude: 47.3769, longitude: 8.5417), mapZoom: zoom, bearing: 20, pitch: 0,
            width: 300, height: 200, levels: LevelOfDetail(tileSize: 256, levelBias: bias, minLevel: 0, maxLevel: 22))
        return Set(try camera.cover().map(\.level))
    }

    @Test func wholeZoomsDrawTheirOwnLevel() throws {
        #expect(try Self.levels(zoom: 14, bias: 0) == [14])
        #expect(try Self.levels(zoom: 14.0.nextDown, bias: 0) == [13])
        #expect(try Self.levels(zoom: 13.5, bias: 0.5) == [14])
        #expect(try Self.levels(zoom: 13.5.nextDown, bias: 0.5) == [13])
        // n_max caps the refinement at its tie too.
        let capped = try PerspectiveCamera(
            center: GeoCoordinate(latitude: 47.3769, longitude: 8.5417), mapZoom: 14, bearing: 20, pitch: 0,
            width: 300, height: 200, levels: LevelOfDetail(tileSize: 256, minLevel: 0, maxLevel: 13))
        #expect(Set(try capped.cover().map(\.level)) == [13])
    }
}

/// Nearest first at pitch 0: every depth is equal, so the order is the ties' order, level then row-major — the
/// row-major cover itself (bearings that put the screen's bottom anywhere).
struct PitchZeroNearestFirstTests {
    @Test func tiesAreRowMajor() throws {
        var compared = 0
        for bearing in [0.0, 37, 90, 180, 250] {
            let camera = try PerspectiveCamera(
                center: GeoCoordinate(latitude: 47.3769, longitude: 8.5417), mapZoom: 13.4, bearing: bearing,
                pitch: 0, width: 700, height: 500, levels: LevelOfDetail(tileSize: 256, maxLevel: 22))
            let rowMajor = try camera.cover(order: .rowMajor).map(\.tile)
            let nearest = try camera.cover(order: .nearestFirst).map(\.tile)
            #expect(rowMajor.count > 6)
            #expect(nearest == rowMajor, "bearing \(bearing)")
            // Row-major written out: rows top to bottom, then columns west to east.
            #expect(nearest == nearest.sorted { ($0.y, $0.x) < ($1.y, $1.x) })
            compared += 1
        }
        #expect(compared == 5)
    }
}
