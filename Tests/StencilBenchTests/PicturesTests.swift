import Foundation
import MercatorMath
import StencilKit
import StencilScenarios
import Testing

@testable import StencilPictures
@testable import stencil_bench

/// The residency chart, the segments picture and the flight animation: their layout figures by hand, and what they
/// draw against the schedule and the plan.
struct PicturesTests {
    /// Ticks of 1, 2 or 5 × 10ᵏ s, the first whose spacing reaches an eighth of the span.
    @Test func tickSteps() {
        #expect(ResidencyDrawing.tickStep(9.87) == 2)  // 9.87 / 8 = 1.23 → 2
        #expect(ResidencyDrawing.tickStep(8) == 1)  // exactly 1
        #expect(ResidencyDrawing.tickStep(40) == 5)
        #expect(ResidencyDrawing.tickStep(0.5) == 0.1)  // 0.0625 → 0.1
        #expect(ResidencyDrawing.tickStep(800) == 100)
    }

    /// Example 6's page: the canvas is 900 px wide over the stencil's columns 6…19 (7…18 and one tile around) of
    /// 128 px, so 900 / (14 · 128) px per terrain px; tile (7, 19)'s centre is 1.5 tiles from the window's left
    /// and 2.5 from its top (the stencil's rows 18…30 and one around).
    @Test func animationLayoutAndState() throws {
        let planned = try ResidencyTests.example6()
        let stencil = try planned.setup.validatedStencil()
        let residency = try Residency(schedule: planned.schedule)
        let animation = FlightAnimation(
            name: planned.setup.scenario.name, frames: planned.setup.frames, schedule: planned.schedule,
            capacity: planned.capacity, holds: residency.holds, stencil: stencil)
        #expect(animation.world == PixelBounds(minX: 6 * 128, minY: 17 * 128, maxX: 20 * 128, maxY: 32 * 128))
        let scale = min(900.0 / (14 * 128), 700.0 / (15 * 128))
        #expect(animation.scale == scale)
        let centre = animation.pixelCentre(of: TileIndex(column: 7, row: 19))
        #expect(abs(centre.x - 1.5 * 128 * scale) < 1e-9)
        #expect(abs(centre.y - 2.5 * 128 * scale) < 1e-9)
        // No ghost columns here: every real tile is drawn once.
        for tile in stencil.real { #expect(animation.places(of: tile) == [tile]) }
        // Frame 0's need (columns 7…9, rows 19…22) is resident at take-off, as the schedule guarantees.
        let (resident, loading) = residency.tiles(at: 0)
        let state = animation.state(at: 0, resident: resident, loading: loading)
        for row in 19...22 {
            for column in 7...9 { #expect(state.contains("[\(column), \(row)]"), "(\(column), \(row))") }
        }
        let page = animation.render()
        #expect(page.contains("\"capacity\": 30"))
        #expect(page.contains("#41ab5d"))
        #expect(!page.contains("__"))  // every placeholder filled
        // One hold a line in the data, as many as the schedule's requests.
        let holds = page.components(separatedBy: "\"holds\": [")[1].components(separatedBy: "]],")[0]
        #expect(holds.split(separator: "\n").count == planned.schedule.requestCount)
    }

    /// The segments picture of example 4 (pivot) under its budget: every stencil tile is striped by the segments
    /// whose working set holds it, and each segment's working set is the tiles it stripes.
    @Test func segmentsOfExample4() throws {
        let setup = try ScenarioSetup(BuiltinScenarios.resolve("example4-pivot"))
        let stencil = try setup.validatedStencil()
        let plan = try setup.validatedPlan()
        let drawing = SegmentsDrawing(stencil: stencil, plan: plan, frames: setup.frames, caption: [])
        var striped = [Set<TileIndex>](repeating: [], count: plan.segmentCount)
        for tile in stencil.unwrapped {
            let holders = drawing.segments(holding: tile)
            #expect(!holders.isEmpty, "\(tile) in no segment")
            for i in holders { striped[i].insert(tile) }
        }
        for i in 0..<plan.segmentCount { #expect(striped[i] == Set(plan.segments[i].workingSet.tiles), "segment \(i)") }
        let svg = drawing.render()
        for i in 0..<plan.segmentCount { #expect(svg.contains("stroke=\"\(SegmentsDrawing.colour(i))\"")) }
    }
}

/// The new commands' refusals, and the residency chart's bars.
struct PictureCommandTests {
    @Test func refusals() {
        // One picture at a time; schedule options only with --residency.
        #expect(throws: UsageError.self) {
            try SvgCommand.run(["example1", "--segments", "--residency", "-o", "/dev/null"])
        }
        #expect(throws: UsageError.self) { try SvgCommand.run(["example1", "--capacity", "3", "-o", "/dev/null"]) }
        // animate: -o or --state-at, and a loader from the scenario or the options.
        #expect(throws: UsageError.self) {
            try AnimateCommand.run(["example1", "--latency", "0.1", "--throughput", "50"])
        }
        #expect(throws: UsageError.self) {
            try AnimateCommand.run([
                "example1", "--state-at", "1", "-o", "/dev/null", "--latency", "0.1", "--throughput", "50",
            ])
        }
        #expect(throws: UsageError.self) { try AnimateCommand.run(["example1", "-o", "/dev/null"]) }
        #expect(throws: UsageError.self) {
            try AnimateCommand.run(["example1", "--state-at", "nan", "--latency", "0.1", "--throughput", "50"])
        }
        // A chase camera's schedule is the pitched one: these draw flat scenarios only.
        #expect(throws: UsageError.self) {
            try AnimateCommand.run(["jfk-lhr-chase", "-o", "/dev/null", "--latency", "0.1", "--throughput", "50"])
        }
        #expect(throws: UsageError.self) { try SvgCommand.run(["jfk-lhr-chase", "--residency", "-o", "/dev/null"]) }
        #expect(throws: UsageError.self) { try SvgCommand.run(["jfk-lhr-chase", "--segments", "-o", "/dev/null"]) }
    }

    /// Example 6's chart: two bars per hold (loading, then resident), 91 holds, and the capacity line at 30.
    @Test func residencyChartOfExample6() throws {
        let planned = try ResidencyTests.example6()
        let drawing = try ResidencyDrawing(
            name: "example6", schedule: planned.schedule, capacity: planned.capacity,
            holds: Residency(schedule: planned.schedule).holds)
        let svg = drawing.render()
        let holds = svg.components(separatedBy: "<g id=\"holds\">\n")[1].components(separatedBy: "</g>")[0]
        #expect(holds.components(separatedBy: "<rect").count - 1 == 2 * 91)
        #expect(svg.contains("capacity 30"))
        #expect(drawing.rows.count == 91)
    }
}
