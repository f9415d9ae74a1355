import Foundation
import Testing

@testable import StencilKit

/// Inputs that used to trap (Int(Double) or integer overflow), exhaust memory or run for seconds: each now gets a
/// typed error whose message says what is valid, or the right answer at once.
///
/// On the code before these fixes most of these tests crash the test process (that is the bug they pin down);
/// the far-apart point bands and the wide footprint exhaust memory or run for minutes rather than trap.
struct TrapRegressionTests {
    /// MODEL.md example 1 (the README's flight), with a band and scale to taste.
    static func example1(band: Double = 0, scale: Double = 1) throws -> Flight {
        try Flight(
            from: GeoCoordinate(latitude: 0, longitude: -147), to: GeoCoordinate(latitude: 0, longitude: -86.25),
            on: .marsViking, screen: Screen(width: 480, height: 320, scale: scale), lateralBand: band)
    }

    static func expectOutOfRange(
        _ error: StencilError?, field: String, mentions fragments: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard case .outOfRange(let f, _, _)? = error else {
            Issue.record(
                "expected outOfRange(\(field)), got \(String(describing: error))", sourceLocation: sourceLocation)
            return
        }
        #expect(f == field, sourceLocation: sourceLocation)
        for fragment in fragments {
            #expect(error!.description.contains(fragment), "“\(error!)”", sourceLocation: sourceLocation)
        }
    }

    // MARK: 1. Frames per loop

    /// A crawl at 10⁻³⁰⁰ px/s made ⌈duration · fps⌉ 2.3·10³⁰⁵ frames, and Int(Double) trapped. Such a speed is now
    /// refused by ``FlightTiming`` itself (see `ExtremeValueTests`); the slowest speed it accepts, 10⁻⁹ px/s, still
    /// makes far too many frames.
    @Test func framesPerLoopAreBounded() throws {
        let loop = FlightLoop(try Self.example1())
        // 2 × 1944 px at 10⁻⁹ px/s plus two 2-s pivots: 3,888,000,000,004 s, 233,280,000,000,240 frames at 60 fps.
        Self.expectOutOfRange(
            stencilError { () throws(StencilError) in try loop.frames(at: FlightTiming(speed: 1e-9)) },
            field: "Frames (track duration × frame rate)", mentions: ["233280000000240", "at most 10000000"])
        // Finite but too many: 1944 px a leg at 1e-3 px/s is 3.9 million s, 233 million frames at 60 fps.
        Self.expectOutOfRange(
            stencilError { () throws(StencilError) in try loop.frames(at: FlightTiming(speed: 1e-3)) },
            field: "Frames (track duration × frame rate)")
        // The extremes of every rate together: 3.888·10¹² s at 10¹² frames per second, 3.888·10²⁴ frames.
        Self.expectOutOfRange(
            stencilError { () throws(StencilError) in
                try loop.frames(at: FlightTiming(speed: 1e-9, framesPerSecond: 1e12, turnRate: 1e-9))
            },
            field: "Frames (track duration × frame rate)", mentions: ["e+24"])
        // Up to the limit is fine: 12 s at 10 fps is 120 frames.
        #expect(try loop.frames(at: FlightTiming(speed: 486, framesPerSecond: 10)).count == 120)
        #expect(FrameSequence.maximumCount == 10_000_000)
    }

    // MARK: 2. PointIndex

    /// Points whose band ⌊y / bandHeight⌋ does not fit used to trap in Int(Double).
    @Test func pointIndexRefusesBandsPastTwoToThe52() throws {
        Self.expectOutOfRange(
            stencilError { () throws(StencilError) in
                try PointIndex(points: [PixelPoint(x: 0, y: 1e300)], grid: .marsViking)
            }, field: "Point y", mentions: ["1e+300", "2⁵² band heights"])
        Self.expectOutOfRange(
            stencilError { () throws(StencilError) in
                try PointIndex(points: [PixelPoint(x: 0, y: 1)], grid: .marsViking, bandHeight: 1e-300)
            }, field: "Point y", mentions: ["1e-300"])
        // Just inside the limit is accepted.
        let far = try PointIndex(points: [PixelPoint(x: 5, y: -0x1p51 * 128)], grid: .marsViking)
        #expect(far.count == 1)
    }

