import Foundation
import Testing

/// A `replay` stopped by SIGINT or SIGTERM removes its temporary archive's directory (issue 28: a killed replay left
/// 45 MB behind): the built `stencil-bench` is started with TMPDIR set to a fresh directory, stopped by the signal
/// once its archive is written, and the directory must be gone and the process ended by that signal. Every wait is
/// bounded; the child is stopped by its own pid.
struct ReplaySignalTests {
    /// The built `stencil-bench` beside the test runner (the package's debug products), else under `.build/debug`.
    static var binary: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("stencil-bench")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/stencil-bench")
    }

    static func replayStopped(by number: Int32) throws {
        let binary = Self.binary
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "no stencil-bench at \(binary.path)")
        let tmp = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("replay-signal-\(UUID())")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tmp) }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["replay", "corridor-z12-30"]
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = tmp.path + "/"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        defer { if process.isRunning { kill(pid, SIGKILL) } }
        let directory = tmp.appendingPathComponent("stencil-replay-\(pid)")
        let archive = directory.appendingPathComponent("tiles.pmtiles")
        // Wait (at most 60 s) for the archive to be written: the flight itself lasts about a minute.
        var waited = 0.0
        while waited < 60, process.isRunning {
            if let size = try? FileManager.default.attributesOfItem(atPath: archive.path)[.size] as? NSNumber,
                size.intValue > 0
            {
                break
            }
            Thread.sleep(forTimeInterval: 0.05)
            waited += 0.05
        }
        try #require(process.isRunning, "replay ended before it could be stopped")
        try #require(FileManager.default.fileExists(atPath: archive.path), "no temporary archive after \(waited) s")
        Thread.sleep(forTimeInterval: 0.3)
        kill(pid, number)
        waited = 0
        while process.isRunning && waited < 30 {
            Thread.sleep(forTimeInterval: 0.05)
            waited += 0.05
        }
        try #require(!process.isRunning, "replay still running 30 s after the signal")
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == number)
        #expect(!FileManager.default.fileExists(atPath: directory.path), "the temporary directory was left behind")
        let left = try FileManager.default.contentsOfDirectory(atPath: tmp.path)
        #expect(left.isEmpty, "left behind: \(left)")
    }

    @Test func sigtermRemovesTheTemporaryArchive() throws { try Self.replayStopped(by: SIGTERM) }

    @Test func sigintRemovesTheTemporaryArchive() throws { try Self.replayStopped(by: SIGINT) }
}
