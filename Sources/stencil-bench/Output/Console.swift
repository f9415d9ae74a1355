import Foundation
import StencilKitIO
import StencilScenarios

/// Writing to standard error and to files.
enum Console {
    /// One line to standard error.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Writes `text` to `path`, creating missing folders.
    /// - Throws: ``UsageError`` naming the path when it cannot be written.
    static func write(_ text: String, to path: String) throws(UsageError) {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        } catch {
            throw UsageError("cannot write \(FileProblem.writing(path, error))")
        }
    }
}

/// Buffered text to standard output, flushed every 64 KiB: large outputs (every frame of a loop, a stencil's runs)
/// are written as they are produced, never built whole in memory.
struct StandardOutput {
    private var buffer: [UInt8] = []
    private static let chunk = 1 << 16

    init() { buffer.reserveCapacity(Self.chunk + 4096) }

    /// Appends `text`, writing the buffer out once it holds 64 KiB.
    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.chunk { flush() }
    }

    /// Writes out everything buffered (straight to file descriptor 1: commands that use this write nothing to
    /// standard output through `print`).
    mutating func flush() {
        guard !buffer.isEmpty else { return }
        try? FileHandle.standardOutput.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Progress on standard error for a command that runs longer than a second: a background thread shows the current
/// step and the time so far once a second has passed, then every 0.2 s on a terminal (one line, overwritten) or
/// every 5 s otherwise (one line each, for logs). Commands that finish within a second print nothing.
///
/// Steps are set with ``update(_:)``; loops over many items call it every few thousand items, so keeping it
/// current costs nothing measurable. ``finish()`` stops the thread and clears the line.
final class Progress: @unchecked Sendable {
    private let lock = NSLock()
    private var status: String
    private var finished = false
    private var printedOnTerminal = false
    private let start = ProcessInfo.processInfo.systemUptime
    private let terminal = isatty(2) != 0

    /// Starts showing progress for `command` (the thread sleeps until a second has passed).
    init(_ command: String) {
        status = command
        let thread = Thread { [self] in self.loop() }
        thread.stackSize = 1 << 16
        thread.start()
    }

    /// Sets what is being done now, e.g. `[3/11] z16-diagonal: verifying frame 120,000 of 1,150,000`.
    func update(_ text: String) {
        lock.lock()
        status = text
        lock.unlock()
    }

    /// `body` of each of `items` in order, the step shown as `run: [KIND i/n] NAME`.
    func each<Item, Result>(_ items: [Item], kind: String, name: (Item) -> String, _ body: (Item) -> Result)
        -> [Result]
    {
        items.enumerated().map { i, item in
            update("run: [\(kind) \(i + 1)/\(items.count)] \(name(item))")
            return body(item)
        }
    }

    /// Stops showing progress and clears the line it left on a terminal.
    func finish() {
        lock.lock()
        finished = true
        let clear = printedOnTerminal
        lock.unlock()
        if clear { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    private func loop() {
        var lastPrinted = -Double.infinity
        while true {
            Thread.sleep(forTimeInterval: 0.1)
            let now = ProcessInfo.processInfo.systemUptime
            let elapsed = now - start
            guard elapsed >= 1, now - lastPrinted >= (terminal ? 0.2 : 5) else {
                if isFinished { return }
                continue
            }
            lock.lock()
            defer { lock.unlock() }
            if finished { return }
            let line = "stencil-bench: \(status) … \(String(format: "%.0f", elapsed)) s"
            if terminal {
                FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
                printedOnTerminal = true
            } else {
                FileHandle.standardError.write(Data("\(line)\n".utf8))
            }
            lastPrinted = now
        }
    }

    private var isFinished: Bool {
        lock.lock()
        defer { lock.unlock() }
        return finished
    }
}
