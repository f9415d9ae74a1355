import StencilKitIO
import Testing

private typealias Check = HTTPResponseCheck

@Test func contentRangesParseAsTheGrammarSays() throws {
    let ok: [(String, UInt64, UInt64, UInt64?)] = [
        ("bytes 0-16383/43564", 0, 16_383, 43_564), ("bytes 5-5/6", 5, 5, 6), ("  bytes\t10-19/*  ", 10, 19, nil),
        ("bytes 0-0/1", 0, 0, 1),
        (
            "bytes 9999999999999999998-9999999999999999998/9999999999999999999",
            9_999_999_999_999_999_998, 9_999_999_999_999_999_998, 9_999_999_999_999_999_999
        ),
    ]
    for (text, first, last, total) in ok {
        #expect(try Check.parseContentRange(text).get() == .init(first: first, last: last, total: total), "\(text)")
    }
    let bad = [
        "", "bytes", "bytes 0-1", "bytes0-1/2", "bits 0-1/2", "bytes 1-0/2", "bytes 0-2/2", "bytes -1/2",
        "bytes 0-/2", "bytes a-1/2", "bytes 0-1/x", "bytes */100", "bytes 0-1/", "bytes +0-1/2",
        "bytes 0-1/99999999999999999999", "bytes 0- 1/2", "bytes 0-1/2/3",
    ]
    var refused = 0
    for text in bad {
        if case .failure(let problem) = Check.parseContentRange(text), !problem.description.isEmpty { refused += 1 }
    }
    #expect(refused == bad.count)
}

/// The verdict on a 206 to bytes=`range` with `contentRange`, a body of `body` bytes and no pins.
private func verdict206(_ range: Range<UInt64>, _ contentRange: String?, body: Int, length: String? = nil)
    -> Check.Verdict
{
    var headers: [String: String] = [:]
    if let contentRange { headers["content-range"] = contentRange }
    if let length { headers["content-length"] = length }
    return Check.verdict(
        status: 206, headers: headers, bodyLength: body, url: "u", range: range, pinnedETag: nil, pinnedSize: nil)
}

@Test func answersToRangeRequestsAreAcceptedRetriedOrRefusedAsTheRulesSay() {
    // Exact, and clipped at the object's end (the opening's 16,384 bytes of a smaller archive).
    #expect(verdict206(0..<16_384, "bytes 0-16383/43564", body: 16_384) == .accept(total: 43_564, etag: nil))
    #expect(verdict206(0..<16_384, "bytes 0-999/1000", body: 1000, length: "1000") == .accept(total: 1000, etag: nil))
    #expect(verdict206(100..<200, "bytes 100-199/*", body: 100) == .accept(total: nil, etag: nil))
    // Short and long bodies, and a Content-Length that disagrees: retried.
    #expect(
        verdict206(100..<200, "bytes 100-199/1000", body: 99)
            == .retry(.truncatedBody(url: "u", range: 100..<200, received: 99, expected: 100, attempts: 1)))
    #expect(
        verdict206(100..<200, "bytes 100-199/1000", body: 101)
            == .retry(.truncatedBody(url: "u", range: 100..<200, received: 101, expected: 100, attempts: 1)))
    #expect(
        verdict206(100..<200, "bytes 100-199/1000", body: 100, length: "99")
            == .retry(.truncatedBody(url: "u", range: 100..<200, received: 100, expected: 100, attempts: 1)))
    // Another range than asked, or none: refused.
    for header in ["bytes 101-199/1000", "bytes 100-198/1000", "bytes 100-200/1000", "bytes 0-99/1000"] {
        guard case .refuse(.badContentRange(_, let range, header, _)) = verdict206(100..<200, header, body: 100) else {
            Issue.record("\(header) accepted")
            continue
        }
        #expect(range == 100..<200)
    }
    guard case .refuse(.badContentRange(_, _, nil, _)) = verdict206(0..<10, nil, body: 10) else {
        Issue.record("a 206 without Content-Range accepted")
        return
    }
    let plain: (Int) -> Check.Verdict = {
        Check.verdict(
            status: $0, headers: [:], bodyLength: 5, url: "u", range: 0..<10, pinnedETag: nil, pinnedSize: nil)
    }
    #expect(plain(200) == .refuse(.rangeIgnored(url: "u", range: 0..<10, bodyLength: 5)))
    for code in [500, 502, 503, 504, 599, 408, 429] {
        #expect(plain(code) == .retry(.serverError(url: "u", range: 0..<10, code: code, attempts: 1)))
    }
    for code in [301, 403, 404, 416, 412, 100, 204] {
        #expect(plain(code) == .refuse(.status(url: "u", range: 0..<10, code: code)))
    }
}

