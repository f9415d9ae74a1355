import Foundation

/// Protobuf varints (spec §4.2): 7 bits a byte, least significant group first, the high bit set on every byte but
/// the last. A UInt64 takes at most 10 bytes, the 10th holding only bit 63.
enum Varint {
    /// Appends `value` in 1…10 bytes.
    static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }
}

/// A read position in a byte buffer that decodes varints and refuses to read past the end.
struct ByteCursor {
    let bytes: [UInt8]
    private(set) var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The bytes left to read.
    var remaining: Int { bytes.count - index }

    /// The next varint.
    /// - Throws: ``PMTilesError/truncatedDirectory(what:)`` at the end (naming `what`),
    ///   ``PMTilesError/varintTooLong`` past 10 bytes or 64 bits.
    mutating func varint(_ what: String) throws(PMTilesError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard index < bytes.count else { throw .truncatedDirectory(what: what) }
            let byte = bytes[index]
            index += 1
            let bits = UInt64(byte & 0x7F)
            // The 10th byte (shift 63) may hold bit 63 only.
            guard shift < 64, shift < 63 || bits <= 1 else { throw .varintTooLong }
            value |= bits << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
    }
}
