/// One entry of a PMTiles directory (spec §4.1): a run of tiles stored at one place, or a leaf directory.
///
/// A tile entry (``runLength`` > 0) says tiles ``tileID`` … ``tileID`` + runLength − 1 all have the bytes at
/// ``offset`` (from the tile data section) of ``length`` bytes; a leaf entry (runLength 0) says the directory of the
/// tiles from ``tileID`` on is at ``offset`` from the leaf directories section.
public struct PMTilesEntry: Sendable, Hashable {
    /// The first tile id the entry covers.
    public var tileID: UInt64
    /// Bytes from the start of the tile data section (tile entries) or leaf directories section (leaf entries).
    public var offset: UInt64
    /// Stored bytes, at least 1.
    public var length: UInt64
    /// Tiles covered; 0 for a leaf directory.
    public var runLength: UInt64

    /// An entry.
    public init(tileID: UInt64, offset: UInt64, length: UInt64, runLength: UInt64) {
        self.tileID = tileID
        self.offset = offset
        self.length = length
        self.runLength = runLength
    }

    /// Whether the entry points at a leaf directory (run length 0).
    public var isLeaf: Bool { runLength == 0 }
}