    /// Points far apart in y used to allocate one entry per empty band between them (10¹² / 128 of them here).
    @Test func pointIndexStoresOnlyBandsThatHoldPoints() throws {
        let points = [PixelPoint(x: 10, y: 0), PixelPoint(x: 20, y: 1e12), PixelPoint(x: 30, y: -1e11)]
        let index = try PointIndex(points: points, grid: .marsViking)
        #expect(index.count == 3)
        for (i, p) in points.enumerated() {
            let f = Footprint(origin: p, heading: 90, along: Interval(-1, 1), across: Interval(-1, 1))
            #expect(try index.count(in: f) == 1)
            var found: [Int] = []
            try index.forEachPoint(in: f) { j, _ in found.append(j) }
            #expect(found == [i])
        }
        let between = Footprint(
            origin: PixelPoint(x: 100, y: 5e11), heading: 90, along: Interval(-50, 50), across: Interval(-4e11, 4e11))
        #expect(try index.count(in: between) == 0)
    }

    /// A footprint at y = 10³⁰ used to trap converting its band range to Int; one far outside the world in x
    /// trapped converting its world copies.
    @Test func pointQueriesRefuseFootprintsPastTheMaximumExtent() throws {
        let index = try PointIndex(points: [PixelPoint(x: 10, y: 10)], grid: .marsViking)
        for origin in [PixelPoint(x: 0, y: 1e30), PixelPoint(x: -1e30, y: 0), PixelPoint(x: .nan, y: 0)] {
            let f = Footprint(origin: origin, heading: 0, along: Interval(-1, 1), across: Interval(-1, 1))
            let field = origin.y == 0 ? "Footprint corner x" : "Footprint corner y"
            Self.expectOutOfRange(
                stencilError { () throws(StencilError) in try index.count(in: f) }, field: field,
                mentions: ["1099511627776"])
            Self.expectOutOfRange(
                stencilError { () throws(StencilError) in try index.forEachPoint(in: f) { _, _ in } }, field: field)
        }
        // Within the extent, far from every point: nothing, at once.
        let empty = Footprint(
            origin: PixelPoint(x: 0, y: 1e12), heading: 0, along: Interval(-1, 1), across: Interval(-1, 1))
        #expect(try index.count(in: empty) == 0)
    }

