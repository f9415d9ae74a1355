import Foundation
import MercatorMath

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A directory of tiles laid out `{z}/{x}/{y}.ext` under a root (the layout of `gdal2tiles --xyz`, `mb-util`,
/// MapLibre's and OsmAnd's tile caches): tile z/x/y is the file `root/z/x/y.ext`, its bytes passed through as stored.
///
/// Always true of a directory source: its root existed and was a directory when it was opened, and its extension
/// is non-empty with no `/` and no leading dot. A missing file is a missing tile (`nil`), never an error; a file
/// that exists but cannot be read is a ``TileDirectoryError/unreadable(path:reason:)``.
public struct TileDirectory: TileSource {
    /// The root directory, without a trailing `/`.
    public let root: String
    /// The file extension of every tile, without its dot (e.g. `png`, `pbf`, `webp`).
    public let pathExtension: String
    /// The largest tile file read, in bytes (a larger one is a ``TileDirectoryError/tileTooLarge(path:bytes:limit:)``,
    /// so a stray huge file cannot exhaust memory).
    public let maximumTileBytes: Int

    /// The default ``maximumTileBytes``: 64 MiB, far above any map tile.
    public static let defaultMaximumTileBytes = 64 << 20

    /// Opens the directory at `path`. With `pathExtension` nil, the extension is discovered: that of the first
    /// `{z}/{x}/{y}.ext` file found, visiting levels, then columns, then rows in ascending numeric order.
    /// - Throws: ``TileDirectoryError/notFound(path:)``, ``TileDirectoryError/notADirectory(path:)``,
    ///   ``TileDirectoryError/badExtension(_:)``, or ``TileDirectoryError/noTiles(path:)`` when discovery finds no
    ///   tile.
    /// - Complexity: O(1) with an extension; discovery lists directories until the first tile file.
    public init(
        path: String, pathExtension: String? = nil, maximumTileBytes: Int = TileDirectory.defaultMaximumTileBytes
    ) throws(TileDirectoryError) {
        var root = path
        while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
            throw .notFound(path: path)
        }
        guard isDirectory.boolValue else { throw .notADirectory(path: path) }
        self.root = root
        self.maximumTileBytes = max(0, maximumTileBytes)
        if let pathExtension {
            guard !pathExtension.isEmpty, !pathExtension.contains("/"), !pathExtension.hasPrefix(".") else {
                throw .badExtension(pathExtension)
            }
            self.pathExtension = pathExtension
        } else {
            guard let found = Self.discoverExtension(root: root) else { throw .noTiles(path: path) }
            self.pathExtension = found
        }
    }

    /// The file of `tile`: `root/z/x/y.ext`.
    public func path(for tile: TileID) -> String { "\(root)/\(tile.level)/\(tile.x)/\(tile.y).\(pathExtension)" }

    /// The bytes of `tile`'s file, or `nil` when no such file exists (or a directory on its path is missing).
    /// - Throws: ``TileDirectoryError/unreadable(path:reason:)`` for a file that exists but cannot be read,
    ///   ``TileDirectoryError/tileTooLarge(path:bytes:limit:)`` for one past ``maximumTileBytes``.
    /// - Complexity: O(file size); one `open`, one `fstat`, reads until the file's size is read.
    public func tileData(for tile: TileID) throws -> Data? {
        try Self.readFile(atPath: path(for: tile), limit: maximumTileBytes)
    }

    /// The bytes of the file at `path`, or `nil` when no such file exists (or a directory on its path is missing):
    /// the read of every file-backed source (``TileDirectory``, ``TileFileTemplate``).
    /// - Throws: ``TileDirectoryError/unreadable(path:reason:)`` for a file that exists but cannot be read (or is
    ///   not a regular file), ``TileDirectoryError/tileTooLarge(path:bytes:limit:)`` for one past `limit` bytes.
    /// - Complexity: O(file size); one `open` (non-blocking, so a FIFO never waits), one `fstat`, reads until the
    ///   file's size is read.
    static func readFile(atPath path: String, limit: Int) throws(TileDirectoryError) -> Data? {
        // O_NONBLOCK: a FIFO (or a device) opens at once instead of waiting for a writer, and is refused below as
        // not a regular file; on a regular file it changes nothing.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            throw .unreadable(path: path, reason: reason(code))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(path: path, reason: reason(errno)) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .unreadable(path: path, reason: "not a regular file") }
        let size = Int(info.st_size)
        guard size <= limit else { throw .tileTooLarge(path: path, bytes: size, limit: limit) }
        var data = Data(count: size)
        var done = 0
        var failure: Int32 = 0
        data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) in
            while done < size {
                let n = read(fd, buffer.baseAddress! + done, size - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if n == 0 { return }  // the file shrank while read: keep what was read
                done += n
            }
        }
        if failure != 0 { throw .unreadable(path: path, reason: reason(failure)) }
        if done < size { data.removeSubrange(done..<size) }
        return data
    }

    /// The system's message for `code`.
    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// The extension of the first tile file under `root`, visiting numeric names in ascending order.
    static func discoverExtension(root: String) -> String? {
        let files = FileManager.default
        func numericChildren(_ path: String) -> [String] {
            let names = (try? files.contentsOfDirectory(atPath: path)) ?? []
            return names.filter { !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil }
                .sorted { Int($0)! < Int($1)! }
        }
        for z in numericChildren(root) {
            for x in numericChildren("\(root)/\(z)") {
                let names = ((try? files.contentsOfDirectory(atPath: "\(root)/\(z)/\(x)")) ?? []).sorted()
                for name in names {
                    guard let dot = name.firstIndex(of: "."), Int(name[..<dot]) != nil else { continue }
                    let ext = String(name[name.index(after: dot)...])
                    if !ext.isEmpty { return ext }
                }
            }
        }
        return nil
    }
}
