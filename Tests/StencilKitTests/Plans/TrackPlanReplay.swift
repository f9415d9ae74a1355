import Foundation

@testable import StencilKit

/// What a plan of a track says, copied into plain values so that the replay can also be run on deliberately broken
/// copies (the checks must catch them).
struct PlanView {
    struct Crossing {
        var position: Double
        var from: Int, to: Int
        var load: Set<TileIndex>
        var evict: Set<TileIndex>
    }

    var capacity: Int
    var budgetBytes: Int
    var bytesPerTile: Int
    var policy: LoadPolicy
    var closure: TrackClosure
    var length: Double
    var ranges: [(lower: Double, upper: Double)]
    var workingSets: [Set<TileIndex>]
    var crossings: [Crossing]
    var splitPositions: [Double]
    var peakTiles: Int
    var peakBytes: Int
    var loadsPerLoop: Int
    var initialLoads: Int

    init(_ plan: BudgetPlan, budgetBytes: Int) {
        capacity = plan.capacity
        self.budgetBytes = budgetBytes
        bytesPerTile = plan.format.bytesPerTile
        policy = plan.policy
        closure = plan.track.closure
        length = plan.track.length
        ranges = plan.segments.map { ($0.range.lower, $0.range.upper) }
        workingSets = plan.segments.map { Set($0.workingSet) }
        crossings = plan.crossings.map {
            Crossing(position: $0.position, from: $0.from, to: $0.to, load: Set($0.load), evict: Set($0.evict))
        }
        splitPositions = plan.splitPositions
        peakTiles = plan.peakResidentTiles
        peakBytes = plan.peakBytes
        loadsPerLoop = plan.loadsPerLoop
        initialLoads = plan.initialLoads
    }
}

/// Flies a plan of a track (MODEL.md §5, §7) pose by pose against ``TrackPlanOracle``, in flying order, loading and
/// evicting only what the plan's crossings list, and checks:
/// - the segments cover [0, length] in order without gaps, each of positive length, split points between them;
///   crossings at every split in flying order (and, on a loop, from the last segment back to the first at the end);
/// - every sampled pose's required tiles are resident when it is flown and lie in every segment whose closed range
///   holds its arc length (both at a split); no working set holds a tile no sample of its segment reaches;
/// - at each crossing: nothing both loaded and evicted, nothing loaded twice, only resident tiles evicted, and the
///   resident set afterwards is exactly the next working set; under `seamless` the set resident during the switch
///   (old set plus loads) holds every pose of both segments and fits the capacity;
/// - the peak resident count (and bytes) matches the plan's and fits the capacity and the budget;
/// - under `pause`, the fewest segments: the oracle's own greedy over the samples gives a lower bound on any plan's
///   segment count (below), which the plan must meet, and no two neighbouring segments could be merged.
///
/// The lower bound: u₀ = 0, and u_{i+1} the first sampled arc length with the required tiles of the samples in
/// [u_i, u_{i+1}] over the capacity. Sampled tiles are real tiles, so no segment starting at or after u_i reaches
/// u_{i+1}; by induction the i-th split of any plan lies before u_i (working sets only grow with the interval), so
/// every plan has more than m segments when u_m ≤ length.
enum TrackPlanReplay {
    struct Report {
        var problems: [String] = []
        var samples = 0
        var peak = 0
        var loads = 0
        /// The oracle's lower bound on the segment count at this capacity (nil when the samples show no plan fits).
        var lowerBound: Int?
        /// On a loop of several segments: whether the last and first segments would fit as one (a plan wrapping
        /// across the start could then have one segment fewer).
        var wrapMergeFits = false

        mutating func fail(_ message: @autoclosure () -> String) {
            if problems.count < 12 { problems.append(message()) }
        }
    }

    /// Distances past each split at which extra poses are sampled, so the oracle's greedy sees a working set
    /// grow right where the plan's did.
    static let pastSplit: [Double] = [0, 2e-6, 1e-4, 1e-2, 0.25, 2, 8]

