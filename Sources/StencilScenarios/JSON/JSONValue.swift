import Foundation

/// A JSON document as a value: what the strict reader (``parse(_:)``) returns and the one writer
/// (``rendered(_:)``, Output/JSONWriter.swift) writes.
///
/// The reader is hand-written for what Foundation's readers lack. As checked with the Linux Foundation of the
/// Swift 6.3 toolchain:
/// - Duplicate keys: `JSONSerialization` and `JSONDecoder` both accept `{"a": 1, "a": 2}` silently, each keeping
///   one value; this reader refuses it, naming the key and where its second copy starts.
/// - Key order: `JSONSerialization` returns a dictionary, so the order of the keys is lost; this reader keeps the
///   pairs in document order, so the first unknown field (``FieldReader/allow(_:)``) is the first in the file.
/// - Kinds: through `JSONSerialization`, `true` casts to the number 1, so "must be a number, not a boolean" cannot
///   be told; here every value keeps its kind, and a whole number keeps every digit (``integer(_:)``).
/// - Positions: their syntax errors give a character offset (`JSONSerialization`) or none (`JSONDecoder`); this
///   reader gives the line and column.
///
/// The grammar is RFC 8259's, without extensions; the values of numbers come from the standard library's `Int` and
/// `Double` parsers (correctly rounded). Goals, in order: refuse what is not JSON, naming where; read every number
/// and string exactly as RFC 8259 defines it; bounded work (nesting at most ``maximumDepth`` levels). The format of
/// the files read through it is in `Benchmarks/FORMAT.md`.
package enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number with a fraction or an exponent, a whole number past `Int`'s range, or `-0`: the nearest Double.
    case number(Double)
    /// A whole number written with digits only (no fraction, no exponent) within `Int`'s range, digit for digit
    /// (byte counts reach `Int.max`, past a Double's 2⁵³).
    case integer(Int)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// Key–value pairs in document order.
    case object([(key: String, value: JSONValue)])

    /// The deepest nesting of arrays and objects the reader accepts.
    package static let maximumDepth = 200

    /// Parses JSON text.
    /// - Throws: ``JSONSyntaxError`` naming the line and column of the first problem.
    /// - Complexity: O(length of `text`).
    package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        return try parser.document()
    }

    /// A short name of the value's kind, for error messages.
    package var kind: String {
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
    package subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    /// The number, if this is one (a whole number as the nearest Double).
    package var number: Double? {
        switch self {
        case .number(let n): return n
        case .integer(let i): return Double(i)
        default: return nil
        }
    }

    /// The string, if this is one.
    package var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The elements, if this is an array.
    package var array: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }
}

/// A JSON syntax error at a line and column of the text, both from 1 (columns count Unicode scalars).
package struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    package let message: String
    package let line: Int
    package let column: Int
    package var description: String { "invalid JSON at line \(line), column \(column): \(message)" }
}

/// A recursive-descent parser over UTF-8 bytes (RFC 8259, no extensions): it checks the grammar and keeps the
/// position; the numbers' values come from `Int(_:)` and `Double(_:)`.
private struct JSONParser {
    package let bytes: [UInt8]
    package var index = 0
    package var depth = 0

    package init(bytes: [UInt8]) { self.bytes = bytes }

    /// The byte at the current position, nil at the end.
    package var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    package mutating func document() throws(JSONSyntaxError) -> JSONValue {
        skipSpace()
        let value = try self.value()
        skipSpace()
        guard index == bytes.count else { throw error("unexpected text after the document") }
        return value
    }

