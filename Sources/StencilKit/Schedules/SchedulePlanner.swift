/// The steps of ``StreamingSchedule`` for one track's needs and one latency: holds, their peak, farthest-next-use,
/// re-timing and evictions, and the searches a refusal reports (see ``StreamingSchedule`` for what each step
/// guarantees).
struct SchedulePlanner<Tile: StreamedTile> {
    let needs: Needs<Tile>
    let latency: Double
    /// The bridging rules: gaps shorter than `gaps[i]` seconds are bridged (0: only those no schedule can break;
    /// ∞: every gap), and per rule which runs are loads of their own (guarded, for planning).
    let gaps: [Double]
    let rules: [[Bool]]

    init(needs: Needs<Tile>, latency: Double) {
        self.needs = needs
        self.latency = latency
        var gaps: [Double] = [0]
        let duration = Double(needs.frameCount) / needs.framesPerSecond
        var gap = 4 / needs.framesPerSecond
        while gap < duration {
            gaps.append(gap)
            gap *= 4
        }
        gaps.append(.infinity)
        var kept: [Double] = []
        var rules: [[Bool]] = []
        for gap in gaps {
            let rule = HoldIntervals.loadableRuns(of: needs, latency: latency, guarded: true, minimumGap: gap)
            if rules.last != rule {
                kept.append(gap)
                rules.append(rule)
            }
        }
        self.gaps = kept
        self.rules = rules
    }

    /// The holds of rule `rule` at throughput interval `interval` (1/μ; 0 for unlimited), with their end order.
    func holds(rule: Int, interval: Double) -> (holds: HoldIntervals, endOrder: [Int32]) {
        let holds = HoldIntervals(
            needs: needs, loadable: rules[rule], latency: latency, interval: interval, guarded: true)
        return (holds, FarthestNextUse.endOrder(lastFrames: holds.lastFrame))
    }

    /// The least, over the rules, of the most holds open at one instant (Ĉ, or L for `interval` 0), with when, at
    /// which hold and under which rule it is reached.
    func holdPeak(interval: Double) -> (count: Int, time: Double, hold: Int, holds: HoldIntervals) {
        var best: (count: Int, time: Double, hold: Int, holds: HoldIntervals)?
        for rule in rules.indices {
            let (holds, order) = holds(rule: rule, interval: interval)
            let peak = holds.peak(endOrder: order)
            if best == nil || peak.count < best!.count { best = (peak.count, peak.time, peak.hold, holds) }
        }
        return best!
    }

    /// Plans the schedule, or throws ``StencilError/infeasibleSchedule(_:)``: farthest-next-use over the holds of
    /// every rule whose holds fit, keeping the fewest loads (stopping at a plan that meets the lower bound).
    func plan(capacity: Int, loader: LoaderModel) throws(StencilError) -> StreamingSchedule<Tile> {
        let interval = loader.interval
        let belady = needs.beladyBound(capacity: capacity) ?? 0
        let bound = latencyBound(capacity: capacity, fallback: belady)
        var best: (misses: Int, outcome: FarthestNextUse.Outcome, holds: HoldIntervals)?
        var tightest: (count: Int, time: Double, hold: Int, holds: HoldIntervals)?
        for rule in rules.indices {
            let (holds, order) = holds(rule: rule, interval: interval)
            let peak = holds.peak(endOrder: order)
            if tightest == nil || peak.count < tightest!.count { tightest = (peak.count, peak.time, peak.hold, holds) }
            guard peak.count <= capacity else { continue }
            let outcome = FarthestNextUse.run(
                tile: holds.tile, start: holds.start, end: holds.end, endOrder: order, tileCount: needs.tiles.count,
                capacity: capacity, record: true)
            // Farthest-next-use cannot fail where no more than `capacity` holds meet.
            guard let misses = outcome.misses else { continue }
            if best == nil || misses < best!.misses { best = (misses, outcome, holds) }
            if misses <= bound { break }
        }
        guard let best else {
            throw .infeasibleSchedule(
                refusal(capacity: capacity, loader: loader, peak: tightest!))
        }
        return schedule(
            outcome: best.outcome, holds: best.holds, capacity: capacity, loader: loader, beladyBound: belady,
            latencyBound: bound)
    }

