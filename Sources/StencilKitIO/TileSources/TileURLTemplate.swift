import MercatorMath

/// A tile server's address pattern, such as `https://tile.openstreetmap.org/{z}/{x}/{y}.png`: the address of any
/// tile, so a route's tiles can be listed for a downloader or a cache.
///
/// Placeholders, each replaced by a tile's decimal figure: `{z}` the level n, `{x}` the column, `{y}` the row from
/// the top (XYZ), `{-y}` the row from the bottom, 2ⁿ − 1 − y (TMS, as in MapLibre's `scheme: "tms"`), and
/// `{quadkey}` the tile's quadkey (Bing Maps; "" at level 0). Everything else is copied as written.
///
/// Always true of a template: its braces are balanced and every placeholder is one of those five, so
/// ``address(of:)`` never fails.
public struct TileURLTemplate: Sendable, Hashable, CustomStringConvertible {
    /// One piece of a parsed template.
    enum Part: Sendable, Hashable {
        case literal(String)
        case level, x, y, flippedY, quadkey
    }

    /// The template as given.
    public let template: String
    let parts: [Part]

    /// Parses `template`.
    /// - Throws: ``TileURLTemplateError/unknownPlaceholder(name:offset:)`` for a placeholder not listed above,
    ///   ``TileURLTemplateError/unclosedBrace(offset:)`` for a `{` never closed (or a `{` inside a placeholder),
    ///   ``TileURLTemplateError/unopenedBrace(offset:)`` for a `}` with no `{`.
    /// - Complexity: O(length of the template).
    public init(_ template: String) throws(TileURLTemplateError) {
        var parts: [Part] = []
        var literal = String.UnicodeScalarView()
        var name: String.UnicodeScalarView?
        var open = 0
        for (offset, scalar) in template.unicodeScalars.enumerated() {
            if var current = name {
                if scalar == "}" {
                    let part: Part
                    switch String(current) {
                    case "z": part = .level
                    case "x": part = .x
                    case "y": part = .y
                    case "-y": part = .flippedY
                    case "quadkey": part = .quadkey
                    default: throw .unknownPlaceholder(name: String(current), offset: open)
                    }
                    parts.append(part)
                    name = nil
                } else if scalar == "{" {
                    throw .unclosedBrace(offset: open)
                } else {
                    current.append(scalar)
                    name = current
                }
            } else if scalar == "{" {
                if !literal.isEmpty { parts.append(.literal(String(literal))) }
                literal = String.UnicodeScalarView()
                name = String.UnicodeScalarView()
                open = offset
            } else if scalar == "}" {
                throw .unopenedBrace(offset: offset)
            } else {
                literal.append(scalar)
            }
        }
        if name != nil { throw .unclosedBrace(offset: open) }
        if !literal.isEmpty { parts.append(.literal(String(literal))) }
        self.template = template
        self.parts = parts
    }

    /// The address of `tile`: the template with each placeholder replaced (see the type).
    /// - Complexity: O(length of the result).
    public func address(of tile: TileID) -> String {
        var result = ""
        for part in parts {
            switch part {
            case .literal(let text): result += text
            case .level: result += String(tile.level)
            case .x: result += String(tile.x)
            case .y: result += String(tile.y)
            case .flippedY: result += String(tile.tilesAcross - 1 - tile.y)
            case .quadkey: result += tile.quadkey
            }
        }
        return result
    }

    /// The addresses of `tiles`, in their order.
    /// - Complexity: O(total length of the results).
    public func addresses(of tiles: some Sequence<TileID>) -> [String] { tiles.map(address(of:)) }

    /// The template as given.
    public var description: String { template }
}
