/// Why a request of an ``HTTPByteRangeReader`` or an ``HTTPTileTemplate`` failed: each case names the URL, the byte
/// range asked for (`nil` for a whole tile of a template) and what went wrong, and its description says what a valid
/// answer would have been.
public enum HTTPSourceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not an `http://` or `https://` URL with a host.
    case badURL(String)
    /// The server answered a status that is neither success nor worth retrying (a 403, a 404 for an archive, …).
    case status(url: String, range: Range<UInt64>?, code: Int)
    /// The server answered 5xx (or 408, 429) on every one of `attempts` tries.
    case serverError(url: String, range: Range<UInt64>?, code: Int, attempts: Int)
    /// The connection failed on every one of `attempts` tries (`detail`: the last failure, such as a reset).
    case transport(url: String, range: Range<UInt64>?, detail: String, attempts: Int)
    /// No complete answer within `seconds` on every one of `attempts` tries (a stalled or slow body).
    case timedOut(url: String, range: Range<UInt64>?, seconds: Double, attempts: Int)
    /// The body was shorter (or longer) than the response's Content-Range or Content-Length on every try.
    case truncatedBody(url: String, range: Range<UInt64>?, received: Int, expected: Int, attempts: Int)
    /// The server ignored the Range header and answered 200 with the whole object (`bodyLength` bytes, as its
    /// Content-Length announced): this reader reads ranges only, and refuses (without reading that body) rather than
    /// download a whole archive.
    case rangeIgnored(url: String, range: Range<UInt64>, bodyLength: Int)
    /// A 206 whose Content-Range is missing, malformed, or not the range asked for (`reason` says which).
    case badContentRange(url: String, range: Range<UInt64>, header: String?, reason: String)
    /// The object changed since the reader opened it: its ETag is now `found` (or the server answered 412 to
    /// If-Match `pinned`), so reading on would mix bytes of two versions.
    case etagChanged(url: String, range: Range<UInt64>, pinned: String, found: String?)
    /// The object's length changed since the reader opened it (another version behind the URL).
    case sizeChanged(url: String, range: Range<UInt64>, pinned: UInt64, found: UInt64)
    /// A setting out of its valid range (`valid` says what is valid).
    case badSetting(name: String, value: String, valid: String)
    /// The answer is larger than the most a request may return (`limit` bytes).
    case tooLarge(url: String, range: Range<UInt64>?, length: Int, limit: Int)
    /// The reader was cancelled (``HTTPByteRangeReader/cancel()``) before or during the request.
    case cancelled(url: String, range: Range<UInt64>?)

    /// A short name of the failure, for a refusal's `kind`: `httpBadURL`, `httpStatus`, `httpServerError`,
    /// `httpTransport`, `httpTimedOut`, `httpTruncatedBody`, `httpRangeIgnored`, `httpBadContentRange`,
    /// `httpETagChanged`, `httpSizeChanged`, `httpBadSetting`, `httpTooLarge`, `httpCancelled`.
    public var kind: String {
        switch self {
        case .badURL: "httpBadURL"
        case .status: "httpStatus"
        case .serverError: "httpServerError"
        case .transport: "httpTransport"
        case .timedOut: "httpTimedOut"
        case .truncatedBody: "httpTruncatedBody"
        case .rangeIgnored: "httpRangeIgnored"
        case .badContentRange: "httpBadContentRange"
        case .etagChanged: "httpETagChanged"
        case .sizeChanged: "httpSizeChanged"
        case .badSetting: "httpBadSetting"
        case .tooLarge: "httpTooLarge"
        case .cancelled: "httpCancelled"
        }
    }

    /// `GET URL bytes=a-b` (or `GET URL` without a range).
    static func request(_ url: String, _ range: Range<UInt64>?) -> String {
        guard let range else { return "GET \(url)" }
        return "GET \(url) bytes=\(range.lowerBound)-\(range.upperBound &- 1)"
    }

    /// What went wrong, with the request, and what would be valid.
    public var description: String {
        switch self {
        case .badURL(let text):
            return "\(text) is not an HTTP URL; give http://HOST[:PORT]/PATH or https://HOST/PATH"
        case .status(let url, let range, let code):
            return "\(Self.request(url, range)): the server answered \(code); a range read needs 206 (200 for a "
                + "whole tile, 404 for a missing one)"
        case .serverError(let url, let range, let code, let attempts):
            return "\(Self.request(url, range)): the server answered \(code) on all \(attempts) attempts (retried "
                + "with backoff); a healthy server answers 206 or 200"
        case .transport(let url, let range, let detail, let attempts):
            return "\(Self.request(url, range)): the connection failed on all \(attempts) attempts (last: \(detail))"
        case .timedOut(let url, let range, let seconds, let attempts):
            return "\(Self.request(url, range)): no complete answer within \(seconds) s on all \(attempts) attempts "
                + "(a stalled or slow body); raise the timeout for a slow server"
        case .truncatedBody(let url, let range, let received, let expected, let attempts):
            return "\(Self.request(url, range)): the body was truncated: \(received) bytes received, \(expected) "
                + "announced by Content-Range/Content-Length, on all \(attempts) attempts"
        case .rangeIgnored(let url, let range, let bodyLength):
            return "\(Self.request(url, range)): the server ignored Range and answered 200 with the whole object "
                + "(\(bodyLength) bytes); PMTiles over HTTP needs a server that answers range requests with 206"
        case .badContentRange(let url, let range, let header, let reason):
            return "\(Self.request(url, range)): bad Content-Range \(header.map { "\"\($0)\"" } ?? "(none)"): "
                + "\(reason); a 206 must carry Content-Range: bytes FIRST-LAST/TOTAL for the range asked"
        case .etagChanged(let url, let range, let pinned, let found):
            let now = found.map { "to \($0)" } ?? "(412 to If-Match, or no ETag in the answer)"
            return "\(Self.request(url, range)): the ETag changed from \(pinned) \(now): the archive was replaced "
                + "while it was read; reading on would mix two versions, so open it again"
        case .sizeChanged(let url, let range, let pinned, let found):
            return "\(Self.request(url, range)): the object's length changed from \(pinned) to \(found) bytes: the "
                + "archive was replaced while it was read; open it again"
        case .badSetting(let name, let value, let valid):
            return "the HTTP setting \(name) is \(value); it must be \(valid)"
        case .tooLarge(let url, let range, let length, let limit):
            return "\(Self.request(url, range)): the answer of \(length) bytes passes the limit of \(limit) bytes "
                + "per request"
        case .cancelled(let url, let range):
            return "\(Self.request(url, range)): cancelled"
        }
    }
}
