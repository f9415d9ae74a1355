import Foundation
import MercatorMath

/// A route's tiles copied from a source archive into a new one, byte for byte, by planned reads
/// (go-pmtiles' extract: look every wanted tile up, sort by offset, merge neighbouring ranges within an over-fetch).
///
/// The wanted tiles are typically a ``/StencilKit/PyramidStencil``'s `tileIDs` (an extension in this module). The
/// new archive has the source's tile type, tile compression, internal compression and metadata, and every found tile
/// with exactly the bytes the source stores for it.
public struct RouteExtract: Sendable {
    /// The archive to write (call ``PMTilesWriter/archive()`` or ``PMTilesWriter/write(toPath:)``).
    public let writer: PMTilesWriter
    /// What the extract found and read.
    public let report: ExtractReport
    /// The read plan that was executed.
    public let plan: ReadPlan

    /// Looks up `tiles` in `source`, plans the reads with over-fetch fraction `overfetch`, reads and fills a writer.
    /// - Complexity: O(t log t) for t tiles plus one lookup each (leaf directories read once, cached) and
    ///   ``ReadPlan/reads`` reads (over HTTP, ``HTTPSettings/requestsInFlight`` at a time); memory O(bytes read).
    /// - Throws: the source's ``PMTilesError``s; ``PMTilesError/invalidArgument(name:value:valid:)`` for a bad
    ///   over-fetch.
    public init(_ tiles: some Sequence<TileID>, from source: PMTilesReader, overfetch: Double) throws(PMTilesError) {
        var located: [(tile: TileID, span: ByteSpan)] = []
        var missing = 0
        for tile in Set(tiles) {
            if let range = try source.byteRange(for: tile) {
                located.append((tile, ByteSpan(offset: range.offset, length: range.length)))
            } else {
                missing += 1
            }
        }
        let plan = try ReadPlan(spans: located.map(\.span), overfetch: overfetch)
        // Execute the reads; each wanted span lies within exactly one read (reads are disjoint and sorted).
        var bytes: [ByteSpan: Data] = [:]
        var next = 0
        let results = try Self.execute(plan.reads, on: source.source)
        for (read, data) in zip(plan.reads, results) {
            while next < plan.wanted.count, plan.wanted[next].end <= read.end {
                let span = plan.wanted[next]
                let start = data.startIndex + Int(span.offset - read.offset)
                bytes[span] = data.subdata(in: start..<start + span.length)
                next += 1
            }
        }
        var writer = PMTilesWriter()
        writer.internalCompression = source.header.internalCompression
        writer.tileCompression = source.header.tileCompression
        writer.tileType = source.header.tileType
        writer.metadata = try Self.metadata(of: source)
        for (tile, span) in located {
            if let data = bytes[span] { writer.add(data, for: tile) }
        }
        self.writer = writer
        self.plan = plan
        report = ExtractReport(
            tiles: located.count, bytes: plan.bytesWanted, missing: missing, reads: plan.reads.count,
            bytesRead: plan.bytesRead, runs: plan.runs)
    }
}

extension RouteExtract {
    /// The bytes of `reads`, in their order: one at a time from a local source, ``HTTPSettings/requestsInFlight`` at
    /// a time from an ``HTTPByteRangeReader`` (each read on a thread of its own, so a remote archive's round trips
    /// overlap).
    /// - Throws: the first read's error (the reads in flight finish, no more start).
    static func execute(_ reads: [ByteSpan], on source: any ByteRangeReader) throws(PMTilesError) -> [Data] {
        let concurrency = min(reads.count, (source as? HTTPByteRangeReader)?.settings.requestsInFlight ?? 1)
        guard concurrency > 1 else {
            var out: [Data] = []
            for read in reads { out.append(try source.read(offset: read.offset, length: read.length)) }
            return out
        }
        let results = ReadResults(count: reads.count)
        let group = DispatchGroup()
        for _ in 0..<concurrency {
            group.enter()
            Thread {
                while let i = results.next() {
                    do throws(PMTilesError) {
                        results.store(try source.read(offset: reads[i].offset, length: reads[i].length), at: i)
                    } catch {
                        results.fail(error)
                    }
                }
                group.leave()
            }.start()
        }
        group.wait()
        if let failure = results.failure { throw failure }
        return results.data.map { $0 ?? Data() }
    }

    /// The concurrent reads' shared state: the next read to start, the bytes, the first failure; behind a lock.
    private final class ReadResults: @unchecked Sendable {
        private let lock = NSLock()
        private var cursor = 0
        private(set) var data: [Data?]
        private(set) var failure: PMTilesError?

        init(count: Int) { data = Array(repeating: nil, count: count) }

        func next() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard failure == nil, cursor < data.count else { return nil }
            cursor += 1
            return cursor - 1
        }

        func store(_ bytes: Data, at i: Int) {
            lock.lock()
            data[i] = bytes
            lock.unlock()
        }

        func fail(_ error: PMTilesError) {
            lock.lock()
            if failure == nil { failure = error }
            lock.unlock()
        }
    }

    /// The source's metadata, or `{}` when it is not a JSON object; a failed request (over HTTP) is thrown, not
    /// taken for missing metadata.
    static func metadata(of source: PMTilesReader) throws(PMTilesError) -> Data {
        do { return try source.metadata() } catch {
            if case .http = error { throw error }
            return Data("{}".utf8)
        }
    }
}

/// What a ``RouteExtract`` found and read.
public struct ExtractReport: Sendable, Hashable {
    /// Wanted tiles the source has (all copied).
    public let tiles: Int
    /// Bytes wanted: the distinct byte ranges of those tiles (tiles sharing stored bytes count once).
    public let bytes: UInt64
    /// Wanted tiles the source lacks.
    public let missing: Int
    /// Reads made.
    public let reads: Int
    /// Bytes read: at most (1 + over-fetch) · ``bytes``.
    public let bytesRead: UInt64
    /// Runs of consecutive offsets among the wanted ranges: ``reads`` ≤ runs.
    public let runs: Int
}
