/// Finds split points along a route: working sets of along-track intervals, the greedy furthest-reaching split
/// (optimal in segment count for the pause policy, since a shorter interval's working set is a subset of a longer
/// one's), and the smallest capacity any split can meet.
struct SegmentPlanner {
    let loop: FlightLoop
    let clip: Bool
    let startTurn: [ColumnSpan]
    let endTurn: [ColumnSpan]

    init(flight: Flight, clipToTerrain: Bool) throws(StencilError) {
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
        // Refuse a flight that leaves the terrain, exactly as its stencil would.
        _ = try Stencil(flight: flight, clipToTerrain: clipToTerrain)
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

    /// The working set count of the interval, or of the window of two neighbouring segments for `seamless`.
    private func fits(_ s0: Double, _ s1: Double, first: Bool, last: Bool, capacity: Int) -> Bool {
        workingSet(s0, s1, first: first, last: last).count <= capacity
    }

    /// Split positions (strictly between 0 and L) of the fewest segments that fit, or nil when none do.
    func splits(capacity: Int, policy: LoadPolicy) -> [Double]? {
        switch policy {
        case .pause:
            return greedySplits(capacity: capacity)
        case .seamless:
            // Every pair of neighbouring segments must fit together: shrink the per-segment target until the
            // largest neighbouring union fits.
            var target = capacity
            while target > 0 {
                guard let splits = greedySplits(capacity: target) else { return nil }
                let bounds = [0] + splits + [legLength]
                var worst = 0
                for i in 0..<max(0, bounds.count - 2) {
                    let window = workingSet(bounds[i], bounds[i + 2], first: i == 0, last: i + 2 == bounds.count - 1)
                    worst = max(worst, window.count)
                }
                if bounds.count == 2 { worst = workingSet(0, legLength, first: true, last: true).count }
                if worst <= capacity { return splits }
                target -= max(1, (worst - capacity) / 2)
            }
            return nil
        }
    }

    /// Greedy furthest-reaching splits for per-segment capacity; nil when some point cannot be covered.
    func greedySplits(capacity: Int) -> [Double]? {
        let length = legLength
        var splits: [Double] = []
        var s0 = 0.0
        while true {
            let first = splits.isEmpty
            if fits(s0, length, first: first, last: true, capacity: capacity) { return splits }
            guard fits(s0, s0, first: first, last: false, capacity: capacity) else { return nil }
            var lo = s0
            var hi = length
            // Bisect down to neighbouring doubles. The working set grows only where an edge of the swept
            // rectangle crosses a tile line, and a tile it merely touches is not needed, so the furthest end that
            // fits is attained exactly at such an event. Stopping short of it (at any coarser resolution) starts
            // the next segment just before a tile line, where its rear edge can pick up a whole extra row or
            // column of tiles and cost an extra segment.
            while true {
                let mid = lo + (hi - lo) / 2
                guard mid > lo, mid < hi else { break }
                if fits(s0, mid, first: first, last: false, capacity: capacity) { lo = mid } else { hi = mid }
            }
            // A segment must make progress; if the working set grows the moment it leaves s0, nothing fits.
            guard lo > s0 else { return nil }
            splits.append(lo)
            s0 = lo
        }
    }

    /// The smallest capacity for which a plan exists under `policy`.
    func minimumCapacity(policy: LoadPolicy) -> Int {
        var lo = 1
        var hi = max(1, workingSet(0, legLength, first: true, last: true).count)
        while lo < hi {
            let mid = (lo + hi) / 2
            if splits(capacity: mid, policy: policy) != nil { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
