import MercatorMath
import Testing

@testable import StencilKit

/// The fuzzing campaign's unbounded work in the schedule needs and the great-circle chains: each limit now refuses
/// before the work, naming the limit, with whole numbers printed as integers. Each input here ran for seconds (or
/// minutes) on the code before the fix, and each test checks the refusal comes from the up-front check by its
/// message's wording.
@Suite
struct LimitsBeforeWorkTests {
    /// The `tooLarge` figures of `error`, or nil for any other outcome.
    static func tooLarge(_ error: StencilError?) -> (what: String, value: Double, limit: Double)? {
        guard case .tooLarge(let what, let value, let limit, _)? = error else { return nil }
        return (what, value, limit)
    }

    // MARK: Schedule needs: row scans

    /// One straight leg, 9.09 million frames of a 180,000-px-wide screen at z = 12: every frame's footprint spans
    /// about 703 rows, 6.4·10⁹ row scans that took 189 s before answering. Refused up front by
    /// ``Needs<TileIndex>/maximumRowScans``, naming frames × rows.
    @Test("the needs of a flight past the row-scan limit are refused before any scan")
    func needsRowScansAreBoundedUpFront() throws {
        let grid = try TileGrid.xyz(level: 12)
        let track = try Track(
            waypoints: [GeoCoordinate(latitude: 0, longitude: 0), GeoCoordinate(latitude: 0, longitude: 1)], on: grid,
            screen: Screen(width: 180_000, height: 1))
        let timing = try FlightTiming(speed: 0.01923, framesPerSecond: 60, turnRate: 90)
        let frames = try track.frames(at: timing)
        #expect(frames.count > 9_000_000)
        let error = stencilError { () throws(StencilError) in try Needs<TileIndex>(track: track, timing: timing) }
        let figures = try #require(Self.tooLarge(error), "\(String(describing: error))")
        #expect(figures.what.hasPrefix("Row scans of the needs"))
        #expect(figures.limit == Double(Needs<TileIndex>.maximumRowScans))
        // 705 rows a frame at most (the 180,000-px diagonal over 256-px tiles, plus 2).
        #expect(figures.value == Double(frames.count) * 705)
        #expect(figures.value > figures.limit)
        let text = error?.description ?? ""
        #expect(text.contains("past the limit of 134217728:") && !text.contains(".0"), "\(text)")
        #expect(text.contains("fewer frames") && text.contains("smaller screen") && text.contains("coarser grid"))
        // The same screen flown for fewer frames is accepted: 1,000 frames × 705 rows is far under the limit.
        let fast = try FlightTiming(speed: 2913 / (1000.0 / 60), framesPerSecond: 60, turnRate: 90)
        #expect(
            Needs<TileIndex>.rowScanEstimate(of: try track.frames(at: fast)) < Double(Needs<TileIndex>.maximumRowScans))
    }

    // MARK: Schedule needs: runs

    /// A footprint of 250 × 250 tiles that jumps its whole width every frame opens 62,500 runs a frame: 401 frames
    /// are 2.5·10⁷ runs, past ``Needs<TileIndex>/maximumRuns`` (2²⁴). The old code stored and numbered 16.8 million runs
    /// (a hash look-up each, on a grid of 2²⁸ tiles) before refusing; now they are counted first, without storing
    /// any, and the refusal says so.
    @Test("needs past the run limit are refused by a count taken before any run is stored")
    func needsRunsAreCountedBeforeTheyAreStored() throws {
        let grid = try TileGrid(columns: 1 << 18, rows: 1 << 10, tileSize: 16)
        let track = try Track(
            start: PixelPoint(x: 10_000, y: 8192), heading: 90, steps: [.straight(length: 2_000_000)], on: grid,
            screen: Screen(width: 4000, height: 4000))
        let timing = try FlightTiming(speed: 300_000, framesPerSecond: 60, turnRate: 90)
        let frames = try track.frames(at: timing)
        #expect(frames.count == 401)
        #expect(Needs<TileIndex>.rowScanEstimate(of: frames) <= Double(Needs<TileIndex>.maximumRowScans))
        let error = stencilError { () throws(StencilError) in try Needs<TileIndex>(frames: frames) }
        let figures = try #require(Self.tooLarge(error), "\(String(describing: error))")
        #expect(figures.what.contains("counted before any is stored"))
        #expect(figures.limit == Double(Needs<TileIndex>.maximumRuns) && figures.value > figures.limit)
        let text = error?.description ?? ""
        #expect(text.contains("past the limit of 16777216:") && !text.contains(".0"), "\(text)")
        // Under the limit the count is exact: 301 frames moving 100 px (6.25 tiles) each, frames × tiles a frame
        // (3.8·10⁷) past the limit so the runs are counted first, and the needs hold exactly that many.
        let short = try Track(
            start: PixelPoint(x: 10_000, y: 8192), heading: 90, steps: [.straight(length: 30_000)], on: grid,
            screen: Screen(width: 4000, height: 4000))
        let shortFrames = try short.frames(at: FlightTiming(speed: 6000, framesPerSecond: 60, turnRate: 90))
        let counted = Needs<TileIndex>.countRuns(of: shortFrames, stoppingPast: Needs<TileIndex>.maximumRuns)
        #expect(counted > 500_000 && counted < Needs<TileIndex>.maximumRuns)
        #expect(try Needs<TileIndex>(frames: shortFrames).runCount == counted)
    }

    // MARK: Great-circle chains

    /// Four great-circle legs of about 3.8·10⁵ chain points each (ε = 0.003 px, a 2000 × 1333 screen): the old code
    /// built the first two chains point by point (seconds of work) and refused the third by its R·Θ/ε alone, a
    /// figure below its own limit ("… is 376389.0, past the limit of 1048576.0"). Now every leg's points are
    /// estimated and summed before any chain is built, and the refusal names the estimated track pieces (2 a
    /// point, 3.0·10⁶), above the limit, as an integer.
    @Test("a great-circle route past the piece limit is refused from the estimate, naming a count above the limit")
    func greatCircleChainsAreEstimatedUpFront() throws {
        let grid = try TileGrid.xyz(level: 4)
        let waypoints = try [(20.0, -60.0), (40.0, 30.0), (20.0, 120.0), (40.0, -150.0), (20.0, -60.0)].map {
            try GeoCoordinate(latitude: $0.0, longitude: $0.1)
        }
        let error = stencilError { () throws(StencilError) in
            try Track(
                waypoints: waypoints, on: grid, screen: Screen(width: 2000, height: 1333), legs: .greatCircle,
                tolerance: 0.003)
        }
        let figures = try #require(Self.tooLarge(error), "\(String(describing: error))")
        #expect(figures.what.contains("estimated up front") && figures.what.contains("over 4 legs"))
        #expect(figures.limit == Double(Track.maximumPieces))
        #expect(figures.value > figures.limit && figures.value == figures.value.rounded())
        let text = error?.description ?? ""
        #expect(text.contains("is \(Int(figures.value)), past the limit of 1048576:"), "\(text)")
        #expect(text.contains("raise the tolerance"))
        // The estimate tracks the chains: each leg alone, built, is within 15% of its estimate.
        let reach = Track.footprintReach(screen: try Screen(width: 2000, height: 1333), lateralBand: 0)
        for leg in 0..<2 {
            let a = waypoints[leg]
            let b = waypoints[leg + 1]
            let from = try grid.pixel(of: a)
            var to = try grid.pixel(of: b)
            to.x = WaypointLegs.unwrap(to.x, next: from.x, width: grid.width)
            let estimate = try GreatCircleChain.estimatedPoints(
                from: a, to: b, pixels: from, to, grid: grid, reach: reach, tolerance: 0.05)
            let built = try GreatCircleChain.points(
                from: a, to: b, pixels: from, to, grid: grid, reach: reach, tolerance: 0.05,
                budget: Track.maximumPieces)
            #expect(abs(Double(built.count) / estimate - 1) < 0.15, "leg \(leg): \(built.count) vs \(estimate)")
        }
    }

    /// Whole numbers in the messages print as integers: 39822, not 39822.0; fractions keep every digit.
    @Test("tooLarge messages print whole numbers as integers")
    func wholeNumbersPrintAsIntegers() {
        let error = StencilError.tooLarge(what: "Things", value: 39822, limit: 1_048_576, advice: "use fewer")
        #expect(error.description == "Things is 39822, past the limit of 1048576: use fewer.")
        #expect(StencilError.format(64.00424) == "64.00424")
        #expect(StencilError.format(-3) == "-3")
        #expect(StencilError.format(1e300) == "1e+300")
    }
}

