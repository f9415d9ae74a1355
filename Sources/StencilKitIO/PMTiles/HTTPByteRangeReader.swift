import Foundation

/// An object behind an `http://` or `https://` URL read by range requests (a PMTiles archive on S3, a CDN or nginx),
/// through the ``HTTPSettings``' bounded, retrying, timed HTTP engine.
///
/// Opening sends one request, for the first ``HTTPByteRangeReader/prefetchLength`` bytes (16,384: a PMTiles
/// archive's header and root directory), which gives the object's size (its Content-Range total) and its ETag; reads
/// within those bytes are served from them, with no request. Every later answer must carry the same ETag (it is sent
/// as If-Match when it is a strong one, and compared) and size, or the read is refused with
/// ``HTTPSourceError/etagChanged(url:range:pinned:found:)`` or ``HTTPSourceError/sizeChanged(url:range:pinned:found:)``:
/// an archive replaced while it is read is never read half old and half new. A server without ETags is read on its
/// size alone.
///
/// A server that ignores Range (200 with the whole object) is refused by name
/// (``HTTPSourceError/rangeIgnored(url:range:bodyLength:)``), never downloaded whole. Each read is one GET of exactly
/// its bytes (a planned read of several tiles is one request: ``RouteExtract`` coalesces them), and threads reading
/// the same range at once share one request. Thread-safe: a loader's workers share one reader; at most
/// ``HTTPSettings/requestsInFlight`` requests are in flight.
public final class HTTPByteRangeReader: ByteRangeReader, @unchecked Sendable {
    /// The object's URL.
    public let url: URL
    /// The object's length in bytes (the first answer's Content-Range total).
    public let size: UInt64
    /// The object's ETag when the server gave one: every later answer must carry it.
    public let etag: String?
    /// The first bytes of the object, read when it was opened.
    public let prefix: Data
    /// How the reader talks to the server.
    public let settings: HTTPSettings
    private let client: HTTPClient
    private let text: String
    private let lock = NSLock()
    private var flights: [Range<UInt64>: Flight] = [:]

    /// The bytes read on opening, 16,384: a PMTiles archive's header and root directory, in one request.
    public static let prefetchLength = 16_384

    /// Opens the object at `url` (`http://` or `https://`): one range request of its first
    /// ``prefetchLength`` bytes.
    /// - Throws: ``PMTilesError/http(_:)`` with ``HTTPSourceError/badURL(_:)`` for another kind of URL,
    ///   ``HTTPSourceError/badSetting(name:value:valid:)`` for a bad setting, or the request's error (a 404 is
    ///   ``HTTPSourceError/status(url:range:code:)``; an answer without its total size is a bad Content-Range).
    public init(url: URL, settings: HTTPSettings = HTTPSettings()) throws(PMTilesError) {
        let text = url.absoluteString
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            throw .http(.badURL(text))
        }
        do { try settings.validate() } catch { throw .http(error) }
        let client = HTTPClient(settings: settings)
        let first = 0..<UInt64(Self.prefetchLength)
        let outcome: HTTPClient.Outcome
        do {
            outcome = try client.get(url: url, text: text, range: first, pinnedETag: nil, pinnedSize: nil)
        } catch {
            client.close()
            throw .http(error)
        }
        guard case .body(let data, let total?, let etag) = outcome else {
            client.close()
            throw .http(
                .badContentRange(
                    url: text, range: first, header: nil,
                    reason: "the answer does not give the object's total size (bytes F-L/TOTAL)"))
        }
        self.url = url
        self.text = text
        self.settings = settings
        self.client = client
        size = total
        self.etag = etag
        prefix = data
    }

    /// Opens the object at the URL `text`.
    /// - Throws: ``PMTilesError/http(_:)`` with ``HTTPSourceError/badURL(_:)`` unless `text` is an HTTP URL, then as
    ///   ``init(url:settings:)``.
    public convenience init(_ text: String, settings: HTTPSettings = HTTPSettings()) throws(PMTilesError) {
        guard let url = URL(string: text) else { throw .http(.badURL(text)) }
        try self.init(url: url, settings: settings)
    }

    deinit { client.close() }

    /// The `length` bytes at `offset`: from the opening's bytes when they hold them, else one range GET (retried as
    /// the settings say). O(length).
    /// - Throws: ``PMTilesError/pastEnd(what:offset:length:size:)`` past ``size``; ``PMTilesError/http(_:)`` with
    ///   the request's error.
    public func read(offset: UInt64, length: Int) throws(PMTilesError) -> Data {
        guard length >= 0 else { throw .pastEnd(what: "read", offset: offset, length: 0, size: size) }
        try checkRange("read", offset: offset, length: UInt64(length))
        if length == 0 { return Data() }
        let end = offset + UInt64(length)
        if end <= UInt64(prefix.count) {
            let start = prefix.startIndex + Int(offset)
            return prefix.subdata(in: start..<start + length)
        }
        let range = offset..<end
        // One request for a range however many threads want it at once (a leaf directory the loader's workers all
        // miss in the cache): the first sends it, the others wait for its answer.
        lock.lock()
        if let flight = flights[range] {
            flight.waiters += 1
            lock.unlock()
            flight.done.wait()
            return try flight.result!.get()
        }
        let flight = Flight()
        flights[range] = flight
        lock.unlock()
        let result = Result { () throws(PMTilesError) -> Data in try fetch(range) }
        lock.lock()
        flights[range] = nil
        flight.result = result
        let waiters = flight.waiters
        lock.unlock()
        for _ in 0..<waiters { flight.done.signal() }
        return try result.get()
    }

    /// One range GET (with retries).
    private func fetch(_ range: Range<UInt64>) throws(PMTilesError) -> Data {
        let outcome: HTTPClient.Outcome
        do {
            outcome = try client.get(url: url, text: text, range: range, pinnedETag: etag, pinnedSize: size)
        } catch {
            throw .http(error)
        }
        guard case .body(let data, _, _) = outcome else { throw .http(.status(url: text, range: range, code: 404)) }
        return data
    }

    /// A request in flight and the threads waiting for its answer.
    private final class Flight: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        var waiters = 0
        var result: Result<Data, PMTilesError>?
    }

    /// The requests sent (the opening's included), retries and bytes received so far.
    public var statistics: HTTPStatistics { client.statistics }

    /// Cancels the requests in flight and refuses every later read (``HTTPSourceError/cancelled(url:range:)``).
    public func cancel() { client.cancel() }
}

extension PMTilesReader {
    /// Opens the PMTiles archive at `url` over HTTP (an ``HTTPByteRangeReader``: the header and root directory in
    /// one request).
    /// - Throws: as ``HTTPByteRangeReader/init(url:settings:)``, then as
    ///   ``init(_:directoryByteLimit:cachedLeafLimit:cachedLeafBytes:walkEntryLimit:)``.
    public convenience init(url: URL, settings: HTTPSettings = HTTPSettings()) throws(PMTilesError) {
        try self.init(HTTPByteRangeReader(url: url, settings: settings))
    }

    /// The requests, retries and bytes of the archive's HTTP reader; nil for a local archive.
    public var httpStatistics: HTTPStatistics? { (source as? HTTPByteRangeReader)?.statistics }
}
