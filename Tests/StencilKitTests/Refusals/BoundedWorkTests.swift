import MercatorMath
import StencilKit
import Testing

/// Work too big to finish is refused up front with a typed error naming the limit (issue 12), in well under a
/// second, instead of running for minutes or filling memory.
struct BoundedWorkTests {
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        let d = clock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    static func tooLarge(_ body: () throws(StencilError) -> Void) -> (value: Double, limit: Double)? {
        do {
            try body()
        } catch {
            if case .tooLarge(_, let value, let limit, _) = error { return (value, limit) }
        }
        return nil
    }

    @Test("a U-turn of radius 10⁹ px at z = 28 is refused, not scanned")
    func hugeTurnRadius() throws {
        let grid = try TileGrid.xyz(level: 28)
        let track = try Track(
            start: PixelPoint(x: 3e10, y: 3e10), heading: 90,
            steps: [.straight(length: 1000), .turn(radius: 1e9, degrees: 180), .straight(length: 1000)], on: grid,
            screen: Screen(width: 1024, height: 768))
        var refused: (value: Double, limit: Double)?
        let time = Self.seconds { refused = Self.tooLarge { () throws(StencilError) in _ = try Stencil(track: track) } }
        let figures = try #require(refused)
        #expect(figures.value > figures.limit)
        #expect(time < 1)
    }

    @Test("a pole-to-pole route at z = 30 is refused by its run count, not allocated")
    func poleToPole() throws {
        let grid = try TileGrid.xyz(level: 30)
        let points = try [(-80.0, 10.0), (80.0, 10.0)].map { try GeoCoordinate(latitude: $0.0, longitude: $0.1) }
        let track = try Track(waypoints: points, on: grid, screen: Screen(width: 1024, height: 768))
        var refused: (value: Double, limit: Double)?
        let time = Self.seconds { refused = Self.tooLarge { () throws(StencilError) in _ = try Stencil(track: track) } }
        let figures = try #require(refused)
        #expect(figures.limit == Double(Stencil.maximumRuns) && figures.value > figures.limit)
        #expect(time < 1)
    }

    @Test("sixty pivots each sweeping a 500-px band on 1-px tiles are refused by their candidate count")
    func manyWidePivots() throws {
        let grid = try TileGrid(columns: 1 << 20, rows: 1 << 19, tileSize: 1)
        var steps: [TrackStep] = []
        for _ in 0..<60 { steps += [.straight(length: 10), .turn(radius: 0, degrees: 90)] }
        // Each pivot's disc of radius ≈ 501 px holds π·501² ≈ 7.9·10⁵ candidate tiles: 4.7·10⁷ in all.
        let track = try Track(
            start: PixelPoint(x: 400_000, y: 262_144), heading: 0, steps: steps, on: grid,
            screen: Screen(width: 2, height: 2), lateralBand: 500)
        var refused: (value: Double, limit: Double)?
        let time = Self.seconds { refused = Self.tooLarge { () throws(StencilError) in _ = try Stencil(track: track) } }
        let figures = try #require(refused)
        #expect(figures.limit == Double(Stencil.maximumTurnCandidates) && figures.value > figures.limit)
        #expect(time < 1)
    }

    @Test("a plan needing more than 10,000 segments is refused up front")
    func planSegmentCap() throws {
        let grid = try TileGrid.xyz(level: 24)
        let points = try [(0.0, 0.0), (0.5, 0.5)].map { try GeoCoordinate(latitude: $0.0, longitude: $0.1) }
        let flight = try Flight(from: points[0], to: points[1], on: grid, screen: Screen(width: 1024, height: 768))
        let budget = try MemoryBudget(bytes: 16 * 262_144)
        var refused: (value: Double, limit: Double)?
        let time = Self.seconds {
            refused = Self.tooLarge { () throws(StencilError) in _ = try BudgetPlan(flight: flight, budget: budget) }
        }
        let figures = try #require(refused)
        #expect(figures.limit == Double(BudgetPlan.maximumSegments) && figures.value > figures.limit)
        #expect(time < 3)
    }
}
