import StencilKitIO

/// libFuzzer target `http`: the HTTP answer judge (``HTTPResponseCheck``) on arbitrary answers. The input's first 16
/// bytes pick the status (0…599), the range asked (offset, length 0…65,535, or a whole GET) and the pins (ETag
/// `"e"`, size), and the body's length; the rest, as UTF-8 lines `name: value`, are the headers (names
/// lowercased). Each header value is also parsed as a Content-Range. Invariants (a broken one is a `fatalError`):
/// a parsed range has first ≤ last < total; an accepted range answer is a 206 whose body is exactly the bytes asked
/// (clipped at the object's end) with the pinned ETag and size; an accepted whole answer is a 200; a missing tile a
/// 404 to a whole GET; every error names the URL and the request.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    func word(_ i: Int, _ n: Int) -> UInt64 {
        var v: UInt64 = 0
        for k in 0..<n where i + k < bytes.count { v = v << 8 | UInt64(bytes[i + k]) }
        return v
    }
    let status = Int(word(0, 2) % 600)
    let offset = word(2, 4) % 100_000
    let length = word(6, 2)
    let flags = word(8, 1)
    let bodyLength = Int(word(9, 3) % 200_000)
    let pinnedSize: UInt64? = flags & 4 != 0 ? offset + word(12, 4) % 200_000 : nil
    let pinnedETag: String? = flags & 2 != 0 ? "\"e\"" : nil
    let range: Range<UInt64>? = flags & 1 != 0 || length == 0 ? nil : offset..<offset + length
    var headers: [String: String] = [:]
    let text = String(decoding: bytes.dropFirst(min(16, bytes.count)), as: UTF8.self)
    for line in text.split(separator: "\n") {
        guard let colon = line.firstIndex(of: ":") else { continue }
        let name = line[..<colon].lowercased()
        let value = String(line[line.index(after: colon)...].drop { $0 == " " })
        headers[name] = value
        if case .success(let parsed) = HTTPResponseCheck.parseContentRange(value) {
            if parsed.first > parsed.last { fatalError("\(value): first past last") }
            if let total = parsed.total, parsed.last >= total { fatalError("\(value): last not below total") }
        }
    }
    let url = "http://h/a"
    let verdict = HTTPResponseCheck.verdict(
        status: status, headers: headers, bodyLength: bodyLength, url: url, range: range, pinnedETag: pinnedETag,
        pinnedSize: pinnedSize)
    switch verdict {
    case .accept(let total, let etag):
        if let range {
            guard status == 206 else { fatalError("a \(status) accepted for a range") }
            let end = min(range.upperBound, total ?? pinnedSize ?? range.upperBound)
            if UInt64(bodyLength) != end - range.lowerBound || end <= range.lowerBound {
                fatalError("\(bodyLength) bytes accepted for \(range) clipped at \(end)")
            }
            if let pinnedETag, etag != pinnedETag { fatalError("ETag \(String(describing: etag)) accepted") }
            if let pinnedSize, let total, total != pinnedSize { fatalError("size \(total) accepted") }
        } else if status != 200 {
            fatalError("a \(status) accepted for a whole GET")
        }
    case .missing:
        if range != nil || status != 404 { fatalError("missing from a \(status) to \(String(describing: range))") }
    case .retry(let error), .refuse(let error):
        let description = error.description
        if !description.contains(url) || !error.kind.hasPrefix("http") { fatalError("error \(description)") }
        if let range, !description.contains("bytes=\(range.lowerBound)-") { fatalError("no range in \(description)") }
    }
    return 0
}
