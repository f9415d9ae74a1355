/// An in-place heap sort: O(n log n) and no allocation, unlike a merge-based sort.
enum HeapSort {
    static func sort<T>(_ buffer: UnsafeMutableBufferPointer<T>, by less: (T, T) -> Bool) {
        let n = buffer.count
        guard n > 1 else { return }
        func siftDown(_ start: Int, _ end: Int) {
            var root = start
            while 2 * root + 1 < end {
                var child = 2 * root + 1
                if child + 1 < end && less(buffer[child], buffer[child + 1]) { child += 1 }
                guard less(buffer[root], buffer[child]) else { return }
                buffer.swapAt(root, child)
                root = child
            }
        }
        for start in stride(from: n / 2 - 1, through: 0, by: -1) { siftDown(start, n) }
        for end in stride(from: n - 1, to: 0, by: -1) {
            buffer.swapAt(0, end)
            siftDown(0, end)
        }
    }
}
