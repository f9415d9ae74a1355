import TestSupport
import Testing

@testable import StencilKit

/// Flies whole loops frame by frame under a plan, loading and evicting only what the plan's crossings list, and
/// checks every frame's visible tiles are resident and the capacity is never exceeded.
struct BudgetPlanSimulationTests {
    typealias Support = BudgetPlanSupport

    /// What one simulated loop did.
    struct Flown {
        var frames = 0
        var peak = 0
        var loads = 0
        var failures: [String] = []

        mutating func fail(_ message: @autoclosure () -> String) {
            if failures.count < 8 { failures.append(message()) }
        }
    }

    /// Flies one loop of `plan` at `timing`, frame by frame, from A with segment 0's working set resident.
    static func fly(_ plan: BudgetPlan, timing: FlightTiming) throws -> Flown {
        let loop = FlightLoop(track: plan.track)
        let frames = try loop.frames(at: timing)
        let d = plan.track.lateralBand
        var flown = Flown()
        var resident = Set(plan.segments[0].workingSet)
        flown.peak = resident.count
        if resident.count > plan.capacity { flown.fail("initial load \(resident.count) > capacity \(plan.capacity)") }
        var current = 0
        var crossingIndex = 0
        var previous = frames.pose(ofFrame: 0)
        var visible: [VisibleTile] = []
        for k in 0..<frames.count {
            let pose = frames.pose(ofFrame: k)
            let s = loop.alongTrackPosition(of: pose)
            let sPrevious = loop.alongTrackPosition(of: previous)
            let index = plan.segmentIndex(for: pose)
            if !(0..<plan.segmentCount).contains(index) { flown.fail("frame \(k): segment \(index) out of range") }
            while current != index {
                let next = current + (index > current ? 1 : -1)
                guard crossingIndex < plan.crossings.count else {
                    flown.fail("frame \(k): crossing \(current)→\(next) beyond the plan's \(plan.crossings.count)")
                    return flown
                }
                let crossing = plan.crossings[crossingIndex]
                crossingIndex += 1
                if crossing.from != current || crossing.to != next {
                    flown.fail("frame \(k): flew \(current)→\(next) but the plan lists \(crossing.from)→\(crossing.to)")
                }
                // Swaps happen only at split points, and only at the one passed between the two frames.
                let split = plan.splitPositions[Swift.max(current, next) - 1]
                if crossing.position != split { flown.fail("crossing at \(crossing.position), split at \(split)") }
                let outbound = next > current
                let between =
                    outbound
                    ? sPrevious <= crossing.position && crossing.position <= s
                    : s <= crossing.position && crossing.position <= sPrevious
                if !between {
                    flown.fail("frame \(k): crossing at \(crossing.position) not between \(sPrevious) and \(s)")
                }
                let phaseOK =
                    outbound
                    ? [LoopPhase.outbound, .turnAtEnd].contains(pose.phase)
                    : [LoopPhase.inbound, .turnAtStart].contains(pose.phase)
                if !phaseOK { flown.fail("frame \(k): \(outbound ? "outbound" : "inbound") crossing in \(pose.phase)") }
                let load = Set(crossing.load)
                let evict = Set(crossing.evict)
                let leaving = Set(plan.segments[current].workingSet)
                let entering = Set(plan.segments[next].workingSet)
                // A tile both segments hold is never evicted and reloaded.
                if !load.isDisjoint(with: evict) { flown.fail("frame \(k): a tile is both loaded and evicted") }
                if !load.isDisjoint(with: resident) { flown.fail("frame \(k): loading an already resident tile") }
                if !evict.isSubset(of: resident) { flown.fail("frame \(k): evicting a tile not resident") }
                if !leaving.intersection(entering).isDisjoint(with: load.union(evict)) {
                    flown.fail("frame \(k): a tile shared by segments \(current) and \(next) is swapped")
                }
                switch plan.policy {
                case .pause:
                    resident.subtract(evict)
                    flown.peak = Swift.max(flown.peak, resident.count)
                    resident.formUnion(load)
                case .seamless:
                    resident.formUnion(load)
                    flown.peak = Swift.max(flown.peak, resident.count)
                    if resident.count > plan.capacity {
                        flown.fail("frame \(k): \(resident.count) resident during the switch > \(plan.capacity)")
                    }
                    resident.subtract(evict)
                }
                flown.loads += load.count
                flown.peak = Swift.max(flown.peak, resident.count)
                if resident.count > plan.capacity {
                    flown.fail("frame \(k): \(resident.count) resident > capacity \(plan.capacity)")
                }
                if resident != entering { flown.fail("frame \(k): resident set is not segment \(next)'s working set") }
                current = next
            }
            if plan.residentTiles(for: pose) != plan.segments[current].workingSet {
                flown.fail("frame \(k): residentTiles(for:) disagrees with the swaps")
            }
            for offset in d > 0 ? [-d, 0, d] : [0] {
                try loop.cull(pose, lateralOffset: offset, into: &visible)
                for tile in visible where !resident.contains(tile.realTile) {
                    flown.fail(
                        "frame \(k) (\(pose.phase) \(pose.parameter), s = \(s), δ = \(offset)): "
                            + "\(tile.realTile) visible but not resident (segment \(current))")
                }
            }
            previous = pose
            flown.frames += 1
        }
        if crossingIndex != plan.crossings.count {
            flown.fail("only \(crossingIndex) of \(plan.crossings.count) crossings flown")
        }
        if current != 0 { flown.fail("loop ended in segment \(current)") }
        return flown
    }

