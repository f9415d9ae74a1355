import Dispatch
import Foundation

/// Temporary files and directories stencil-bench removes however it ends: by their owner when the work is done, and
/// on SIGINT or SIGTERM by signal handlers (Dispatch signal sources), which remove every path still registered and
/// then end the process by the same signal (so the exit status still says it was interrupted).
enum TemporaryFiles {
    private static let registry = Registry()

    /// Registers `path` for removal on SIGINT or SIGTERM (installing the handlers the first time).
    static func register(_ path: String) { registry.add(path) }

    /// Removes `path` (a file or a directory, recursively) and forgets it.
    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
        registry.drop(path)
    }

    /// The paths under a lock, and the signal sources (kept alive here).
    private final class Registry: @unchecked Sendable {
        private let lock = NSLock()
        private var paths: Set<String> = []
        private var sources: [any DispatchSourceSignal] = []

        func add(_ path: String) {
            lock.lock()
            defer { lock.unlock() }
            paths.insert(path)
            guard sources.isEmpty else { return }
            // A process started with the two signals blocked (a child of a Dispatch worker thread inherits its mask)
            // would never see them: unblock them on this thread, so they are delivered here.
            var mask = sigset_t()
            sigemptyset(&mask)
            sigaddset(&mask, SIGINT)
            sigaddset(&mask, SIGTERM)
            pthread_sigmask(SIG_UNBLOCK, &mask, nil)
            for number in [SIGINT, SIGTERM] {
                // The default action must be off for the signal to reach the source.
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { [self] in
                    removeAll()
                    signal(number, SIG_DFL)
                    kill(getpid(), number)
                }
                source.resume()
                sources.append(source)
            }
        }

        func drop(_ path: String) {
            lock.lock()
            defer { lock.unlock() }
            paths.remove(path)
        }

        func removeAll() {
            lock.lock()
            defer { lock.unlock() }
            for path in paths { try? FileManager.default.removeItem(atPath: path) }
            paths.removeAll()
        }
    }
}
