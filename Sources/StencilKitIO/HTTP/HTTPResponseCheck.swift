/// The judgement of one HTTP answer to a range GET (or a whole GET of a tile), as a pure function of its status,
/// headers and body length: accept it, retry the request, take it as a missing tile, or refuse. No I/O, so it is
/// fuzzed (`Fuzz/run.sh http`) and tested on hand-made answers.
///
/// The rules, for a request of the bytes [o, o + n) (n > 0):
/// - 206: its Content-Range must be `bytes F-L/T` (or `bytes F-L/*`) with F = o and L = min(o + n, T) − 1, and the
///   body exactly L − F + 1 bytes (a shorter or longer body is retried: a truncated answer), as must a
///   Content-Length; T, when the object's size is pinned, must equal it.
/// - 200 to a range request: the server ignored Range, refused (``HTTPSourceError/rangeIgnored(url:range:bodyLength:)``).
/// - 200 to a whole GET (a template's tile): accepted when the body matches Content-Length (if given).
/// - 404 to a whole GET: a missing tile. 412: the pinned ETag no longer matches (If-Match): refused as a change.
/// - 408, 429 and 5xx: retried. Anything else: refused with its status.
/// - An ETag differing from the pinned one (or absent when one is pinned) is refused as a changed object.
public enum HTTPResponseCheck {
    /// A parsed `Content-Range: bytes FIRST-LAST/TOTAL` (TOTAL `*`: unknown).
    public struct ContentRange: Sendable, Hashable {
        /// The first byte's offset.
        public var first: UInt64
        /// The last byte's offset (inclusive), ≥ ``first``.
        public var last: UInt64
        /// The object's length, when given; then ``last`` < total.
        public var total: UInt64?

        /// The range `first`…`last` of an object of `total` bytes (nil: unknown).
        public init(first: UInt64, last: UInt64, total: UInt64?) {
            self.first = first
            self.last = last
            self.total = total
        }
    }

    /// What to do with an answer.
    public enum Verdict: Sendable, Hashable {
        /// The body is the bytes asked for; `total` is the object's size when the answer gave it, `etag` its ETag.
        case accept(total: UInt64?, etag: String?)
        /// No such tile (a whole GET answered 404).
        case missing
        /// Try again (after a backoff): the error if no try succeeds.
        case retry(HTTPSourceError)
        /// Refuse: the error.
        case refuse(HTTPSourceError)
    }

    /// Parses a Content-Range value `bytes F-L/T` or `bytes F-L/*` (spaces around the parts allowed; decimal figures
    /// of at most 19 digits).
    /// - Returns: the range, or a sentence saying what is wrong.
    /// - Complexity: O(length of the value).
    public static func parseContentRange(_ value: String) -> Result<ContentRange, ContentRangeProblem> {
        var text = Substring(value).drop(while: { $0 == " " || $0 == "\t" })
        guard text.hasPrefix("bytes") else { return .failure(.init("it does not start with \"bytes\"")) }
        text = text.dropFirst(5)
        guard let afterSpace = text.first, afterSpace == " " || afterSpace == "\t" else {
            return .failure(.init("\"bytes\" is not followed by a space"))
        }
        text = text.drop(while: { $0 == " " || $0 == "\t" })
        while let end = text.last, end == " " || end == "\t" { text = text.dropLast() }
        guard let slash = text.firstIndex(of: "/") else { return .failure(.init("it has no \"/TOTAL\"")) }
        let span = text[..<slash]
        let totalText = text[text.index(after: slash)...]
        guard let dash = span.firstIndex(of: "-") else { return .failure(.init("it has no \"FIRST-LAST\"")) }
        guard let first = number(span[..<dash]), let last = number(span[span.index(after: dash)...]) else {
            return .failure(.init("FIRST and LAST must be decimal byte offsets"))
        }
        guard first <= last else { return .failure(.init("FIRST \(first) is past LAST \(last)")) }
        var total: UInt64?
        if totalText != "*" {
            guard let t = number(totalText) else { return .failure(.init("TOTAL must be a decimal length or *")) }
            guard last < t else { return .failure(.init("LAST \(last) is not below TOTAL \(t)")) }
            total = t
        }
        return .success(ContentRange(first: first, last: last, total: total))
    }

