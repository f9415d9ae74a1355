/// Why a ``TileDirectory`` could not be opened or a tile in it could not be read. A tile that is simply absent is
/// not an error: ``TileDirectory/tileData(for:)`` returns `nil` for it.
public enum TileDirectoryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The root path does not exist.
    case notFound(path: String)
    /// The root path exists but is not a directory.
    case notADirectory(path: String)
    /// No extension was given and no `{z}/{x}/{y}.ext` file was found under the root to discover it from.
    case noTiles(path: String)
    /// The extension given is empty or holds a `/` or a leading dot.
    case badExtension(String)
    /// A tile's file exists but could not be read (a directory where a file should be, no permission, an I/O
    /// error): the path and the system's reason.
    case unreadable(path: String, reason: String)
    /// A tile's file is larger than the directory's ``TileDirectory/maximumTileBytes``.
    case tileTooLarge(path: String, bytes: Int, limit: Int)

    /// What went wrong and what would be valid.
    public var description: String {
        switch self {
        case .notFound(let path): "tile directory \(path) does not exist: give the root of a {z}/{x}/{y}.ext tree"
        case .notADirectory(let path):
            "tile directory \(path) is not a directory: give the root of a {z}/{x}/{y}.ext tree"
        case .noTiles(let path):
            "tile directory \(path) holds no {z}/{x}/{y}.ext file to discover the extension from: give the "
                + "extension (e.g. \"png\") or add tiles"
        case .badExtension(let ext):
            "tile extension \"\(ext)\" is not valid: give a non-empty name without '/' or a leading '.' (e.g. \"png\")"
        case .unreadable(let path, let reason): "tile file \(path) could not be read: \(reason)"
        case .tileTooLarge(let path, let bytes, let limit):
            "tile file \(path) holds \(bytes) bytes, more than the limit of \(limit) bytes"
        }
    }
}
