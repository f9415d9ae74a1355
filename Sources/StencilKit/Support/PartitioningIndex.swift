extension RandomAccessCollection {
    /// The first index whose element satisfies `belongs`, or `endIndex` when none does, for a collection
    /// partitioned so that every element satisfying `belongs` comes after every element that does not (a sorted
    /// array and a predicate like `{ $0 > x }`). The one binary search of the package: every lower or upper bound
    /// of a sorted list goes through it.
    ///
    /// The standard library has no binary search; swift-algorithms' `partitioningIndex(where:)` has this contract,
    /// and the package takes no dependency.
    /// - Complexity: O(log n) calls of `belongs`, no allocation.
    @inlinable
    package func partitioningIndex(where belongs: (Element) throws -> Bool) rethrows -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if try belongs(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
