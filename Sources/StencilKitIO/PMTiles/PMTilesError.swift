/// An error reading or writing a PMTiles v3 archive: what was wrong and, in `description`, what would be valid.
///
/// The reader never traps, hangs or allocates without bound on a bad archive: every length it trusts is checked
/// against the archive's size or a stated limit first, and each of those checks has its case here.
public enum PMTilesError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The first 7 bytes were not `PMTiles` (`0x50 0x4D 0x54 0x69 0x6C 0x65 0x73`); `found` holds them in hex.
    case badMagic(found: String)
    /// The version byte was not 3 (this reader reads PMTiles v3 only).
    case unsupportedVersion(Int)
    /// The archive is shorter than the 127-byte header.
    case truncatedHeader(size: UInt64)
    /// A section (`what`) at `offset` of `length` bytes reaches past the archive's end (`size`) or past UInt64.
    case pastEnd(what: String, offset: UInt64, length: UInt64, size: UInt64)
    /// A directory ended in the middle of its entries (`what` was being read).
    case truncatedDirectory(what: String)
    /// A varint ran past 10 bytes or past 64 bits.
    case varintTooLong
    /// A directory with no entries (the spec requires at least one), or more entries than its bytes can hold.
    case badEntryCount(count: UInt64, limit: UInt64)
    /// An entry of length 0 (the spec requires every length to be greater than 0), or a length past `Int`.
    case badEntryLength(tileID: UInt64, length: UInt64)
    /// Tile ids that do not increase strictly, or whose delta sum passes UInt64.
    case tileIDsOutOfOrder(previous: UInt64, next: UInt64)
    /// The first entry's offset is stored as 0, which encodes "right after the previous entry" (there is none).
    case firstOffsetZero
    /// A tile id past the last id of level 31, the deepest level the spec's 64-bit ids reach.
    case tileIDTooLarge(UInt64)
    /// A run of `runLength` tiles from `tileID` that reaches past ``HilbertTileID/maximumRawValue`` or into `next`,
    /// a tile id another entry addresses (runs must not overlap).
    case overlappingRun(tileID: UInt64, runLength: UInt64, next: UInt64)
    /// A leaf directory's entry whose id lies outside its parent entry's span, `first` ..< `end` (from the parent's
    /// id to its next sibling's).
    case leafEntryOutsideParent(tileID: UInt64, first: UInt64, end: UInt64)
    /// The directories of one walk decode to more than `limit` entries (see ``PMTilesReader/walkEntryLimit``).
    case directoriesTooLarge(entries: UInt64, limit: UInt64)
    /// A level past 31, or x or y past 2^level − 1, for a Hilbert tile id.
    case tileOutOfRange(level: Int, x: UInt64, y: UInt64)
    /// A leaf directory entry that points at a directory already on the current path (itself or a cycle).
    case leafCycle(offset: UInt64)
    /// A leaf directory that two leaf entries point at (each leaf directory has one parent entry).
    case leafReferencedTwice(offset: UInt64)
    /// Leaf directories nested deeper than `limit` levels below the root.
    case leafChainTooDeep(limit: Int)
    /// A gzip section (`what`) that inflates past `limit` bytes.
    case inflatesPastLimit(what: String, limit: Int)
    /// A gzip section (`what`) that zlib cannot inflate (`detail` is zlib's message).
    case badGzip(what: String, detail: String)
    /// An internal compression this reader does not implement (only 1 = none and 2 = gzip are).
    case unsupportedCompression(Int)
    /// The root directory (with the header) does not fit in the first 16,384 bytes.
    case rootDirectoryTooLarge(end: UInt64)
    /// The metadata is not a JSON object in UTF-8.
    case badMetadata(detail: String)
    /// An I/O failure of the byte source (`detail` names the call and errno's message).
    case io(detail: String)
    /// A request of an archive over HTTP failed (``HTTPByteRangeReader``): the error names the URL, the range and
    /// what went wrong.
    case http(HTTPSourceError)
    /// An argument out of its valid range (`valid` says what is valid).
    case invalidArgument(name: String, value: String, valid: String)
    /// A writer input that cannot make an archive (`detail` says what and what would be valid).
    case badWriterInput(detail: String)

    /// A sentence naming what was wrong and what would be valid.
    public var description: String {
        switch self {
        case .badMagic(let found):
            return "Not a PMTiles archive: the first 7 bytes are \(found); a PMTiles archive starts with "
                + "\"PMTiles\" (50 4d 54 69 6c 65 73)."
        case .unsupportedVersion(let version):
            return "PMTiles version \(version) is not supported; this reader reads version 3."
        case .truncatedHeader(let size):
            return "The archive has \(size) bytes, fewer than the 127-byte PMTiles v3 header."
        case .pastEnd(let what, let offset, let length, let size):
            return "The \(what) at offset \(offset), \(length) bytes long, reaches past the archive's end "
                + "(\(size) bytes); every section must lie within the archive."
        case .truncatedDirectory(let what):
            return "A directory ends while its \(what) are read; a directory holds a count, then that many tile "
                + "ids, run lengths, lengths and offsets, each a varint."
        case .varintTooLong:
            return "A varint is longer than 10 bytes or exceeds 64 bits; directory values must fit in UInt64."
        case .badEntryCount(let count, let limit):
            return "A directory claims \(count) entries; it must hold 1…\(limit) (at least one, and no more than "
                + "its bytes can encode)."
        case .badEntryLength(let tileID, let length):
            return "The entry of tile id \(tileID) has length \(length); lengths must be 1…\(Int.max)."
        case .tileIDsOutOfOrder(let previous, let next):
            return "Tile ids go from \(previous) to \(next); a directory's ids must increase strictly within UInt64."
        case .firstOffsetZero:
            return "A directory's first offset is stored as 0 (\"right after the previous entry\"), but there is no "
                + "previous entry; the first offset must be stored as offset + 1."
        case .tileIDTooLarge(let id):
            return "Tile id \(id) is past level 31; valid ids are 0…\(HilbertTileID.maximumRawValue)."
        case .overlappingRun(let tileID, let runLength, let next):
            return "The run of \(runLength) tiles from tile id \(tileID) reaches tile id \(next), which is past level "
                + "31 or addressed by another entry; a run must end before the next entry's id and at most at "
                + "\(HilbertTileID.maximumRawValue)."
        case .leafEntryOutsideParent(let tileID, let first, let end):
            return "A leaf directory holds tile id \(tileID), outside its parent entry's ids \(first)..<\(end); a "
                + "leaf's ids must lie from its parent's id up to the next sibling's."
        case .directoriesTooLarge(let entries, let limit):
            return "The directories decode to more than \(limit) entries (\(entries) so far), more than 16 per byte "
                + "of the leaf section; a valid archive's leaves hold at most that many."
        case .tileOutOfRange(let level, let x, let y):
            return "Tile \(level)/\(x)/\(y) is out of range; levels are 0…31 and x, y lie in 0…2^level − 1."
        case .leafCycle(let offset):
            return "The leaf directory at leaf offset \(offset) points back at a directory on its own path (a cycle); "
                + "leaf entries must point at other, deeper directories."
        case .leafReferencedTwice(let offset):
            return "Two leaf entries point at the leaf directory at leaf offset \(offset); each leaf directory must "
                + "have exactly one entry pointing at it."
        case .leafChainTooDeep(let limit):
            return "Leaf directories are nested more than \(limit) levels deep; this reader follows at most \(limit) "
                + "(the spec discourages more than one)."
        case .inflatesPastLimit(let what, let limit):
            return "The gzip \(what) inflates past \(limit) bytes, the stated bound; a valid \(what) inflates "
                + "to at most \(limit) bytes."
        case .badGzip(let what, let detail):
            return "The gzip \(what) cannot be inflated (\(detail)); it must be a complete gzip stream."
        case .unsupportedCompression(let value):
            return "Internal compression \(value) is not supported; valid values are 1 (none) and 2 (gzip)."
        case .rootDirectoryTooLarge(let end):
            return "The root directory ends at byte \(end); the header and root directory must fit in the first "
                + "16,384 bytes."
        case .badMetadata(let detail):
            return "The metadata is not a JSON object (\(detail)); it must be a UTF-8 JSON object."
        case .io(let detail):
            return "I/O error: \(detail)."
        case .http(let error):
            return "HTTP error: \(error)."
        case .invalidArgument(let name, let value, let valid):
            return "\(name) is \(value); it must be \(valid)."
        case .badWriterInput(let detail):
            return "Cannot write the archive: \(detail)."
        }
    }
}
