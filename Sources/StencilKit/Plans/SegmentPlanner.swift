/// Finds split points along a route: working sets of along-track intervals, the greedy furthest-reaching split
/// (optimal in segment count for the pause policy, since a shorter interval's working set is a subset of a longer
/// one's), and the smallest capacity any split can meet.
struct SegmentPlanner {
    let loop: FlightLoop
    let clip: Bool
    let startTurn: [ColumnSpan]
    let endTurn: [ColumnSpan]
    /// The stencil's distinct real tiles: every segment holds at most the capacity, so a plan needs at least
    /// ⌈tiles / capacity⌉ segments.
    let stencilTiles: Int

    init(flight: Flight, clipToTerrain: Bool) throws(StencilError) {
        // Refuse a flight that leaves the terrain, exactly as its stencil would, before any sweep is scanned.
        let stencil = try Stencil(flight: flight, clipToTerrain: clipToTerrain)
        stencilTiles = stencil.tileCount
        loop = FlightLoop(flight)
        clip = clipToTerrain
        var start: [ColumnSpan] = []
        var end: [ColumnSpan] = []
        loop.turnSweep(atEnd: false).forEachRun(on: flight.grid) {
            start.append(ColumnSpan(row: $0, first: $1, last: $2))
        }
        loop.turnSweep(atEnd: true).forEachRun(on: flight.grid) { end.append(ColumnSpan(row: $0, first: $1, last: $2)) }
        startTurn = start
        endTurn = end
    }

    var legLength: Double { loop.legLength }

    /// The distinct real tiles visible from poses whose along-track position lies in [s0, s1], on both legs and
    /// over the whole band, plus the U-turn at A for the first segment and at B for the last.
    func workingSet(_ s0: Double, _ s1: Double, first: Bool, last: Bool) -> TileSet {
        let grid = loop.flight.grid
        var spans: [ColumnSpan] = []
        for outbound in [true, false] {
            let corridor = loop.corridor(outbound: outbound, from: s0, to: s1)
            ConvexCover.forEachRow(of: corridor.corners, on: grid) { row, a, b in
                spans.append(ColumnSpan(row: row, first: a, last: b))
            }
        }
        if first { spans += startTurn }
        if last { spans += endTurn }
        if clip { spans.removeAll { !grid.containsRow($0.row) } }
        return Stencil.realTiles(of: TileSet(spans: spans), on: grid)
    }

    /// Whether the working set of [s0, s1] fits the capacity.
    private func fits(_ s0: Double, _ s1: Double, first: Bool, last: Bool, capacity: Int) -> Bool {
        workingSet(s0, s1, first: first, last: last).count <= capacity
    }

    /// Whether [a, L], with the U-turn at B (and at A when `first`), fits.
    private func reachesEnd(from a: Double, first: Bool, capacity: Int) -> Bool {
        fits(a, legLength, first: first, last: true, capacity: capacity)
    }

