import TestSupport
import Testing

@testable import StencilKit

/// MODEL.md §5 Budget: presets, capacity, plans that fit whole, hand-worked splits and the refusal error.
struct BudgetPlanTests {
    /// A split lands where the next tile would overlap by more than the grid's tie tolerance (1.3e-7 px on
    /// Mars Viking), so the exact tile line plus at most twice that.
    static let splitTolerance = 2 * TileGrid.marsViking.tieTolerance

    typealias Support = BudgetPlanSupport

    // MARK: Presets and capacity

    @Test func texturePresetsAreBytesPerTile() {
        #expect(TextureFormat.rgba8Tile128.bytesPerTile == 65_536)
        #expect(TextureFormat.rgb565Tile128.bytesPerTile == 32_768)
        #expect(TextureFormat.rgba8Tile256.bytesPerTile == 262_144)
        #expect(TextureFormat.rgb565Tile256.bytesPerTile == 131_072)
        #expect(TextureFormat.rgba8Tile128.description == "65536 bytes per tile")
    }

    @Test func budgetPresetsAndCapacityIsFloored() throws {
        #expect(MemoryBudget.generous.bytes == 27_000_000)
        #expect(MemoryBudget.frugal.bytes == 15_000_000)
        // 27,000,000 / 65,536 = 411.99…; 15,000,000 / 65,536 = 228.88…
        #expect(MemoryBudget.generous.capacity(for: .rgba8Tile128) == 411)
        #expect(MemoryBudget.generous.capacity(for: .rgb565Tile128) == 823)  // 823.97…
        #expect(MemoryBudget.generous.capacity(for: .rgba8Tile256) == 102)  // 102.99…
        #expect(MemoryBudget.generous.capacity(for: .rgb565Tile256) == 205)  // 205.99…
        #expect(MemoryBudget.frugal.capacity(for: .rgba8Tile128) == 228)
        #expect(MemoryBudget.frugal.capacity(for: .rgb565Tile128) == 457)  // 457.76…
        #expect(MemoryBudget.frugal.capacity(for: .rgba8Tile256) == 57)  // 57.22…
        #expect(MemoryBudget.frugal.capacity(for: .rgb565Tile256) == 114)  // 114.44…
        // Exactly at, and one byte short of, a whole number of tiles.
        #expect(try MemoryBudget(bytes: 411 * 65_536).capacity(for: .rgba8Tile128) == 411)
        #expect(try MemoryBudget(bytes: 411 * 65_536 - 1).capacity(for: .rgba8Tile128) == 410)
        #expect(try MemoryBudget(bytes: 0).capacity(for: .rgba8Tile128) == 0)
        #expect(try MemoryBudget(bytes: 65_535).capacity(for: .rgba8Tile128) == 0)
        #expect(try MemoryBudget(bytes: 10).capacity(for: TextureFormat(bytesPerTile: 3)) == 3)
        #expect(try TextureFormat(bytesPerTile: 1).bytesPerTile == 1)
    }

