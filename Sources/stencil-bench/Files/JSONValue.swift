import Foundation
import MercatorMath
import StencilKit

/// A JSON document as a value, with a strict parser (RFC 8259, no extensions) and stencil-bench's one JSON writer
/// (``rendered(_:)``).
///
/// The parser is hand-written because scenario and view files are read strictly (``FieldReader``), and Foundation's
/// readers cannot do it. As checked with the Linux Foundation of the Swift 6.3 toolchain:
/// - Duplicate keys: `JSONSerialization` and `JSONDecoder` both accept `{"a": 1, "a": 2}` silently, each keeping
///   one value; this parser refuses it, naming the key.
/// - Key order: `JSONSerialization` returns a dictionary, so the order of the keys is lost; this parser keeps the
///   pairs in document order, so the first unknown field (``FieldReader/allow(_:)``) is the first in the file.
/// - Unknown keys: `JSONDecoder` ignores keys its type does not declare; every unknown field here is an error.
/// - Kinds: through `JSONSerialization`, `true` casts to the number 1, so "must be a number, not a boolean" cannot
///   be told; here every value keeps its kind.
/// - Positions: their syntax errors give a character offset (`JSONSerialization`) or none (`JSONDecoder`); this
///   parser gives the line and column.
/// It also refuses nesting deeper than 200 levels and numbers past a Double's range. It does not keep a number's
/// text: every number is read as a Double.
enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; the parser reads every number as one.
    case number(Double)
    /// A whole number written exactly, digit for digit (byte counts reach `Int.max`, past a Double's 2⁵³); the
    /// parser reads every number as ``number(_:)``.
    case integer(Int)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// Key–value pairs in document order.
    case object([(key: String, value: JSONValue)])

    /// Parses UTF-8 JSON text.
    /// - Throws: ``JSONSyntaxError`` naming the line and column of the first problem.
    static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        return try parser.document()
    }

    /// A short name of the value's kind, for error messages.
    var kind: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number, .integer: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The value of `key` in an object (nil for other kinds or a missing key).
    subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    /// The number, if this is one.
    var number: Double? {
        switch self {
        case .number(let n): return n
        case .integer(let i): return Double(i)
        default: return nil
        }
    }

    /// The string, if this is one.
    var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The elements, if this is an array.
    var array: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }
}

/// A JSON syntax error at a line and column of the text.
struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
    let message: String
    let line: Int
    let column: Int
    var description: String { "invalid JSON at line \(line), column \(column): \(message)" }
}

/// A recursive-descent parser over UTF-8 bytes (RFC 8259, no extensions).
private struct JSONParser {
    let bytes: [UInt8]
    var index = 0
    var depth = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        skipSpace()
        let value = try self.value()
        skipSpace()
        guard index == bytes.count else { throw error("unexpected text after the document") }
        return value
    }

    func error(_ message: String) -> JSONSyntaxError {
        var line = 1
        var column = 1
        for b in bytes[..<min(index, bytes.count)] {
            if b == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONSyntaxError(message: message, line: line, column: column)
    }

    mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of text") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected character '\(Character(Unicode.Scalar(bytes[index])))'")
        }
    }

    mutating func literal(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
            throw error("invalid literal (expected \(word))")
        }
        index += w.count
        return value
    }

    mutating func nest() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= 200 else { throw error("nesting deeper than 200 levels") }
    }

    mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try nest()
        defer { depth -= 1 }
        index += 1
        var pairs: [(key: String, value: JSONValue)] = []
        // Keys seen so far, for the duplicate check in O(1) each (a linear search made 80,000 keys take 17 s).
        var keys = Set<String>()
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(pairs)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key string") }
            let keyStart = index
            let key = try string()
            guard keys.insert(key).inserted else {
                index = keyStart
                throw error("duplicate key \"\(key)\"")
            }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipSpace()
            pairs.append((key, try value()))
            skipSpace()
            guard index < bytes.count else { throw error("unexpected end of text in an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
            index += 1
            return .object(pairs)
        }
    }

    mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try nest()
        defer { depth -= 1 }
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipSpace()
            items.append(try value())
            skipSpace()
            guard index < bytes.count else { throw error("unexpected end of text in an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
            index += 1
            return .array(items)
        }
    }

    mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: out, as: UTF8.self)
            }
            guard b >= 0x20 else { throw error("control character in a string") }
            if b != UInt8(ascii: "\\") {
                out.append(b)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { throw error("unterminated escape") }
            let e = bytes[index]
            index += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else { throw error("unpaired surrogate") }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            default:
                throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))'")
            }
        }
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("short \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let d: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            v = v * 16 + d
            index += 1
        }
        return v
    }

    mutating func number() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        func digits(_ p: inout JSONParser) -> Int {
            let s = p.index
            while p.index < p.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(p.bytes[p.index]) {
                p.index += 1
            }
            return p.index - s
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw error("invalid number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits(&self) == 0 {
            throw error("invalid number")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("invalid number: digits expected after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits(&self) > 0 else { throw error("invalid number: digits expected in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("number \(text) is out of range")
        }
        return .number(value)
    }
}

// MARK: Writing

extension JSONValue {
    /// How ``rendered(_:)`` lays a value out.
    enum Layout: Sendable {
        /// A document: objects one key per line, indented by two spaces; arrays of scalars (or of short scalar
        /// arrays) on one line, `[[1,2], [3,4]]`; a newline at the end.
        case document
        /// One line, `, ` and `: ` between items at every depth: `{"s": 0, "tiles": [[1, 2], [3, 4]]}`.
        case line
    }

    /// The value as JSON text in `layout`. This is the one JSON writer of stencil-bench: whole documents go
    /// through it, and ``JSONStream`` writes each item of a streamed document with it.
    func rendered(_ layout: Layout = .document) -> String {
        var out = ""
        write(to: &out, layout: layout)
        return out
    }

    /// Appends the value as JSON text in `layout` to `out`.
    func write(to out: inout String, layout: Layout) {
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

    /// A number as JSON: whole numbers without a fraction, others in Swift's shortest round-trip form; non-finite
    /// values (which JSON cannot hold) as null.
    static func format(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return "\(n)"
    }

    /// Appends `s` as a JSON string: quoted, with `"`, `\\` and control characters escaped.
    static func quote(_ s: String, into out: inout String) {
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
    static func int(_ n: Int) -> JSONValue { .integer(n) }

    /// A tile as `[column, row]`.
    static func tile(_ tile: TileIndex) -> JSONValue { .array([.int(tile.column), .int(tile.row)]) }

    /// Tiles as `[[column, row], ...]`.
    static func tiles(_ tiles: some Sequence<TileIndex>) -> JSONValue { .array(tiles.map(tile)) }

    /// A column run as `[row, first, last]`.
    static func run(_ span: ColumnSpan) -> JSONValue { .array([.int(span.row), .int(span.first), .int(span.last)]) }

    /// A tile set as its column runs, `[[row, first, last], ...]`, row-major.
    static func runs(_ set: TileSet) -> JSONValue { .array(set.spans.map(run)) }
}

/// Builders for the pitched commands' tiles (the geometry model's "Perspective views", §11).
extension JSONValue {
    /// An unwrapped tile of a level as `[n, i, y]` (i may lie in any world copy).
    static func levelTile(_ tile: UnwrappedTileID) -> JSONValue {
        .array([.int(tile.level), .int(tile.x), .int(tile.y)])
    }

    /// A real tile of a level as `[n, x, y]`.
    static func levelTile(_ tile: TileID) -> JSONValue { .array([.int(tile.level), .int(tile.x), .int(tile.y)]) }
}
