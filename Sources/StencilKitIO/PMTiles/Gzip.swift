import CZlib
import Foundation

/// gzip through the system zlib: inflate with a stated output bound, deflate at the default level.
enum Gzip {
    /// The bytes `data` inflates to: a complete gzip stream, at most `limit` bytes out.
    /// - Complexity: O(output); memory at most `limit` bytes plus zlib's 32 KiB window.
    /// - Throws: ``PMTilesError/inflatesPastLimit(what:limit:)`` past `limit`, ``PMTilesError/badGzip(what:detail:)``
    ///   for a stream zlib refuses or that ends early.
    static func inflate(_ data: [UInt8], limit: Int, what: String) throws(PMTilesError) -> [UInt8] {
        var stream = z_stream()
        // 16 + 15: a gzip wrapper, the largest window.
        guard inflateInit2_(&stream, 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .badGzip(what: what, detail: "inflateInit2 failed")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var input = data
        let count = input.count
        var status: Int32 = Z_OK
        var failure: PMTilesError?
        input.withUnsafeMutableBufferPointer { inBuffer in
            stream.next_in = inBuffer.baseAddress
            stream.avail_in = uInt(count)
            repeat {
                chunk.withUnsafeMutableBufferPointer { outBuffer in
                    stream.next_out = outBuffer.baseAddress
                    stream.avail_out = uInt(outBuffer.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                if output.count + produced > limit {
                    failure = .inflatesPastLimit(what: what, limit: limit)
                    return
                }
                output.append(contentsOf: chunk[0..<produced])
                if status == Z_BUF_ERROR && stream.avail_in == 0 {
                    failure = .badGzip(what: what, detail: "the stream ends early")
                    return
                }
                if status != Z_OK && status != Z_STREAM_END {
                    let message = stream.msg.map { String(cString: $0) } ?? "zlib status \(status)"
                    failure = .badGzip(what: what, detail: message)
                    return
                }
            } while status != Z_STREAM_END
        }
        if let failure { throw failure }
        return output
    }

    /// `data` as one gzip stream (no file name, mtime 0), zlib's default level.
    /// - Complexity: O(`data.count`).
    static func deflate(_ data: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        guard
            deflateInit2_(
                &stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return [] }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))) + 32)
        var input = data
        let count = input.count
        input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                _ = CZlib.deflate(&stream, Z_FINISH)
            }
        }
        output.removeLast(Int(stream.avail_out))
        return output
    }
}
