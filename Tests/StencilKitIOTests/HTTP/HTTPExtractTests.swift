import Foundation
import MercatorMath
import StencilKitIO
import Testing

/// Runs `body` with an nginx serving a fresh copy of the fixture archive, and stops it; records an issue when nginx
/// is absent or does not start (the test then fails, it does not pass silently).
func withNginx(_ body: (LocalNginx, String) throws -> Void) throws {
    let root = try HTTPFixture.folder()
    defer { removeTemporary(root) }
    let nginx: LocalNginx
    do { nginx = try LocalNginx(root: root) } catch {
        Issue.record("skipped (counted as a failure): \(error)")
        return
    }
    defer { nginx.stop() }
    try body(nginx, root)
}

/// The local extract of the fixture's wanted tiles, the reference of every HTTP extract.
func localExtract(_ root: String) throws -> RouteExtract {
    try RouteExtract(
        HTTPFixture.wanted, from: PMTilesReader(path: root + "/fixture.pmtiles"), overfetch: 0.05)
}

@Test func anExtractOverHTTPIsTheLocalExtractByteForByteInTheRequestsNginxLogs() throws {
    try withNginx { nginx, root in
        let local = try localExtract(root)
        let reader = try PMTilesReader(url: URL(string: nginx.url("fixture.pmtiles"))!)
        let remote = try RouteExtract(HTTPFixture.wanted, from: reader, overfetch: 0.05)
        #expect(try remote.writer.archive() == local.writer.archive())
        #expect(remote.report == local.report)
        #expect(local.report.tiles == 88 && local.report.missing == 256 && local.report.reads > 1)
        let traffic = try #require(reader.httpStatistics)
        #expect(traffic.retries == 0)
        let log = nginx.accessLog(atLeast: traffic.requests)
        #expect(log.count == traffic.requests)
        #expect(log.allSatisfy { $0.hasPrefix("206 ") })
        // Requests into the tile data: at most the local extract's reads (coalescing survives HTTP).
        let tileDataOffset = reader.header.tileDataOffset
        let starts = log.compactMap { line -> UInt64? in
            guard let range = line.split(separator: "\"").dropFirst().first, range.hasPrefix("bytes=") else {
                return nil
            }
            return UInt64(range.dropFirst(6).prefix { $0 != "-" })
        }
        #expect(starts.count == log.count)
        let tileRequests = starts.filter { $0 >= tileDataOffset }.count
        #expect(tileRequests >= 1 && tileRequests <= local.report.reads)
        // The header and root come in the first request, of 16,384 bytes from 0.
        #expect(starts.first == 0)
    }
}

@Test func tileSourcesOpenReadsArchivesAndTemplatesOverHTTP() throws {
    try withNginx { nginx, root in
        try writeTiles([TileID.world, try TileID(level: 1, x: 1, y: 0)], root: root + "/xyz")
        let archive = try TileSources.open(nginx.url("fixture.pmtiles"))
        #expect(archive is PMTilesReader)
        var checked = 0
        for tile in HTTPFixture.wanted where tile.level <= 6 {
            #expect(try archive.tileData(for: tile) == HTTPFixture.bytes(of: tile))
            checked += 1
        }
        #expect(checked == 88)
        #expect(try archive.tileData(for: TileID(level: 7, x: 0, y: 0)) == nil)

        let template = try TileSources.open(nginx.url("xyz/{z}/{x}/{y}.png"))
        let http = try #require(template as? HTTPTileTemplate)
        #expect(try template.tileData(for: .world) == testBytes(.world))
        #expect(try template.tileData(for: TileID(level: 1, x: 1, y: 0)) == testBytes(TileID(level: 1, x: 1, y: 0)))
        #expect(try template.tileData(for: TileID(level: 1, x: 0, y: 0)) == nil)  // 404: missing
        #expect(http.statistics.requests == 3 && http.statistics.retries == 0)
        #expect(nginx.accessLog(atLeast: 3 + 1).count >= 3)
    }
}

