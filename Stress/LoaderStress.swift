import Foundation
import MercatorMath
import StencilKitIO

/// A stress program for ThreadSanitizer (scripts/tsan-stress.sh): many workers loading from a source of varied
/// speed while the render thread requests and drains, another thread reads the statistics, and a third sets the
/// clock; then a shutdown with reads in flight. A data race is TSan's report (exit 66); a load lost or doubled is
/// this program's (exit 1).
final class JitterSource: TileSource, @unchecked Sendable {
    func tileData(for tile: TileID) throws -> Data? {
        if tile.x % 7 == 0 { return nil }
        if tile.x % 5 == 0 { usleep(UInt32(50 + tile.x % 200)) }
        return Data(repeating: UInt8(truncatingIfNeeded: tile.x), count: 16 + tile.x % 64)
    }
}

@main
enum LoaderStress {
    static func main() throws {
        let rounds = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 20
        for round in 0..<rounds {
            let loader = try TileLoader(source: JitterSource(), workers: 16)
            // statistics() and liveWorkerCount take the loader's lock: documented as callable from any thread.
            nonisolated(unsafe) let watched = loader
            let done = DispatchSemaphore(value: 0)
            let stop = ManagedAtomicFlag()
            Thread.detachNewThread {
                var reads = 0
                while !stop.isSet {
                    reads += watched.statistics().count >= 0 ? 1 : 0
                    _ = watched.liveWorkerCount
                }
                _ = reads
                done.signal()
            }
            var completed = 0
            let requests = 2_000
            for x in 0..<requests {
                loader.request(try TileID(level: 12, x: x, y: round))
                if x % 50 == 0 { completed += loader.completions(through: .infinity).count }
            }
            let deadline = Date().addingTimeInterval(30)
            while completed < requests && Date() < deadline {
                completed += loader.completions(through: .infinity).count
                usleep(100)
            }
            stop.set()
            done.wait()
            guard completed == requests else {
                print("round \(round): \(completed) of \(requests) loads completed")
                exit(1)
            }
            for x in 0..<64 { loader.request(try TileID(level: 12, x: x, y: round + 1)) }
            guard loader.shutdown(waitingUpTo: 10) else {
                print("round \(round): workers still alive 10 s after shutdown")
                exit(1)
            }
        }
        print("loader stress: \(rounds) rounds, no lost load")
    }
}

/// A flag set once, read by another thread (a lock keeps TSan's view exact).
final class ManagedAtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