    /// The furthest b in [a, L) such that [a, b] (with the U-turn at A when `first`) fits, or nil when not even
    /// [a, a] does.
    ///
    /// Bisects down to neighbouring doubles. The working set grows only where an edge of the swept rectangle
    /// crosses a tile line (by more than the tie tolerance), so the furthest end that fits is attained at such an
    /// event. Stopping short of it (at any coarser resolution) would start the next segment just before a tile
    /// line, where its rear edge can pick up a whole extra row or column of tiles and cost an extra segment.
    private func reach(from a: Double, first: Bool, capacity: Int) -> Double? {
        guard fits(a, a, first: first, last: false, capacity: capacity) else { return nil }
        var lo = a
        var hi = legLength
        while true {
            let mid = lo + (hi - lo) / 2
            guard mid > lo, mid < hi else { break }
            if fits(a, mid, first: first, last: false, capacity: capacity) { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// Split positions (strictly between 0 and L) for the policy, or nil when no split fits.
    func splits(capacity: Int, policy: LoadPolicy) -> [Double]? {
        if reachesEnd(from: 0, first: true, capacity: capacity) { return [] }
        switch policy {
        case .pause: return bestPauseSplits(capacity: capacity)
        case .seamless: return seamlessSplits(capacity: capacity)
        }
    }

    /// The fewest segments whose working sets fit: each segment reaches as far as it can. Optimal, because a
    /// shorter interval's working set is a subset of a longer one's, so no plan's i-th split lies beyond this one's.
    func pauseSplits(capacity: Int) -> [Double]? {
        var splits: [Double] = []
        var start = 0.0
        while !reachesEnd(from: start, first: splits.isEmpty, capacity: capacity) {
            // A segment must make progress; if the working set grows the moment it leaves `start`, nothing fits.
            guard let end = reach(from: start, first: splits.isEmpty, capacity: capacity), end > start,
                splits.count < Self.maximumSegments
            else {
                return nil
            }
            splits.append(end)
            start = end
        }
        return splits
    }

    /// The nearest a ≤ b such that [a, b] (with the U-turn at B when `last`) fits, or nil when not even [b, b]
    /// does: the backward mirror of `reach`, bisected down to neighbouring doubles.
    private func reachBack(to b: Double, last: Bool, capacity: Int) -> Double? {
        guard fits(b, b, first: false, last: last, capacity: capacity) else { return nil }
        var lo = 0.0
        var hi = b
        while true {
            let mid = lo + (hi - lo) / 2
            guard mid > lo, mid < hi else { break }
            if fits(mid, b, first: false, last: last, capacity: capacity) { hi = mid } else { lo = mid }
        }
        return hi
    }

    /// The fewest segments found from B back to A: each segment reaches as far back as it can. As optimal in count
    /// as `pauseSplits`, by the same argument run backwards.
    func pauseSplitsBackward(capacity: Int) -> [Double]? {
        var splits: [Double] = []
        var end = legLength
        while !fits(0, end, first: true, last: splits.isEmpty, capacity: capacity) {
            guard let start = reachBack(to: end, last: splits.isEmpty, capacity: capacity), start < end, start > 0,
                splits.count < Self.maximumSegments
            else {
                return nil
            }
            splits.append(start)
            end = start
        }
        return splits.reversed()
    }

    /// The pause plan: among the fewest-segment plans found from A (every split as far forward as it fits), from B
    /// (every split as far back as it fits), halfway between the two, and the forward plan with its splits kept a
    /// pixel apart where the backward plan allows (the last two only when every segment still fits): plans with a
    /// segment shorter than a pixel lose to plans without one; then the fewest loads per loop wins; ties go to the
    /// one whose shortest segment is longest, then to the forward plan. (Greedy from A alone can end on a segment one ulp long that holds only the U-turn at B, and swap twice
    /// almost in place.) This picks among three candidates; it is not a search over every fewest-segment plan.
    func bestPauseSplits(capacity: Int) -> [Double]? {
        guard let forward = pauseSplits(capacity: capacity) else { return nil }
        guard !forward.isEmpty, let backward = pauseSplitsBackward(capacity: capacity),
            backward.count == forward.count
        else { return forward }
        var candidates = [forward, backward]
        let middle = zip(forward, backward).map { ($0 + $1) / 2 }
        // The forward plan with every split kept a pixel from its neighbours where the backward plan allows it
        // (a split may move anywhere in [backward, forward] and the segments still fit).
        var spaced = forward
        for i in spaced.indices.reversed() {
            let next = i + 1 < spaced.count ? spaced[i + 1] : legLength
            spaced[i] = Swift.max(backward[i], Swift.min(spaced[i], next - 1))
        }
        for candidate in [middle, spaced]
        where zip(candidate, candidate.dropFirst()).allSatisfy({ $0 < $1 }) && (candidate.first ?? 0) > 0
            && (candidate.last ?? 0) < legLength && fitsEvery(candidate, capacity: capacity)
        {
            candidates.append(candidate)
        }
        func score(_ splits: [Double]) -> (loads: Int, shortest: Double) {
            let bounds = [0] + splits + [legLength]
            let sets = (0..<(bounds.count - 1)).map {
                workingSet(bounds[$0], bounds[$0 + 1], first: $0 == 0, last: $0 == bounds.count - 2)
            }
            var loads = 0
            for i in 0..<(sets.count - 1) {
                loads += sets[i + 1].subtracting(sets[i]).count + sets[i].subtracting(sets[i + 1]).count
            }
            let shortest = (0..<(bounds.count - 1)).map { bounds[$0 + 1] - bounds[$0] }.min() ?? 0
            return (loads, shortest)
        }
        // A segment shorter than a pixel is a swap almost in place: such plans lose to any plan without one.
        func better(_ a: (loads: Int, shortest: Double), _ b: (loads: Int, shortest: Double)) -> Bool {
            let aThin = a.shortest < 1
            let bThin = b.shortest < 1
            if aThin != bThin { return bThin }
            return a.loads < b.loads || (a.loads == b.loads && a.shortest > b.shortest)
        }
        var best = forward
        var bestScore = score(forward)
        for candidate in candidates.dropFirst() {
            let s = score(candidate)
            if better(s, bestScore) {
                best = candidate
                bestScore = s
            }
        }
        return best
    }

    /// Whether every segment of the split positions fits.
    private func fitsEvery(_ splits: [Double], capacity: Int) -> Bool {
        let bounds = [0] + splits + [legLength]
        for i in 0..<(bounds.count - 1)
        where !fits(bounds[i], bounds[i + 1], first: i == 0, last: i == bounds.count - 2, capacity: capacity) {
            return false
        }
        return true
    }

    /// Segments such that every two neighbours fit together: every window [p(i−1), p(i+1)] of split points fits.
    ///
    /// Each new split goes as far as the window from the split before last allows, but no further than halfway
    /// to where the last split could reach on its own: p(i+1) = min(reach(p(i−1)), (p(i) + reach(p(i))) / 2).
    /// The cap keeps room for the next window, so the walk only stops where no window can leave a point at all,
    /// and there no plan of any policy fits. Segments settle at about half a window, about twice the pause plan's
    /// count. (Fewest overall is not sought: it degenerates into zero-length segments between windows, which would
    /// have to load a whole segment in no time.)
    func seamlessSplits(capacity: Int) -> [Double]? {
        var points = [0.0]
        var previous = 0.0  // p(i−1); the window from it must reach past the next split
        var windowReach = Double.infinity
        while points.count < Self.maximumSegments {
            let last = points[points.count - 1]
            if points.count >= 2, reachesEnd(from: previous, first: previous == 0, capacity: capacity) { break }
            guard let own = reach(from: last, first: last == 0, capacity: capacity), own > last else { return nil }
            let next = min(windowReach, last + (own - last) / 2)
            guard next > last else { return nil }
            previous = last
            windowReach = own
            points.append(next)
        }
        guard points.count < Self.maximumSegments else { return nil }
        return Array(points.dropFirst())
    }

    /// A bound on the number of segments a plan may have, so a walk creeping towards a point it cannot pass stops.
    static let maximumSegments = BudgetPlan.maximumSegments

    /// The smallest capacity for which `policy` finds a plan. Plans exist monotonically in the capacity for the
    /// pause policy (bisection is exact there); for the seamless policy the bisection's answer is checked and
    /// raised until a plan exists, so the stated capacity always works.
    func minimumCapacity(policy: LoadPolicy) -> Int {
        var lo = 1
        var hi = max(1, workingSet(0, legLength, first: true, last: true).count)
        while lo < hi {
            let mid = (lo + hi) / 2
            if splits(capacity: mid, policy: policy) != nil { hi = mid } else { lo = mid + 1 }
        }
        while splits(capacity: lo, policy: policy) == nil { lo += 1 }
        return lo
    }
}