    static func replay(_ plan: PlanView, oracle: inout TrackPlanOracle) -> Report {
        var report = Report()
        let k = plan.ranges.count
        let length = plan.length
        let loop = plan.closure == .loop
        checkStructure(plan, &report)
        guard k > 0, plan.workingSets.count == k else { return report }
        // A plan round a loop's circle: its first segment runs from its last split (less the length) through 0.
        let wraps = plan.ranges[0].lower < 0
        let wrapCrossing = loop && k > 1 && !wraps

        // The samples: the whole track, and poses at and just past every split.
        var extra: [Double] = []
        for split in plan.splitPositions { extra += pastSplit.map { split + $0 } }
        let samples = oracle.samples(adding: extra)
        report.samples = samples.count
        let universe = oracle.tiles.count

        func marks(_ tiles: Set<TileIndex>, _ what: String) -> [Bool] {
            var bits = [Bool](repeating: false, count: universe)
            for tile in tiles {
                if let id = oracle.id(of: tile) {
                    bits[Int(id)] = true
                } else {
                    report.fail("\(what): \(tile) is reached by no sample")
                }
            }
            return bits
        }
        let sets = plan.workingSets.enumerated().map { marks($0.element, "working set \($0.offset)") }
        // Samples are in flying order, so arc lengths never decrease: each closed interval is a run of them.
        func run(_ lower: Double, _ upper: Double) -> Range<Int> {
            let from = firstIndex(samples) { $0.arcLength >= lower }
            return from..<max(from, firstIndex(samples) { $0.arcLength > upper })
        }
        // Each segment's samples: one run, or two for a wrapping first segment (the lap's end and its start).
        let runs: [[Range<Int>]] = plan.ranges.enumerated().map { i, range in
            guard wraps && i == 0 else { return [run(range.lower, range.upper)] }
            return [run(range.lower + length, length), run(0, range.upper)]
        }
        func segmentSamples(_ i: Int) -> [TrackPlanOracle.Sample] { runs[i].flatMap { Array(samples[$0]) } }

        for i in 0..<k {
            // No working set holds a tile that none of its samples (grown by the sampling tolerance) reaches.
            var reached = [Bool](repeating: false, count: universe)
            for sample in segmentSamples(i) {
                for id in sample.allowed { reached[Int(id)] = true }
            }
            let extras = plan.workingSets[i].filter { tile in oracle.id(of: tile).map { !reached[Int($0)] } ?? true }
            if !extras.isEmpty {
                report.fail(
                    "segment \(i) \(plan.ranges[i]) holds tiles no pose of it shows: \(extras.sorted().prefix(6))")
            }
            // Every pose's tiles lie in every segment holding its arc length.
            for sample in segmentSamples(i) {
                for id in sample.required where !sets[i][Int(id)] {
                    report.fail(
                        "pose (piece \(sample.piece), parameter \(sample.parameter), s = \(sample.arcLength)) needs "
                            + "\(oracle.tiles[Int(id)]), missing from segment \(i) \(plan.ranges[i])")
                }
            }
        }

        // The flight, in flying order.
        var resident = plan.workingSets[0]
        var residentMarks = sets[0]
        var peak = resident.count
        var loads = 0
        var current = 0
        var crossingIndex = 0
        if resident.count != plan.initialLoads { report.fail("initial loads \(plan.initialLoads) ≠ \(resident.count)") }

        func cross(to next: Int, at position: Double, context: String) {
            defer {
                current = next
                resident = plan.workingSets[next]
                residentMarks = sets[next]
            }
            guard crossingIndex < plan.crossings.count else {
                report.fail("\(context): crossing \(current)→\(next) is not in the plan")
                return
            }
            let crossing = plan.crossings[crossingIndex]
            crossingIndex += 1
            if crossing.from != current || crossing.to != next {
                report.fail("\(context): flew \(current)→\(next), the plan lists \(crossing.from)→\(crossing.to)")
            }
            if crossing.position != position {
                report.fail("\(context): crossing at \(crossing.position), the split is at \(position)")
            }
            if !crossing.load.isDisjoint(with: crossing.evict) { report.fail("\(context): a tile loaded and evicted") }
            if !crossing.load.isDisjoint(with: resident) { report.fail("\(context): loads a resident tile") }
            if !crossing.evict.isSubset(of: resident) { report.fail("\(context): evicts a tile not resident") }
            switch plan.policy {
            case .pause:
                resident.subtract(crossing.evict)
                peak = max(peak, resident.count)
                resident.formUnion(crossing.load)
            case .seamless:
                // Loads first, evictions after: during the switch both segments are flown from this set.
                let during = resident.union(crossing.load)
                peak = max(peak, during.count)
                if during.count > plan.capacity {
                    report.fail("\(context): \(during.count) resident during the switch > capacity \(plan.capacity)")
                }
                let bits = marks(during, "\(context) switch")
                for sample in segmentSamples(current) + segmentSamples(next) {
                    if let id = sample.required.first(where: { !bits[Int($0)] }) {
                        report.fail(
                            "\(context): s = \(sample.arcLength) needs \(oracle.tiles[Int(id)]) during the switch")
                        break
                    }
                }
                resident = during.subtracting(crossing.evict)
            }
            loads += crossing.load.count
            peak = max(peak, resident.count)
            let entering = plan.workingSets[next]
            if resident != entering {
                report.fail(
                    "\(context): resident after the swaps is not segment \(next)'s working set "
                        + "(\(resident.subtracting(entering).count) extra, \(entering.subtracting(resident).count) short)"
                )
            }
        }

        var wrapped = false
        for sample in samples {
            while !wrapped && current < k - 1 && sample.arcLength > plan.ranges[current].upper {
                cross(to: current + 1, at: plan.ranges[current].upper, context: "split \(current)→\(current + 1)")
            }
            if wraps && !wrapped && current == k - 1 && sample.arcLength > plan.ranges[k - 1].upper {
                cross(to: 0, at: plan.ranges[k - 1].upper, context: "split \(k - 1)→0 round the circle")
                wrapped = true
            }
            let range = plan.ranges[current]
            let s =
                wraps && current == 0 && sample.arcLength > range.upper ? sample.arcLength - length : sample.arcLength
            if !(range.lower <= s && s <= range.upper) {
                report.fail("pose at s = \(sample.arcLength) flown in segment \(current) \(plan.ranges[current])")
            }
            if let id = sample.required.first(where: { !residentMarks[Int($0)] }) {
                report.fail(
                    "pose (piece \(sample.piece), parameter \(sample.parameter), s = \(sample.arcLength)): "
                        + "\(oracle.tiles[Int(id)]) visible but not resident (segment \(current))")
            }
        }
        if current != (wraps ? 0 : k - 1) { report.fail("the flight ended in segment \(current) of \(k)") }
        if wrapCrossing { cross(to: 0, at: length, context: "lap end \(k - 1)→0") }
        if crossingIndex != plan.crossings.count {
            report.fail("only \(crossingIndex) of \(plan.crossings.count) crossings flown")
        }
        if loop, let first = samples.first, let last = samples.last, Set(first.required) != Set(last.required) {
            report.fail("a loop's last pose shows other tiles than its first")
        }
        report.peak = peak
        report.loads = loads
        if peak != plan.peakTiles { report.fail("replayed peak \(peak) ≠ the plan's \(plan.peakTiles)") }
        if peak > plan.capacity { report.fail("peak \(peak) > capacity \(plan.capacity)") }
        if plan.peakBytes != peak * plan.bytesPerTile || plan.peakBytes > plan.budgetBytes {
            report.fail("peak bytes \(plan.peakBytes): \(peak) × \(plan.bytesPerTile), budget \(plan.budgetBytes)")
        }
        if loads != plan.loadsPerLoop {
            report.fail("replayed \(loads) loads a lap, the plan says \(plan.loadsPerLoop)")
        }

        checkFewest(plan, samples: samples, runs: runs, oracle: &oracle, &report)
        return report
    }

