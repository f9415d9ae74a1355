import Foundation

/// Writing to standard error and to files.
enum Console {
    /// One line to standard error.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// A progress note on standard error, overwritten by the next one when standard error is a terminal.
    static func progress(_ text: String) {
        if isatty(2) != 0 {
            FileHandle.standardError.write(Data("\r\u{1B}[K\(text) …".utf8))
        }
    }

    /// Clears the progress line.
    static func progressDone() {
        if isatty(2) != 0 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
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
            throw UsageError("cannot write \(path): \(error.localizedDescription)")
        }
    }
}
