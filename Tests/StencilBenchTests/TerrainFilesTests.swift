import Foundation
import MercatorMath
import StencilKit
import StencilScenarios
import Testing

@testable import stencil_bench

/// `"terrain"` in view and scenario files (Benchmarks/FORMAT.md, the geometry model's §14): example 9 through the
/// file reader, the refusals naming the field, a DEM source resolved against the file's folder.
struct TerrainFilesTests {
    /// The repository's folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Example 7's view with `terrain` and extra camera fields.
    static func view(terrain: String, camera: String = "") -> String {
        """
        {"map": {"zoom": 14.3, "tileSize": 256, "levelBias": 0, "minLevel": 0, "maxLevel": 22},
         "screen": {"width": 1024, "height": 768}, "center": {"lon": 8.5417, "lat": 47.3769}, "bearing": 37,
         "camera": {"pitch": 60, "fov": 36.87, "horizon": 89.25\(camera)}\(terrain.isEmpty ? "" : ", \"terrain\": \(terrain)")}
        """
    }

    /// Example 9's list: the root [0, hi], and [0, 0] on the 3 siblings of each ancestor-or-self of `tile`.
    static func example9(hi: Double, x: Int, y: Int) -> String {
        var entries: [String] = []
        var (tx, ty) = (x, y)
        for n in stride(from: 12, through: 1, by: -1) {
            for cy in 0...1 {
                for cx in 0...1 where (tx & ~1) + cx != tx || (ty & ~1) + cy != ty {
                    entries.append("[\(n), \((tx & ~1) + cx), \((ty & ~1) + cy), 0, 0]")
                }
            }
            tx >>= 1
            ty >>= 1
        }
        return "{\"root\": [0, \(hi)], \"bounds\": [\(entries.joined(separator: ", "))]}"
    }

    static func counts(_ cover: [PitchedTile]) -> [Int: Int] {
        Dictionary(grouping: cover, by: \.level).mapValues(\.count)
    }

