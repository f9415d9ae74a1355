import Foundation
import StencilKit
import StencilScenarios

/// libFuzzer target `scenario`: any bytes as a scenario file, through the benchmark's strict reader, the setup, the
/// stencil, the frames and the plan — or, with a `"camera"`, the pitched stencil and needs; bytes that are no
/// scenario are read as a view file (a pitched one gets its cover). Errors are fine (they are what bad input should get); a trap, a hang or a
/// broken invariant (``FuzzChecks``) is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let scenario = try? Scenario(json: text, source: "fuzz input") else {
        fuzzView(text)
        return 0
    }
    guard let setup = try? ScenarioSetup(scenario) else { return 0 }
    if let chase = setup.chase {
        fuzzChase(setup, chase)
        return 0
    }
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

/// A scenario with a chase camera (§11): its pitched stencil and needs when the flight has at most 2,000 frames,
/// checked against each other: the needs' tiles are the stencil's real tiles, and every frame needs at least one.
func fuzzChase(_ setup: ScenarioSetup, _ chase: ChaseCamera) {
    guard setup.frames.count <= 2000,
        let stencil = try? PitchedStencil(frames: setup.frames, camera: chase),
        let needs = try? Needs<TileID>(frames: setup.frames, camera: chase)
    else { return }
    FuzzChecks.require(Set(needs.tiles) == Set(stencil.real), "pitched needs' tiles differ from the stencil's")
    FuzzChecks.require(
        stencil.realTileCount <= stencil.tiles.count, "more real tiles than unwrapped ones in a pitched stencil")
    _ = JSONValue.array(stencil.tiles.map { .levelTile($0) }).rendered(.line)
}

/// Bytes read as a view file: a pitched view gets its cover (levels within the map's range, no tile twice), a flat
/// one its viewport.
func fuzzView(_ text: String) {
    guard let view = try? ViewScenario(json: text, source: "fuzz input") else { return }
    guard view.camera != nil else {
        _ = try? ViewSetup(view)
        return
    }
    guard let setup = try? PitchedViewSetup(view) else { return }
    let levels = setup.camera.levels
    FuzzChecks.require(
        setup.cover.allSatisfy { (levels.minLevel...levels.maxLevel).contains($0.level) }, "cover level out of range")
    FuzzChecks.require(Set(setup.cover.map(\.tile)).count == setup.cover.count, "a tile twice in a pitched cover")
    _ = ViewCommand.pitchedJSON(setup).rendered()
    _ = ViewCommand.pitchedText(setup)
}