/// A plan's segment bound ⌈tiles / capacity⌉ was computed as (tiles + capacity − 1) / capacity, which overflows for
/// a capacity near `Int.max`: a budget of `Int.max` bytes at one byte a tile (a scenario with `"bytesPerTile": 1`
/// and no budget) trapped in `BudgetPlan` and in the benchmark's `plan` and `run`.
struct PlanCapacityOverflowTests {
    @Test func aBudgetOfEveryByteAtOneByteATilePlansOneSegment() throws {
        let racetrack = try Racetrack(
            from: GeoCoordinate(latitude: 0, longitude: -147), to: GeoCoordinate(latitude: 0, longitude: -86.25),
            on: .marsViking, screen: Screen(width: 480, height: 320))
        let plan = try BudgetPlan(
            track: Track(racetrack: racetrack), budget: MemoryBudget(bytes: .max),
            format: TextureFormat(bytesPerTile: 1))
        #expect(plan.capacity == Int.max)
        #expect(plan.segmentCount == 1)
        #expect(plan.segments[0].workingSet.count == 94)
    }
}

/// The fuzzer found the preload requested at −w with w = λ + (P − 1)/μ rounded, not nudged like later requests, so
/// fl(−w + λ) could pass the first preloaded completion by an ulp (λ = 1000.5952768795015, μ = 1, P = 130:
/// −w + λ = −128.99999999999989 > −129): a loader following the model delivered the last preloaded tile after take-off.
struct PreloadRoundingTests {
    @Test func everyPreloadedRequestCompletesByItsStatedTime() {
        for latency in [1000.5952768795015, 0.1, 0.3, 7.7, 1e-9, 123_456.789] {
            for interval in [1.0, 0.02, 1.0 / 3, 0.1] {
                let timeline = LoadTimeline(
                    deadlines: [Double](repeating: 0, count: 130), latency: latency, interval: interval)
                #expect(timeline.preloadCount == 130)
                for m in 0..<timeline.preloadCount {
                    #expect(timeline.request[m] + latency <= timeline.completion[m], "λ \(latency), 1/μ \(interval)")
                    #expect(timeline.request[m] == -timeline.takeoffWait)
                }
                #expect(timeline.completion[129] == 0)
            }
        }
    }
}
