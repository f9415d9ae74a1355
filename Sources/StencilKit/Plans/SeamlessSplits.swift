/// The seamless split rule (the *Split search* guide): the two segments resident together at a swap fit the
/// capacity — every two neighbours, and on a circular measure also the last and the first, swapped at the lap's end.
///
/// The walk: each split goes as far as the window from the split before last allows, but no further than halfway
/// to where the last split reaches on its own: p(i+1) = min(reach(p(i−1)), (p(i) + reach(p(i))) / 2). The cap keeps
/// room for the next window, so the walk only stops where no window can leave a point at all, and there no plan of
/// any policy fits. Segments settle at about half a window, about twice the pause plan's count. (Fewest overall is
/// not sought: it degenerates into zero-length segments between windows, which would have to load a whole segment in
/// no time.) Windows are measured by `reach`, but the plan holds each segment's own working set, and the union of two
/// of them can exceed the window's set by a tile whose overlap at the shared split lies within rounding of the tie
/// tolerance (two turn sweeps reach that pose from different angles; splits sit exactly at such events). So each new
/// split is checked against the two segments' own working sets and pulled back until they fit; a circular measure's
/// lap end is closed by ``closingLoop(_:capacity:)``; and the whole plan is checked with the working sets it will
/// hold, so its peak never exceeds the capacity (a plan that cannot be made to fit is refused, and the smallest
/// capacity found by `minimumCapacity` rises to one that fits).
extension SegmentPlanner {
    /// Split positions strictly inside (0, M) for the seamless policy, or nil when none fits.
    /// - Complexity: O(segments) reaches and working sets, plus a bisection where a split is pulled back.
    func seamlessSplits(capacity: Int) -> [Double]? {
        guard var splits = seamlessWalk(from: 0, to: length, capacity: capacity) else { return nil }
        if isCircular {
            guard let closed = closingLoop(splits, capacity: capacity) else { return nil }
            splits = closed
        }
        return everySwapFits(splits, capacity: capacity) ? splits : nil
    }

    /// The seamless walk over the positions [origin, end]: its split points strictly between them, or nil when it
    /// cannot leave a point.
    func seamlessWalk(from origin: Double, to end: Double, capacity: Int) -> [Double]? {
        var points = [origin]
        var previous = origin  // p(i−1); the window from it must reach past the next split
        var windowReach = Double.infinity
        while points.count < Self.maximumSegments {
            let last = points[points.count - 1]
            if points.count >= 2, let r = reach(from: previous, capacity: capacity, limit: end), r >= end,
                pairFits(previous, last, end, capacity: capacity)
            {
                break
            }
            guard let own = reach(from: last, capacity: capacity, limit: end), own > last else { return nil }
            if own >= end && points.count == 1 { break }
            var next = Swift.min(windowReach, last + (own - last) / 2)
            guard next > last else { return nil }
            if points.count >= 2 && !pairFits(previous, last, next, capacity: capacity) {
                // Pull the split back until the two segments' own working sets fit together.
                var good = last
                var bad = next
                while true {
                    let mid = good + (bad - good) / 2
                    guard mid > good, mid < bad else { break }
                    if pairFits(previous, last, mid, capacity: capacity) { good = mid } else { bad = mid }
                }
                guard good > last else { return nil }
                next = good
            }
            previous = last
            windowReach = own
            points.append(next)
        }
        guard points.count < Self.maximumSegments else { return nil }
        return Array(points.dropFirst())
    }

    /// A seamless plan round a loop's circle with fewer segments than `linear` (the seamless plan from 0, lap end
    /// closed), or nil. The seamless rule fixes each split from the one before, so its count depends on where the
    /// walk starts; on a circle it starts at the start of the fewest-segment pause plan round the circle (where the
    /// windows are placed best), walks one lap, and must fit the swap between its last and its first segment.
    /// The splits are returned as positions in [0, M), as many segments as splits (the first runs through 0).
    func circularSeamlessSplits(_ linear: [Double], start: Double, capacity: Int) -> [Double]? {
        guard isCircular, start > 0,
            let walk = seamlessWalk(from: start, to: start + length, capacity: capacity)
        else { return nil }
        let points = [start] + walk
        guard points.count < linear.count + 1 else { return nil }
        // Every swap round the circle, the last segment to the first included.
        let bounds = points + [start + length]
        let sets = (0..<(bounds.count - 1)).map { workingSet(bounds[$0], bounds[$0 + 1]) }
        for i in sets.indices where sets[i].union(sets[(i + 1) % sets.count]).count > capacity { return nil }
        return points.map { $0 >= length ? $0 - length : $0 }.sorted()
    }

    /// Whether the working sets of [a, b] and [b, c] fit together.
    func pairFits(_ a: Double, _ b: Double, _ c: Double, capacity: Int) -> Bool {
        workingSet(a, b).union(workingSet(b, c)).count <= capacity
    }

    /// A circular plan's splits with the lap's end closed: the last segment [p_k, M] and the first [0, p_1] are
    /// resident together when the lap ends. When they do not fit, the last segment is cut at the earliest q that
    /// lets them (its new neighbours [p_(k−1), p_k], [p_k, q] and [q, M] all lie in [p_(k−1), M], which fits); when
    /// no q before M does, the first segment is cut too, at p = p_1/2, p_1/4, … (its pieces lie in [0, p_2], which
    /// fits), until some q does. Nil after 64 halvings: the lap's end and start cannot be held together.
    /// - Complexity: a bisection over q per halving, each step two working sets.
    func closingLoop(_ splits: [Double], capacity: Int) -> [Double]? {
        guard let first = splits.first, let last = splits.last else { return splits }
        func fits(_ q: Double, _ p: Double) -> Bool {
            workingSet(q, length).union(workingSet(0, p)).count <= capacity
        }
        if fits(last, first) { return splits }
        var p = first
        let end = length.nextDown
        for _ in 0..<64 {
            if p < first && fits(last, p) { return [p] + splits }
            if end > last && fits(end, p) {
                var bad = last
                var good = end
                while true {
                    let mid = bad + (good - bad) / 2
                    guard mid > bad, mid < good else { break }
                    if fits(mid, p) { good = mid } else { bad = mid }
                }
                return (p < first ? [p] : []) + splits + [good]
            }
            p /= 2
        }
        return nil
    }

    /// Whether every two segments resident together at a swap (neighbours, and on a circular measure the last and
    /// the first) fit.
    /// - Complexity: O(segments) working sets.
    func everySwapFits(_ splits: [Double], capacity: Int) -> Bool {
        let bounds = [0] + splits + [length]
        let sets = (0..<(bounds.count - 1)).map { workingSet(bounds[$0], bounds[$0 + 1]) }
        for i in sets.indices.dropFirst() where sets[i - 1].union(sets[i]).count > capacity { return false }
        if isCircular && sets.count > 1 && sets[sets.count - 1].union(sets[0]).count > capacity { return false }
        return true
    }
}
