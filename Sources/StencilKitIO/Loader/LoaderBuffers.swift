/// A first-in first-out queue in a ring buffer: the loader's job queue.
///
/// Always true: `0 ≤ count ≤ capacity`, the elements are `storage[(head + i) mod capacity]` for i in 0 ..< count,
/// and `capacity` is 0 or a power of two. The storage grows (doubling) only when an element is added to a full
/// queue, so it never exceeds twice the most elements held at once (and at least 8), however many pass through: a
/// long flight whose queue never empties holds as little as one that drains every frame.
struct RingQueue<Element>: Sendable where Element: Sendable {
    private var storage: [Element?] = []
    private var head = 0
    /// Number of elements queued.
    private(set) var count = 0

    /// The elements the storage holds without growing.
    var capacity: Int { storage.count }

    /// Whether no element is queued.
    var isEmpty: Bool { count == 0 }

    /// Adds `element` at the back.
    /// - Complexity: O(1), amortized over the doublings.
    mutating func append(_ element: Element) {
        if count == storage.count { grow(to: max(8, 2 * storage.count)) }
        storage[(head + count) & (storage.count - 1)] = element
        count += 1
    }

    /// Removes and returns the front element, or nil when the queue is empty.
    /// - Complexity: O(1).
    mutating func popFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = storage[head]
        storage[head] = nil
        head = (head + 1) & (storage.count - 1)
        count -= 1
        if count == 0 { head = 0 }
        return element
    }

    /// Grows the storage to hold at least `n` elements (rounded up to a power of two).
    /// - Complexity: O(capacity) when it grows.
    mutating func reserveCapacity(_ n: Int) {
        guard n > storage.count else { return }
        var size = max(8, storage.count)
        while size < n { size *= 2 }
        grow(to: size)
    }

    /// Removes every element, keeping the storage.
    /// - Complexity: O(count).
    mutating func removeAll() {
        while popFirst() != nil {}
        head = 0
    }

    /// Moves the elements to a storage of `size` slots (a power of two ≥ count), front first.
    private mutating func grow(to size: Int) {
        var next = [Element?](repeating: nil, count: size)
        for i in 0..<count { next[i] = storage[(head + i) & (storage.count - 1)] }
        storage = next
        head = 0
    }

    /// Checks the invariants (see the type); the tests call it.
    func checkInvariants() -> Bool {
        let size = storage.count
        guard count >= 0, count <= size, size == 0 || size & (size - 1) == 0 else { return false }
        for i in 0..<size {
            let held = (i - head + size) & max(0, size - 1) < count
            if held != (storage[i] != nil) { return false }
        }
        return true
    }
}

/// The most recent measured loads of a ``TileLoader``, at most `limit` of them: a ring buffer.
///
/// Loads are numbered in the order they were recorded, 0, 1, 2, …; load n lives in slot n mod `limit`. The loads
/// held are those numbered from max(``total`` − limit, the last clearing) up to ``total``. Memory is at most
/// limit × 32 bytes (24 bytes a ``LoadTiming`` plus the array's stride), whatever the flight's length.
struct TimingRing: Sendable {
    /// The most loads held.
    let limit: Int
    private var storage: [LoadTiming] = []
    /// Loads recorded so far (the number the next one gets).
    private(set) var total = 0
    /// Loads numbered below this one are forgotten (``clear()``).
    private var cleared = 0

    /// An empty ring of at most `limit` loads (at least 1).
    init(limit: Int) { self.limit = max(1, limit) }

    /// Records `timing` as load ``total``, overwriting the oldest held load when the ring is full.
    /// - Complexity: O(1) amortized; no allocation once `limit` loads have been recorded.
    mutating func append(_ timing: LoadTiming) {
        let slot = total % limit
        if slot == storage.count { storage.append(timing) } else { storage[slot] = timing }
        total += 1
    }

    /// The numbers of the loads held.
    var held: Range<Int> { max(cleared, total - limit)..<total }

    /// The held loads among those numbered in `range`, in recording order.
    /// - Complexity: O(loads returned).
    func timings(in range: Range<Int>) -> [LoadTiming] {
        let lower = max(range.lowerBound, held.lowerBound)
        let upper = min(range.upperBound, held.upperBound)
        guard lower < upper else { return [] }
        return (lower..<upper).map { storage[$0 % limit] }
    }

    /// Forgets every load recorded so far (the storage is kept).
    mutating func clear() { cleared = total }

    /// Number of slots allocated (at most ``limit``).
    var storageCount: Int { storage.count }
}
