import Foundation
import MercatorMath
import StencilKit
import StencilScenarios
import Testing

@testable import stencil_bench

/// MapLibre view files (`{"maplibre": {...}}`, Benchmarks/FORMAT.md): read strictly, set up as a
/// ``MapLibreCamera``, printed by `view --json` as `{"level", "cover": [[n, i, y], …], "drawn"}`.
struct MapLibreViewTests {
    static func setup(_ text: String) throws(ViewError) -> MapLibreViewSetup {
        try MapLibreViewSetup(MapLibreViewScenario(json: text, source: "view test.json"))
    }

    /// `view --json`'s document, read back by Foundation: (level, cover, drawn).
    static func printed(_ setup: MapLibreViewSetup) throws -> (level: Int, cover: [[Int]], drawn: [Int]) {
        let data = Data(ViewCommand.mapLibreJSON(setup).rendered().utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (
            try #require(object["level"] as? Int), try #require(object["cover"] as? [[Int]]),
            try #require(object["drawn"] as? [Int])
        )
    }

    static func refusal(_ text: String) -> ViewError? {
        do {
            _ = try setup(text)
            return nil
        } catch {
            return error
        }
    }

    /// Camera 0 of the MapLibre vectors (Tests/StencilKitTests/Fixtures/maplibre-covers.json): 69 tiles over levels
    /// 4…10 that MapLibre GL JS 5.14 requested, the first and last of them written out here.
    @Test func aViewFilePrintsMapLibresTilesWithUnwrappedColumns() throws {
        let text = """
            {"name": "vector camera 0", "maplibre": {"center": [75.20044, -6.804789], "zoom": 7.74272,
             "bearing": 166.14, "pitch": 67.8185, "width": 2043, "height": 892, "tileSize": 256, "minzoom": 0,
             "maxzoom": 22, "type": "raster"}}
            """
        #expect(MapLibreViewScenario.isMapLibre(text))
        let setup = try Self.setup(text)
        let (level, cover, drawn) = try Self.printed(setup)
        #expect(cover.count == 69)
        #expect(drawn.count == 69)
        #expect(cover.first == [9, 362, 265])
        #expect(cover.last == [10, 725, 525])
        #expect(drawn.first == 9)
        #expect(level == 9)
        #expect(ViewCommand.mapLibreText(setup).contains("cover: 69 tiles"))
    }

    /// A ghost tile prints its unwrapped column, and an overzoomed vector tile its drawn level.
    @Test func ghostsAndOverzoomedTilesPrintTheirColumnAndLevelDrawn() throws {
        let east = try Self.setup(
            #"{"maplibre": {"center": [179.9, 0], "zoom": 3, "width": 400, "height": 300}}"#)
        #expect(Set(try Self.printed(east).cover.map { $0[1] }) == [7, 8])
        let deep = try Self.setup(
            #"{"maplibre": {"center": [8.54, 47.37], "zoom": 16.4, "width": 800, "height": 600, "maxzoom": 14}}"#)
        let printed = try Self.printed(deep)
        #expect(!printed.drawn.isEmpty && printed.drawn.allSatisfy { $0 == 16 })
        #expect(printed.cover.allSatisfy { $0[0] == 14 })
    }

    @Test func badMapLibreViewsAreRefusedWithTheirKind() {
        let cases: [(String, ViewError.Kind, String)] = [
            (#"{"maplibre": {"center": [0, 0], "zoom": 30, "width": 9, "height": 9}}"#, .outOfRange, "−2 ≤ zoom ≤ 24"),
            (
                #"{"maplibre": {"center": [0, 0], "zoom": 3, "width": 9, "height": 9, "type": "dem"}}"#, .field,
                #""raster" or "vector""#
            ),
            (#"{"maplibre": {"center": [0], "zoom": 3, "width": 9, "height": 9}}"#, .field, "[lng, lat]"),
            (#"{"maplibre": {"center": [0, 0], "width": 9, "height": 9}}"#, .field, "missing field \"maplibre.zoom\""),
            (
                #"{"maplibre": {"center": [0, 0], "zoom": 3, "width": 9, "height": 9, "ring": 2}}"#, .field,
                "unknown field \"maplibre.ring\""
            ),
            (
                #"{"maplibre": {"center": [0, 0], "zoom": 3, "width": 9, "height": 9}, "grid": {}}"#, .field,
                "unknown field \"grid\""
            ),
            (
                #"{"maplibre": {"center": [0, 0], "zoom": 3, "width": 9, "height": 9, "tileSize": 100}}"#, .outOfRange,
                "256 or 512"
            ),
            (
                #"{"maplibre": {"center": [0, 0], "zoom": 3, "width": 9, "height": 9, "pitch": 95}}"#, .outOfRange,
                "0 ≤ p < 90"
            ),
            (
                #"{"maplibre": {"center": [0, 0], "zoom": 3, "width": 9, "height": 9, "fov": 0}}"#, .outOfRange,
                "0.1 ≤ f ≤ 150"
            ),
        ]
        var checked = 0
        for (text, kind, fragment) in cases {
            let error = Self.refusal(text)
            #expect(error?.kind == kind, "\(text): \(String(describing: error))")
            #expect(error?.message.contains(fragment) == true, "\(text): \(String(describing: error))")
            checked += 1
        }
        #expect(checked == 9)
    }
}