    /// A footprint 2³⁰ worlds wide used to search every world copy in every band (minutes); beyond 2²⁰ world
    /// widths the query is refused, and up to it a band's whole copies are counted at once.
    @Test func pointQueriesOverManyWorldCopies() throws {
        let grid = try TileGrid.xyz(level: 0)  // 256 px wide
        var points: [PixelPoint] = []
        for i in 0..<1000 { points.append(PixelPoint(x: 0.5 + Double(i % 255), y: 30 + 0.19 * Double(i))) }
        let index = try PointIndex(points: points, grid: grid, bandHeight: 0.1)
        let tooWide = Footprint(
            origin: PixelPoint(x: 0, y: 128), heading: 90, along: Interval(0, 0x1p38), across: Interval(-100, 100))
        Self.expectOutOfRange(
            stencilError { () throws(StencilError) in try index.count(in: tooWide) }, field: "Footprint width in px",
            mentions: ["1048576 world widths"])
        // x ∈ [0, 2²⁸] holds each point's copies k = 0 … 2²⁰ − 1 (x + 256k with 0 < x < 256).
        let widest = Footprint(
            origin: PixelPoint(x: 0, y: 128), heading: 90, along: Interval(0, 0x1p28), across: Interval(-100, 100))
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try index.count(in: widest) == 1000 << 20)
        #expect(clock.now - start < .seconds(5))
    }

    // MARK: 3–4. Byte counts

    /// The refusal's message multiplied minimum × bytes per tile and overflowed.
    @Test func budgetTooSmallMessageSurvivesHugeTextures() throws {
        let error = StencilError.budgetTooSmall(budgetBytes: 0, bytesPerTile: 1 << 62, capacity: 0, minimumTiles: 94)
        #expect(error.description.contains("more than Int.max (\(Int.max)) bytes"))
        #expect(error.description.contains("94 resident tiles"))
        let format = try TextureFormat(bytesPerTile: 1 << 62)
        let flight = try Self.example1()
        let planError = stencilError { () throws(StencilError) in
            try BudgetPlan(flight: flight, budget: MemoryBudget(bytes: 0), format: format)
        }
        guard case .budgetTooSmall(let budget, let perTile, let capacity, let minimum)? = planError else {
            Issue.record("expected budgetTooSmall, got \(String(describing: planError))")
            return
        }
        #expect(budget == 0 && perTile == 1 << 62 && capacity == 0)
        #expect(minimum >= 2)
        #expect(planError!.description.contains("more than Int.max"))
    }

    /// Stencil bytes used to be count × bytes per tile with no overflow check; they now saturate at Int.max.
    @Test func byteCountsSaturate() throws {
        let stencil = try Stencil(flight: Self.example1())
        #expect(stencil.bytes(for: try TextureFormat(bytesPerTile: Int.max)) == Int.max)
        #expect(stencil.bytes(for: try TextureFormat(bytesPerTile: 1 << 62)) == Int.max)
        #expect(stencil.bytes(for: .rgba8Tile128) == 94 * 65_536)
        // A plan's peak never exceeds its capacity, so its bytes fit the budget; at the largest format they are
        // exactly Int.max.
        let tiny = try Flight(
            route: PixelRoute(start: PixelPoint(x: 10, y: 10), end: PixelPoint(x: 20, y: 10), on: .marsViking),
            screen: Screen(width: 1, height: 1))
        let plan = try BudgetPlan(
            flight: tiny, budget: MemoryBudget(bytes: Int.max), format: TextureFormat(bytesPerTile: Int.max))
        #expect(plan.peakResidentTiles == 1)
        #expect(plan.peakBytes == Int.max)
    }

    // MARK: 6. TileSet

    /// Membership of a row far from every stored row used to overflow in `row − firstRow`.
    @Test func tileSetMembershipOfExtremeRows() {
        let set = TileSet([TileIndex(column: 0, row: 0), TileIndex(column: 3, row: 5)])
        for row in [Int.min, Int.min + 1, -1, 1, 4, 6, Int.max] {
            #expect(!set.contains(TileIndex(column: 0, row: row)))
            #expect(set.spans(inRow: row).isEmpty)
        }
        #expect(set.contains(TileIndex(column: 0, row: 0)) && set.contains(TileIndex(column: 3, row: 5)))
        #expect(!TileSet.empty.contains(TileIndex(column: 0, row: Int.min)))
    }

    /// Rows far apart used to allocate one row start per row between them (and trap reserving Int.max + 2).
    @Test func tileSetStoresOnlyRowsThatHoldTiles() {
        let tiles = [
            TileIndex(column: 0, row: Int.max), TileIndex(column: 0, row: 0), TileIndex(column: 7, row: Int.min),
            TileIndex(column: 1, row: 1 << 40),
        ]
        let set = TileSet(tiles)
        #expect(set.count == 4)
        #expect(set.tiles == tiles.sorted())
        #expect(set.rows == Int.min...Int.max)
        #expect(set.firstRow == Int.min)
        for tile in tiles { #expect(set.contains(tile)) }
        #expect(!set.contains(TileIndex(column: 1, row: 0)))
        #expect(set.spans(inRow: 1 << 40).map(\.first) == [1])
        #expect(set.subtracting(TileSet([TileIndex(column: 0, row: 0)])).count == 3)
        #expect(set.intersection(TileSet([TileIndex(column: 7, row: Int.min)])).tiles == [tiles[2]])
    }

    /// Runs ending at Int.max used to overflow in the merge (`last + 1`) and in subtracting (`cut.last + 1`).
    @Test func tileSetRunsAtTheEndsOfInt() {
        let high = TileSet(spans: [
            ColumnSpan(row: 0, first: Int.max - 2, last: Int.max), ColumnSpan(row: 0, first: Int.max, last: Int.max),
            ColumnSpan(row: 0, first: Int.max - 5, last: Int.max - 3),
        ])
        #expect(high.spans == [ColumnSpan(row: 0, first: Int.max - 5, last: Int.max)])
        #expect(high.count == 6)
        let cut = high.subtracting(TileSet(spans: [ColumnSpan(row: 0, first: Int.max - 1, last: Int.max)]))
        #expect(cut.spans == [ColumnSpan(row: 0, first: Int.max - 5, last: Int.max - 2)])
        #expect(high.subtracting(high).isEmpty)
        let low = TileSet(spans: [ColumnSpan(row: 0, first: Int.min, last: Int.min + 1)])
        #expect(
            low.subtracting(TileSet([TileIndex(column: Int.min, row: 0)])).tiles == [
                TileIndex(column: Int.min + 1, row: 0)
            ])
        #expect(low.union(high).count == 8)
        // A run with last < first is empty.
        #expect(TileSet(spans: [ColumnSpan(row: 0, first: 5, last: 4)]).isEmpty)
    }

    // MARK: 7. Footprints past the maximum extent

    /// A hand-made pose far away used to trap in Int(Double) while culling.
    @Test func cullRefusesPosesPastTheMaximumExtent() throws {
        let loop = FlightLoop(try Self.example1())
        var tiles: [VisibleTile] = []
        for position in [PixelPoint(x: 1e22, y: 0), PixelPoint(x: 0, y: -0x1p41)] {
            let pose = Pose(phase: .outbound, parameter: 0, position: position, heading: 90)
            Self.expectOutOfRange(
                stencilError { () throws(StencilError) in try loop.cull(pose, into: &tiles) },
                field: "Footprint reach of the pose (position, screen × scale, band and turns, in px)",
                mentions: ["1099511627776"])
            Self.expectOutOfRange(
                stencilError { () throws(StencilError) in try loop.footprint(of: pose) },
                field: "Footprint reach of the pose (position, screen × scale, band and turns, in px)")
        }
        let nan = Pose(phase: .outbound, parameter: 0, position: PixelPoint(x: 0, y: 0), heading: .nan)
        let nanError = stencilError { () throws(StencilError) in try loop.cull(nan, into: &tiles) }
        guard case .nonFinite("Pose heading", _)? = nanError else {
            Issue.record("a NaN heading must be refused")
            return
        }
        // The loop's own poses are fine.
        try loop.cull(try loop.pose(.outbound, at: 0), into: &tiles)
        #expect(!tiles.isEmpty)
    }

    /// The flight's extent check used the largest screen extent, but a corner at 45° reaches √2 further.
    @Test func flightExtentUsesTheHalfDiagonal() throws {
        // Tiles of 2⁴⁰ px, so the footprint stays a handful of tiles and only the extent is at stake.
        let grid = try TileGrid(columns: 1, rows: 1, tileSize: 1 << 40)
        let route = try PixelRoute(start: PixelPoint(x: 0, y: 0), end: PixelPoint(x: 100, y: 0), on: grid)
        // Half extents 0.75·2⁴⁰ px: within 2⁴⁰ along either axis, but the half-diagonal is 1.06·2⁴⁰.
        let side = 1.5 * Flight.maximumExtent
        let big = try Screen(width: side, height: side)
        Self.expectOutOfRange(
            stencilError { () throws(StencilError) in try Flight(route: route, screen: big) },
            field: "Footprint reach of the racetrack (position, screen × scale, band and turns, in px)")
        // 0.7·2⁴⁰ on each axis: half-diagonal 0.99·2⁴⁰ fits.
        let fitting = 1.4 * Flight.maximumExtent
        let fits = try Flight(route: route, screen: Screen(width: fitting, height: fitting))
        let loop = FlightLoop(fits)
        let pose = Pose(phase: .outbound, parameter: 0, position: PixelPoint(x: 0, y: 0), heading: 45)
        #expect(throws: Never.self) { try loop.footprint(of: pose) }
    }

    // MARK: 8. Footprint heading

    /// `heading` was a `var` while `ahead` and `right` were cached from it: setting it left them stale.
    @Test func footprintHeadingIsConstant() {
        #expect(!((\Footprint.heading as AnyKeyPath) is WritableKeyPath<Footprint, Double>))
        let f = Footprint(origin: .zero, heading: 90, along: Interval(0, 1), across: Interval(0, 1))
        #expect(f.ahead == PixelPoint.ahead(heading: 90) && f.right == PixelPoint.right(heading: 90))
    }

    // MARK: 9. Rows past the terrain found first

    /// A 2·10⁴ px band on example 1 sweeps 300 rows; clipped, the stencil used to scan them all, and unclipped it
    /// scanned them all only to refuse. Now the terrain rows are found from the bounds first. (A 2·10⁵ px band is
    /// refused when the flight is made: the band counts in the per-frame tile limit.)
    @Test func rowsPastTheTerrainAreFoundBeforeScanning() throws {
        #expect(throws: StencilError.self) { try Self.example1(band: 2e5) }
        let flight = try Self.example1(band: 2e4)
        let clock = ContinuousClock()
        var start = clock.now
        let clipped = try Stencil(flight: flight, clipToTerrain: true)
        #expect(clock.now - start < .seconds(5))
        #expect(clipped.isClipped)
        #expect(clipped.tileCount == TileGrid.marsViking.tileCount)
        #expect(clipped.unwrapped.rows == 0...41)

        start = clock.now
        let error = stencilError { () throws(StencilError) in try Stencil(flight: flight) }
        #expect(clock.now - start < .seconds(5))
        guard case .leavesTerrain(let rows, 42, let latitude, _)? = error else {
            Issue.record("expected leavesTerrain, got \(String(describing: error))")
            return
        }
        // The exact rows by the positive-area rule: the pivot disc about A reaches y = 2688 − √(160² + 20240²)
        // = −17552.63 px, in row −138.
        let top = 2688 - (160.0 * 160 + 20240 * 20240).squareRoot()
        #expect(rows == -138 ... -1)
        #expect(abs(latitude - TileGrid.marsViking.latitude(atPixelY: top)) < 1e-6)
        // The plan refuses it as quickly (it checks the stencil too).
        start = clock.now
        #expect(throws: StencilError.self) { try BudgetPlan(flight: flight, budget: .generous) }
        #expect(clock.now - start < .seconds(5))
    }
}

/// A scale that makes one frame cover millions of tiles is refused when the flight is made, not drawn.
struct FootprintSizeLimitTests {
    @Test func hugeZoomIsRefusedNamingTheLimit() throws {
        let a = try GeoCoordinate(latitude: 0, longitude: -147)
        let b = try GeoCoordinate(latitude: 0, longitude: -86.25)
        let screen = try Screen(width: 480, height: 320, scale: 1e6)
        do {
            _ = try Flight(from: a, to: b, on: .marsViking, screen: screen)
            Issue.record("a 4.8e8 px footprint was accepted")
        } catch {
            guard case .tooLarge(let field, _, let limit, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(field.contains("Footprint size in tiles"))
            #expect(limit == Double(Flight.maximumTilesPerFrame))
        }
        // A generous scale still works: 480 × 320 at scale 100 is about 350 × 350 tiles of 128 px.
        _ = try Flight(from: a, to: b, on: .marsViking, screen: try Screen(width: 480, height: 320, scale: 100))
    }
}
