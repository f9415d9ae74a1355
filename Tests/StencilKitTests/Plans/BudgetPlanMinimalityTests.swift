import TestSupport
import Testing

@testable import StencilKit

/// The pause policy's segment count is the fewest possible: with k ≤ 4 segments planned, a brute-force search
/// over a fine grid of split positions finds no k − 1 segments that fit. Working sets are built here by culling
/// sampled poses (`FlightLoop.cull`), not by `SegmentPlanner`.
struct BudgetPlanMinimalityTests {
    typealias Support = BudgetPlanSupport

    /// A set of tiles of one flight as bits over the stencil's real tiles.
    struct Bits {
        var words: [UInt64]

        init(count: Int) { words = Array(repeating: 0, count: (count + 63) / 64) }

        init(_ tiles: Set<TileIndex>, index: [TileIndex: Int]) {
            self.init(count: index.count)
            for tile in tiles {
                guard let i = index[tile] else {
                    Issue.record("culled tile \(tile) is not in the stencil")
                    continue
                }
                words[i >> 6] |= 1 << UInt64(i & 63)
            }
        }

        mutating func formUnion(_ other: Bits) {
            for i in words.indices { words[i] |= other.words[i] }
        }

        func union(_ other: Bits) -> Bits {
            var result = self
            result.formUnion(other)
            return result
        }

