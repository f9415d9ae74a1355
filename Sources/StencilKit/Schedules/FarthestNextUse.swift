/// Belady's farthest-next-use rule (MIN) over requirement intervals: tile x must be resident throughout each of its
/// intervals [start, end]; at most `capacity` tiles are resident at once; a tile outside its intervals may be
/// evicted. Misses are loads, the first load of every tile included.
///
/// Why farthest-next-use is optimal here. The classical exchange argument carries over to requests that are sets
/// held over intervals: take an optimal policy that agrees with this one until some load, where this one evicts e
/// (next needed farthest away) and the other evicts f. Until f's next interval, neither e nor f is required, so a
/// policy that evicts f instead of e and then copies the other one's moves (evicting f where it evicts e; loading e
/// where it loads f) stays feasible and loads no more. Laziness (loading only at an interval's start) costs nothing
/// either. So the number of misses is the least any policy can make.
///
/// Events are processed in time order, starts before ends at equal times (a tile whose interval ends at τ is still
/// required at τ). Resident tiles that are not required wait in a max-heap keyed by their next interval's start
/// (+∞ if none); stale entries are skipped when popped.
/// - Complexity: O(n log n) for n intervals.
struct FarthestNextUse {
    /// What a run of the rule found.
    struct Outcome {
        /// Loads made (misses), or nil when some start found all `capacity` resident tiles required.
        var misses: Int?
        /// When it failed: the start time at which more than `capacity` tiles were required.
        var failedAt: Double = 0
        /// Per load (when recorded): the interval it starts with.
        var loadInterval: [Int32] = []
        /// Per load: the last interval it kept its tile resident through.
        var lastInterval: [Int32] = []
        /// Per load: the load that took its slot when it was evicted, or −1 if it stays to the end.
        var successor: [Int32] = []
        /// Per load: the load whose slot it took, or −1 for a free slot.
        var predecessor: [Int32] = []
    }

    /// Runs the rule over intervals sorted by start (ties in list order), one tile's intervals disjoint
    /// (end of one < start of the next). `tile[i]` numbers tiles 0 ..< `tileCount`; `endOrder` lists the interval
    /// indices by end (ties by index).
    static func run(
        tile: [Int32], start: [Double], end: [Double], endOrder: [Int32], tileCount: Int, capacity: Int,
        record: Bool
    ) -> Outcome {
        let n = tile.count
        var outcome = Outcome()
        // The next interval of the same tile, found backwards.
        var nextOfTile = [Int32](repeating: -1, count: n)
        do {
            var later = [Int32](repeating: -1, count: tileCount)
            for i in stride(from: n - 1, through: 0, by: -1) {
                let x = Int(tile[i])
                nextOfTile[i] = later[x]
                later[x] = Int32(i)
            }
        }
        var resident = [Bool](repeating: false, count: tileCount)
        var required = [Bool](repeating: false, count: tileCount)
        var heapKey = [Double](repeating: 0, count: tileCount)
        var currentLoad = [Int32](repeating: -1, count: tileCount)
        var heap = MaxHeap()
        heap.reserveCapacity(n)
        var residentCount = 0
        var misses = 0
        var i = 0
        var j = 0
        while i < n || j < n {
            if i < n && (j >= n || start[i] <= end[Int(endOrder[j])]) {
                let x = Int(tile[i])
                if resident[x] {
                    required[x] = true
                    if record { outcome.lastInterval[Int(currentLoad[x])] = Int32(i) }
                } else {
                    misses += 1
                    var victimLoad: Int32 = -1
                    if residentCount == capacity {
                        // Pop the farthest-needed idle tile, skipping stale entries.
                        var victim = -1
                        while let top = heap.popMax() {
                            let y = Int(top.tile)
                            if resident[y] && !required[y] && heapKey[y] == top.key {
                                victim = y
                                break
                            }
                        }
                        guard victim >= 0 else {
                            outcome.misses = nil
                            outcome.failedAt = start[i]
                            return outcome
                        }
                        resident[victim] = false
                        victimLoad = currentLoad[victim]
                        residentCount -= 1
                    }
                    resident[x] = true
                    required[x] = true
                    residentCount += 1
                    if record {
                        let load = Int32(outcome.loadInterval.count)
                        outcome.loadInterval.append(Int32(i))
                        outcome.lastInterval.append(Int32(i))
                        outcome.successor.append(-1)
                        outcome.predecessor.append(victimLoad)
                        if victimLoad >= 0 { outcome.successor[Int(victimLoad)] = load }
                        currentLoad[x] = load
                    }
                }
                i += 1
            } else {
                let e = Int(endOrder[j])
                let x = Int(tile[e])
                required[x] = false
                let next = nextOfTile[e]
                let key = next >= 0 ? start[Int(next)] : .infinity
                heapKey[x] = key
                heap.push(key: key, tile: Int32(x))
                j += 1
            }
        }
        outcome.misses = misses
        return outcome
    }

    /// The indices 0 ..< n sorted by their last frame (ends are those frames' times, so this is the order by end),
    /// ties by index: one sort of packed 64-bit keys.
    /// - Complexity: O(n log n).
    static func endOrder(lastFrames: [Int32]) -> [Int32] {
        var keys = [UInt64](repeating: 0, count: lastFrames.count)
        for i in lastFrames.indices { keys[i] = UInt64(UInt32(bitPattern: lastFrames[i])) << 32 | UInt64(i) }
        keys.sort()
        return keys.map { Int32(truncatingIfNeeded: $0 & 0xFFFF_FFFF) }
    }
}

/// A binary max-heap of (key, tile) pairs, ties broken by the larger tile number.
struct MaxHeap {
    private var keys: [Double] = []
    private var tiles: [Int32] = []

    mutating func reserveCapacity(_ n: Int) {
        keys.reserveCapacity(n)
        tiles.reserveCapacity(n)
    }

    @inline(__always)
    private func above(_ a: Int, _ b: Int) -> Bool {
        keys[a] != keys[b] ? keys[a] > keys[b] : tiles[a] > tiles[b]
    }

    /// Adds a pair. O(log n).
    mutating func push(key: Double, tile: Int32) {
        keys.append(key)
        tiles.append(tile)
        var child = keys.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard above(child, parent) else { break }
            keys.swapAt(child, parent)
            tiles.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the pair of largest key. O(log n).
    mutating func popMax() -> (key: Double, tile: Int32)? {
        guard !keys.isEmpty else { return nil }
        let top = (keys[0], tiles[0])
        let last = keys.count - 1
        keys.swapAt(0, last)
        tiles.swapAt(0, last)
        keys.removeLast()
        tiles.removeLast()
        var parent = 0
        let count = keys.count
        while true {
            let left = 2 * parent + 1
            guard left < count else { break }
            var best = left
            if left + 1 < count && above(left + 1, left) { best = left + 1 }
            guard above(best, parent) else { break }
            keys.swapAt(best, parent)
            tiles.swapAt(best, parent)
            parent = best
        }
        return top
    }
}