    /// Step 4: the chosen loads alone, as late as the loader allows, and their evictions.
    func schedule(
        outcome: FarthestNextUse.Outcome, holds: HoldIntervals, capacity: Int, loader: LoaderModel, beladyBound: Int,
        latencyBound: Int
    ) -> StreamingSchedule<Tile> {
        let loads = outcome.loadInterval
        var deadlines: [Double] = []
        deadlines.reserveCapacity(loads.count)
        for h in loads { deadlines.append(needs.time(ofFrame: Int(holds.deadlineFrame[Int(h)]))) }
        let timeline = LoadTimeline(deadlines: deadlines, latency: loader.latency, interval: loader.interval)
        var preload: [ScheduledRequest<Tile>] = []
        var requests: [ScheduledRequest<Tile>] = []
        preload.reserveCapacity(timeline.preloadCount)
        requests.reserveCapacity(loads.count - timeline.preloadCount)
        for (m, h) in loads.enumerated() {
            let hold = Int(h)
            let request = ScheduledRequest(
                tile: needs.tiles[Int(holds.tile[hold])], time: timeline.request[m],
                completion: timeline.completion[m], deadlineFrame: Int(holds.deadlineFrame[hold]),
                deadline: deadlines[m])
            if m < timeline.preloadCount { preload.append(request) } else { requests.append(request) }
        }
        // Evictions: at the midpoint after the last need, or at the displacing request if that comes first.
        let lastFrameIndex = needs.frameCount - 1
        var evictionLoads: [(time: Double, load: Int)] = []
        evictionLoads.reserveCapacity(loads.count)
        for m in 0..<loads.count {
            let lastFrame = Int(holds.lastFrame[Int(outcome.lastInterval[m])])
            let successor = Int(outcome.successor[m])
            guard successor >= 0 || lastFrame < lastFrameIndex else { continue }
            var time = midpoint(after: lastFrame)
            if successor >= 0 { time = Swift.min(time, timeline.request[successor]) }
            evictionLoads.append((time, m))
        }
        evictionLoads.sort { $0.time != $1.time ? $0.time < $1.time : $0.load < $1.load }
        let evictions = evictionLoads.map { entry in
            ScheduledEviction(tile: needs.tiles[Int(holds.tile[Int(loads[entry.load])])], time: entry.time)
        }
        let peakTiles = Self.peakSlots(requestTimes: timeline.request, evictionTimes: evictionLoads.map(\.time))
        return StreamingSchedule(
            capacity: capacity, loader: loader, frameCount: needs.frameCount,
            framesPerSecond: needs.framesPerSecond, preload: preload, requests: requests, evictions: evictions,
            takeoffWait: timeline.takeoffWait, beladyBound: beladyBound, latencyBound: latencyBound,
            peakTiles: peakTiles)
    }

    /// Halfway between frame `frame` and the next: (t_k + t_{k+1}) / 2, strictly after t_k.
    func midpoint(after frame: Int) -> Double {
        let t = needs.time(ofFrame: frame)
        let m = (t + needs.time(ofFrame: frame + 1)) / 2
        return m > t ? m : t.nextUp
    }

    /// MIN over the needs extended back by λ (unguarded, unlimited throughput) when λ ≥ 1/fps, else `fallback`.
    func latencyBound(capacity: Int, fallback: Int) -> Int {
        guard latency >= 1 / needs.framesPerSecond else { return fallback }
        let exact = HoldIntervals.loadableRuns(of: needs, latency: latency, guarded: false)
        let holds = HoldIntervals(needs: needs, loadable: exact, latency: latency, interval: 0, guarded: false)
        let misses = FarthestNextUse.run(
            tile: holds.tile, start: holds.start, end: holds.end,
            endOrder: FarthestNextUse.endOrder(lastFrames: holds.lastFrame),
            tileCount: needs.tiles.count, capacity: capacity, record: false
        ).misses
        return Swift.max(fallback, misses ?? fallback)
    }