@Test func aLoaderReadsAnHTTPArchiveAsItsLocalCopy() throws {
    try withNginx { nginx, root in
        let source = try TileSources.open(nginx.url("fixture.pmtiles"))
        let loader = try TileLoader(source: source, workers: 8)
        let tiles = HTTPFixture.wanted
        for tile in tiles { loader.request(tile) }
        var loads: [TileID: Data?] = [:]
        let deadline = Date().addingTimeInterval(20)
        while loads.count < tiles.count && Date() < deadline {
            for load in loader.completions(through: .infinity) {
                #expect(load.error == nil)
                loads[load.tile] = load.payload
            }
            usleep(1000)
        }
        #expect(loads.count == tiles.count)
        let local = try PMTilesReader(path: root + "/fixture.pmtiles")
        var same = 0
        for tile in tiles where loads[tile] == (try local.tileData(for: tile)) { same += 1 }
        #expect(same == tiles.count)
        let calibration = loader.calibrate(reading: Array(tiles.prefix(32)), isolated: 8)
        #expect(calibration.count == 40 && calibration.throughput > 0 && calibration.latencyP99 > 0)
        #expect(throws: Never.self) { try calibration.model(margin: 1) }
    }
}

/// Runs `body` with nginx serving the fixture and the fault proxy in front of it.
func withFault(
    _ fault: String, every: Int = 2, limit: Int = 1_000_000, stall: Double = 3,
    _ body: (FaultProxy, String) throws -> Void
) throws {
    try withNginx { nginx, root in
        let proxy: FaultProxy
        do {
            proxy = try FaultProxy(upstream: nginx.port, fault: fault, every: every, limit: limit, stall: stall)
        } catch {
            Issue.record("skipped (counted as a failure): \(error)")
            return
        }
        defer { proxy.stop() }
        try body(proxy, root)
    }
}

/// The extract of the fixture's wanted tiles over `url` with the quick settings, and its traffic.
func remoteExtract(_ url: String, settings: HTTPSettings = HTTPFixture.quick) throws -> (RouteExtract, HTTPStatistics) {
    let reader = try PMTilesReader(url: URL(string: url)!, settings: settings)
    let extract = try RouteExtract(HTTPFixture.wanted, from: reader, overfetch: 0.05)
    return (extract, reader.httpStatistics!)
}

/// The faults a retry survives: each ends in the local extract's bytes, with retries. Every third request is
/// faulted, at most 6 (the quick settings retry 6 times, so no request can fail on every attempt, however the 4
/// requests in flight interleave).
@Test(arguments: [
    ("503", 3, 6, 3.0), ("reset", 3, 6, 3.0), ("truncate", 3, 6, 3.0), ("stall", 3, 1, 2.0),
])
func faultsRetriedEndInTheLocalBytes(fault: String, every: Int, limit: Int, stall: Double) throws {
    try withFault(fault, every: every, limit: limit, stall: stall) { proxy, root in
        let started = Date()
        let (extract, traffic) = try remoteExtract(proxy.url("fixture.pmtiles"))
        #expect(try extract.writer.archive() == localExtract(root).writer.archive())
        #expect(traffic.retries > 0 && traffic.retries <= limit)
        #expect(Date().timeIntervalSince(started) < 15)
    }
}

@Test func aSlowBodyWithinTheTimeoutIsWaitedFor() throws {
    // Bodies stalled 0.2 s within a timeout of 5 s (ample on a loaded machine): waited for, not retried.
    var patient = HTTPFixture.quick
    patient.timeout = 5
    try withFault("stall", every: 3, limit: 2, stall: 0.2) { proxy, root in
        let (extract, traffic) = try remoteExtract(proxy.url("fixture.pmtiles"), settings: patient)
        #expect(try extract.writer.archive() == localExtract(root).writer.archive())
        #expect(traffic.retries == 0)
    }
}