    /// The segments cover [0, length] in order, each of positive length, with the split points between them and a
    /// crossing at each (one more on a loop of several segments).
    static func checkStructure(_ plan: PlanView, _ report: inout Report) {
        let k = plan.ranges.count
        if plan.capacity != plan.budgetBytes / plan.bytesPerTile {
            report.fail("capacity \(plan.capacity) ≠ ⌊\(plan.budgetBytes) / \(plan.bytesPerTile)⌋")
        }
        guard k > 0, plan.workingSets.count == k else {
            report.fail("\(k) ranges, \(plan.workingSets.count) working sets")
            return
        }
        let wraps = plan.ranges[0].lower < 0
        if wraps {
            // Round a loop's circle: the first segment starts where the last ends, a lap earlier.
            if plan.closure != .loop || k < 2 { report.fail("a \(plan.closure) plan of \(k) wraps round") }
            if plan.ranges[0].lower != plan.ranges[k - 1].upper - plan.length || plan.ranges[k - 1].upper >= plan.length
            {
                report.fail("the wrapping segment \(plan.ranges[0]) does not start where \(plan.ranges[k - 1]) ends")
            }
        } else {
            if plan.ranges[0].lower != 0 { report.fail("the first segment starts at \(plan.ranges[0].lower), not 0") }
            if plan.ranges[k - 1].upper != plan.length {
                report.fail("the last segment ends at \(plan.ranges[k - 1].upper), not the length \(plan.length)")
            }
        }
        for i in 0..<k {
            if !(plan.ranges[i].lower < plan.ranges[i].upper) {
                report.fail("segment \(i) is empty: \(plan.ranges[i])")
            }
            if i > 0 && plan.ranges[i].lower != plan.ranges[i - 1].upper {
                report.fail(
                    "gap or overlap between segments \(i - 1) and \(i): \(plan.ranges[i - 1]), \(plan.ranges[i])")
            }
            if plan.policy == .pause && plan.workingSets[i].count > plan.capacity {
                report.fail("segment \(i) holds \(plan.workingSets[i].count) > capacity \(plan.capacity)")
            }
        }
        if plan.splitPositions != plan.ranges.dropFirst().map(\.lower) + (wraps ? [plan.ranges[k - 1].upper] : []) {
            report.fail("split positions \(plan.splitPositions) are not the segments' bounds")
        }
        let closes = plan.closure == .loop && k > 1
        if plan.crossings.count != k - 1 + (closes ? 1 : 0) {
            report.fail("\(plan.crossings.count) crossings for \(k) segments (\(plan.closure))")
        }
    }