    static let formats: [TextureFormat] = [.rgba8Tile128, .rgb565Tile128, .rgba8Tile256, .rgb565Tile256]

    @Test(arguments: LoadPolicy.allCases)
    func randomFlightsEveryFrame(policy: LoadPolicy) throws {
        var rng = SplitMix64(seed: policy == .pause ? 0x5EED_B0D6 : 0x5EED_5EA3)
        var totalFrames = 0
        var multiSegment = 0
        var planned = 0
        for flightIndex in 0..<24 {
            let flight = try Support.randomFlight(&rng)
            let stencil = try Stencil(flight: flight)
            let format = Self.formats[rng.int(0...3)]
            // Budgets from the smallest that works (every third flight) up to the whole stencil, leaning towards
            // tight ones; a budget below the smallest is replaced by the smallest its refusal states. Spare bytes
            // short of one more tile check the capacity is floored.
            for budgetIndex in (flightIndex % 3 == 0 ? 0 : 1)..<3 {
                let fraction = budgetIndex == 0 ? -1 : (budgetIndex == 1 ? rng.unit() * rng.unit() : rng.unit())
                var capacity = Swift.max(1, Int(Double(stencil.real.count) * (0.2 + 0.8 * fraction)))
                let bytes = capacity * format.bytesPerTile + rng.int(0...(format.bytesPerTile - 1))
                let (plan, refused) = try Support.planOrMinimum(flight, bytes: bytes, format: format, policy: policy)
                if let minimum = refused {
                    #expect(minimum > capacity && minimum <= stencil.real.count)
                    capacity = minimum
                }
                planned += 1
                #expect(plan.capacity == capacity)
                #expect(plan.policy == policy)
                #expect(plan.segments.first?.range.lower == 0)
                #expect(plan.segments.last?.range.upper == flight.route.length)
                #expect(plan.crossings.count == 2 * (plan.segmentCount - 1))
                for i in plan.segments.indices.dropFirst() {
                    #expect(plan.segments[i].range.lower == plan.segments[i - 1].range.upper)
                    #expect(plan.segments[i].range.lower > plan.segments[i - 1].range.lower)
                }
                if plan.segmentCount > 1 { multiSegment += 1 }
                let speed = rng.uniform(250, 900)
                let timing = try FlightTiming(speed: speed, framesPerSecond: 60, turnRate: rng.uniform(60, 240))
                let flown = try Self.fly(plan, timing: timing)
                totalFrames += flown.frames
                #expect(
                    flown.failures.isEmpty,
                    "flight \(flightIndex) budget \(budgetIndex) (\(plan.segmentCount) segments, capacity \(capacity)): \(flown.failures)"
                )
                #expect(flown.peak <= plan.capacity)
                #expect(flown.peak == plan.peakResidentTiles)
                #expect(plan.peakBytes == plan.peakResidentTiles * format.bytesPerTile)
                #expect(flown.loads == plan.loadsPerLoop)
                #expect(plan.initialLoads == plan.segments[0].workingSet.count)
                #expect(plan.segments.allSatisfy { $0.workingSet.count <= plan.capacity })
            }
        }
        // The seeds must exercise real splitting, not just plans that fit whole.
        #expect(multiSegment >= planned / 2)
        #expect(totalFrames > 20_000)
        print("BudgetPlan simulation (\(policy)): \(planned) plans, \(multiSegment) split, \(totalFrames) frames")
    }

    /// Each segment's working set equals the real tiles culled from densely sampled poses whose along-track
    /// position lies in its range (both legs, the whole band; the end segments with their U-turns).
    @Test(arguments: LoadPolicy.allCases)
    func workingSetsMatchSampledPoses(policy: LoadPolicy) throws {
        var rng = SplitMix64(seed: policy == .pause ? 0xC0FF_EE01 : 0xC0FF_EE02)
        var compared = 0
        for flightIndex in 0..<12 {
            let flight = try Support.randomFlight(&rng)
            let stencil = try Stencil(flight: flight)
            let wanted = Swift.max(1, Int(Double(stencil.real.count) * rng.uniform(0.1, 0.6)))
            let plan = try Support.planOrMinimum(flight, bytes: wanted * 65_536, policy: policy).plan
            var sampler = Support.Sampler(flight)
            var union = Set<TileIndex>()
            for (i, segment) in plan.segments.enumerated() {
                let first = i == 0
                let last = i == plan.segmentCount - 1
                let sampled = try sampler.workingSet(
                    segment.range.lower, segment.range.upper, first: first, last: last)
                let planned = Set(segment.workingSet)
                union.formUnion(planned)
                // Legs sampled this way are exact; a turn sampled every 0.25° can only miss a tile the sweep
                // grazes by less than a thousandth of a pixel.
                #expect(
                    sampled.isSubset(of: planned), "flight \(flightIndex) segment \(i): \(sampled.subtracting(planned))"
                )
                let missing = planned.subtracting(sampled)
                if first || last {
                    #expect(missing.count <= 1, "flight \(flightIndex) segment \(i): \(missing.sorted())")
                } else {
                    #expect(missing.isEmpty, "flight \(flightIndex) segment \(i): \(missing.sorted())")
                }
                #expect(planned.allSatisfy { (0..<flight.grid.columns).contains($0.column) })
                compared += 1
            }
            // Together the segments need exactly the stencil's real tiles.
            #expect(union == Set(stencil.real), "flight \(flightIndex)")
        }
        #expect(compared >= 30)
    }
}