@Test func aPinnedETagOrSizeThatChangesIsRefused() {
    let headers = ["content-range": "bytes 0-9/100", "etag": "\"b\""]
    #expect(
        Check.verdict(
            status: 206, headers: headers, bodyLength: 10, url: "u", range: 0..<10, pinnedETag: "\"a\"", pinnedSize: 100
        )
            == .refuse(.etagChanged(url: "u", range: 0..<10, pinned: "\"a\"", found: "\"b\"")))
    #expect(
        Check.verdict(
            status: 206, headers: ["content-range": "bytes 0-9/100"], bodyLength: 10, url: "u", range: 0..<10,
            pinnedETag: "\"a\"", pinnedSize: 100)
            == .refuse(.etagChanged(url: "u", range: 0..<10, pinned: "\"a\"", found: nil)))
    #expect(
        Check.verdict(
            status: 412, headers: [:], bodyLength: 0, url: "u", range: 0..<10, pinnedETag: "\"a\"", pinnedSize: 100)
            == .refuse(.etagChanged(url: "u", range: 0..<10, pinned: "\"a\"", found: nil)))
    #expect(
        Check.verdict(
            status: 206, headers: ["content-range": "bytes 0-9/101", "etag": "\"a\""], bodyLength: 10, url: "u",
            range: 0..<10, pinnedETag: "\"a\"", pinnedSize: 100)
            == .refuse(.sizeChanged(url: "u", range: 0..<10, pinned: 100, found: 101)))
    #expect(
        Check.verdict(
            status: 206, headers: ["content-range": "bytes 0-9/100", "etag": "\"a\""], bodyLength: 10, url: "u",
            range: 0..<10, pinnedETag: "\"a\"", pinnedSize: 100)
            == .accept(total: 100, etag: "\"a\""))
}

@Test func answersToWholeTileRequestsAreTilesMissingOrRetried() {
    let whole: (Int, Int, String?) -> Check.Verdict = { status, body, length in
        Check.verdict(
            status: status, headers: length.map { ["content-length": $0] } ?? [:], bodyLength: body, url: "u",
            range: nil, pinnedETag: nil, pinnedSize: nil)
    }
    #expect(whole(200, 5, "5") == .accept(total: nil, etag: nil))
    #expect(whole(200, 5, nil) == .accept(total: nil, etag: nil))
    #expect(whole(404, 0, nil) == .missing)
    #expect(whole(200, 4, "5") == .retry(.truncatedBody(url: "u", range: nil, received: 4, expected: 5, attempts: 1)))
    #expect(whole(503, 0, nil) == .retry(.serverError(url: "u", range: nil, code: 503, attempts: 1)))
    #expect(whole(403, 0, nil) == .refuse(.status(url: "u", range: nil, code: 403)))
    #expect(whole(206, 5, nil) == .refuse(.status(url: "u", range: nil, code: 206)))
}

@Test func everyHTTPErrorNamesItsRequestAndKind() {
    let range: Range<UInt64> = 100..<200
    let errors: [HTTPSourceError] = [
        .status(url: "http://h/a", range: range, code: 403),
        .serverError(url: "http://h/a", range: range, code: 503, attempts: 4),
        .transport(url: "http://h/a", range: range, detail: "reset", attempts: 4),
        .timedOut(url: "http://h/a", range: range, seconds: 1, attempts: 4),
        .truncatedBody(url: "http://h/a", range: range, received: 5, expected: 100, attempts: 4),
        .rangeIgnored(url: "http://h/a", range: range, bodyLength: 1000),
        .badContentRange(url: "http://h/a", range: range, header: "x", reason: "r"),
        .etagChanged(url: "http://h/a", range: range, pinned: "\"a\"", found: "\"b\""),
        .sizeChanged(url: "http://h/a", range: range, pinned: 1, found: 2),
        .tooLarge(url: "http://h/a", range: range, length: 9, limit: 8), .cancelled(url: "http://h/a", range: range),
    ]
    #expect(Set(errors.map(\.kind)).count == errors.count)
    #expect(errors.allSatisfy { $0.description.contains("GET http://h/a bytes=100-199") && $0.kind.hasPrefix("http") })
}

@Test func retryDelaysDoubleUpToTheirCap() throws {
    let settings = HTTPSettings(retryBaseDelay: 0.1, maximumRetryDelay: 0.5)
    #expect([1, 2, 3, 4, 5, 40].map(settings.retryDelay) == [0.1, 0.2, 0.4, 0.5, 0.5, 0.5])
    try HTTPSettings().validate()
    let bad: [HTTPSettings] = [
        HTTPSettings(requestsInFlight: 0), HTTPSettings(requestsInFlight: 257), HTTPSettings(timeout: 0),
        HTTPSettings(timeout: .nan), HTTPSettings(retries: -1), HTTPSettings(retries: 17),
        HTTPSettings(retryBaseDelay: -1), HTTPSettings(maximumRetryDelay: .infinity),
        HTTPSettings(maximumResponseBytes: 0),
    ]
    var refused = 0
    for settings in bad {
        do { try settings.validate() } catch { if case .badSetting = error { refused += 1 } }
    }
    #expect(refused == bad.count)
}
