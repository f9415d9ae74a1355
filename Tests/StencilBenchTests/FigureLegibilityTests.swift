import Foundation
import Testing

@testable import stencil_bench

/// The route and view pictures read at a page's width (issue 28: the route figure's labels were 5–6 px tall):
/// drawn at 680 points wide, every text — the caption above the map and the labels inside it, whose sizes are in
/// terrain px under the map's viewBox — is at least 12 points tall (to the 2 decimals the file writes) when the
/// picture is shown 680 px wide.
struct FigureLegibilityTests {
    static func number(_ text: String, after key: String) -> Double? {
        guard let range = text.range(of: key + "=\"") else { return nil }
        return Double(text[range.upperBound...].prefix { $0 != "\"" })
    }

    @Test func routePicturesReadAtPageWidth() throws {
        var checked = 0
        for scenario in [
            "example1", "example2", "example4-flyby", "view-example5", "view-viking", "example4-pivot --segments",
        ] {
            let path = NSTemporaryDirectory() + "legibility-\(UUID()).svg"
            defer { try? FileManager.default.removeItem(atPath: path) }
            _ = try SvgCommand.run(scenario.split(separator: " ").map(String.init) + ["-o", path])
            let svg = try String(contentsOfFile: path, encoding: .utf8)
            let width = try #require(Self.number(svg, after: "width"))
            #expect(width <= 680.5, "\(scenario) is \(width) points wide")
            let display = 680 / max(width, 680)
            // The caption: the top-level texts before the map's nested <svg>.
            let parts = svg.components(separatedBy: "<svg x=\"0\"")
            try #require(parts.count == 2)
            for tag in parts[0].components(separatedBy: "<text").dropFirst() {
                let size = Self.number(tag, after: "font-size") ?? 13
                #expect(size * display >= 12, "\(scenario): caption text of \(size)")
                checked += 1
            }
            // The map: sizes in terrain px, shown at its width over its viewBox's width.
            let map = parts[1]
            let mapWidth = try #require(Self.number(map, after: "width"))
            let viewBox = try #require(map.range(of: "viewBox=\"")).upperBound
            let boxWidth = try #require(
                Double(map[viewBox...].prefix { $0 != "\"" }.split(separator: " ")[2]))
            for tag in map.components(separatedBy: "<text").dropFirst() {
                let size = try #require(Self.number(tag, after: "font-size"))
                #expect(size * mapWidth / boxWidth * display >= 11.95, "\(scenario): map label of \(size) px")
                checked += 1
            }
        }
        #expect(checked > 30)
    }

    /// The residency chart has no map: 680 points wide, every text at least 12 points.
    @Test func residencyChartReadsAtPageWidth() throws {
        let path = NSTemporaryDirectory() + "legibility-\(UUID()).svg"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let file = root.appendingPathComponent("Benchmarks/schedules/example6.json").path
        _ = try SvgCommand.run([file, "--residency", "-o", path])
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(try #require(Self.number(svg, after: "width")) <= 680.5)
        var checked = 0
        for tag in svg.components(separatedBy: "<text").dropFirst() {
            let size = try #require(Self.number(tag, after: "font-size"))
            #expect(size >= 12, "text of \(size)")
            checked += 1
        }
        #expect(checked > 10)
    }
}
