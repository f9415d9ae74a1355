extension TileID {
    /// The four tiles one level down that tile this one, (n + 1, 2x + i, 2y + j), i, j ∈ {0, 1} (the geometry model's
    /// *Views and levels of detail* (§8)),
    /// in quadkey-digit order d = 2j + i: top-left, top-right, bottom-left, bottom-right. That order is row-major,
    /// so the children are sorted, and child d's quadkey is the parent's followed by the digit d.
    /// Empty at level 30, which has no level below it. A collection, not an array: it allocates nothing.
    public struct Children: RandomAccessCollection, Sendable, Hashable {
        /// The tile whose children these are.
        public let parent: TileID

        @usableFromInline
        init(parent: TileID) { self.parent = parent }

        /// 0.
        @inlinable public var startIndex: Int { 0 }
        /// 4, or 0 at level 30.
        @inlinable public var endIndex: Int { parent.level < TileID.maximumLevel ? 4 : 0 }

        /// Child d = 2j + i: (n + 1, 2x + i, 2y + j).
        /// - Precondition: 0 ≤ d < `endIndex`, as for every collection.
        @inlinable
        public subscript(position: Int) -> TileID {
            precondition(position >= startIndex && position < endIndex, "Child index out of range")
            return TileID(unchecked: parent.level + 1, 2 * parent.x + (position & 1), 2 * parent.y + (position >> 1))
        }
    }

    /// The four tiles one level down, in quadkey-digit (row-major) order; empty at level 30.
    /// - Complexity: O(1); no allocation.
    @inlinable
    public var children: Children { Children(parent: self) }
}
