import Foundation

/// Opening a tile source from a path given as text (a command-line argument, a setting): one function, so a new
/// kind of source is added in one place.
public enum TileSources {
    /// The tile source `path` names, decided in this order:
    /// 0. an `http://` or `https://` URL: an ``HTTPTileTemplate`` when it holds a `{`, else a PMTiles archive read
    ///    by range requests (see ``open(_:http:)``);
    /// 1. a template, when it holds a `{`: a ``TileFileTemplate`` (`/tiles/{z}/{x}/{y}.png`, `file://…/{-y}.png`,
    ///    `…/{quadkey}.jpeg`);
    /// 2. a directory: a ``TileDirectory`` (`{z}/{x}/{y}.ext`, its extension discovered);
    /// 3. a file whose name ends `.pmtiles`, or any file that starts with the PMTiles magic bytes: a
    ///    ``PMTilesReader``.
    /// - Throws: ``TileSourceOpenError``: ``TileSourceOpenError/notFound(path:)`` when nothing is there,
    ///   ``TileSourceOpenError/unrecognizedFile(path:)`` for another kind of file, and the archive's, directory's or
    ///   template's own error wrapped with the path. Each description names the valid forms.
    /// - Complexity: one `stat`, plus the source's own opening (an archive's header and root directory; a
    ///   directory's extension discovery; a template's parse).
    public static func open(_ path: String) throws(TileSourceOpenError) -> any TileSource {
        try open(path, http: HTTPSettings())
    }

    /// As ``open(_:)``, with `http` the settings of an `http://` or `https://` source: a URL holding a `{` is an
    /// ``HTTPTileTemplate``, any other a PMTiles archive read by range requests (``HTTPByteRangeReader``; its header
    /// and root directory in one request).
    /// - Throws: as ``open(_:)``; an HTTP archive's errors as ``TileSourceOpenError/archive(path:_:)``.
    public static func open(_ path: String, http settings: HTTPSettings) throws(TileSourceOpenError)
        -> any TileSource
    {
        if HTTPTileTemplate.isHTTP(path) {
            if path.contains("{") {
                let template: TileURLTemplate
                do { template = try TileURLTemplate(path) } catch { throw .badTemplate(path, error) }
                return try HTTPTileTemplate(template, settings: settings)
            }
            guard let url = URL(string: path) else { throw .http(path, .badURL(path)) }
            do { return try PMTilesReader(url: url, settings: settings) } catch { throw .archive(path: path, error) }
        }
        if path.contains("{") {
            let template: TileURLTemplate
            do { template = try TileURLTemplate(path) } catch { throw .badTemplate(path, error) }
            return try TileFileTemplate(template)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .notFound(path: path)
        }
        if isDirectory.boolValue {
            do { return try TileDirectory(path: path) } catch { throw .directory(path: path, error) }
        }
        guard path.hasSuffix(".pmtiles") || startsWithPMTilesMagic(path) else { throw .unrecognizedFile(path: path) }
        do { return try PMTilesReader(path: path) } catch { throw .archive(path: path, error) }
    }

    /// Whether the file at `path` starts with the 7 bytes `PMTiles` (an archive's magic, whatever its name).
    static func startsWithPMTilesMagic(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 7)) ?? Data()
        return head == Data("PMTiles".utf8)
    }
}
