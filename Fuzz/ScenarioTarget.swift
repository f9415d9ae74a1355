import Foundation
import StencilKit

/// libFuzzer target `scenario`: any bytes as a scenario file, through the benchmark's strict reader, the setup, the
/// stencil, the frames and the plan. Errors are fine (they are what bad input should get); a trap, a hang or a
/// broken invariant (``FuzzChecks``) is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let scenario = try? Scenario(json: text, source: "fuzz input") else { return 0 }
    guard let setup = try? ScenarioSetup(scenario) else { return 0 }
    guard let tiles = FuzzChecks.boxTiles(of: setup.track), tiles <= FuzzChecks.maximumBoxTiles else { return 0 }
    // What `stencil`, `frames` and `plan` compute, and their JSON (written to a buffer that is thrown away).
    guard let (stencil, plan) = try? setup.validated() else { return 0 }
    // The stencil's runs as `stencil` writes them, rendered to a string that is thrown away (the command itself
    // streams to standard output).
    _ = JSONValue.runs(stencil.unwrapped).rendered(.line)
    if case .success(let plan) = plan {
        FuzzChecks.require(plan.peakBytes >= 0, "negative peak bytes")
        _ = PlanCommand.capacityText(plan, budgetBytes: scenario.budgetBytes)
    }
    FuzzChecks.check(
        setup.track, clip: scenario.clipToTerrain, budget: setup.budget, format: setup.format,
        policy: scenario.policy, timing: setup.timing.pixels, frames: setup.timing.ground == nil ? nil : setup.frames)
    return 0
}
