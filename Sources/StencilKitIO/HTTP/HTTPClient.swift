import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The HTTP engine of the HTTP sources: GETs on one keep-alive `URLSession`, at most
/// ``HTTPSettings/requestsInFlight`` at once (a semaphore; connections per host the same), each attempt bounded by
/// ``HTTPSettings/timeout`` from send to last byte, each answer judged by ``HTTPResponseCheck`` and retried with
/// exponential backoff as ``HTTPSettings`` says; counts requests, retries and bytes; cancellable.
///
/// The session's delegate is the client itself (bodies gathered per task under a lock, an answer past
/// ``HTTPSettings/maximumResponseBytes`` cancelled as it arrives); ``close()`` ends the session (the owner calls it
/// from its `deinit`, as a session keeps its delegate alive).
final class HTTPClient: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let settings: HTTPSettings
    private var session: URLSession?
    private let slots: DispatchSemaphore
    private let lock = NSLock()
    private var transfers: [Int: Transfer] = [:]
    private var counters = HTTPStatistics()
    private var cancelled = false

    /// One attempt's state, filled by the delegate.
    final class Transfer: @unchecked Sendable {
        var response: HTTPURLResponse?
        var body = Data()
        var error: (any Error)?
        var tooLarge = false
        /// Whether a range was asked: a 200 then ignored it, and its body is not read.
        var rangeAsked = false
        let done = DispatchSemaphore(value: 0)
    }

    /// What one attempt got.
    struct Answer {
        var status = 0
        var headers: [String: String] = [:]
        var body = Data()
        var error: (any Error)?
        var timedOut = false
        var tooLarge = false
        var announcedLength: Int64 = -1
    }

    /// What a GET ends in: the body (with the object's size when given, and its ETag), or a missing tile.
    enum Outcome {
        case body(Data, total: UInt64?, etag: String?)
        case missing
    }

    /// A client with `settings` (validated by the caller).
    init(settings: HTTPSettings) {
        self.settings = settings
        slots = DispatchSemaphore(value: settings.requestsInFlight)
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = settings.requestsInFlight
        // The session's own timeouts are a backstop only (on Linux they count whole seconds, so a timeout below 1 s
        // would end every request at once): each attempt's timeout is ``fetch``'s wait.
        configuration.timeoutIntervalForRequest = Self.backstop(settings.timeout)
        configuration.timeoutIntervalForResource = Self.backstop(settings.timeout)
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpAdditionalHeaders = ["Accept-Encoding": "identity", "User-Agent": "StencilKitIO"]
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    /// Ends the session: requests in flight are cancelled, and the session lets its delegate go.
    func close() {
        cancel()
        lock.lock()
        let current = session
        session = nil
        lock.unlock()
        current?.invalidateAndCancel()
    }

    /// Cancels the requests in flight and refuses every later one (``HTTPSourceError/cancelled(url:range:)``).
    func cancel() {
        lock.lock()
        cancelled = true
        let current = session
        lock.unlock()
        current?.getAllTasks { tasks in tasks.forEach { $0.cancel() } }
    }

    /// Whether ``cancel()`` was called.
    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// The requests, retries and bytes so far.
    var statistics: HTTPStatistics {
        lock.lock()
        defer { lock.unlock() }
        return counters
    }

    /// GETs `url` (its text `text`, for errors) for the bytes `range` (nil: the whole object), with If-Match
    /// `pinnedETag` when it is a strong ETag; retries as the settings say.
    /// - Throws: the ``HTTPSourceError`` of the verdict, or of the last attempt when every attempt needed a retry.
    func get(url: URL, text: String, range: Range<UInt64>?, pinnedETag: String?, pinnedSize: UInt64?)
        throws(HTTPSourceError) -> Outcome
    {
        let attempts = settings.retries + 1
        var last = HTTPSourceError.transport(url: text, range: range, detail: "no attempt made", attempts: 0)
        for attempt in 1...attempts {
            if attempt > 1 {
                let delay = settings.retryDelay(attempt - 1)
                if delay > 0 { Thread.sleep(forTimeInterval: delay) }
            }
            guard !isCancelled else { throw .cancelled(url: text, range: range) }
            slots.wait()
            let ifMatch = pinnedETag.flatMap { $0.hasPrefix("W/") ? nil : $0 }
            let answer = fetch(url: url, range: range, ifMatch: ifMatch)
            slots.signal()
            lock.lock()
            counters.requests += 1
            if attempt > 1 { counters.retries += 1 }
            counters.bytes += UInt64(answer.body.count)
            lock.unlock()
            if isCancelled { throw .cancelled(url: text, range: range) }
            if answer.tooLarge {
                throw .tooLarge(
                    url: text, range: range, length: max(answer.body.count, Int(answer.announcedLength)),
                    limit: settings.maximumResponseBytes)
            }
            if let range, answer.status == 200 {
                // Range ignored: the body was not read (the delegate cancelled it), whatever its size.
                let length = max(Int64(answer.body.count), answer.announcedLength)
                throw .rangeIgnored(url: text, range: range, bodyLength: Int(clamping: length))
            }
            if answer.timedOut {
                last = .timedOut(url: text, range: range, seconds: settings.timeout, attempts: attempt)
                continue
            }
            if let error = answer.error {
                if answer.status != 0, answer.announcedLength >= 0, answer.body.count < answer.announcedLength {
                    last = .truncatedBody(
                        url: text, range: range, received: answer.body.count, expected: Int(answer.announcedLength),
                        attempts: attempt)
                } else {
                    last = .transport(url: text, range: range, detail: Self.describe(error), attempts: attempt)
                }
                continue
            }
            switch HTTPResponseCheck.verdict(
                status: answer.status, headers: answer.headers, bodyLength: answer.body.count, url: text,
                range: range, pinnedETag: pinnedETag, pinnedSize: pinnedSize)
            {
            case .accept(let total, let etag): return .body(answer.body, total: total, etag: etag)
            case .missing: return .missing
            case .refuse(let error): throw error
            case .retry(let error): last = error.withAttempts(attempt)
            }
        }
        throw last
    }

    /// One attempt: sends the GET and waits for its end, at most ``HTTPSettings/timeout`` seconds (then cancels it).
    private func fetch(url: URL, range: Range<UInt64>?, ifMatch: String?) -> Answer {
        var request = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: Self.backstop(settings.timeout))
        if let range {
            request.setValue("bytes=\(range.lowerBound)-\(range.upperBound - 1)", forHTTPHeaderField: "Range")
        }
        if let ifMatch { request.setValue(ifMatch, forHTTPHeaderField: "If-Match") }
        let transfer = Transfer()
        transfer.rangeAsked = range != nil
        lock.lock()
        let current = cancelled ? nil : session
        lock.unlock()
        guard let current else {
            var answer = Answer()
            answer.error = URLError(.cancelled)
            return answer
        }
        // The task is made outside the lock: making it waits for the session's queue, where the delegate takes
        // the lock.
        let task = current.dataTask(with: request)
        lock.lock()
        transfers[task.taskIdentifier] = transfer
        lock.unlock()
        task.resume()
        var timedOut = false
        if transfer.done.wait(timeout: .now() + settings.timeout) == .timedOut {
            timedOut = true
            task.cancel()
            _ = transfer.done.wait(timeout: .now() + 2)
        }
        lock.lock()
        transfers[task.taskIdentifier] = nil
        var answer = Answer()
        answer.timedOut = timedOut
        answer.tooLarge = transfer.tooLarge
        answer.body = transfer.body
        answer.error = transfer.error
        if let response = transfer.response {
            answer.status = response.statusCode
            answer.announcedLength = response.expectedContentLength
            for (key, value) in response.allHeaderFields {
                if let name = key as? String, let text = value as? String { answer.headers[name.lowercased()] = text }
            }
        }
        lock.unlock()
        return answer
    }

    /// The session's timeout behind an attempt's `timeout`: whole seconds, at least 2 more.
    static func backstop(_ timeout: Double) -> Double { (timeout + 2).rounded(.up) }

    /// A transport error's code and message.
    static func describe(_ error: any Error) -> String {
        if let error = error as? URLError { return "URLError \(error.code.rawValue): \(error.localizedDescription)" }
        return "\(error)"
    }

    // MARK: - URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        lock.lock()
        let transfer = transfers[dataTask.taskIdentifier]
        transfer?.response = response as? HTTPURLResponse
        let tooLarge = response.expectedContentLength > Int64(settings.maximumResponseBytes)
        if tooLarge { transfer?.tooLarge = true }
        let ignoredRange = transfer?.rangeAsked == true && (response as? HTTPURLResponse)?.statusCode == 200
        lock.unlock()
        completionHandler(tooLarge || ignoredRange ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        var cancelTask = false
        if let transfer = transfers[dataTask.taskIdentifier] {
            if transfer.body.count + data.count > settings.maximumResponseBytes {
                transfer.tooLarge = true
                cancelTask = true
            } else {
                transfer.body.append(data)
            }
        }
        lock.unlock()
        if cancelTask { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.lock()
        let transfer = transfers[task.taskIdentifier]
        transfer?.error = error
        lock.unlock()
        transfer?.done.signal()
    }
}

extension HTTPSourceError {
    /// The error with its attempt count set to `n` (for the errors that count attempts).
    func withAttempts(_ n: Int) -> HTTPSourceError {
        switch self {
        case .serverError(let url, let range, let code, _):
            .serverError(url: url, range: range, code: code, attempts: n)
        case .transport(let url, let range, let detail, _):
            .transport(url: url, range: range, detail: detail, attempts: n)
        case .timedOut(let url, let range, let seconds, _):
            .timedOut(url: url, range: range, seconds: seconds, attempts: n)
        case .truncatedBody(let url, let range, let received, let expected, _):
            .truncatedBody(url: url, range: range, received: received, expected: expected, attempts: n)
        default: self
        }
    }
}
