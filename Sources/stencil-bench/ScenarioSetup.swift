import Foundation
import MercatorMath
import StencilKit

/// A ``Scenario`` turned into library values: grid, flight, loop, timing, texture format and budget.
struct ScenarioSetup: Sendable {
    let scenario: Scenario
    let grid: TileGrid
    let flight: Flight
    let loop: FlightLoop
    let timing: FlightTiming
    /// The poses of one loop, one per frame.
    let frames: FrameSequence
    let format: TextureFormat
    let budget: MemoryBudget

    /// Builds the flight; `fpsOverride` replaces the scenario's frame rate.
    /// - Throws: ``ScenarioError`` with the library's message when the geometry is invalid.
    init(_ scenario: Scenario, fpsOverride: Double? = nil) throws(ScenarioError) {
        self.scenario = scenario
        let source = scenario.source
        do {
            switch scenario.grid {
            case .tiles(let c, let r, let t): grid = try TileGrid(columns: c, rows: r, tileSize: t)
            case .xyz(let z): grid = try TileGrid.webMercator(zoom: z)
            }
            let limit = grid.latitudeLimit
            for (key, lat) in [("route.from.lat", scenario.from.lat), ("route.to.lat", scenario.to.lat)]
            where abs(lat) > limit {
                throw ScenarioError(
                    "\(source): field \"\(key)\" \(fmt(lat, decimals: 6))° is past the terrain's latitude limit "
                        + "±\(fmt(limit, decimals: 6))° (\(grid))")
            }
            let a = try GeoCoordinate(latitude: scenario.from.lat, longitude: scenario.from.lon)
            let b = try GeoCoordinate(latitude: scenario.to.lat, longitude: scenario.to.lon)
            let screen = try Screen(
                width: scenario.screenWidth, height: scenario.screenHeight, zoom: scenario.zoom,
                anchor: Screen.Anchor(x: scenario.anchor.x, y: scenario.anchor.y), margin: scenario.margin)
            let turn = try Turn(radius: scenario.turnRadius, direction: scenario.turnDirection)
            flight = try Flight(
                from: a, to: b, on: grid, way: scenario.way, screen: screen, turn: turn,
                lateralBand: scenario.lateralBand)
            timing = try FlightTiming(
                speed: scenario.speed, framesPerSecond: fpsOverride ?? scenario.fps, turnRate: scenario.turnRate)
            format = try TextureFormat(bytesPerTile: scenario.bytesPerTile)
            budget = try MemoryBudget(bytes: scenario.budgetBytes ?? Int.max)
            loop = FlightLoop(flight)
            frames = try loop.frames(at: timing)
        } catch let error as MercatorError {
            throw ScenarioError("\(source): \(error)")
        } catch let error as StencilError {
            throw ScenarioError("\(source): \(error)")
        } catch let error as ScenarioError {
            throw error
        } catch {
            throw ScenarioError("\(source): \(error)")
        }
    }

    /// The flight's stencil (clipped if the scenario asks).
    func makeStencil() throws(StencilError) -> Stencil {
        try Stencil(flight: flight, clipToTerrain: scenario.clipToTerrain)
    }

    /// The flight's memory plan.
    func makePlan() throws(StencilError) -> BudgetPlan {
        try BudgetPlan(
            flight: flight, budget: budget, format: format, policy: scenario.policy,
            clipToTerrain: scenario.clipToTerrain)
    }

    /// The stencil, with a library error turned into a ``ScenarioError`` naming the scenario, and the plan or the
    /// library's reason for refusing it (a budget too small for any split, say): the stencil and the frames do not
    /// need the budget, so a refused plan is a finding about the scenario, not an error that stops the command.
    func validated() throws(ScenarioError) -> (Stencil, Result<BudgetPlan, StencilError>) {
        let stencil: Stencil
        do { stencil = try makeStencil() } catch { throw ScenarioError("\(scenario.source): \(error)") }
        return (stencil, Result { () throws(StencilError) in try makePlan() })
    }

    /// The per-frame time budget in seconds: `overrideMs` if given, else one frame interval.
    func frameBudget(overrideMs: Double?) -> Double { overrideMs.map { $0 / 1000 } ?? timing.frameInterval }

    /// The lateral offset flown at frame `k` by `run`: δ = d·sin(2πk / (4·fps)), weaving across the whole band
    /// every four seconds (0 when the band is 0).
    func weaveOffset(frame k: Int) -> Double {
        let d = flight.lateralBand
        guard d > 0 else { return 0 }
        let phase = 2 * Double.pi * Double(k) / (4 * timing.framesPerSecond)
        return max(-d, min(d, d * Foundation.sin(phase)))
    }
}