    /// Under `pause`, the fewest segments: the plan meets the oracle's lower bound and no two neighbouring
    /// segments fit together. Turn samples may miss a tile grazed between them, so a bound or a merge that the plan
    /// does not meet is looked at again with the gaps refined (``TrackPlanOracle/between(_:_:)``) before it counts.
    /// On a loop the plan is one round the circle: a plan that wraps through take-off is bounded from its last
    /// split round to it again (greedy from one of its own splits is the fewest any plan with that split has), its
    /// last and first segments are neighbours, and a plan that does not wrap must not have a last and first segment
    /// that fit together (a plan round the circle would then have one segment fewer).
    static func checkFewest(
        _ plan: PlanView, samples: [TrackPlanOracle.Sample], runs: [[Range<Int>]], oracle: inout TrackPlanOracle,
        _ report: inout Report
    ) {
        let k = plan.ranges.count
        let wraps = plan.ranges[0].lower < 0
        var gaps: [[Int32]]?
        func refined() -> [[Int32]] {
            if let gaps { return gaps }
            var list: [[Int32]] = [[]]
            for j in samples.indices.dropFirst() { list.append(oracle.between(samples[j - 1], samples[j])) }
            gaps = list
            return list
        }
        func requiredCount(_ runs: [Range<Int>], refine: Bool) -> Int {
            var bits = [Bool](repeating: false, count: oracle.tiles.count)
            var count = 0
            let between = refine ? refined() : []
            for run in runs {
                for j in run {
                    for id in samples[j].required + (refine && j > run.lowerBound ? between[j] : [])
                    where !bits[Int(id)] {
                        bits[Int(id)] = true
                        count += 1
                    }
                }
            }
            return count
        }
        let universe = oracle.tiles.count
        if wraps {
            report.lowerBound = wrappingBound(plan, oracle: &oracle)
        } else {
            report.lowerBound = lowerBound(samples, gaps: nil, capacity: plan.capacity, universe: universe)
            if plan.policy == .pause && report.lowerBound != k {
                report.lowerBound = lowerBound(samples, gaps: refined(), capacity: plan.capacity, universe: universe)
            }
        }
        if report.lowerBound == nil { report.fail("the samples show no plan fits capacity \(plan.capacity)") }
        if plan.policy == .pause {
            if let bound = report.lowerBound, bound != k {
                report.fail("\(k) segments, where the samples bound the fewest possible at \(bound)")
            }
            let pairs = (0..<(k - 1)).map { ($0, $0 + 1) } + (wraps ? [(k - 1, 0)] : [])
            for (i, j) in pairs {
                let merged = runs[i] + runs[j]
                if requiredCount(merged, refine: false) <= plan.capacity
                    && requiredCount(merged, refine: true) <= plan.capacity
                {
                    report.fail("segments \(i) and \(j) fit together in \(plan.capacity)")
                }
            }
        } else if let bound = report.lowerBound, k < bound {
            report.fail("\(k) segments, fewer than the lower bound \(bound)")
        }
        if plan.closure == .loop && k > 2 && !wraps {
            let wrapped = runs[k - 1] + runs[0]
            report.wrapMergeFits =
                requiredCount(wrapped, refine: false) <= plan.capacity
                && requiredCount(wrapped, refine: true) <= plan.capacity
            if report.wrapMergeFits && plan.policy == .pause {
                report.fail("segments \(k - 1) and 0 fit together: a plan round the circle has one segment fewer")
            }
        }
    }