    /// The most slots in use at once: requests (sorted) add one, evictions remove one, evictions first at equal
    /// times.
    static func peakSlots(requestTimes: [Double], evictionTimes: [Double]) -> Int {
        var peak = 0
        var live = 0
        var j = 0
        for t in requestTimes {
            while j < evictionTimes.count && evictionTimes[j] <= t {
                live -= 1
                j += 1
            }
            live += 1
            peak = Swift.max(peak, live)
        }
        return peak
    }

    // MARK: Refusal

    /// The refusal at `capacity` given the peak of the holds at the loader's throughput.
    func refusal(capacity: Int, loader: LoaderModel, peak: (count: Int, time: Double, hold: Int, holds: HoldIntervals))
        -> ScheduleInfeasibility
    {
        let window = holdPeak(interval: 0)
        let throughput: Double? =
            window.count > capacity
            ? nil : smallestThroughput(capacity: capacity, from: loader.throughput, windowChecked: true)
        let (time, hold, held, source) =
            throughput == nil
            ? (window.time, window.hold, window.count, window.holds)
            : (peak.time, peak.hold, peak.count, peak.holds)
        let frames = framesHeld(at: time, through: Int(source.deadlineFrame[hold]))
        return ScheduleInfeasibility(
            capacity: capacity, loader: loader, smallestCapacity: peak.count, smallestThroughput: throughput,
            windowBound: window.count, time: time, frames: frames,
            frameTimes: needs.time(ofFrame: frames.lowerBound)...needs.time(ofFrame: frames.upperBound),
            heldTiles: held)
    }

    /// The frames from the first at or after `time` through `last`.
    func framesHeld(at time: Double, through last: Int) -> ClosedRange<Int> {
        var first = 0
        if time > 0 {
            let estimate = (time * needs.framesPerSecond).rounded(.up)
            first = estimate < Double(last) ? Swift.max(0, Int(estimate)) : last
            while first > 0 && needs.time(ofFrame: first - 1) >= time { first -= 1 }
            while first < last && needs.time(ofFrame: first) < time { first += 1 }
        }
        return Swift.min(first, last)...last
    }

    /// The least throughput (to within 1 %) whose holds fit `capacity`, searched from `start` tiles/s: doubling or
    /// halving to a bracket, then bisection on a log scale. Nil when the window bound exceeds the capacity or no
    /// valid throughput works.
    func smallestThroughput(capacity: Int, from start: Double, windowChecked: Bool = false) -> Double? {
        func fits(_ mu: Double) -> Bool {
            rules.indices.contains { rule in
                let (holds, order) = holds(rule: rule, interval: 1 / mu)
                return holds.peak(endOrder: order).count <= capacity
            }
        }
        guard windowChecked || holdPeak(interval: 0).count <= capacity else { return nil }
        let range = LoaderModel.validThroughputs
        var low: Double
        var high: Double
        let begin = Swift.min(Swift.max(start, range.lowerBound), range.upperBound)
        if fits(begin) {
            high = begin
            low = begin / 2
            while fits(low) {
                high = low
                guard low / 2 >= range.lowerBound else { return range.lowerBound }
                low /= 2
            }
        } else {
            low = begin
            high = begin * 2
            while !fits(high) {
                low = high
                guard high * 2 <= range.upperBound else { return fits(range.upperBound) ? range.upperBound : nil }
                high *= 2
            }
        }
        while high > low * 1.01 {
            let middle = (low * high).squareRoot()
            if fits(middle) { high = middle } else { low = middle }
        }
        return high
    }
}
