import Foundation
import MercatorMath

/// A tile source whose tile z/x/y is the HTTP resource a ``TileURLTemplate`` names:
/// `https://tile.openstreetmap.org/{z}/{x}/{y}.png`, `http://host/tms/{z}/{x}/{-y}.jpg`, `…/{quadkey}.jpeg`.
///
/// Each tile is one GET through the ``HTTPSettings``' bounded, retrying, timed engine: 200 is the tile (its body
/// checked against Content-Length), 404 a missing tile (`nil`), 5xx, 408, 429, resets, timeouts and truncated
/// bodies are retried with backoff, anything else is an ``HTTPSourceError`` naming the tile's URL. Thread-safe: a
/// loader's workers share one source; at most ``HTTPSettings/requestsInFlight`` requests are in flight.
public final class HTTPTileTemplate: TileSource, @unchecked Sendable {
    /// The template of the tiles' URLs.
    public let template: TileURLTemplate
    /// How the source talks to the server.
    public let settings: HTTPSettings
    private let client: HTTPClient

    /// A source GETting the URLs `template` names.
    /// - Throws: ``TileSourceOpenError/incompleteTemplate(_:)`` unless the template names each tile by one URL
    ///   (`{quadkey}`, or `{z}`, `{x}` and `{y}` or `{-y}`), ``TileSourceOpenError/http(_:_:)`` with
    ///   ``HTTPSourceError/badURL(_:)`` unless it is an `http://` or `https://` URL, or with the settings' error.
    /// - Complexity: O(length of the template); no request is sent.
    public init(_ template: TileURLTemplate, settings: HTTPSettings = HTTPSettings()) throws(TileSourceOpenError) {
        let parts = Set(template.parts)
        let levelled = parts.contains(.level) && parts.contains(.x) && (parts.contains(.y) || parts.contains(.flippedY))
        guard parts.contains(.quadkey) || levelled else { throw .incompleteTemplate(template.template) }
        guard Self.isHTTP(template.template) else { throw .http(template.template, .badURL(template.template)) }
        do { try settings.validate() } catch { throw .http(template.template, error) }
        self.template = template
        self.settings = settings
        client = HTTPClient(settings: settings)
    }

    deinit { client.close() }

    /// Whether `address` starts `http://` or `https://` (any case).
    static func isHTTP(_ address: String) -> Bool {
        let lower = address.prefix(8).lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// The URL of `tile`.
    public func url(for tile: TileID) -> String { template.address(of: tile) }

    /// The bytes of `tile`'s resource, or `nil` when the server answers 404.
    /// - Throws: ``HTTPSourceError`` naming the tile's URL and what went wrong (after the retries).
    /// - Complexity: one GET (plus retries), O(tile size).
    public func tileData(for tile: TileID) throws -> Data? {
        let text = url(for: tile)
        guard let url = URL(string: text) else { throw HTTPSourceError.badURL(text) }
        switch try client.get(url: url, text: text, range: nil, pinnedETag: nil, pinnedSize: nil) {
        case .body(let data, _, _): return data
        case .missing: return nil
        }
    }

    /// The requests sent, retries and bytes received so far.
    public var statistics: HTTPStatistics { client.statistics }

    /// Cancels the requests in flight and refuses every later one (``HTTPSourceError/cancelled(url:range:)``).
    public func cancel() { client.cancel() }
}