    /// The oracle's bound for a plan round a loop's circle, taken from the plan's last split q round to q + length:
    /// greedy from one of a plan's own splits is the fewest any plan with that split can have. The greedy's ends
    /// fall between samples, which places them late (a tile that enters between two samples is only seen at the
    /// second) and can make the bound low; so poses are added between each end it found and the sample before it
    /// (and the gaps between samples refined too), until the bound meets the plan or has been refined 8 times.
    static func wrappingBound(_ plan: PlanView, oracle: inout TrackPlanOracle) -> Int? {
        let k = plan.ranges.count
        let length = plan.length
        let q = plan.ranges[k - 1].upper
        var extra = plan.splitPositions.flatMap { s in pastSplit.map { s + $0 } }
        var bound: Int?
        for _ in 0..<8 {
            let samples = oracle.samples(adding: extra)
            let tail = samples.indices.filter { samples[$0].arcLength >= q }
            let head = samples.indices.filter { samples[$0].arcLength <= q }
            let order = tail + head
            let ordered =
                tail.map { samples[$0] }
                + head.map {
                    var sample = samples[$0]
                    sample.arcLength += length
                    return sample
                }
            // Neighbours in `ordered` are neighbours in `samples` but at the seam (the lap's end, then its start).
            let gaps: [[Int32]] = order.indices.map { j in
                j > 0 && order[j] == order[j - 1] + 1 ? oracle.between(samples[order[j - 1]], samples[order[j]]) : []
            }
            var ends: [(before: Double, at: Double)] = []
            let found = lowerBound(
                ordered, gaps: gaps, capacity: plan.capacity, universe: oracle.tiles.count, ends: &ends)
            if found == k {
                bound = found
                break
            }
            bound = found
            // Poses between each end and the sample before it, an eighth of the way apart.
            let between = ends.flatMap { end in (1..<8).map { end.before + (end.at - end.before) * Double($0) / 8 } }
            extra += between.map { $0 >= length ? $0 - length : $0 }
        }
        return bound
    }

    /// The oracle's lower bound on the segment count (see ``TrackPlanReplay``), or nil when the samples at one arc
    /// length alone exceed the capacity. With `gaps`, the tiles found between neighbouring samples count too
    /// (``TrackPlanOracle/between(_:_:)``, entry j for the gap before sample j) once both samples are in.
    static func lowerBound(_ samples: [TrackPlanOracle.Sample], gaps: [[Int32]]?, capacity: Int, universe: Int) -> Int?
    {
        var ends: [(before: Double, at: Double)] = []
        return lowerBound(samples, gaps: gaps, capacity: capacity, universe: universe, ends: &ends)
    }

    /// ``lowerBound(_:gaps:capacity:universe:)``, also listing where the greedy's segments end: the arc length of
    /// the sample that overflowed and of the sample before it.
    static func lowerBound(
        _ samples: [TrackPlanOracle.Sample], gaps: [[Int32]]?, capacity: Int, universe: Int,
        ends: inout [(before: Double, at: Double)]
    ) -> Int? {
        var bits = [Bool](repeating: false, count: universe)
        var found = 0
        var u = 0.0
        var start = 0
        while true {
            while start < samples.count && samples[start].arcLength < u { start += 1 }
            for i in bits.indices { bits[i] = false }
            var count = 0
            var next: Double?
            var j = start
            scan: while j < samples.count {
                let gap = j > start ? gaps?[j] ?? [] : []
                for id in samples[j].required + gap where !bits[Int(id)] {
                    bits[Int(id)] = true
                    count += 1
                }
                if count > capacity {
                    next = samples[j].arcLength
                    break scan
                }
                j += 1
            }
            guard let next else { return found + 1 }
            guard next > u else { return nil }
            found += 1
            ends.append((samples[max(j - 1, start)].arcLength, next))
            u = next
        }
    }

    /// The first index whose sample satisfies `predicate`, which holds for a suffix of `samples` (binary search).
    static func firstIndex(
        _ samples: [TrackPlanOracle.Sample], where predicate: (TrackPlanOracle.Sample) -> Bool
    ) -> Int {
        var lo = 0
        var hi = samples.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if predicate(samples[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