    /// Why a Content-Range value does not parse.
    public struct ContentRangeProblem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The sentence.
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// A decimal figure of 1…19 ASCII digits.
    static func number(_ text: Substring) -> UInt64? {
        guard !text.isEmpty, text.utf8.count <= 19, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return UInt64(text)
    }

    /// The verdict on an answer with `status`, `headers` (names lowercased), a body of `bodyLength` bytes, to a GET
    /// of `url` for `range` (nil: the whole object, a template's tile), with the object's ETag and size pinned when
    /// known (see the type for the rules).
    /// - Complexity: O(length of the headers used).
    public static func verdict(
        status: Int, headers: [String: String], bodyLength: Int, url: String, range: Range<UInt64>?,
        pinnedETag: String?, pinnedSize: UInt64?
    ) -> Verdict {
        let etag = headers["etag"]
        if status == 412, let range, let pinnedETag {
            return .refuse(.etagChanged(url: url, range: range, pinned: pinnedETag, found: nil))
        }
        if status == 408 || status == 429 || (500...599).contains(status) {
            return .retry(.serverError(url: url, range: range, code: status, attempts: 1))
        }
        guard let range else {
            if status == 404 { return .missing }
            guard status == 200 else { return .refuse(.status(url: url, range: nil, code: status)) }
            if let announced = headers["content-length"], let expected = number(Substring(announced)),
                expected != UInt64(max(0, bodyLength))
            {
                return .retry(
                    .truncatedBody(
                        url: url, range: nil, received: bodyLength, expected: Int(clamping: expected), attempts: 1))
            }
            return .accept(total: nil, etag: etag)
        }
        if status == 200 { return .refuse(.rangeIgnored(url: url, range: range, bodyLength: bodyLength)) }
        guard status == 206 else { return .refuse(.status(url: url, range: range, code: status)) }
        if let pinnedETag, etag != pinnedETag {
            return .refuse(.etagChanged(url: url, range: range, pinned: pinnedETag, found: etag))
        }
        guard let header = headers["content-range"] else {
            return .refuse(.badContentRange(url: url, range: range, header: nil, reason: "a 206 without it"))
        }
        let parsed: ContentRange
        switch parseContentRange(header) {
        case .success(let value): parsed = value
        case .failure(let problem):
            return .refuse(.badContentRange(url: url, range: range, header: header, reason: problem.description))
        }
        if let pinnedSize, let total = parsed.total, total != pinnedSize {
            return .refuse(.sizeChanged(url: url, range: range, pinned: pinnedSize, found: total))
        }
        guard !range.isEmpty else {
            return .refuse(.badContentRange(url: url, range: range, header: header, reason: "an empty range asked"))
        }
        let end = min(range.upperBound, parsed.total ?? pinnedSize ?? range.upperBound)
        guard parsed.first == range.lowerBound, end > range.lowerBound, parsed.last == end - 1 else {
            return .refuse(
                .badContentRange(
                    url: url, range: range, header: header,
                    reason: "bytes \(parsed.first)-\(parsed.last) answered, \(range.lowerBound)-\(end &- 1) expected"))
        }
        let expected = parsed.last - parsed.first + 1
        if UInt64(max(0, bodyLength)) != expected {
            return .retry(
                .truncatedBody(
                    url: url, range: range, received: bodyLength, expected: Int(clamping: expected), attempts: 1))
        }
        if let announced = headers["content-length"], number(Substring(announced)) != expected {
            return .retry(
                .truncatedBody(
                    url: url, range: range, received: bodyLength, expected: Int(clamping: expected), attempts: 1))
        }
        return .accept(total: parsed.total, etag: etag)
    }
}
