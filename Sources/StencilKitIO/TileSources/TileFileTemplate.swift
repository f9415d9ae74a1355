import Foundation
import MercatorMath

/// A tile source whose tile z/x/y is the local file a ``TileURLTemplate`` names: `/data/tiles/{z}/{x}/{y}.png`,
/// `file:///data/tms/{z}/{x}/{-y}.jpg` (TMS rows) or `/cache/{quadkey}.jpeg` (Bing). It reads the layouts a
/// ``TileDirectory`` cannot: flipped rows, quadkeys, levels and columns in one file name.
///
/// Always true of a file template: its template names a tile uniquely (it holds `{quadkey}`, or `{z}`, `{x}` and
/// one of `{y}` and `{-y}`) and is a local path or a `file://` URL. A missing file is a missing tile (`nil`), never
/// an error, as in a ``TileDirectory``.
public struct TileFileTemplate: TileSource {
    /// The template of the tiles' paths.
    public let template: TileURLTemplate
    /// The largest tile file read, in bytes (see ``TileDirectory/maximumTileBytes``).
    public let maximumTileBytes: Int

    /// A source reading the files `template` names.
    /// - Throws: ``TileSourceOpenError/incompleteTemplate(_:)`` when the template does not name each tile by
    ///   one file, ``TileSourceOpenError/remoteTemplate(_:)`` for an address that is not a local path or a `file://`
    ///   URL.
    /// - Complexity: O(length of the template).
    public init(_ template: TileURLTemplate, maximumTileBytes: Int = TileDirectory.defaultMaximumTileBytes)
        throws(TileSourceOpenError)
    {
        let parts = Set(template.parts)
        let levelled = parts.contains(.level) && parts.contains(.x) && (parts.contains(.y) || parts.contains(.flippedY))
        guard parts.contains(.quadkey) || levelled else { throw .incompleteTemplate(template.template) }
        guard Self.isLocal(template.template) else { throw .remoteTemplate(template.template) }
        self.template = template
        self.maximumTileBytes = max(0, maximumTileBytes)
    }

    /// Whether `address` is a local path or a `file://` URL (an address with no scheme is a path).
    static func isLocal(_ address: String) -> Bool {
        if address.hasPrefix("file://") { return true }
        guard let colon = address.firstIndex(of: ":") else { return true }
        let scheme = address[..<colon]
        // A scheme is a letter then letters, digits, '+', '-', '.'; anything else before the colon is a path.
        guard let first = scheme.first, first.isASCII, first.isLetter else { return true }
        return !scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// The file of `tile`: the template's address, a `file://` URL turned into its path (percent-escapes decoded).
    public func path(for tile: TileID) -> String {
        let address = template.address(of: tile)
        guard address.hasPrefix("file://") else { return address }
        return URL(string: address)?.path ?? String(address.dropFirst("file://".count))
    }

    /// The bytes of `tile`'s file, or `nil` when no such file exists.
    /// - Throws: as ``TileDirectory/tileData(for:)``.
    /// - Complexity: O(file size).
    public func tileData(for tile: TileID) throws -> Data? {
        try TileDirectory.readFile(atPath: path(for: tile), limit: maximumTileBytes)
    }
}
