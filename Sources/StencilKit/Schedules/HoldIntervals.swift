/// When each tile must hold a slot if every run of its need that can be a load of its own is one, requested as late
/// as the loader allows (the geometry model's *Streaming schedule* (§9)): the "hold intervals" the schedule's capacity
/// is decided on.
///
/// A load serving a run whose first frame is a must be requested by its latest time s = c − λ (`LoadTimeline`),
/// and its tile then holds a slot from s through the run's last frame b. A run can be a load of its own only if its
/// tile can be evicted after the previous run's last frame b′ and requested again by t_a − λ, i.e. t_a − λ > t_b′;
/// otherwise, in every schedule, the tile stays resident across the gap and the run joins the previous hold. Runs
/// whose latest request falls at or before the previous hold's end join it too. Every load is timed as if every
/// loadable run were one: that is the most loader work any schedule of these runs can need, so the times are
/// early enough for any subset of the loads (see ``StreamingSchedule``).
///
/// Starts are moved earlier by a guard of 10⁻⁹·max(1, |s|) s before they are compared with ends, so that rounding
/// never lets two holds that meet in exact arithmetic (frames exactly λ apart) count as disjoint.
/// - Complexity: O(runs) to build; O(runs · log runs) for the peak.
struct HoldIntervals {
    /// Per hold: its tile number, guarded start, end (the time of its last frame), last frame, the first frame of
    /// its first run (its deadline), and the index of that run's load in the loadable list.
    var tile: [Int32] = []
    var start: [Double] = []
    var end: [Double] = []
    var lastFrame: [Int32] = []
    var deadlineFrame: [Int32] = []
    /// The take-off wait and preload of the loadable runs' timeline.
    var takeoffWait = 0.0
    var preloadCount = 0

    /// The guard subtracted from a start at time `t` before comparing it.
    @inline(__always)
    static func guarded(_ t: Double) -> Double { t - 1e-9 * Swift.max(1, Swift.abs(t)) }

    /// Which runs of `needs` are loads of their own with latency `latency`: a tile's first run, or one whose
    /// (guarded) latest request t_a − λ comes after the previous run's last frame b′ and whose gap t_a − t_b′ is at
    /// least `minimumGap` seconds (shorter gaps are bridged: the tile stays resident).
    /// - Complexity: O(runs).
    static func loadableRuns<Tile>(
        of needs: Needs<Tile>, latency: Double, guarded useGuard: Bool, minimumGap: Double = 0
    )
        -> [Bool]
    {
        var lastEnd = [Int32](repeating: -1, count: needs.tiles.count)
        var loadable = [Bool](repeating: true, count: needs.runCount)
        for r in 0..<needs.runCount {
            let x = Int(needs.runTile[r])
            let previous = lastEnd[x]
            if previous >= 0 {
                let deadline = needs.time(ofFrame: Int(needs.runFirst[r]))
                let previousEnd = needs.time(ofFrame: Int(previous))
                let s = deadline - latency
                let start = useGuard ? guarded(s) : s
                loadable[r] = start > previousEnd && deadline - previousEnd >= minimumGap
            }
            lastEnd[x] = needs.runLast[r]
        }
        return loadable
    }

    /// The holds of `needs` when the loadable runs are loads timed at latency `latency` and `interval` = 1/μ
    /// seconds (0: unlimited throughput).
    init<Tile>(needs: Needs<Tile>, loadable: [Bool], latency: Double, interval: Double, guarded useGuard: Bool) {
        var deadlines: [Double] = []
        for r in 0..<needs.runCount where loadable[r] { deadlines.append(needs.time(ofFrame: Int(needs.runFirst[r]))) }
        let timeline = LoadTimeline(deadlines: deadlines, latency: latency, interval: interval)
        takeoffWait = timeline.takeoffWait
        preloadCount = timeline.preloadCount
        var current = [Int32](repeating: -1, count: needs.tiles.count)
        var load = 0
        tile.reserveCapacity(deadlines.count)
        start.reserveCapacity(deadlines.count)
        end.reserveCapacity(deadlines.count)
        for r in 0..<needs.runCount {
            let x = Int(needs.runTile[r])
            let last = needs.runLast[r]
            let endTime = needs.time(ofFrame: Int(last))
            var s = Double.infinity
            if loadable[r] {
                s = timeline.request[load]
                if useGuard { s = Self.guarded(s) }
                load += 1
            }
            let h = Int(current[x])
            if h >= 0 && (!loadable[r] || s <= end[h]) {
                end[h] = endTime
                lastFrame[h] = last
            } else {
                current[x] = Int32(tile.count)
                tile.append(Int32(x))
                start.append(s)
                end.append(endTime)
                lastFrame.append(last)
                deadlineFrame.append(needs.runFirst[r])
            }
        }
    }

    var count: Int { tile.count }

    /// The most holds that contain one instant (starts counted before ends at equal times), the first start where
    /// it is reached, and that hold's index (−1 when there are none).
    func peak(endOrder: [Int32]) -> (count: Int, time: Double, hold: Int) {
        var best = (count: 0, time: 0.0, hold: -1)
        var live = 0
        var j = 0
        for i in 0..<count {
            while j < count && end[Int(endOrder[j])] < start[i] {
                live -= 1
                j += 1
            }
            live += 1
            if live > best.count { best = (live, start[i], i) }
        }
        return best
    }
}
