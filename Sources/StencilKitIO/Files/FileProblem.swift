import Foundation

/// What went wrong writing a file, in words a user can act on: "is a directory", the system's reason from the
/// underlying POSIX error ("Permission denied", "No such file or directory"), instead of Foundation's
/// "NSCocoaErrorDomain error 512" on Linux.
package enum FileProblem {
    /// The reason a write of `path` failed with `error`.
    package static func writing(_ path: String, _ error: any Error) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "\(path) is a directory; give the path of a file"
        }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return "\(path): \(String(cString: strerror(Int32(underlying.code))))"
        }
        if nsError.domain == NSPOSIXErrorDomain { return "\(path): \(String(cString: strerror(Int32(nsError.code))))" }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, !FileManager.default.fileExists(atPath: parent) {
            return "\(path): the folder \(parent) does not exist"
        }
        if !parent.isEmpty, !FileManager.default.isWritableFile(atPath: parent) {
            return "\(path): the folder \(parent) is not writable"
        }
        return "\(path): \(nsError.localizedDescription)"
    }
}