        var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }
    }

    /// The candidate split grid of a flight and the tiles sampled at each candidate.
    struct Sampled {
        let positions: [Double]
        /// Tiles of both legs' poses at each position, over the band.
        let leg: [Bits]
        /// Tiles of the U-turns at A and at B.
        let startTurn: Bits
        let endTurn: Bits
        /// Tiles of every sample: the whole loop.
        let wholeCount: Int

        /// Candidates every `step` px from 0 to L (L itself always included).
        init(flight: Flight, step: Double) throws {
            let length = flight.route.length
            let n = Int((length / step).rounded(.up))
            positions = (0...n).map { $0 == n ? length : Double($0) * step }
            let stencil = try Stencil(flight: flight)
            var index: [TileIndex: Int] = [:]
            for (i, tile) in stencil.real.enumerated() { index[tile] = i }
            var sampler = Support.Sampler(flight)
            var leg: [Bits] = []
            for s in positions { leg.append(Bits(try sampler.legTiles(at: s), index: index)) }
            self.leg = leg
            // The turns, every 0.25°: a tile the sweep grazes only between two samples (a rectangle's corner
            // passing a tile's corner) can be missed; see `fitting(splits:capacity:confirm:)`.
            startTurn = Bits(try sampler.turnTiles(atEnd: false), index: index)
            endTurn = Bits(try sampler.turnTiles(atEnd: true), index: index)
            var whole = startTurn.union(endTurn)
            for bits in leg { whole.formUnion(bits) }
            wholeCount = whole.count
        }

        /// Some way to split at `splits` of the candidates (0 ≤ i ≤ j ≤ n) into `splits + 1` segments that all
        /// fit `capacity`, or nil. Every choice is tried (a running union makes each one O(1) words).
        ///
        /// Sampling can only undercount (a turn's grazed tile), which could make a split look as if it fit: a
        /// choice that fits by the samples is reported only if `confirm` agrees; otherwise the search goes on.
        func fitting(splits: Int, capacity: Int, confirm: ([Double]) -> Bool) -> [Double]? {
            let n = positions.count - 1
            // prefix[i]: first segment [0, g_i] with the turn at A; suffix[j]: last segment [g_j, L] with the turn at B.
            var prefix: [Int] = []
            var running = startTurn
            for i in 0...n {
                running.formUnion(leg[i])
                prefix.append(running.count)
            }
            var suffix = Array(repeating: 0, count: n + 1)
            running = endTurn
            for j in stride(from: n, through: 0, by: -1) {
                running.formUnion(leg[j])
                suffix[j] = running.count
            }
            switch splits {
            case 0:
                return wholeCount <= capacity && confirm([]) ? [] : nil
            case 1:
                for i in 0...n where prefix[i] <= capacity && suffix[i] <= capacity {
                    if confirm([positions[i]]) { return [positions[i]] }
                }
                return nil
            case 2:
                for i in 0...n where prefix[i] <= capacity {
                    var middle = leg[i]
                    for j in i...n {
                        if j > i { middle.formUnion(leg[j]) }
                        // The middle segment only grows with j: once over capacity no later j fits.
                        if middle.count > capacity { break }
                        if suffix[j] <= capacity && confirm([positions[i], positions[j]]) {
                            return [positions[i], positions[j]]
                        }
                    }
                }
                return nil
            default:
                Issue.record("only up to two splits are searched")
                return nil
            }
        }
    }

    /// Checks the plans of `flight` at every capacity below its stencil, from the largest down, while they have
    /// at most 4 segments (the count only grows as the capacity shrinks): each plan's segments fit, and the
    /// brute force finds no split into one segment fewer. Returns how many plans of each count were checked.
    static func checkMinimal(_ flight: Flight, sampled: Sampled, label: String) throws -> [Int: Int] {
        let stencil = try Stencil(flight: flight)
        // The samples find the whole stencil but for, at worst, a grazed tile in each turn.
        #expect(sampled.wholeCount <= stencil.real.count && sampled.wholeCount >= stencil.real.count - 2, "\(label)")
        // A split the samples find fitting is re-counted by the planner's exact working sets before it counts
        // as a counterexample.
        let planner = try SegmentPlanner(track: Track(racetrack: flight), clipToTerrain: false)
        func exactlyFits(_ splits: [Double], _ capacity: Int) -> Bool {
            let bounds = [0] + splits + [flight.route.length]
            return (0..<(bounds.count - 1)).allSatisfy { i in
                planner.workingSet(bounds[i], bounds[i + 1]).count <= capacity
            }
        }
        var checked: [Int: Int] = [:]
        var previous = 1
        for capacity in stride(from: stencil.real.count - 1, through: 1, by: -1) {
            guard
                let plan = try? BudgetPlan(
                    flight: flight, budget: MemoryBudget(bytes: capacity * 65_536), policy: .pause)
            else { break }
            let k = plan.segmentCount
            #expect(k >= previous, "\(label): fewer segments at a smaller capacity \(capacity)")
            previous = k
            guard k <= 4 else { break }
            #expect(k >= 2, "\(label): one segment for a capacity below the stencil")
            #expect(plan.segments.allSatisfy { $0.workingSet.count <= capacity }, "\(label)")
            // k − 1 segments cannot fit (k − 1 = 1: the stencil itself is over capacity).
            let fewer = sampled.fitting(splits: k - 2, capacity: capacity) { exactlyFits($0, capacity) }
            #expect(
                fewer == nil,
                "\(label): capacity \(capacity) planned \(k) segments at \(plan.splitPositions), but \(k - 1) fit with splits at \(fewer ?? [])"
            )
            checked[k, default: 0] += 1
        }
        return checked
    }

    /// Random short flights at any heading, every 0.5 px of split position.
    @Test func randomShortFlightsUseTheFewestSegments() throws {
        var rng = SplitMix64(seed: 0x000F_E3E5)
        var checked: [Int: Int] = [:]
        var flights = 0
        while flights < 12 {
            let flight = try Support.randomFlight(&rng, length: 200...900, screenSide: 40...170)
            let sampled = try Sampled(flight: flight, step: 0.5)
            flights += 1
            checked.merge(
                try Self.checkMinimal(flight, sampled: sampled, label: "flight \(flights)"), uniquingKeysWith: +)
        }
        #expect(checked[2, default: 0] >= 10)
        #expect(checked[3, default: 0] >= 5)
        print(
            "BudgetPlan minimality, random flights: plans checked by segment count \(checked.sorted { $0.key < $1.key })"
        )
    }

    /// Axis-aligned routes from a tile corner with footprints a whole number of tiles long: every working set
    /// changes exactly at multiples of 128 px, so the 4 px grid holds every event and the cells between; the
    /// furthest split is then a tile event and must be found exactly (stopping a hair short starts the next
    /// segment one tile column early).
    @Test(arguments: [90.0, 270.0, 0.0, 180.0])
    func tileAlignedRoutesUseTheFewestSegments(heading: Double) throws {
        let grid = TileGrid.marsViking
        var checked: [Int: Int] = [:]
        // (screen side in points, zoom, tiles of route): 256 × 256 at 1, and 320 × 320 at 0.4 (128 px).
        let shapes: [(Double, Double, Int)] = [(256, 1, 21), (256, 1, 27), (320, 0.4, 17), (256, 1, 39)]
        for (side, zoom, tiles) in shapes {
            let vertical = heading == 0 || heading == 180
            if vertical && tiles > 27 { continue }  // keep north–south routes on the terrain
            let u = PixelPoint.ahead(heading: heading)
            let length = 128 * Double(tiles)
            // Start on a tile corner so the route's midpoint sits near the equator (y = 2688 = 21 · 128).
            let centre = PixelPoint(x: 5_120, y: 2_688)
            let half = 128 * Double(tiles / 2)
            let start = PixelPoint(x: centre.x - half * u.x, y: centre.y - half * u.y)
            let end = PixelPoint(x: start.x + length * u.x, y: start.y + length * u.y)
            let flight = try Flight(
                route: PixelRoute(start: start, end: end, on: grid),
                screen: Screen(width: side, height: side, scale: zoom))
            #expect(flight.route.length == length)
            let sampled = try Sampled(flight: flight, step: 4)
            let label = "heading \(heading), \(side)×\(side) at \(zoom), \(tiles) tiles"
            checked.merge(try Self.checkMinimal(flight, sampled: sampled, label: label), uniquingKeysWith: +)
        }
        #expect(checked[3, default: 0] >= 3)
        print(
            "BudgetPlan minimality, heading \(heading): plans checked by segment count \(checked.sorted { $0.key < $1.key })"
        )
    }
}
