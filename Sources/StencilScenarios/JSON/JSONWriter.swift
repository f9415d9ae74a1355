import Foundation
import MercatorMath
import StencilKit

extension JSONValue {
    /// How ``rendered(_:)`` lays a value out.
    package enum Layout: Sendable {
        /// A document: objects one key per line, indented by two spaces; arrays of scalars (or of short scalar
        /// arrays) on one line, `[[1,2], [3,4]]`; a newline at the end.
        case document
        /// One line, `, ` and `: ` between items at every depth: `{"s": 0, "tiles": [[1, 2], [3, 4]]}`.
        case line
    }

    /// The value as JSON text in `layout`. This is the one JSON writer of the tools: whole documents go
    /// through it, and ``JSONStream`` writes each item of a streamed document with it.
    package func rendered(_ layout: Layout = .document) -> String {
        var out = ""
        write(to: &out, layout: layout)
        return out
    }

    /// Appends the value as JSON text in `layout` to `out`.
    package func write(to out: inout String, layout: Layout) {
        switch layout {
        case .document:
            write(to: &out, indent: 0, spaced: false)
            out += "\n"
        case .line: write(to: &out, indent: nil, spaced: true)
        }
    }

    private var isInline: Bool {
        switch self {
        case .object(let pairs): return pairs.isEmpty
        case .array(let items):
            return items.allSatisfy { item in
                if case .array(let inner) = item { return inner.allSatisfy(\.isScalar) }
                return item.isScalar
            }
        default: return true
        }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    /// Writes the value: with an `indent`, objects one key a line and arrays one item a line unless inline (whose
    /// items are then written without indent); without, on one line, separated by `, ` and `: ` when `spaced`,
    /// else by `,` and `:`.
    private func write(to out: inout String, indent: Int?, spaced: Bool) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += JSONValue.format(n)
        case .integer(let i): out += String(i)
        case .string(let s): JSONValue.quote(s, into: &out)
        case .array(let items):
            if indent == nil || isInline {
                out += "["
                for (i, item) in items.enumerated() {
                    if i > 0 { out += indent == nil && !spaced ? "," : ", " }
                    item.write(to: &out, indent: nil, spaced: spaced)
                }
                out += "]"
            } else {
                let inner = indent! + 2
                out += "[\n"
                for (i, item) in items.enumerated() {
                    out += String(repeating: " ", count: inner)
                    item.write(to: &out, indent: inner, spaced: spaced)
                    out += i + 1 < items.count ? ",\n" : "\n"
                }
                out += String(repeating: " ", count: indent!) + "]"
            }
        case .object(let pairs):
            guard let indent, !pairs.isEmpty else {
                out += "{"
                for (i, pair) in pairs.enumerated() {
                    if i > 0 { out += spaced ? ", " : "," }
                    JSONValue.quote(pair.key, into: &out)
                    out += spaced ? ": " : ":"
                    pair.value.write(to: &out, indent: nil, spaced: spaced)
                }
                out += "}"
                return
            }
            let inner = indent + 2
            out += "{\n"
            for (i, pair) in pairs.enumerated() {
                out += String(repeating: " ", count: inner)
                JSONValue.quote(pair.key, into: &out)
                out += ": "
                pair.value.write(to: &out, indent: inner, spaced: spaced)
                out += i + 1 < pairs.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        }
    }

    /// Appends `s` as a JSON string: quoted, with `"`, `\\` and control characters escaped.
    package static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

/// Builders for JSON values from Swift values.
extension JSONValue {
    /// A whole number, written exactly.
    package static func int(_ n: Int) -> JSONValue { .integer(n) }

    /// A tile as `[column, row]`.
    package static func tile(_ tile: TileIndex) -> JSONValue { .array([.int(tile.column), .int(tile.row)]) }

    /// Tiles as `[[column, row], ...]`.
    package static func tiles(_ tiles: some Sequence<TileIndex>) -> JSONValue { .array(tiles.map(tile)) }

    /// A column run as `[row, first, last]`.
    package static func run(_ span: ColumnSpan) -> JSONValue {
        .array([.int(span.row), .int(span.first), .int(span.last)])
    }

    /// A tile set as its column runs, `[[row, first, last], ...]`, row-major.
    package static func runs(_ set: TileSet) -> JSONValue { .array(set.spans.map(run)) }
}

/// Builders for the pitched commands' tiles (the geometry model's "Perspective views", §11).
extension JSONValue {
    /// An unwrapped tile of a level as `[n, i, y]` (i may lie in any world copy).
    package static func levelTile(_ tile: UnwrappedTileID) -> JSONValue {
        .array([.int(tile.level), .int(tile.x), .int(tile.y)])
    }

    /// A real tile of a level as `[n, x, y]`.
    package static func levelTile(_ tile: TileID) -> JSONValue {
        .array([.int(tile.level), .int(tile.x), .int(tile.y)])
    }
}
