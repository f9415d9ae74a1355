import MercatorMath

/// Why elevation bounds could not be derived from a DEM. Every description names the tile or source and says what
/// would be valid.
public enum DEMBoundsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The source could not be opened: the opening error.
    case source(TileSourceOpenError)
    /// The source is a file template other than `…/{z}/{x}/{y}.ext`, whose tiles cannot be listed.
    case unlistableTemplate(String)
    /// Walking the archive's directories failed.
    case archive(PMTilesError)
    /// The source holds no tile.
    case noTiles(String)
    /// The deepest level holds more tiles than the limit.
    case tooManyTiles(level: Int, count: Int, limit: Int)
    /// A listed tile is not of the deepest level, or is listed twice.
    case badTileList(TileID, level: Int)
    /// A tile file is named like a tile but lies outside the pyramid (x or y ≥ 2ⁿ, or n > 30).
    case outsidePyramid(path: String)
    /// The source failed to read a tile: its message.
    case unreadable(TileID, reason: String)
    /// A present tile is missing when read (the source changed while it was read).
    case vanished(TileID)
    /// A tile is not a decodable PNG.
    case undecodable(TileID, PNGDecodeError)
    /// A tile is not square.
    case notSquare(TileID, width: Int, height: Int)
    /// A tile's size differs from the first tile's.
    case sizeMismatch(TileID, size: Int, expected: Int)

    /// What went wrong and what would be valid.
    public var description: String {
        switch self {
        case .source(let error): "DEM source: \(error)"
        case .unlistableTemplate(let template):
            "DEM source \(template): only a PMTiles archive, a folder or a template ending /{z}/{x}/{y}.EXT can be "
                + "listed to find its deepest level"
        case .archive(let error): "DEM archive: \(error)"
        case .noTiles(let source): "DEM source \(source) holds no tile: give an archive or folder of elevation tiles"
        case .tooManyTiles(let level, let count, let limit):
            "DEM level \(level) holds \(count) tiles, more than the \(limit) read at most: use a coarser DEM or a region"
        case .badTileList(let tile, let level):
            "DEM tile \(tile) is listed twice or is not of level \(level): list each tile of the deepest level once"
        case .outsidePyramid(let path):
            "DEM file \(path) is named like a tile but lies outside the pyramid: columns and rows of level n are "
                + "0 ..< 2^n, levels 0...30"
        case .unreadable(let tile, let reason): "DEM tile \(tile) could not be read: \(reason)"
        case .vanished(let tile): "DEM tile \(tile) was listed but is missing when read: the source changed"
        case .undecodable(let tile, let error): "DEM tile \(tile): \(error)"
        case .notSquare(let tile, let width, let height):
            "DEM tile \(tile) is \(width) × \(height) px: elevation tiles are square"
        case .sizeMismatch(let tile, let size, let expected):
            "DEM tile \(tile) is \(size) px across, the first tile \(expected): every tile of a DEM has one size"
        }
    }
}
