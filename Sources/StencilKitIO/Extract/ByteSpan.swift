/// A range of bytes in an archive: `offset` ..< `offset + length`, length ≥ 0.
public struct ByteSpan: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The first byte, from the archive's start.
    public var offset: UInt64
    /// The number of bytes.
    public var length: Int

    /// The span `offset` ..< `offset + length`.
    public init(offset: UInt64, length: Int) {
        self.offset = offset
        self.length = length
    }

    /// One past the last byte, `offset + length`.
    public var end: UInt64 { offset + UInt64(length) }

    /// By offset, then length.
    public static func < (a: ByteSpan, b: ByteSpan) -> Bool { (a.offset, a.length) < (b.offset, b.length) }

    /// `offset+length`.
    public var description: String { "\(offset)+\(length)" }
}
