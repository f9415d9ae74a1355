import Foundation
import MercatorMath
import StencilKit
import StencilScenarios
import TestSupport
import Testing

@testable import stencil_bench

/// The holds a schedule's requests and evictions pair into (``Residency``), which the residency chart and the
/// flight animation draw: hand-worked cases with their boundaries, the refusals, and example 6's schedule against
/// counts written again from its requests and evictions.
struct ResidencyTests {
    static let a = TileIndex(column: 3, row: 1)
    static let b = TileIndex(column: 4, row: 1)

    /// A at 0 (complete at 0.1), B at 0.05 (0.15), A again at 1.0 (1.1); A evicted at 0.5, B at 2.0: by hand,
    /// holds A [0, 0.1, 0.5), B [0.05, 0.15, 2.0), A [1.0, 1.1, end).
    @Test func handWorkedHolds() throws {
        let residency = try Residency(
            requests: [(Self.a, 0, 0.1), (Self.b, 0.05, 0.15), (Self.a, 1.0, 1.1)],
            evictions: [(Self.b, 2.0), (Self.a, 0.5)])
        #expect(
            residency.holds == [
                .init(tile: Self.a, request: 0, completion: 0.1, eviction: 0.5),
                .init(tile: Self.b, request: 0.05, completion: 0.15, eviction: 2.0),
                .init(tile: Self.a, request: 1.0, completion: 1.1, eviction: nil),
            ])
        // Boundaries: loading from the request, resident from the completion, gone from the eviction.
        #expect(residency.tiles(at: -0.01) == ([], []))
        #expect(residency.tiles(at: 0) == ([], [Self.a]))
        #expect(residency.tiles(at: 0.05) == ([], [Self.a, Self.b]))
        #expect(residency.tiles(at: 0.1) == ([Self.a], [Self.b]))
        #expect(residency.tiles(at: 0.15) == ([Self.a, Self.b], []))
        #expect(residency.tiles(at: 0.5) == ([Self.b], []))
        #expect(residency.tiles(at: 1.0) == ([Self.b], [Self.a]))
        #expect(residency.tiles(at: 1.1) == ([Self.a, Self.b], []))
        #expect(residency.tiles(at: 2.0) == ([Self.a], []))
        #expect(residency.tiles(at: 1e9) == ([Self.a], []))
        #expect(residency.peakSlots == 2)
        // An eviction and a request at the same instant: the slot is freed first.
        let swap = try Residency(
            requests: [(Self.a, 0, 0.1), (Self.b, 1, 1.1)], evictions: [(Self.a, 1)])
        #expect(swap.peakSlots == 1)
    }

    @Test func refusals() {
        #expect(throws: ResidencyError.evictedBeforeRequest(Self.a, at: 0.5)) {
            try Residency(requests: [], evictions: [(Self.a, 0.5)])
        }
        #expect(throws: ResidencyError.evictedBeforeRequest(Self.a, at: 0.5)) {
            try Residency(requests: [(Self.a, 1, 1.1)], evictions: [(Self.a, 0.5)])
        }
        #expect(throws: ResidencyError.evictedBeforeRequest(Self.a, at: 3)) {
            try Residency(requests: [(Self.a, 1, 1.1)], evictions: [(Self.a, 2), (Self.a, 3)])
        }
        #expect(throws: ResidencyError.requestedWhileHeld(Self.a, at: 1)) {
            try Residency(requests: [(Self.a, 0, 0.1), (Self.a, 1, 1.1)], evictions: [])
        }
        #expect(throws: ResidencyError.requestedWhileHeld(Self.a, at: 1)) {
            try Residency(requests: [(Self.a, 0, 0.1), (Self.a, 1, 1.1)], evictions: [(Self.a, 1.5)])
        }
        // Reloaded exactly at its eviction: allowed.
        #expect(throws: Never.self) {
            try Residency(requests: [(Self.a, 0, 0.1), (Self.a, 1, 1.1)], evictions: [(Self.a, 1)])
        }
    }

    /// The scenario file of example 6 (MODEL.md §10), read as `stencil-bench animate` reads it.
    static func example6() throws -> ScenarioSchedule {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let path = root.appendingPathComponent("Benchmarks/schedules/example6.json").path
        let setup = try ScenarioSetup(BuiltinScenarios.resolve(path))
        let args = try Arguments([path], command: "animate", spec: .init(valued: ScenarioSchedule.options))
        return try ScenarioSchedule(setup, args, command: "animate")
    }

    /// Example 6 at 30 slots: the slots held at 400 random times (fixed seed) and at every action's time equal the
    /// requests made minus the evictions made by then, counted from the schedule's lists; every tile a frame needs
    /// is resident at the frame's time; the peak is the schedule's own.
    @Test func example6ScheduleAgainstItsLists() throws {
        let planned = try Self.example6()
        let schedule = planned.schedule
        #expect(planned.capacity == 30)  // 1,966,080 bytes of 65,536-byte tiles
        let residency = try Residency(schedule: schedule)
        #expect(residency.holds.count == schedule.requestCount)
        #expect(residency.peakSlots == schedule.peakTiles)
        let requests = schedule.preload + schedule.requests
        var random = SplitMix64(seed: 21)
        let end = Double(schedule.frameCount) / schedule.framesPerSecond
        var times = (0..<400).map { _ in random.uniform(-schedule.takeoffWait - 0.1, end + 0.1) }
        times += requests.map(\.time) + requests.map(\.completion) + schedule.evictions.map(\.time)
        for t in times {
            let made = requests.filter { $0.time <= t }.count
            let evicted = schedule.evictions.filter { $0.time <= t }.count
            let complete = requests.filter { $0.completion <= t }.count
            let (resident, loading) = residency.tiles(at: t)
            #expect(resident.count + loading.count == made - evicted, "t = \(t)")
            #expect(loading.count == made - complete, "t = \(t)")  // nothing is evicted while it loads
        }
        let needs = try Needs<TileIndex>(frames: planned.setup.frames)
        for k in 0..<needs.frameCount {
            let resident = Set(residency.tiles(at: needs.time(ofFrame: k)).resident)
            #expect(Set(needs.need(ofFrame: k)).isSubset(of: resident), "frame \(k)")
        }
    }
}