    @Test func invalidBudgetsAndFormatsAreRejected() {
        #expect(throws: StencilError.outOfRange(field: "Memory budget", value: -1, valid: "0 bytes or more")) {
            try MemoryBudget(bytes: -1)
        }
        #expect(throws: StencilError.outOfRange(field: "Bytes per tile", value: 0, valid: "at least 1")) {
            try TextureFormat(bytesPerTile: 0)
        }
        #expect(throws: StencilError.outOfRange(field: "Bytes per tile", value: -65_536, valid: "at least 1")) {
            try TextureFormat(bytesPerTile: -65_536)
        }
    }

    // MARK: When the stencil fits

    /// MODEL.md §6 example 1: 94 tiles, 6,160,384 bytes.
    static func example1() throws -> Flight {
        try Flight(
            from: GeoCoordinate(latitude: 0, longitude: -147), to: GeoCoordinate(latitude: 0, longitude: -86.25),
            on: .marsViking, screen: Screen(width: 480, height: 320))
    }

    static func expectWhole(_ plan: BudgetPlan, _ stencil: Stencil, _ label: String) throws {
        #expect(plan.segmentCount == 1, "\(label)")
        #expect(plan.segments.first?.range == Interval(0, plan.track.pieces[0].length), "\(label)")
        #expect(plan.segments.first?.workingSet == stencil.real, "\(label)")
        #expect(plan.splitPositions.isEmpty, "\(label)")
        #expect(plan.crossings.isEmpty, "\(label)")
        #expect(plan.loadsPerLoop == 0, "\(label)")
        #expect(plan.initialLoads == stencil.real.count, "\(label)")
        #expect(plan.peakResidentTiles == stencil.real.count, "\(label)")
        #expect(plan.peakBytes == stencil.real.count * plan.format.bytesPerTile, "\(label)")
        let loop = FlightLoop(track: plan.track)
        for phase in LoopPhase.allCases {
            for x in [0.0, 0.5, 1.0] {
                let pose = try loop.pose(phase, at: x * (phase.isTurn ? 180 : loop.legLength))
                #expect(plan.segmentIndex(for: pose) == 0, "\(label)")
                #expect(plan.residentTiles(for: pose) == stencil.real, "\(label)")
            }
        }
    }

    @Test(arguments: LoadPolicy.allCases)
    func stencilThatFitsIsOneSegment(policy: LoadPolicy) throws {
        let flight = try Self.example1()
        let stencil = try Stencil(flight: flight)
        #expect(stencil.real.count == 94)
        try Self.expectWhole(try BudgetPlan(flight: flight, budget: .generous, policy: policy), stencil, "generous")
        try Self.expectWhole(try BudgetPlan(flight: flight, budget: .frugal, policy: policy), stencil, "frugal")
        // Exactly the stencil's bytes still fit; one byte less leaves 93 tiles and forces a split.
        let exact = try BudgetPlan(flight: flight, budget: MemoryBudget(bytes: 6_160_384), policy: policy)
        try Self.expectWhole(exact, stencil, "exact")
        let short = try BudgetPlan(flight: flight, budget: MemoryBudget(bytes: 6_160_383), policy: policy)
        #expect(short.capacity == 93)
        #expect(short.segmentCount >= 2)
        #expect(short.peakResidentTiles <= 93)

        // Random flights at exactly their stencil's bytes, in every format.
        var rng = SplitMix64(seed: 0xF175)
        for i in 0..<12 {
            let flight = try Support.randomFlight(&rng)
            let stencil = try Stencil(flight: flight)
            let format = [TextureFormat.rgba8Tile128, .rgb565Tile128, .rgba8Tile256, .rgb565Tile256][i % 4]
            let plan = try BudgetPlan(
                flight: flight, budget: MemoryBudget(bytes: stencil.bytes(for: format)),
                format: format, policy: policy)
            try Self.expectWhole(plan, stencil, "random flight \(i)")
        }
    }

    // MARK: Hand-worked splits

    /// Mars Viking (T = 128 px, 32 px per degree, equator at y = 2688 = 21 · 128), due east along the equator
    /// from A = (−140°, 0°) at pixel (1280, 2688) — the corner of tiles (9…10, 20…21) — on a 256 × 256 screen at
    /// zoom 1, centred, no margin, pivot turns, no band.
    ///
    /// The footprint at along-track s is x ∈ [1152 + s, 1408 + s], y ∈ [2560, 2816]: rows 20 and 21, and
    /// columns ⌊(1152 + s)/128⌋ … ⌈(1408 + s)/128⌉ − 1. A pivot with a centred screen sweeps a disc of radius
    /// 128√2 ≈ 181.02 about the end point; about a tile corner it meets rows 20–21 in four columns (the corner
    /// ±2 tiles: at A columns 8…11) and rows 19 and 22 in the two columns beside the corner (at A 9…10; the
    /// tiles diagonally off, e.g. (8, 19), touch the disc at one point only, which is no area).
    static func dueEast(tiles: Int) throws -> Flight {
        try Flight(
            from: GeoCoordinate(latitude: 0, longitude: -140),
            to: GeoCoordinate(latitude: 0, longitude: -140 + 4 * Double(tiles)),  // 4° = 128 px = one tile
            on: .marsViking, screen: Screen(width: 256, height: 256))
    }

    static func tiles(_ rows: [Int: [ClosedRange<Int>]]) -> Set<TileIndex> { Support.tiles(rows) }

    /// B = (−44°, 0°) at (4352, 2688): L = 3072 px = 24 tiles. Stencil: rows 20–21 columns 8 (disc at A) …
    /// 35 (disc at B) = 2 × 28, plus rows 19 and 22 columns 9–10 and 33–34 = 8: 64 tiles, 4,194,304 bytes.
    ///
    /// Budget 2,250,000 bytes: ⌊2,250,000 / 65,536⌋ = 34 tiles. One split at s:
    /// - first segment [0, s]: rows 20–21 columns 8 … 10 + ⌈s/128⌉, plus 4 → 2(3 + ⌈s/128⌉) + 4 ≤ 34 ⇔ s ≤ 1536;
    /// - last segment [s, L]: rows 20–21 columns 9 + ⌊s/128⌋ … 35, plus 4 → 2(27 − ⌊s/128⌋) + 4 ≤ 34 ⇔ s ≥ 1536.
    /// So the only split is s = 1536 (the route's middle), with 34 tiles on each side:
    /// - segment 0 = rows 20–21: 8…22, rows 19, 22: 9…10;
    /// - segment 1 = rows 20–21: 21…35, rows 19, 22: 33…34;
    /// - shared: rows 20–21 columns 21…22 (the footprint at the split, x ∈ [2688, 2944]) — 4 tiles stay resident;
    /// - outbound at 1536: load rows 20–21: 23…35 and rows 19, 22: 33…34 (30); evict rows 20–21: 8…20 and
    ///   rows 19, 22: 9…10 (30); inbound at 1536 the reverse. 60 loads per loop.
    @Test func dueEastStencilSplitInTwo() throws {
        let flight = try Self.dueEast(tiles: 24)
        #expect(flight.route.start == PixelPoint(x: 1280, y: 2688))
        #expect(flight.route.end == PixelPoint(x: 4352, y: 2688))
        #expect(flight.route.length == 3072)
        let stencil = try Stencil(flight: flight)
        #expect(
            Set(stencil.real)
                == Self.tiles([19: [9...10, 33...34], 20: [8...35], 21: [8...35], 22: [9...10, 33...34]]))
        #expect(stencil.bytes(for: .rgba8Tile128) == 4_194_304)

        let segment0 = Self.tiles([19: [9...10], 20: [8...22], 21: [8...22], 22: [9...10]])
        let segment1 = Self.tiles([19: [33...34], 20: [21...35], 21: [21...35], 22: [33...34]])
        let load = Self.tiles([19: [33...34], 20: [23...35], 21: [23...35], 22: [33...34]])
        let evict = Self.tiles([19: [9...10], 20: [8...20], 21: [8...20], 22: [9...10]])
        #expect(segment0.count == 34 && segment1.count == 34 && load.count == 30 && evict.count == 30)

        do {
            let plan = try BudgetPlan(flight: flight, budget: MemoryBudget(bytes: 2_250_000))
            #expect(plan.capacity == 34)
            #expect(plan.segmentCount == 2)
            guard plan.segmentCount == 2 else { return }
            #expect(abs(plan.splitPositions[0] - 1536) <= Self.splitTolerance)
            #expect(plan.segments[0].range.lower == 0 && plan.segments[1].range.upper == 3072)
            #expect(Set(plan.segments[0].workingSet) == segment0)
            #expect(Set(plan.segments[1].workingSet) == segment1)
            #expect(plan.crossings.count == 2)
            let out = plan.crossings[0]
            let back = plan.crossings[1]
            #expect(out.from == 0 && out.to == 1 && back.from == 1 && back.to == 0)
            #expect(abs(out.position - 1536) <= Self.splitTolerance && back.position == out.position)
            #expect(Set(out.load) == load && Set(out.evict) == evict)
            #expect(Set(back.load) == evict && Set(back.evict) == load)
            #expect(plan.loadsPerLoop == 60)
            #expect(plan.initialLoads == 34)
            #expect(plan.peakResidentTiles == 34)
            #expect(plan.peakBytes == 2_228_224)
            // Poses on either side of the split, both legs.
            let loop = FlightLoop(flight)
            #expect(plan.segmentIndex(for: try loop.pose(.outbound, at: 1535)) == 0)
            #expect(plan.segmentIndex(for: try loop.pose(.outbound, at: 1537)) == 1)
            #expect(plan.segmentIndex(for: try loop.pose(.turnAtEnd, at: 90)) == 1)
            #expect(plan.segmentIndex(for: try loop.pose(.inbound, at: 1535)) == 1)  // s = 1537
            #expect(plan.segmentIndex(for: try loop.pose(.inbound, at: 1537)) == 0)  // s = 1535
            #expect(plan.segmentIndex(for: try loop.pose(.turnAtStart, at: 90)) == 0)
        }
    }

    /// The same route at 32 tiles (2,097,152 bytes), exactly half the 64-tile stencil. Two segments cannot do:
    /// the first needs 2(3 + ⌈s/128⌉) + 4 ≤ 32, s ≤ 1408, the last 2(27 − ⌊s/128⌋) + 4 ≤ 32, s ≥ 1664 — the
    /// footprint at the split is in both, so halves of a stencil never fit half its size. The fewest is three:
    /// - segment 0 = [0, 1408] (the furthest the first reaches): rows 20–21: 8…21, rows 19, 22: 9…10 — 32;
    /// - segment 1 starts at 1408 with column 20 (x = 1152 + 1408 = 2560 = 20 · 128 exactly: column 19 is not
    ///   touched). Without the turn it could run on to B (rows 20–21: 20…34, 30 tiles), but with the turn at B it
    ///   would hold 36, so the greedy split comes just before B (s₂ in (2944, 3072));
    /// - segment 2 = [s₂, 3072] with the turn at B: rows 20–21: 32…35, rows 19, 22: 33…34 — 12.
    /// At 1408: load rows 20–21: 22…34 (26), evict rows 20–21: 8…19 and rows 19, 22: 9…10 (28); rows 20–21
    /// columns 20–21 stay. At s₂: load rows 20–21: 35 and rows 19, 22: 33…34 (6), evict rows 20–21: 20…31 (24).
    @Test func dueEastStencilTwiceTheBudgetNeedsThree() throws {
        let flight = try Self.dueEast(tiles: 24)
        // The plan chosen among the fewest-segment candidates loads no more than the forward-greedy plan
        // worked by hand below (84 a loop), and every segment fits.
        let chosen = try BudgetPlan(flight: flight, budget: MemoryBudget(bytes: 2_097_152))
        #expect(chosen.capacity == 32)
        #expect(chosen.segmentCount == 3)
        #expect(chosen.loadsPerLoop <= 84)
        #expect(chosen.segments.allSatisfy { $0.workingSet.count <= 32 })
        #expect(chosen.segments.allSatisfy { $0.range.upper - $0.range.lower >= 1 })
        // The forward-greedy plan, as worked by hand.
        let planner = try SegmentPlanner(track: Track(racetrack: flight), clipToTerrain: false)
        let splits = try #require(planner.pauseSplits(capacity: 32))
        let plan = BudgetPlan(
            track: Track(racetrack: flight), splits: splits, planner: planner, capacity: 32,
            format: try TextureFormat(grid: flight.grid), policy: .pause)
        #expect(plan.segmentCount == 3)
        guard plan.segmentCount == 3 else { return }
        #expect(abs(plan.splitPositions[0] - 1408) <= Self.splitTolerance)
        #expect(plan.splitPositions[1] > 2944 && plan.splitPositions[1] < 3072)
        let segment0 = Self.tiles([19: [9...10], 20: [8...21], 21: [8...21], 22: [9...10]])
        let segment1 = Self.tiles([20: [20...34], 21: [20...34]])
        let segment2 = Self.tiles([19: [33...34], 20: [32...35], 21: [32...35], 22: [33...34]])
        #expect(Set(plan.segments[0].workingSet) == segment0)
        #expect(Set(plan.segments[1].workingSet) == segment1)
        #expect(Set(plan.segments[2].workingSet) == segment2)
        #expect(plan.segments.map(\.workingSet.count) == [32, 30, 12])
        let first = plan.crossings[0]
        #expect(Set(first.load) == Self.tiles([20: [22...34], 21: [22...34]]))
        #expect(Set(first.evict) == Self.tiles([19: [9...10], 20: [8...19], 21: [8...19], 22: [9...10]]))
        let second = plan.crossings[1]
        #expect(Set(second.load) == Self.tiles([19: [33...34], 20: [35...35], 21: [35...35], 22: [33...34]]))
        #expect(Set(second.evict) == Self.tiles([20: [20...31], 21: [20...31]]))
        #expect(plan.crossings.map { [$0.from, $0.to] } == [[0, 1], [1, 2], [2, 1], [1, 0]])
        #expect(plan.loadsPerLoop == 26 + 6 + 24 + 28)  // out: 26 + 6; back: 24 + 28
        #expect(plan.peakResidentTiles == 32)
    }

    /// B = (16°, 0°) at (6272, 2688): L = 4992 px = 39 tiles, at 34 tiles. Splits at 128a and 128b:
    /// - first: 2(3 + a) + 4 ≤ 34 ⇔ a ≤ 12;
    /// - middle [128a, 128b]: rows 20–21 columns 9 + a … 10 + b → 2(b − a + 2) ≤ 34 ⇔ b ≤ a + 15 ≤ 27;
    /// - last [128b, L]: rows 20–21 columns 9 + b … 50 (B's disc), plus rows 19, 22: 48…49 → 2(42 − b) + 4 ≤ 34
    ///   ⇔ b ≥ 27.
    /// So exactly a = 12, b = 27: splits at 1536 and 3456, every segment exactly 34 tiles:
    /// - segment 0 = rows 20–21: 8…22, rows 19, 22: 9…10;
    /// - segment 1 = rows 20–21: 21…37 (x ∈ [2688, 4864]);
    /// - segment 2 = rows 20–21: 36…50, rows 19, 22: 48…49.
    /// Both splits land on tile events that the bisection does not hit exactly (1536/4992 = 4/13): a split a hair
    /// short of 1536 starts segment 1 at column 20 and forces a fourth segment.
    @Test func dueEastThreeTightSegments() throws {
        let flight = try Self.dueEast(tiles: 39)
        #expect(flight.route.end == PixelPoint(x: 6272, y: 2688))
        let plan = try BudgetPlan(flight: flight, budget: MemoryBudget(bytes: 34 * 65_536))
        #expect(plan.segmentCount == 3)
        guard plan.segmentCount == 3 else { return }
        #expect(abs(plan.splitPositions[0] - 1536) <= Self.splitTolerance)
        #expect(abs(plan.splitPositions[1] - 3456) <= Self.splitTolerance)
        let segments = [
            Self.tiles([19: [9...10], 20: [8...22], 21: [8...22], 22: [9...10]]),
            Self.tiles([20: [21...37], 21: [21...37]]),
            Self.tiles([19: [48...49], 20: [36...50], 21: [36...50], 22: [48...49]]),
        ]
        #expect(plan.segments.map { Set($0.workingSet) } == segments)
        let loads = [
            Self.tiles([20: [23...37], 21: [23...37]]),  // 0 → 1
            Self.tiles([19: [48...49], 20: [38...50], 21: [38...50], 22: [48...49]]),  // 1 → 2
        ]
        let evicts = [
            Self.tiles([19: [9...10], 20: [8...20], 21: [8...20], 22: [9...10]]),
            Self.tiles([20: [21...35], 21: [21...35]]),
        ]
        #expect(plan.crossings.map { Set($0.load) } == [loads[0], loads[1], evicts[1], evicts[0]])
        #expect(plan.crossings.map { Set($0.evict) } == [evicts[0], evicts[1], loads[1], loads[0]])
        #expect(plan.loadsPerLoop == 120)
    }

    // MARK: Refusal

    @Test(arguments: LoadPolicy.allCases)
    func budgetTooSmallStatesAMinimumThatWorks(policy: LoadPolicy) throws {
        var rng = SplitMix64(seed: policy == .pause ? 0xBAD_B0D6 : 0xBAD_5EA3)
        for i in 0..<8 {
            let flight = try Support.randomFlight(&rng, length: 300...1500)
            let format = [TextureFormat.rgba8Tile128, .rgb565Tile128, .rgba8Tile256, .rgb565Tile256][i % 4]
            let bpt = format.bytesPerTile
            let minimum = try Support.minimumTiles(flight, policy: policy, format: format)
            #expect(minimum >= 1)
            // A budget one byte short of the minimum is refused, naming both budgets.
            let short = minimum * bpt - 1
            do {
                _ = try BudgetPlan(flight: flight, budget: MemoryBudget(bytes: short), format: format, policy: policy)
                Issue.record("flight \(i): \(short) bytes accepted below the stated minimum")
            } catch .budgetTooSmall(let budget, let perTile, let capacity, let stated) {
                #expect(budget == short && perTile == bpt && capacity == minimum - 1 && stated == minimum)
                let message = StencilError.budgetTooSmall(
                    budgetBytes: budget, bytesPerTile: perTile, capacity: capacity, minimumTiles: stated
                ).description
                #expect(message.contains("A budget of \(short) bytes"), "\(message)")
                #expect(message.contains("at least \(minimum * bpt) bytes"), "\(message)")
            } catch {
                Issue.record("flight \(i): unexpected \(error)")
            }
            // The stated minimum works.
            let plan = try BudgetPlan(
                flight: flight, budget: MemoryBudget(bytes: minimum * bpt), format: format, policy: policy)
            #expect(plan.capacity == minimum)
            #expect(plan.peakResidentTiles <= minimum)
            if policy == .pause {
                // Fewer tiles than the minimum never work (capacity is monotone for the pause policy).
                #expect(plan.peakResidentTiles == minimum)
                // No capacity below can fit a pose's own tiles: the minimum is at least every sampled position's
                // working set (both legs over the band; each end with its turn).
                var sampler = Support.Sampler(flight)
                let length = flight.route.length
                var largest = try sampler.legTiles(at: 0).union(try sampler.turnTiles(atEnd: false)).count
                largest = max(largest, try sampler.legTiles(at: length).union(try sampler.turnTiles(atEnd: true)).count)
                for j in 0...64 { largest = max(largest, try sampler.legTiles(at: length * Double(j) / 64).count) }
                #expect(minimum >= largest, "flight \(i)")
                let stencil = try Stencil(flight: flight)
                if minimum > 1 {
                    let fewer = (minimum - 1) * bpt
                    #expect(
                        throws: StencilError.budgetTooSmall(
                            budgetBytes: fewer, bytesPerTile: bpt, capacity: minimum - 1, minimumTiles: minimum)
                    ) {
                        try BudgetPlan(flight: flight, budget: MemoryBudget(bytes: fewer), format: format)
                    }
                }
                #expect(minimum <= stencil.real.count)
            } else {
                // A seamless plan also meets the pause policy's capacity, so it can never need less; and since its
                // windows may shrink to the working set of a single point, it never needs more either.
                #expect(minimum == (try Support.minimumTiles(flight, policy: .pause, format: format)), "flight \(i)")
            }
        }
    }

    /// Seamless plans meet the pause minimum: on MODEL.md example 1 (94 tiles, pause minimum 28) a 28-tile budget
    /// gives a seamless plan whose neighbouring working sets fit together, and 27 tiles are refused naming 28.
    @Test func seamlessPlanMeetsThePauseMinimum() throws {
        let flight = try Self.example1()
        let pause = try BudgetPlan(flight: flight, budget: MemoryBudget(bytes: 28 * 65_536), policy: .pause)
        let seamless = try BudgetPlan(flight: flight, budget: MemoryBudget(bytes: 28 * 65_536), policy: .seamless)
        #expect(pause.peakResidentTiles == 28)
        #expect(seamless.segmentCount > pause.segmentCount)
        for crossing in seamless.crossings {
            let union = seamless.segments[crossing.from].workingSet.union(seamless.segments[crossing.to].workingSet)
            #expect(union.count <= 28)
        }
        #expect(seamless.peakResidentTiles <= 28)
        #expect(
            throws: StencilError.budgetTooSmall(
                budgetBytes: 27 * 65_536, bytesPerTile: 65_536, capacity: 27, minimumTiles: 28)
        ) {
            try BudgetPlan(flight: flight, budget: MemoryBudget(bytes: 27 * 65_536), policy: .seamless)
        }
    }

    /// The error's sentence, for one fixed case: the due-east route of 24 tiles needs 12 tiles at B (its disc
    /// and the footprint there), so 11 tiles are refused.
    @Test func refusalMessageNamesBothBudgets() throws {
        let flight = try Self.dueEast(tiles: 24)
        let budget = try MemoryBudget(bytes: 750_000)  // 11 tiles of 65,536 bytes
        #expect(
            throws: StencilError.budgetTooSmall(
                budgetBytes: 750_000, bytesPerTile: 65_536, capacity: 11, minimumTiles: 12)
        ) {
            try BudgetPlan(flight: flight, budget: budget)
        }
        let error = StencilError.budgetTooSmall(
            budgetBytes: 750_000, bytesPerTile: 65_536, capacity: 11, minimumTiles: 12)
        #expect(
            error.description
                == "A budget of 750000 bytes holds 11 tiles of 65536 bytes, but the smallest split of this flight "
                + "needs 12 resident tiles: a budget of at least 786432 bytes would work.")
        let plan = try BudgetPlan(flight: flight, budget: MemoryBudget(bytes: 786_432))
        #expect(plan.capacity == 12)
    }
}
