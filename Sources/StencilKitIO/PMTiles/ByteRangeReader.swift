import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads byte ranges of one immutable blob: a local file, a buffer, or (later) an object over HTTP range requests.
///
/// Conformers are `Sendable` and safe to call from several threads at once: a loader's workers share one.
public protocol ByteRangeReader: Sendable {
    /// The blob's length in bytes.
    var size: UInt64 { get }
    /// The `length` bytes at `offset`.
    /// - Throws: ``PMTilesError/pastEnd(what:offset:length:size:)`` when the range passes ``size``,
    ///   ``PMTilesError/io(detail:)`` when the read fails.
    func read(offset: UInt64, length: Int) throws(PMTilesError) -> Data
}

extension ByteRangeReader {
    /// Throws unless `offset` + `length` ≤ ``size`` (without overflow); `what` names the section.
    func checkRange(_ what: String, offset: UInt64, length: UInt64) throws(PMTilesError) {
        let (end, overflow) = offset.addingReportingOverflow(length)
        guard !overflow, end <= size else { throw .pastEnd(what: what, offset: offset, length: length, size: size) }
    }
}

/// A blob in memory.
public struct DataByteRangeReader: ByteRangeReader {
    /// The bytes.
    public let data: Data
    /// Reads from `data`.
    public init(_ data: Data) { self.data = Data(data) }
    /// `data.count`.
    public var size: UInt64 { UInt64(data.count) }
    /// The bytes at `offset` ..< `offset` + `length`. O(length).
    public func read(offset: UInt64, length: Int) throws(PMTilesError) -> Data {
        guard length >= 0 else { throw .pastEnd(what: "read", offset: offset, length: 0, size: size) }
        try checkRange("read", offset: offset, length: UInt64(length))
        let start = data.startIndex + Int(offset)
        return data.subdata(in: start..<start + length)
    }
}

/// A local file read with `pread` (positioned reads need no shared file position, so threads never contend).
/// The descriptor is closed when the last copy of the reader goes away.
public final class FileByteRangeReader: ByteRangeReader {
    private let descriptor: Int32
    /// The file's length when it was opened (the file must not change while it is read).
    public let size: UInt64
    /// The file's path.
    public let path: String

    /// Opens `path` read-only.
    /// - Throws: ``PMTilesError/io(detail:)`` when it cannot be opened or measured.
    public init(path: String) throws(PMTilesError) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw .io(detail: "open \(path): \(String(cString: strerror(errno)))") }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw .io(detail: "fstat \(path): \(String(cString: strerror(errno)))")
        }
        descriptor = fd
        size = UInt64(max(0, info.st_size))
        self.path = path
    }

    deinit { close(descriptor) }

    /// The `length` bytes at `offset`, by `pread` until all have come (a short read is retried; end of file early
    /// is an error). O(length).
    public func read(offset: UInt64, length: Int) throws(PMTilesError) -> Data {
        guard length >= 0 else { throw .pastEnd(what: "read", offset: offset, length: 0, size: size) }
        try checkRange("read", offset: offset, length: UInt64(length))
        var data = Data(count: length)
        var done = 0
        var failure: PMTilesError?
        data.withUnsafeMutableBytes { buffer in
            while done < length {
                let n = pread(descriptor, buffer.baseAddress! + done, length - done, off_t(offset) + off_t(done))
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = .io(detail: "pread \(path) at \(offset): \(String(cString: strerror(errno)))")
                    return
                }
                if n == 0 {
                    failure = .io(detail: "pread \(path): end of file at \(Int(offset) + done), \(size) expected")
                    return
                }
                done += n
            }
        }
        if let failure { throw failure }
        return data
    }
}
