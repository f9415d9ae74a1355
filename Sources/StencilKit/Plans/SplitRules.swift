/// The split rules on top of ``SegmentPlanner``'s reach (the *Split search* guide): the fewest segments for the
/// pause policy, the seamless walk, and the smallest capacity either can meet. Each rule works on positions of the
/// track's plan measure, so a racetrack, a one-way route and a loop are planned by the same code.
extension SegmentPlanner {
    /// Split positions strictly inside (0, M) for the policy, or nil when no split fits.
    func splits(capacity: Int, policy: LoadPolicy) -> [Double]? {
        guard let whole = reach(from: 0, capacity: capacity) else { return nil }
        if whole >= length { return [] }
        switch policy {
        case .pause: return bestPauseSplits(capacity: capacity)
        case .seamless: return seamlessSplits(capacity: capacity)
        }
    }

    /// The fewest segments whose working sets fit: each segment reaches as far as it can. Optimal on a line,
    /// because a shorter interval's working set is a subset of a longer one's, so no plan's i-th split lies beyond
    /// this one's.
    func pauseSplits(capacity: Int) -> [Double]? {
        var splits: [Double] = []
        var start = 0.0
        while true {
            // A segment must make progress; if the working set grows the moment it leaves `start`, nothing fits.
            guard let end = reach(from: start, capacity: capacity), end > start else { return nil }
            if end >= length { return splits }
            splits.append(end)
            start = end
            guard splits.count < Self.maximumSegments else { return nil }
        }
    }

    /// The fewest segments found from the end back to the start: each segment reaches as far back as it can. As
    /// optimal in count as ``pauseSplits(capacity:)``, by the same argument run backwards.
    func pauseSplitsBackward(capacity: Int) -> [Double]? {
        var splits: [Double] = []
        var end = length
        while !fits(0, end, capacity: capacity) {
            guard let start = reachBack(to: end, from: 0, below: end, capacity: capacity), start < end, start > 0,
                splits.count < Self.maximumSegments
            else {
                return nil
            }
            splits.append(start)
            end = start
        }
        return splits.reversed()
    }

    /// The pause plan: among the fewest-segment plans found from the start (every split as far forward as it
    /// fits), from the end (every split as far back as it fits), halfway between the two, and the forward plan with
    /// its splits kept a position unit apart where the backward plan allows (the last two only when every segment
    /// still fits): plans with a segment shorter than 1 lose to plans without one; then the fewest loads per lap
    /// win; ties go to the one whose shortest segment is longest, then to the forward
    /// plan. (Greedy from the start alone can end on a segment one ulp long that holds only what is held whole at
    /// the end, such as a racetrack's U-turn at B, and swap twice almost in place.) This picks among four candidates;
    /// it is not a search over every fewest-segment plan. Only a measure that holds a piece whole at its end can
    /// leave such a sliver, so on any other (a one-way route ends on a leg) the forward plan is taken as it is.
    func bestPauseSplits(capacity: Int) -> [Double]? {
        guard let forward = pauseSplits(capacity: capacity) else { return nil }
        guard !forward.isEmpty, holdsWholePieceAtEnd, let backward = pauseSplitsBackward(capacity: capacity),
            backward.count == forward.count
        else { return forward }
        var candidates = [forward, backward]
        let middle = zip(forward, backward).map { ($0 + $1) / 2 }
        // The forward plan with every split kept 1 from its neighbours where the backward plan allows it (a split
        // may move anywhere in [backward, forward] and the segments still fit).
        var spaced = forward
        for i in spaced.indices.reversed() {
            let next = i + 1 < spaced.count ? spaced[i + 1] : length
            spaced[i] = Swift.max(backward[i], Swift.min(spaced[i], next - 1))
        }
        for candidate in [middle, spaced]
        where zip(candidate, candidate.dropFirst()).allSatisfy({ $0 < $1 }) && (candidate.first ?? 0) > 0
            && (candidate.last ?? 0) < length && fitsEvery(candidate, capacity: capacity)
        {
            candidates.append(candidate)
        }
        // Loads per lap: what the entered segment adds, at every crossing of a lap (on a racetrack each split is
        // crossed out and back, so both directions count).
        func score(_ splits: [Double]) -> (loads: Int, shortest: Double) {
            let bounds = [0] + splits + [length]
            let sets = (0..<(bounds.count - 1)).map { workingSet(bounds[$0], bounds[$0 + 1]) }
            var loads = 0
            for crossing in crossings(splits) { loads += sets[crossing.to].subtracting(sets[crossing.from]).count }
            let shortest = (0..<(bounds.count - 1)).map { bounds[$0 + 1] - bounds[$0] }.min() ?? 0
            return (loads, shortest)
        }
        // A segment shorter than 1 is a swap almost in place: such plans lose to any plan without one.
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

    /// The crossings of a lap in flying order, as (position, segment left, segment entered): walking each piece
    /// through its span, forward pieces cross the splits in (lower, upper] upward, backward pieces those in
    /// [lower, upper) downward; pieces held whole cross none; on a circular measure the lap's end crosses from the
    /// last segment back to the first. A wrapping plan (`wraps`, as many segments as splits) has no lap-end
    /// crossing: its last split hands over to the first segment, which runs on through take-off.
    /// - Complexity: O(pieces · log splits + crossings).
    func crossings(_ splits: [Double], wraps: Bool = false) -> [(position: Double, from: Int, to: Int)] {
        guard !splits.isEmpty else { return [] }
        let count = wraps ? splits.count : splits.count + 1
        var crossings: [(position: Double, from: Int, to: Int)] = []
        for index in track.pieces.indices {
            let span = measure.span(ofPiece: index, in: track)
            let lo = span.range.lower
            let hi = span.range.upper
            switch span.direction {
            case .whole: continue
            case .forward:
                var i = splits.partitioningIndex { $0 > lo }
                while i < splits.count, splits[i] <= hi {
                    crossings.append((splits[i], i, (i + 1) % count))
                    i += 1
                }
            case .backward:
                var i = splits.partitioningIndex { $0 >= hi } - 1
                while i >= 0, splits[i] >= lo {
                    crossings.append((splits[i], i + 1, i))
                    i -= 1
                }
            }
        }
        if isCircular && !wraps { crossings.append((length, splits.count, 0)) }
        return crossings
    }

    /// Whether the measure holds a piece whole at its end M (a racetrack's U-turn at B), which the last segment
    /// then owns. A circular measure has no end: its lap runs on into the first segment.
    var holdsWholePieceAtEnd: Bool {
        !isCircular && (spans.last.map { $0.direction == .whole && $0.range.lower == length } ?? false)
    }

    /// Whether every segment of the split positions fits.
    func fitsEvery(_ splits: [Double], capacity: Int) -> Bool {
        let bounds = [0] + splits + [length]
        for i in 0..<(bounds.count - 1) where !fits(bounds[i], bounds[i + 1], capacity: capacity) { return false }
        return true
    }

    /// The smallest capacity for which `policy` finds a plan. Plans exist monotonically in the capacity for the
    /// pause policy (bisection is exact there); for the seamless policy the bisection's answer is checked and
    /// raised until a plan exists, so the stated capacity always works.
    func minimumCapacity(policy: LoadPolicy) -> Int {
        var lo = (1..<Swift.max(1, stencilTiles)).partitioningIndex { splits(capacity: $0, policy: policy) != nil }
        while splits(capacity: lo, policy: policy) == nil { lo += 1 }
        return lo
    }
}
