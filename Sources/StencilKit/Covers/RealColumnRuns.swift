/// The real columns of one row of a cover: at most two disjoint runs in 0 ..< columns, sorted (an unwrapped run
/// that crosses ±180° becomes a run at the east end and one at the west end), or all columns.
///
/// Always true: `count` is 1 or 2; the runs are sorted, disjoint and not adjacent.
struct RealColumnRuns: Sendable, Hashable {
    var first0 = 0, last0 = -1
    var first1 = 0, last1 = -1
    var count = 0

    /// The real columns of the unwrapped columns `first … last` (first ≤ last) on a grid of `columns` columns.
    /// - Complexity: O(1).
    init(unwrappedFirst first: Int, last: Int, columns: Int) {
        let width = last - first
        if width >= columns - 1 {
            self.init(0, columns - 1)
            return
        }
        var a = first % columns
        if a < 0 { a += columns }
        let b = a + width
        if b < columns {
            self.init(a, b)
        } else {
            // The wrapped part [0, b − columns] lies at least two columns west of a (width ≤ columns − 2).
            self.init(0, b - columns)
            first1 = a
            last1 = columns - 1
            count = 2
        }
    }

    init(_ first: Int, _ last: Int) {
        first0 = first
        last0 = last
        count = 1
    }
}
