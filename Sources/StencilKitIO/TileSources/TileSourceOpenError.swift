/// Why ``TileSources/open(_:)`` (or a ``TileFileTemplate``) could not make a tile source of what it was given.
/// Every description names the path or template, what was wrong with it, and the forms that are valid.
public enum TileSourceOpenError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing exists at the path, and it is not a template (it holds no `{`).
    case notFound(path: String)
    /// The path is a file, but not a PMTiles archive (its name does not end `.pmtiles` and it does not start with
    /// the PMTiles magic).
    case unrecognizedFile(path: String)
    /// The path is a PMTiles archive that could not be opened: the archive's error.
    case archive(path: String, PMTilesError)
    /// The path is a directory that is not a usable `{z}/{x}/{y}.ext` tree: the directory's error.
    case directory(path: String, TileDirectoryError)
    /// The template does not parse: the template's error.
    case badTemplate(String, TileURLTemplateError)
    /// The template does not name each tile by one file: it lacks `{quadkey}`, and `{z}`, `{x}` or both `{y}`
    /// and `{-y}`.
    case incompleteTemplate(String)
    /// The template's addresses are neither local files nor `http://` or `https://` URLs (an `ftp://` or other
    /// scheme).
    case remoteTemplate(String)
    /// An `http://` or `https://` source (an archive or a template) that could not be opened: the HTTP error.
    case http(String, HTTPSourceError)

    /// The forms a source may take.
    static let validForms =
        "give a PMTiles archive (NAME.pmtiles, or http(s)://HOST/NAME.pmtiles), a {z}/{x}/{y}.ext directory, or a "
        + "template such as /tiles/{z}/{x}/{y}.png, file:///tiles/{z}/{x}/{-y}.png or "
        + "https://HOST/{z}/{x}/{y}.png ({-y}: TMS rows; {quadkey} alone also names a tile)"

    /// What went wrong and what would be valid.
    public var description: String {
        switch self {
        case .notFound(let path):
            "tile source \(path): nothing exists there and it is not a template (no {z}/{x}/{y}): \(Self.validForms)"
        case .unrecognizedFile(let path):
            "tile source \(path) is a file but not a PMTiles archive (its name does not end .pmtiles and it does not "
                + "start with the PMTiles magic): \(Self.validForms)"
        case .archive(let path, let error): "tile source \(path) is not a readable PMTiles archive: \(error)"
        case .directory(let path, let error): "tile source \(path) is not a usable tile directory: \(error)"
        case .badTemplate(let template, let error): "tile source \(template): \(error)"
        case .incompleteTemplate(let template):
            "tile source \(template) does not name each tile by one file: a template needs {z}, {x} and {y} (or "
                + "{-y} for TMS rows), or {quadkey}"
        case .remoteTemplate(let template):
            "tile source \(template) addresses tiles by a scheme that is neither a local file nor HTTP: download "
                + "them into a directory or archive, or \(Self.validForms)"
        case .http(let source, let error): "tile source \(source) cannot be read over HTTP: \(error)"
        }
    }
}