/// The error a failing extract over `url` throws (nil when it does not fail).
func httpFailure(_ url: String, settings: HTTPSettings = HTTPFixture.quick) -> HTTPSourceError? {
    do {
        _ = try remoteExtract(url, settings: settings)
        return nil
    } catch PMTilesError.http(let error) {
        return error
    } catch {
        Issue.record("not an HTTP error: \(error)")
        return nil
    }
}

/// The faults refused by name: the ETag changing mid-extract, Range ignored, and faults on every attempt.
@Test func faultsThatPersistAreRefusedByName() throws {
    try withFault("etag", every: 3) { proxy, _ in
        let error = httpFailure(proxy.url("fixture.pmtiles"))
        #expect(error?.kind == "httpETagChanged")
        #expect(error?.description.contains(proxy.url("fixture.pmtiles")) == true)
    }
    try withFault("ignore-range", every: 1) { proxy, _ in
        let error = httpFailure(proxy.url("fixture.pmtiles"))
        guard case .rangeIgnored(let url, let range, let length)? = error else {
            Issue.record("expected rangeIgnored, got \(String(describing: error))")
            return
        }
        #expect(url == proxy.url("fixture.pmtiles") && range == 0..<16_384 && length == HTTPFixture.archive.count)
    }
    try withFault("ignore-range", every: 3) { proxy, _ in
        #expect(httpFailure(proxy.url("fixture.pmtiles"))?.kind == "httpRangeIgnored")
    }
    try withFault("truncate", every: 1) { proxy, _ in
        guard
            case .truncatedBody(_, let range, let received, let expected, let attempts)? =
                httpFailure(proxy.url("fixture.pmtiles"))
        else {
            Issue.record("expected truncatedBody")
            return
        }
        #expect(range == 0..<16_384 && received == 8_192 && expected == 16_384 && attempts == 7)
    }
    try withFault("503", every: 1) { proxy, _ in
        guard case .serverError(_, _, let code, let attempts)? = httpFailure(proxy.url("fixture.pmtiles")) else {
            Issue.record("expected serverError")
            return
        }
        #expect(code == 503 && attempts == 7)
    }
    // A reset after the headers and 16 bytes: the body is truncated (16 of 16,384 bytes).
    try withFault("reset", every: 1) { proxy, _ in
        guard case .truncatedBody(_, _, let received, let expected, _)? = httpFailure(proxy.url("fixture.pmtiles"))
        else {
            Issue.record("expected truncatedBody")
            return
        }
        #expect(received == 16 && expected == 16_384)
    }
    var quick = HTTPFixture.quick
    quick.timeout = 0.3
    quick.retries = 1
    try withFault("stall", every: 1, stall: 2) { proxy, _ in
        let started = Date()
        guard
            case .timedOut(_, _, let seconds, let attempts)? = httpFailure(
                proxy.url("fixture.pmtiles"), settings: quick)
        else {
            Issue.record("expected timedOut")
            return
        }
        #expect(seconds == 0.3 && attempts == 2)
        #expect(Date().timeIntervalSince(started) < 3)
    }
}

@Test func anArchiveReplacedOnTheServerIsRefusedNotMixed() throws {
    try withNginx { nginx, root in
        let reader = try PMTilesReader(url: URL(string: nginx.url("fixture.pmtiles"))!, settings: HTTPFixture.quick)
        #expect(reader.source is HTTPByteRangeReader && (reader.source as! HTTPByteRangeReader).etag != nil)
        // Another version: three bytes longer, written over the file (a new size and modification time).
        var data = HTTPFixture.archive
        data.append(contentsOf: [0, 0, 0])
        sleep(1)  // nginx's ETag holds the modification time in seconds
        try data.write(to: URL(fileURLWithPath: root + "/fixture.pmtiles"))
        do {
            _ = try RouteExtract(HTTPFixture.wanted, from: reader, overfetch: 0.05)
            Issue.record("an extract of a replaced archive succeeded")
        } catch PMTilesError.http(let error) {
            #expect(error.kind == "httpETagChanged")
            #expect(error.description.contains(nginx.url("fixture.pmtiles")))
        }
    }
}

