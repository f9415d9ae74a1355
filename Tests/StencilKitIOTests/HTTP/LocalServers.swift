import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The repository's root (this file is Tests/StencilKitIOTests/HTTP/LocalServers.swift).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

/// A port on 127.0.0.1 that was free a moment ago (bound to port 0 and released).
func freeLoopbackPort() -> Int? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 else { return nil }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard named == 0 else { return nil }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// Whether something accepts TCP connections on 127.0.0.1:`port`.
func acceptsConnections(port: Int) -> Bool {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    } == 0
}

/// The nginx executable, or nil when it is not installed (Debian's `nginx-light`; `.ci/run` installs it).
let nginxExecutable: String? = [
    "/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx", "/opt/homebrew/bin/nginx",
]
.first { FileManager.default.isExecutableFile(atPath: $0) }

/// An nginx of its own: one process (no daemon, no master) on 127.0.0.1 on a free port, serving `root`, with its
/// configuration, pid file, temp paths, error log and access log (one line a request: status, Range, bytes sent) in
/// a temporary prefix; stopped by its PID (SIGKILL).
final class LocalNginx {
    let prefix: String
    let root: String
    let port: Int
    private let process: Process

    /// Starts nginx serving `root`; waits (at most 5 s) until it accepts connections.
    /// - Throws: ``ServerError`` when nginx is absent or does not start.
    init(root: String) throws {
        guard let nginx = nginxExecutable else {
            throw ServerError("nginx is not installed (apt-get install -y nginx-light); the HTTP tests need it")
        }
        prefix = NSTemporaryDirectory() + "stencilkitio-nginx-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: prefix, withIntermediateDirectories: true)
        self.root = root
        var started: (Process, Int)?
        for _ in 0..<5 where started == nil {
            guard let port = freeLoopbackPort() else { continue }
            let configuration = """
                daemon off;
                master_process off;
                worker_processes 1;
                pid \(prefix)/nginx.pid;
                error_log \(prefix)/error.log;
                events { worker_connections 256; }
                http {
                    log_format ranges '$status "$http_range" $body_bytes_sent';
                    access_log \(prefix)/access.log ranges;
                    client_body_temp_path \(prefix)/body;
                    proxy_temp_path \(prefix)/proxy;
                    fastcgi_temp_path \(prefix)/fastcgi;
                    uwsgi_temp_path \(prefix)/uwsgi;
                    scgi_temp_path \(prefix)/scgi;
                    keepalive_requests 10000;
                    server { listen 127.0.0.1:\(port); root \(root); }
                }
                """
            try configuration.write(toFile: prefix + "/nginx.conf", atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: nginx)
            process.arguments = ["-p", prefix, "-c", prefix + "/nginx.conf", "-e", prefix + "/error.log"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(5)
            while process.isRunning && !acceptsConnections(port: port) && Date() < deadline { usleep(10_000) }
            if process.isRunning && acceptsConnections(port: port) {
                started = (process, port)
            } else if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }
        guard let (process, port) = started else {
            let log = (try? String(contentsOfFile: prefix + "/error.log", encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: prefix)
            throw ServerError("nginx did not start on 127.0.0.1 (error log: \(log))")
        }
        self.process = process
        self.port = port
    }

    /// `http://127.0.0.1:PORT/name`.
    func url(_ name: String) -> String { "http://127.0.0.1:\(port)/\(name)" }

    /// The access log's lines (one a request: `STATUS "RANGE" BYTES`), after waiting (at most 2 s) until there are
    /// at least `atLeast`.
    func accessLog(atLeast: Int = 0) -> [String] {
        let deadline = Date().addingTimeInterval(2)
        while true {
            let text = (try? String(contentsOfFile: prefix + "/access.log", encoding: .utf8)) ?? ""
            let lines = text.split(separator: "\n").map(String.init)
            if lines.count >= atLeast || Date() > deadline { return lines }
            usleep(10_000)
        }
    }

    /// Stops nginx by its PID and removes the prefix.
    func stop() {
        // SIGKILL: a child of the test process inherits its blocked signals, so nginx and python3 never see a
        // SIGTERM.
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: prefix)
    }

    deinit { stop() }
}

/// scripts/fault-proxy.py in front of an upstream on 127.0.0.1 (a python3 process of its own, stopped by its PID; it
/// also exits by itself after 60 s).
final class FaultProxy {
    let port: Int
    private let process: Process

    /// Starts the proxy with `fault` (see the script) for upstream port `upstream`; waits at most 5 s for its port.
    init(upstream: Int, fault: String, every: Int = 2, limit: Int = 1_000_000, stall: Double = 3) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", repositoryRoot + "/scripts/fault-proxy.py", "--upstream", "127.0.0.1:\(upstream)", "--fault",
            fault, "--every", "\(every)", "--limit", "\(limit)", "--stall", "\(stall)", "--lifetime", "60",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The port is the first line; read it on another thread so a silent proxy cannot hang the test.
        let line = PortLine()
        let reader = Thread {
            var bytes = Data()
            while let chunk = try? output.fileHandleForReading.read(upToCount: 1), !chunk.isEmpty {
                if chunk == Data("\n".utf8) { break }
                bytes.append(chunk)
            }
            line.set(String(decoding: bytes, as: UTF8.self))
        }
        reader.start()
        let deadline = Date().addingTimeInterval(5)
        while line.value == nil && process.isRunning && Date() < deadline { usleep(10_000) }
        guard let text = line.value, let port = Int(text.trimmingCharacters(in: .whitespaces)) else {
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            throw ServerError("the fault proxy did not start (no port printed within 5 s)")
        }
        self.process = process
        self.port = port
    }

    /// `http://127.0.0.1:PORT/name`.
    func url(_ name: String) -> String { "http://127.0.0.1:\(port)/\(name)" }

    /// Stops the proxy by its PID.
    func stop() {
        // SIGKILL: a child of the test process inherits its blocked signals, so nginx and python3 never see a
        // SIGTERM.
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit { stop() }

    /// A line written once, read under a lock.
    private final class PortLine: @unchecked Sendable {
        private let lock = NSLock()
        private var text: String?
        var value: String? {
            lock.lock()
            defer { lock.unlock() }
            return text
        }
        func set(_ value: String) {
            lock.lock()
            text = value
            lock.unlock()
        }
    }
}

/// A test server that could not be started.
struct ServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
