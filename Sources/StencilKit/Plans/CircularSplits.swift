/// The fewest segments round a loop (the *Split search* guide): a loop is flown lap after lap, so a segment may run
/// through the take-off point, and the fewest-segment plan is the optimum over every starting point on the circle.
///
/// Why this is exact. Let `next(y)` be the furthest reach from position y
/// (``SegmentPlanner/reach(from:capacity:limit:)``,
/// allowed to run past M into the next lap). `next` never decreases, and working sets only grow with an interval,
/// so greedy from a split y of some plan gives no more segments than that plan from y on. The greedy plan from 0 has
/// k segments; every other start gives at least k − 1 (greedy from 0 stays ahead of any plan by one segment at the
/// most). A plan of k − 1 segments exists iff some y has nextᵏ⁻¹(y) ≥ y + M, and y can be taken in [0, x₁], x₁ the
/// first greedy split (any plan has a split there). On an interval of starts where `next` is constant so is nextᵏ⁻¹,
/// and y + M is least at the interval's left end: the only starts to try are 0 and the left ends of those
/// intervals, y' = the least start whose reach passes next(y), found by bisecting the reach itself over (y, x₁].
/// Each is tried until one closes the lap or they pass x₁.
extension SegmentPlanner {
    /// Splits for a plan round the circle with fewer segments than `linear` (the greedy plan from 0, whose segments
    /// are its splits' count plus one), and the start its chain was found from, or nil when none has fewer. The
    /// result's splits all lie in (0, M): the plan has as many segments as splits, the first running from the last
    /// split (less M) through 0 to the first split.
    /// - Complexity: O(candidate starts · segments) reaches, the candidate starts at most the tiles that leave the
    ///   first segment's rear as its start moves over [0, x₁].
    func circularPauseSplits(_ linear: [Double], capacity: Int) -> (splits: [Double], start: Double)? {
        guard isCircular, let x1 = linear.first else { return nil }
        let target = linear.count  // k − 1 segments round the circle
        // nextᵏ⁻¹ never decreases, so no start y past nextᵏ⁻¹(x₁) − M can close the lap: the chain from x₁ bounds
        // the search (and closes it at once when it reaches x₁ + M). Greedy from 0 needs k segments, so 0 is no
        // start either: the search begins at the first start past it, the least whose reach passes x₁.
        var z = x1
        for _ in 0..<target {
            guard let r = reach(from: z, capacity: capacity, limit: x1 + length), r > z else { return nil }
            z = r
            if z >= x1 + length { break }
        }
        let highest = Swift.min(x1, z - length)
        var y = 0.0
        var previous: [Double] = []  // the last start's chain
        while y <= highest {
            // The chain of furthest reaches from y, at most `target` segments, closing at y + M. Once it meets the
            // last start's chain it follows it to the same end, which did not close a lap from an earlier start:
            // it cannot close this one either.
            var points = [y]
            var z = y
            var closed = false
            for step in 1...target {
                guard let r = reach(from: z, capacity: capacity, limit: y + length), r > z else { return nil }
                if r >= y + length {
                    closed = true
                    break
                }
                points.append(r)
                z = r
                if step < previous.count && previous[step] == r {
                    points += previous[(step + 1)...]
                    break
                }
            }
            previous = points
            if closed { return (Self.wrapped(points, length: length), y) }
            // The next start worth trying: the least y' in (y, x₁] whose reach passes next(y), bisected down to
            // neighbouring doubles with the same reach that the chains use.
            let first = points.count > 1 ? points[1] : y + length
            func passes(_ start: Double) -> Bool {
                guard let r = reach(from: start, capacity: capacity, limit: start + length) else { return true }
                return r > first
            }
            guard passes(highest) else { return nil }
            // The working sets give the answer in one bisection of cheap steps; it is taken when the reach agrees
            // that it is the left end (it passes, the double before it does not), else the reach is bisected.
            if let guess = reachBack(to: first.nextUp, from: y, below: highest, capacity: capacity), guess > y,
                passes(guess), !passes(guess.nextDown)
            {
                y = guess
                continue
            }
            var bad = y
            var good = highest
            while true {
                let mid = bad + (good - bad) / 2
                guard mid > bad, mid < good else { break }
                if passes(mid) { good = mid } else { bad = mid }
            }
            guard good > y else { return nil }
            y = good
        }
        return nil
    }

    /// Split points of a closed chain y = p₀ < p₁ < … < pₙ₋₁ < y + M as positions in [0, M), ascending.
    private static func wrapped(_ points: [Double], length: Double) -> [Double] {
        points.map { $0 >= length ? $0 - length : $0 }.sorted()
    }
}
