/// Why a string is not a ``TileURLTemplate``. Offsets count Unicode scalars from the template's start (0-based; for
/// ASCII text, characters).
public enum TileURLTemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A `{name}` that is not one of `{z}`, `{x}`, `{y}`, `{-y}`, `{quadkey}`.
    case unknownPlaceholder(name: String, offset: Int)
    /// A `{` with no `}` after it, or a `{` inside a placeholder.
    case unclosedBrace(offset: Int)
    /// A `}` with no `{` before it.
    case unopenedBrace(offset: Int)

    /// What went wrong and what would be valid.
    public var description: String {
        let valid = "placeholders are {z}, {x}, {y}, {-y} (TMS rows) and {quadkey}"
        switch self {
        case .unknownPlaceholder(let name, let offset):
            return "tile URL template: unknown placeholder {\(name)} at offset \(offset): \(valid)"
        case .unclosedBrace(let offset):
            return "tile URL template: the '{' at offset \(offset) is not closed by '}': \(valid)"
        case .unopenedBrace(let offset):
            return "tile URL template: the '}' at offset \(offset) closes no '{': \(valid)"
        }
    }
}
