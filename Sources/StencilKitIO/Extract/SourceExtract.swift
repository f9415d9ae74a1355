import Foundation
import MercatorMath

/// A route's tiles copied from any ``TileSource`` (a tile server's URL template, a directory) into a new archive,
/// one read a tile, `concurrency` reads at a time, each tile with exactly the bytes the source returns.
///
/// For a PMTiles source use ``RouteExtract`` instead: it coalesces neighbouring tiles into one read.
public struct SourceExtract: Sendable {
    /// The archive to write (call ``PMTilesWriter/archive()`` or ``PMTilesWriter/write(toPath:)``); its tile type
    /// and compressions are unknown (the writer's defaults) and its metadata `{}`.
    public let writer: PMTilesWriter
    /// Wanted tiles the source has (all copied).
    public let tiles: Int
    /// Bytes of those tiles, Σ length.
    public let bytes: UInt64
    /// Wanted tiles the source lacks (`nil` from ``TileSource/tileData(for:)``).
    public let missing: Int

    /// The most reads at once, 1…256.
    public static let validConcurrency = 1...256

    /// Reads `tiles` (repeats read once) from `source`, `concurrency` at a time, and fills a writer.
    /// - Complexity: one read a distinct tile; memory O(bytes read).
    /// - Throws: ``PMTilesError/invalidArgument(name:value:valid:)`` for a concurrency outside
    ///   ``validConcurrency``; otherwise the first error a read throws (the reads in flight finish, no more start).
    public init(_ tiles: some Sequence<TileID>, from source: any TileSource, concurrency: Int) throws {
        guard Self.validConcurrency.contains(concurrency) else {
            throw PMTilesError.invalidArgument(
                name: "Extract concurrency", value: "\(concurrency)", valid: "a whole number in 1…256")
        }
        let wanted = Array(Set(tiles)).sorted { ($0.level, $0.x, $0.y) < ($1.level, $1.x, $1.y) }
        let state = State(count: wanted.count)
        // Threads of their own (a read blocks on I/O; the dispatch pool would run only as many as there are cores).
        let group = DispatchGroup()
        for _ in 0..<min(concurrency, max(1, wanted.count)) {
            group.enter()
            Thread {
                while let i = state.next() {
                    do {
                        let data = try source.tileData(for: wanted[i])
                        state.store(data, at: i)
                    } catch {
                        state.fail(error)
                    }
                }
                group.leave()
            }.start()
        }
        group.wait()
        if let failure = state.failure { throw failure }
        var writer = PMTilesWriter()
        var found = 0
        var bytes: UInt64 = 0
        for (i, tile) in wanted.enumerated() {
            guard let data = state.results[i] else { continue }
            writer.add(data, for: tile)
            found += 1
            bytes += UInt64(data.count)
        }
        self.writer = writer
        self.tiles = found
        self.bytes = bytes
        missing = wanted.count - found
    }

    /// The reads' shared state: the next index to read, the results, the first failure; behind a lock.
    private final class State: @unchecked Sendable {
        private let lock = NSLock()
        private var cursor = 0
        private let count: Int
        private(set) var results: [Data?]
        private(set) var failure: (any Error)?

        init(count: Int) {
            self.count = count
            results = Array(repeating: nil, count: count)
        }

        func next() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard failure == nil, cursor < count else { return nil }
            cursor += 1
            return cursor - 1
        }

        func store(_ data: Data?, at i: Int) {
            lock.lock()
            results[i] = data
            lock.unlock()
        }

        func fail(_ error: any Error) {
            lock.lock()
            if failure == nil { failure = error }
            lock.unlock()
        }
    }
}
