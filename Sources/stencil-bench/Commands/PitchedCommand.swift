import Foundation
import StencilKit
import StencilScenarios

/// `stencil-bench pitched [--quick] [--strict] [--json]`: the perspective covers' timings against the single-level
/// cover of the same trapezoid, their allocations, and the JFK → LHR chase camera's stencil, needs and schedule
/// (``PitchedBenchmark``, ``ChaseBenchmark``). Exit status 1 when a case misses its ratio target, its tile count or
/// allocates.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum PitchedCommand {
    static func run(_ words: [String]) throws -> Int32 {
        let args = try Arguments(
            words, command: "pitched", spec: .init(valued: [], switches: ["--quick", "--strict", "--json"]))
        var settings = BenchmarkSettings()
        settings.quick = args.has("--quick")
        settings.strict = args.has("--strict")
        let results = PitchedBenchmark.runAll(settings: settings)
        let chase = ChaseBenchmark.run()
        let findings = Findings.merged(results.map(\.findings))
        let violations = findings.violations(strict: settings.strict) + chase.violations
        if args.has("--json") {
            print(JSONValue.object([("pitched", PitchedBenchmark.json(results))]).rendered(), terminator: "")
        } else {
            print(PitchedBenchmark.text(results) + ChaseBenchmark.text(chase))
            for note in results.flatMap(\.notes) + (settings.strict ? [] : findings.absoluteMisses) {
                print("note: " + note)
            }
        }
        for v in violations { Console.error("problem: " + v) }
        let met = results.filter { $0.ratio <= $0.ratioTarget }.count
        Console.error(
            violations.isEmpty
                ? "verdict: PASS (pitched covers: \(met)/\(results.count) ratio targets, exact tile counts, no allocation)"
                : "verdict: FAIL — \(violations.count) problems")
        return violations.isEmpty ? 0 : 1
    }
}
