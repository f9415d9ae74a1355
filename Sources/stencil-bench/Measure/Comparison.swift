import Foundation
import MercatorMath
import StencilScenarios

/// Comparison of a run with saved results (`--compare`).
enum Comparison {
    /// Saved results: per scenario, the p99 of per-frame work and of stencil setup, in ms.
    struct Saved {
        var mode: String
        var scenarios: [String: (frame: Double, setup: Double)]
    }

    static func load(_ path: String) throws(ScenarioError) -> Saved {
        let label = "results \(path)"
        guard FileManager.default.fileExists(atPath: path) else { throw ScenarioError("\(label): no such file") }
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw ScenarioError("\(label): cannot read the file as UTF-8 text")
        }
        let root: JSONValue
        do { root = try JSONValue.parse(text) } catch { throw ScenarioError("\(label): \(error)") }
        guard root["tool"]?.string == "stencil-bench", let list = root["scenarios"]?.array else {
            throw ScenarioError(
                "\(label): not stencil-bench results (no \"tool\": \"stencil-bench\" and \"scenarios\")")
        }
        var saved = Saved(mode: root["mode"]?.string ?? "full", scenarios: [:])
        for item in list {
            guard let name = item["name"]?.string, let times = item["timesMs"],
                let frame = Percentiles(json: times["frameWork"]), let setup = Percentiles(json: times["stencilSetup"])
            else { throw ScenarioError("\(label): a scenario entry lacks name or timesMs.frameWork/stencilSetup") }
            saved.scenarios[name] = (frame.p99, setup.p99)
        }
        return saved
    }

    static func compare(_ results: [ScenarioResult], with saved: Saved, threshold: Double, minDeltaMs: Double)
        -> (table: String, regressions: [String])
    {
        var table = TextTable(header: [["scenario", "metric", "saved p99 ms", "now p99 ms", "change", ""]])
        var regressions: [String] = []
        for r in results {
            guard let old = saved.scenarios[r.name] else {
                table.add([r.name, "–", "–", "–", "–", "not in saved results"])
                continue
            }
            for (metric, before, now) in [
                ("frame work", old.frame, r.frameWork.p99 * 1000), ("stencil setup", old.setup, r.setup.p99 * 1000),
            ] {
                let change = before > 0 ? now / before - 1 : 0
                let regressed = now > before * (1 + threshold) && now - before > minDeltaMs
                let flag = regressed ? "REGRESSION" : ""
                table.add([
                    r.name, metric, String(format: "%.4f", before), String(format: "%.4f", now),
                    String(format: "%+.1f%%", change * 100), flag,
                ])
                if regressed {
                    let (a, b) = (String(format: "%.4f", before), String(format: "%.4f", now))
                    regressions.append(
                        "\(r.name): \(metric) p99 \(b) ms is \(String(format: "%.0f", change * 100))% slower than the "
                            + "saved \(a) ms (threshold \(fmt(threshold * 100))%)")
                }
            }
        }
        return (table.rendered, regressions)
    }
}