    /// The error `message` at the current position.
    package func error(_ message: String) -> JSONSyntaxError {
        var line = 1
        var column = 1
        for b in bytes[..<min(index, bytes.count)] {
            if b == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1  // one per scalar: continuation bytes do not count
            }
        }
        return JSONSyntaxError(message: message, line: line, column: column)
    }

    package mutating func skipSpace() {
        while let b = peek, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { index += 1 }
    }

    /// The character at byte `i`, for a message: `'x'`, or `U+XXXX` for a control character.
    package func shown(at i: Int) -> String {
        let text = String(decoding: bytes[i..<min(i + 4, bytes.count)], as: UTF8.self)
        guard let scalar = text.unicodeScalars.first, scalar.value >= 0x20 else {
            let hex = String(bytes[i], radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        return "'\(Character(scalar))'"
    }

    package mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard let b = peek else { throw error("unexpected end of text") }
        switch b {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected character \(shown(at: index))")
        }
    }

    package mutating func literal(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let w = Array(word.utf8)
        guard bytes[index...].starts(with: w) else { throw error("invalid literal (expected \(word))") }
        index += w.count
        return value
    }

    package mutating func nest() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= JSONValue.maximumDepth else {
            throw error("nesting deeper than \(JSONValue.maximumDepth) levels")
        }
    }

    /// After a `,`: refuses a trailing comma before `close`.
    package mutating func noTrailingComma(before close: UInt8) throws(JSONSyntaxError) {
        skipSpace()
        if peek == close { throw error("a trailing comma before '\(Character(Unicode.Scalar(close)))'") }
    }

    package mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try nest()
        defer { depth -= 1 }
        index += 1
        var pairs: [(key: String, value: JSONValue)] = []
        // Keys seen so far, for the duplicate check in O(1) each (a linear search made 80,000 keys take 17 s).
        var keys = Set<String>()
        skipSpace()
        if peek == UInt8(ascii: "}") {
            index += 1
            return .object(pairs)
        }
        while true {
            skipSpace()
            guard peek == UInt8(ascii: "\"") else { throw error("expected a key string") }
            let keyStart = index
            let key = try string()
            guard keys.insert(key).inserted else {
                index = keyStart
                throw error("duplicate key \"\(key)\"")
            }
            skipSpace()
            guard peek == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipSpace()
            pairs.append((key, try value()))
            skipSpace()
            switch peek {
            case UInt8(ascii: ","):
                index += 1
                try noTrailingComma(before: UInt8(ascii: "}"))
            case UInt8(ascii: "}"):
                index += 1
                return .object(pairs)
            case nil: throw error("unexpected end of text in an object")
            default: throw error("expected ',' or '}'")
            }
        }
    }

    package mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try nest()
        defer { depth -= 1 }
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if peek == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipSpace()
            items.append(try value())
            skipSpace()
            switch peek {
            case UInt8(ascii: ","):
                index += 1
                try noTrailingComma(before: UInt8(ascii: "]"))
            case UInt8(ascii: "]"):
                index += 1
                return .array(items)
            case nil: throw error("unexpected end of text in an array")
            default: throw error("expected ',' or ']'")
            }
        }
    }

    /// The two-character escapes and the bytes they stand for.
    package static let escapes: [UInt8: UInt8] = [
        UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
        UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
    ]

    /// A string from its opening quote: the bytes between the quotes, escapes decoded (`\uXXXX` as UTF-16, a
    /// surrogate pair as one scalar; an unpaired surrogate is refused, for it is no Unicode scalar). An escape's
    /// error is reported at its backslash.
    package mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
        var out: [UInt8] = []
        while true {
            guard let b = peek else { throw error("unterminated string") }
            if b == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: out, as: UTF8.self)
            }
            guard b >= 0x20 else {
                throw error("control character \(shown(at: index)) in a string (write it as an escape)")
            }
            guard b == UInt8(ascii: "\\") else {
                out.append(b)
                index += 1
                continue
            }
            let escape = index
            guard index + 1 < bytes.count else { throw error("unterminated string") }
            let e = bytes[index + 1]
            if let decoded = Self.escapes[e] {
                out.append(decoded)
                index += 2
                continue
            }
            guard e == UInt8(ascii: "u") else { throw error("invalid escape \\ followed by \(shown(at: index + 1))") }
            var code = try utf16Unit()
            if (0xD800..<0xDC00).contains(code) {
                // A high surrogate: a low one must follow, and the pair is one scalar.
                var low: UInt32 = 0
                if bytes[index...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) { low = try utf16Unit() }
                guard (0xDC00..<0xE000).contains(low) else {
                    index = escape
                    throw error("unpaired surrogate \\u\(String(code, radix: 16, uppercase: true))")
                }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(code) else {
                index = escape
                throw error("unpaired surrogate \\u\(String(code, radix: 16, uppercase: true))")
            }
            out.append(contentsOf: Array(String(scalar).utf8))
        }
    }

    /// `\uXXXX` from its backslash at the current position: its UTF-16 code unit.
    package mutating func utf16Unit() throws(JSONSyntaxError) -> UInt32 {
        let digits = bytes[min(index + 2, bytes.count)..<min(index + 6, bytes.count)]
        guard digits.count == 4, digits.allSatisfy({ ($0 as UInt8).isHexDigit }),
            let code = UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
        else { throw error("invalid \\u escape: four hex digits expected") }
        index += 6
        return code
    }

    /// A number (RFC 8259 §6): `-`? (`0` | [1-9][0-9]*) (`.` [0-9]+)? ([eE] [+-]? [0-9]+)?. Written with digits only
    /// and within `Int`'s range, an ``JSONValue/integer(_:)``; else the nearest Double, which must be finite.
    package mutating func number() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        if peek == UInt8(ascii: "-") { index += 1 }
        if peek == UInt8(ascii: "0") {
            index += 1
            if let b = peek, b.isDigit { throw error("invalid number: a leading zero") }
        } else if skipDigits() == 0 {
            throw error("invalid number: a digit expected")
        }
        var whole = true
        if peek == UInt8(ascii: ".") {
            index += 1
            whole = false
            guard skipDigits() > 0 else { throw error("invalid number: digits expected after '.'") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            whole = false
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() > 0 else { throw error("invalid number: digits expected in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        // -0 is no integer: the Double keeps its sign.
        if whole, text != "-0", let exact = Int(text) { return .integer(exact) }
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("number \(text) is out of range (a Double's largest is about 1.8e308)")
        }
        return .number(value)
    }

    /// Moves past ASCII digits; how many.
    package mutating func skipDigits() -> Int {
        let start = index
        while let b = peek, b.isDigit { index += 1 }
        return index - start
    }
}

extension UInt8 {
    /// Whether the byte is an ASCII digit.
    fileprivate var isDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }

    /// Whether the byte is an ASCII hex digit.
    fileprivate var isHexDigit: Bool {
        isDigit || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}

extension JSONValue {
    /// A number as JSON: whole numbers without a fraction, others in Swift's shortest round-trip form; non-finite
    /// values (which JSON cannot hold) as null.
    package static func format(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return "\(n)"
    }
}