    @Test("Example 9 through the file reader: 9a 32 tiles, 9b 37 tiles {13: 9, 14: 21, 15: 7}, 9c refused")
    func example9() throws {
        let flat = try PitchedViewSetup(ViewScenario(json: Self.view(terrain: "{\"root\": [0, 0]}"), source: "9a"))
        #expect(flat.cover.count == 32 && Self.counts(flat.cover) == [13: 9, 14: 23])
        let plain = try PitchedViewSetup(ViewScenario(json: Self.view(terrain: ""), source: "7"))
        #expect(flat.cover == plain.cover && plain.terrain == nil && flat.terrain != nil)
        let b = try PitchedViewSetup(
            ViewScenario(json: Self.view(terrain: Self.example9(hi: 2000, x: 2145, y: 1434)), source: "9b"))
        #expect(Self.counts(b.cover) == [13: 9, 14: 21, 15: 7])
        let level15 = b.cover.filter { $0.level == 15 }.map { [$0.tile.x, $0.tile.y] }
        #expect(
            level15 == [
                [17160, 11476], [17161, 11476], [17160, 11477], [17161, 11477], [17160, 11478], [17161, 11478],
                [17160, 11479],
            ])
        do {
            _ = try PitchedViewSetup(
                ViewScenario(json: Self.view(terrain: Self.example9(hi: 3100, x: 2144, y: 1434)), source: "9c"))
            Issue.record("example 9c's eye under 3,100 m was not refused")
        } catch {
            #expect(error.kind == .outOfRange && error.message.contains("9c"))
        }
    }

    @Test(
        "An eye altitude or a centre elevation anchors the eye; an eye at the bound under it is refused, above it not")
    func anchors() throws {
        let terrain = Self.example9(hi: 2000, x: 2145, y: 1434)
        let high = try PitchedViewSetup(
            ViewScenario(json: Self.view(terrain: terrain, camera: ", \"eyeAltitude\": 3029.250246"), source: "a"))
        let b = try PitchedViewSetup(ViewScenario(json: Self.view(terrain: terrain), source: "9b"))
        #expect(high.cover == b.cover)  // example 9's eye is 3,029.250246 m above the datum
        let low = try PitchedViewSetup(
            ViewScenario(json: Self.view(terrain: terrain, camera: ", \"eyeAltitude\": 2500"), source: "low"))
        #expect(low.cover != b.cover)
        // Example 9c's bounds: [0, 3,100] m on the tile under the eye. At exactly 3,100 m the eye is not above it.
        let c = Self.example9(hi: 3100, x: 2144, y: 1434)
        #expect(
            (try? PitchedViewSetup(
                ViewScenario(json: Self.view(terrain: c, camera: ", \"eyeAltitude\": 3100.001"), source: "up")))
                != nil)
        do {
            _ = try PitchedViewSetup(
                ViewScenario(json: Self.view(terrain: c, camera: ", \"eyeAltitude\": 3100"), source: "at"))
            Issue.record("an eye at the bound was not refused")
        } catch {
            #expect(error.kind == .outOfRange)
        }
        let raised = try PitchedViewSetup(
            ViewScenario(json: Self.view(terrain: "", camera: ", \"centerElevation\": 400"), source: "c"))
        #expect(raised.terrain?.anchor == .centerElevation(400) && raised.cover != b.cover)
    }

    @Test("Refusals name the field")
    func refusals() {
        let cases: [(String, String)] = [
            (Self.view(terrain: "", camera: ", \"eyeAltitude\": 1, \"centerElevation\": 2"), "both anchor the eye"),
            (Self.view(terrain: "{\"root\": [0, 1], \"source\": \"a.pmtiles\"}"), "both give the terrain"),
            (Self.view(terrain: "{}"), "needs \"root\""),
            (
                Self.view(terrain: "{\"source\": \"a.pmtiles\", \"encoding\": \"srtm\"}"),
                "\"terrarium\" or \"terrain-rgb\""
            ),
            (Self.view(terrain: "{\"root\": [0, 1], \"encoding\": \"terrarium\"}"), "applies to a \"source\" only"),
            (Self.view(terrain: "{\"bounds\": []}"), "missing field \"terrain.root\""),
            (Self.view(terrain: "{\"root\": [0, \"x\"]}"), "array of numbers"),
            (Self.view(terrain: "{\"root\": [0, 1], \"hi\": 2}"), "unknown field \"terrain.hi\""),
        ]
        var refused = 0
        for (text, message) in cases {
            do {
                _ = try ViewScenario(json: text, source: "v")
                Issue.record("not refused: \(message)")
            } catch {
                #expect(error.kind == .field && error.message.contains(message), "\(error.message)")
                refused += 1
            }
        }
        #expect(refused == cases.count)
        // The library's refusals: a reversed range, a missing DEM (named with the path tried).
        for (terrain, message) in [
            ("{\"root\": [5, 1]}", "0/0/0"), ("{\"source\": \"no-such.pmtiles\"}", "/tmp/no-such.pmtiles"),
        ] {
            do {
                _ = try PitchedViewSetup(ViewScenario(json: Self.view(terrain: terrain), source: "v", folder: "/tmp"))
                Issue.record("not refused: \(terrain)")
            } catch {
                #expect(error.message.contains(message), "\(error.message)")
            }
        }
    }

    @Test("A DEM source relative to the file's folder gives the cover its derived list gives")
    func demSource() throws {
        let fixtures = "\(Self.root)/Tests/StencilKitIOTests/Fixtures"
        let alps = """
            {"map": {"zoom": 13}, "screen": {"width": 1920, "height": 1080}, "center": {"lon": 8.0, "lat": 46.5},
             "bearing": 200, "camera": {"pitch": 75},
             "terrain": {"source": "alps-terrarium-z10.pmtiles", "encoding": "terrarium"}}
            """
        let fromDEM = try PitchedViewSetup(ViewScenario(json: alps, source: "alps", folder: fixtures))
        let bounds = try #require(fromDEM.terrain?.bounds)
        #expect(bounds.deepestLevel == 10 && bounds.root == ElevationRange(lo: 0, hi: 4400))
        let list = bounds.entries.map {
            "[\($0.tile.level), \($0.tile.x), \($0.tile.y), \($0.range.lo), \($0.range.hi)]"
        }
        let listed = alps.replacingOccurrences(
            of: "{\"source\": \"alps-terrarium-z10.pmtiles\", \"encoding\": \"terrarium\"}",
            with: "{\"root\": [0, 4400], \"bounds\": [\(list.joined(separator: ", "))]}")
        let fromList = try PitchedViewSetup(ViewScenario(json: listed, source: "listed"))
        #expect(fromList.cover == fromDEM.cover && !fromDEM.cover.isEmpty)
        let flat = try PitchedViewSetup(
            ViewScenario(
                json: listed.replacingOccurrences(of: "[0, 4400]", with: "[0, 0]").replacingOccurrences(
                    of: "\"bounds\": [\(list.joined(separator: ", "))]", with: "\"bounds\": []"), source: "flat"))
        #expect((fromDEM.cover.map(\.level).max() ?? 0) > (flat.cover.map(\.level).max() ?? 0))
    }

    @Test("The Alps flight scenario: a chase camera over the DEM; heightAboveTerrain; one height only")
    func alpsFlight() throws {
        let scenario = try BuiltinScenarios.resolve("\(Self.root)/Benchmarks/scenarios/alps-flight.json")
        let setup = try ScenarioSetup(scenario)
        let camera = try #require(setup.chase)
        #expect(camera.terrain?.deepestLevel == 10 && camera.zoom == .altitude(3500))
        let text = try String(contentsOfFile: "\(Self.root)/Benchmarks/scenarios/alps-flight.json", encoding: .utf8)
        let above = try Scenario(
            json: text.replacingOccurrences(of: "\"altitude\": 3500", with: "\"heightAboveTerrain\": 1000"),
            source: "above", folder: "\(Self.root)/Benchmarks/scenarios")
        #expect(try ScenarioSetup(above).chase?.zoom == .heightAboveTerrain(1000))
        #expect(throws: ScenarioError.self) {
            try Scenario(
                json: text.replacingOccurrences(of: "\"altitude\": 3500", with: "\"altitude\": 3500, \"zoom\": 12"),
                source: "both")
        }
        // Far below the Alps' bounds the first frame's eye is under the terrain: refused, naming the frame.
        let low = try Scenario(
            json: text.replacingOccurrences(of: "\"altitude\": 3500", with: "\"altitude\": 100"), source: "low",
            folder: "\(Self.root)/Benchmarks/scenarios")
        do {
            let lowSetup = try ScenarioSetup(low)
            _ = try PitchedStencil(frames: lowSetup.frames, camera: try #require(lowSetup.chase))
            Issue.record("an eye at 100 m over the Alps was not refused")
        } catch {
            #expect("\(error)".contains("frame"), "\(error)")
        }
    }

    @Test("svg of a chase frame over terrain draws the cover over terrain, not the flat one, with its caption")
    func chaseFrameOverTerrainPicture() throws {
        let path = "\(Self.root)/Benchmarks/scenarios/alps-flight.json"
        let setup = try ScenarioSetup(try BuiltinScenarios.resolve(path))
        let chase = try #require(setup.chase)
        let frame = 982
        let pose = setup.frames.pose(ofFrame: frame)
        let overTerrain = try chase.terrainCamera(at: pose, on: setup.grid).cover()
        let flat = try chase.camera(at: pose, on: setup.grid).cover()
        // The frame needs tiles the flat cover lacks (so the picture can tell them apart).
        #expect(Set(overTerrain) != Set(flat))
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("chase-terrain-\(getpid()).svg").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        #expect(try SvgCommand.run([path, "--frame", "\(frame)", "-o", output]) == 0)
        let svg = try String(contentsOfFile: output, encoding: .utf8)
        #expect(svg.contains("over terrain: eye 3500 m above the datum"))
        #expect(svg.contains("cover: \(overTerrain.count) tiles"), "the caption counts the cover over terrain")
        #expect(overTerrain.count != flat.count)
    }
}
