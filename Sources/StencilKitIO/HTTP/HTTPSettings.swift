/// How an HTTP tile source talks to its server: requests in flight, the timeout of a request, retries and their
/// backoff, and the largest answer accepted.
///
/// A failed request (5xx, 408, 429, a reset or lost connection, a timeout, a truncated body) is tried again up to
/// ``retries`` more times, the k-th retry after a delay of min(``retryBaseDelay`` · 2^(k−1), ``maximumRetryDelay``)
/// seconds; so a request costs at most (``retries`` + 1) · ``timeout`` plus the delays.
public struct HTTPSettings: Sendable, Hashable {
    /// The most requests in flight at once (the rest wait for a slot), and the most connections kept alive to the
    /// host. Default 8; valid 1…256.
    public var requestsInFlight: Int
    /// The longest one attempt may take, from its send to its last byte, in seconds. Default 10; valid 0.01…3600.
    public var timeout: Double
    /// The most retries of one request after its first attempt. Default 3; valid 0…16.
    public var retries: Int
    /// The delay before the first retry, in seconds; each further retry doubles it. Default 0.1; valid 0…60.
    public var retryBaseDelay: Double
    /// The longest delay between retries, in seconds. Default 2; valid 0…600.
    public var maximumRetryDelay: Double
    /// The most bytes one answer may hold. Default 256 MiB; valid 1…2⁴⁰.
    public var maximumResponseBytes: Int

    /// Settings with the given values (the defaults as documented on each property).
    public init(
        requestsInFlight: Int = 8, timeout: Double = 10, retries: Int = 3, retryBaseDelay: Double = 0.1,
        maximumRetryDelay: Double = 2, maximumResponseBytes: Int = 256 << 20
    ) {
        self.requestsInFlight = requestsInFlight
        self.timeout = timeout
        self.retries = retries
        self.retryBaseDelay = retryBaseDelay
        self.maximumRetryDelay = maximumRetryDelay
        self.maximumResponseBytes = maximumResponseBytes
    }

    /// Throws unless every setting lies in its valid range.
    /// - Throws: ``HTTPSourceError/badSetting(name:value:valid:)`` naming the first that does not.
    public func validate() throws(HTTPSourceError) {
        guard (1...256).contains(requestsInFlight) else {
            throw .badSetting(name: "requestsInFlight", value: "\(requestsInFlight)", valid: "1…256")
        }
        guard timeout.isFinite, (0.01...3600).contains(timeout) else {
            throw .badSetting(name: "timeout", value: "\(timeout)", valid: "0.01…3600 seconds")
        }
        guard (0...16).contains(retries) else {
            throw .badSetting(name: "retries", value: "\(retries)", valid: "0…16")
        }
        guard retryBaseDelay.isFinite, (0...60).contains(retryBaseDelay) else {
            throw .badSetting(name: "retryBaseDelay", value: "\(retryBaseDelay)", valid: "0…60 seconds")
        }
        guard maximumRetryDelay.isFinite, (0...600).contains(maximumRetryDelay) else {
            throw .badSetting(name: "maximumRetryDelay", value: "\(maximumRetryDelay)", valid: "0…600 seconds")
        }
        guard (1...(1 << 40)).contains(maximumResponseBytes) else {
            throw .badSetting(name: "maximumResponseBytes", value: "\(maximumResponseBytes)", valid: "1…2⁴⁰")
        }
    }

    /// The delay before retry `k` (1-based): min(``retryBaseDelay`` · 2^(k−1), ``maximumRetryDelay``) seconds.
    public func retryDelay(_ k: Int) -> Double {
        let doubling = Double(1 << min(max(k - 1, 0), 30))
        return min(retryBaseDelay * doubling, maximumRetryDelay)
    }
}

/// What an HTTP source has sent and received so far.
public struct HTTPStatistics: Sendable, Hashable {
    /// Every request sent: first attempts and retries.
    public var requests = 0
    /// The requests that repeat a failed one.
    public var retries = 0
    /// Body bytes received, retries' included.
    public var bytes: UInt64 = 0

    /// No requests yet.
    public init() {}
}