@Test func missingArchivesAndCancelledReadersAreRefusedByName() throws {
    try withNginx { nginx, _ in
        #expect(throws: PMTilesError.http(.status(url: nginx.url("none.pmtiles"), range: 0..<16_384, code: 404))) {
            try PMTilesReader(url: URL(string: nginx.url("none.pmtiles"))!, settings: HTTPFixture.quick)
        }
        let reader = try HTTPByteRangeReader(nginx.url("fixture.pmtiles"), settings: HTTPFixture.quick)
        #expect(reader.size == UInt64(HTTPFixture.archive.count))
        #expect(try reader.read(offset: 20_000, length: 100) == HTTPFixture.archive.subdata(in: 20_000..<20_100))
        reader.cancel()
        #expect(throws: PMTilesError.http(.cancelled(url: nginx.url("fixture.pmtiles"), range: 30_000..<30_100))) {
            try reader.read(offset: 30_000, length: 100)
        }
        // Reads inside the first 16,384 bytes need no request, even cancelled.
        #expect(try reader.read(offset: 0, length: 127) == HTTPFixture.archive.prefix(127))
        #expect(throws: PMTilesError.http(.badURL("ftp://127.0.0.1/a.pmtiles"))) {
            try HTTPByteRangeReader("ftp://127.0.0.1/a.pmtiles")
        }
        var bad = HTTPSettings()
        bad.requestsInFlight = 0
        #expect(throws: PMTilesError.self) { try HTTPByteRangeReader(nginx.url("fixture.pmtiles"), settings: bad) }
    }
}

@Test func aCancelEndsARequestInFlight() throws {
    try withFault("stall", every: 2, stall: 5) { proxy, _ in
        var slow = HTTPFixture.quick
        slow.timeout = 10
        let reader = try HTTPByteRangeReader(proxy.url("fixture.pmtiles"), settings: slow)
        let started = Date()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { reader.cancel() }
        #expect(throws: PMTilesError.http(.cancelled(url: proxy.url("fixture.pmtiles"), range: 20_000..<20_100))) {
            try reader.read(offset: 20_000, length: 100)
        }
        #expect(Date().timeIntervalSince(started) < 3)
    }
}

@Test func aTemplateOverHTTPRetries5xxAndTakes404ForMissing() throws {
    try withNginx { nginx, root in
        let tiles = (0...3).flatMap { level in
            (0..<(1 << level)).flatMap { x in (0..<(1 << level)).map { y in try! TileID(level: level, x: x, y: y) } }
        }
        let present = tiles.filter { ($0.x + $0.y) % 3 != 0 }
        try writeTiles(present, root: root + "/xyz")
        let proxy: FaultProxy
        do { proxy = try FaultProxy(upstream: nginx.port, fault: "503", every: 3) } catch {
            Issue.record("skipped (counted as a failure): \(error)")
            return
        }
        defer { proxy.stop() }
        let source = try HTTPTileTemplate(
            TileURLTemplate(proxy.url("xyz/{z}/{x}/{y}.png")), settings: HTTPFixture.quick)
        let extract = try SourceExtract(tiles, from: source, concurrency: 4)
        #expect(extract.tiles == present.count && extract.missing == tiles.count - present.count)
        let archive = try PMTilesReader(DataByteRangeReader(extract.writer.archive()))
        var same = 0
        for tile in present where try archive.tileData(for: tile) == testBytes(tile) { same += 1 }
        #expect(same == present.count)
        #expect(source.statistics.retries > 0 && source.statistics.requests == tiles.count + source.statistics.retries)
    }
}
