import Foundation
import StencilScenarios
import Testing

@testable import stencil_bench

/// The strict JSON reader of scenario and view files (`JSONValue.parse`, Benchmarks/FORMAT.md): valid documents,
/// every error with its line and column (counted by hand on the text: columns count Unicode scalars from 1), escapes
/// and surrogate pairs, numbers at the edges of `Int` and `Double`. Expected numbers are Swift literals (the
/// compiler's own conversion) or named constants, never the reader's output.
struct JSONReaderTests {
    /// The error that parsing `text` throws, or nil when it parses.
    static func failure(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try JSONValue.parse(text)
            return nil
        } catch {
            return error
        }
    }

    /// Expects `text` to be refused at `line`:`column` with a message containing `fragment`.
    static func expectRefused(
        _ text: String, at line: Int, _ column: Int, _ fragment: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let error = failure(text) else {
            Issue.record("\(text.debugDescription) parsed", sourceLocation: sourceLocation)
            return
        }
        #expect(error.line == line && error.column == column, "\(error)", sourceLocation: sourceLocation)
        #expect(error.message.contains(fragment), "\(error)", sourceLocation: sourceLocation)
    }

    /// The parsed string of a one-string document, or nil.
    static func string(_ text: String) -> String? { (try? JSONValue.parse(text))?.string }

    @Test func aDocumentKeepsKindsAndKeyOrder() throws {
        let text = """
            { "b": [1, 2.5, -3e2, true, false, null, "x"],
              "a": {"inner": []} }
            """
        let root = try JSONValue.parse(text)
        guard case .object(let pairs) = root else {
            Issue.record("not an object: \(root.kind)")
            return
        }
        #expect(pairs.map(\.key) == ["b", "a"])  // document order, not sorted
        let items = try #require(root["b"]?.array)
        #expect(items.count == 7)
        if case .integer(let i) = items[0] { #expect(i == 1) } else { Issue.record("1 is \(items[0])") }
        if case .number(let n) = items[1] { #expect(n == 2.5) } else { Issue.record("2.5 is \(items[1])") }
        if case .number(let n) = items[2] { #expect(n == -300) } else { Issue.record("-3e2 is \(items[2])") }
        if case .bool(let b) = items[3] { #expect(b) } else { Issue.record("true is \(items[3])") }
        if case .bool(let b) = items[4] { #expect(!b) } else { Issue.record("false is \(items[4])") }
        if case .null = items[5] {} else { Issue.record("null is \(items[5])") }
        #expect(items[6].string == "x")
        #expect(root["a"]?["inner"]?.array?.isEmpty == true)
        #expect(root["missing"] == nil)
        #expect(items[0].kind == "a number" && items[3].kind == "a boolean" && root.kind == "an object")
        // Space of every kind RFC 8259 allows around a value.
        #expect(try JSONValue.parse(" \t\r\n[ ]\n ").array?.isEmpty == true)
    }

    @Test func aDuplicateKeyIsRefusedWhereItsSecondCopyStarts() {
        Self.expectRefused("{\n  \"a\": 1,\n  \"a\": 2\n}", at: 3, 3, "duplicate key \"a\"")
        // Columns count scalars: é is two bytes and one column, so the second key's quote is column 10.
        Self.expectRefused("{\"é\": 1, \"é\": 2}", at: 1, 10, "duplicate key \"é\"")
        // Keys equal after their escapes are decoded are the same key.
        Self.expectRefused("{\"a\": 1, \"\\u0061\": 2}", at: 1, 10, "duplicate key \"a\"")
        // The same key in two objects is fine.
        #expect(Self.failure("[{\"a\": 1}, {\"a\": 2}]") == nil)
    }

    @Test func trailingCommasAreRefused() {
        Self.expectRefused("[1, 2,]", at: 1, 7, "trailing comma")
        Self.expectRefused("{\"a\": 1,}", at: 1, 9, "trailing comma")
        Self.expectRefused("[1,\n  ]", at: 2, 3, "trailing comma")
    }

    @Test func structuralErrors() {
        Self.expectRefused("", at: 1, 1, "unexpected end of text")
        Self.expectRefused("   ", at: 1, 4, "unexpected end of text")
        Self.expectRefused("{\"a\" 1}", at: 1, 6, "expected ':'")
        Self.expectRefused("{a: 1}", at: 1, 2, "expected a key string")
        Self.expectRefused("{\"a\": 1", at: 1, 8, "end of text in an object")
        Self.expectRefused("[1 2]", at: 1, 4, "expected ',' or ']'")
        Self.expectRefused("[1", at: 1, 3, "end of text in an array")
        Self.expectRefused("{\"a\": 1 \"b\": 2}", at: 1, 9, "expected ',' or '}'")
        Self.expectRefused("[\n1,\n\n x]", at: 4, 2, "unexpected character 'x'")
        Self.expectRefused("tru", at: 1, 1, "invalid literal (expected true)")
        Self.expectRefused("[nul]", at: 1, 2, "invalid literal (expected null)")
        Self.expectRefused("True", at: 1, 1, "unexpected character 'T'")
        Self.expectRefused("'a'", at: 1, 1, "unexpected character '''")
    }

    @Test func trailingGarbageIsRefused() {
        Self.expectRefused("{} x", at: 1, 4, "unexpected text after the document")
        Self.expectRefused("1 2", at: 1, 3, "unexpected text after the document")
        Self.expectRefused("[]]", at: 1, 3, "unexpected text after the document")
        Self.expectRefused("\"a\"\n\"b\"", at: 2, 1, "unexpected text after the document")
    }

    @Test func nestingIsBoundedAt200Levels() throws {
        let deepest = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        var value = try JSONValue.parse(deepest)
        var depth = 0
        while let inner = value.array {
            depth += 1
            value = inner.first ?? .null
        }
        #expect(depth == 200)
        Self.expectRefused(
            String(repeating: "[", count: 201) + String(repeating: "]", count: 201), at: 1, 201,
            "nesting deeper than 200 levels")
        Self.expectRefused(
            String(repeating: "{\"a\": ", count: 201) + "1" + String(repeating: "}", count: 201),
            at: 1, 1 + 200 * 6, "nesting deeper than 200 levels")
        // A million open brackets are refused at the 201st, without exhausting the stack.
        Self.expectRefused(String(repeating: "[", count: 1_000_000), at: 1, 201, "nesting deeper than 200 levels")
    }

    @Test func escapes() {
        #expect(Self.string(#""\" \\ \/ \b \f \n \r \t""#) == "\" \\ / \u{08} \u{0C} \n \r \t")
        #expect(Self.string(#""\u00e9\u00E9""#) == "éé")
        #expect(Self.string(#""\u0000""#) == "\u{0}")
        #expect(Self.string(#""\u20AC""#) == "€")
        // Raw UTF-8 passes through, whatever its length in bytes.
        #expect(Self.string("\"日本 😀\"") == "日本 😀")
        Self.expectRefused(#""a\x""#, at: 1, 3, "invalid escape")
        Self.expectRefused(#""\'""#, at: 1, 2, "invalid escape")
        Self.expectRefused(#""\u12""#, at: 1, 2, "four hex digits expected")
        Self.expectRefused(#""\u12G4""#, at: 1, 2, "four hex digits expected")
        Self.expectRefused("\"a\tb\"", at: 1, 3, "control character U+0009")
        Self.expectRefused("\"a\nb\"", at: 1, 3, "control character U+000A")
    }

    @Test func surrogatePairsAreOneScalar() {
        // U+1F600 is D83D DE00 in UTF-16: 0x10000 + (0x3D << 10) + 0x200.
        #expect(Self.string(#""\uD83D\uDE00""#) == "\u{1F600}")
        #expect(Self.string(#""\ud83d\ude00""#) == "\u{1F600}")
        // U+10FFFF, the last scalar, is DBFF DFFF; U+10000, the first past the BMP, D800 DC00.
        #expect(Self.string(#""\uDBFF\uDFFF\uD800\uDC00""#) == "\u{10FFFF}\u{10000}")
        #expect(Self.string(#""\uD83D\uDE00"#) == nil)  // unterminated after the pair
        Self.expectRefused(#""\uD83D""#, at: 1, 2, "unpaired surrogate \\uD83D")
        Self.expectRefused(#""x\uD83Dx""#, at: 1, 3, "unpaired surrogate \\uD83D")
        Self.expectRefused(#""\uD83D\u0041""#, at: 1, 2, "unpaired surrogate \\uD83D")
        Self.expectRefused(#""\uD83D\uD83D""#, at: 1, 2, "unpaired surrogate \\uD83D")
        Self.expectRefused(#""\uDE00""#, at: 1, 2, "unpaired surrogate \\uDE00")
        Self.expectRefused(#""\uDE00\uD83D""#, at: 1, 2, "unpaired surrogate \\uDE00")
    }

    @Test func unterminatedStrings() {
        Self.expectRefused("\"abc", at: 1, 5, "unterminated string")
        Self.expectRefused("\"abc\\", at: 1, 5, "unterminated string")
        Self.expectRefused("{\"a", at: 1, 4, "unterminated string")
        Self.expectRefused("[\"é", at: 1, 4, "unterminated string")
    }

    /// The number of a one-number document: (is it an `.integer`, its value as a Double), or nil.
    static func number(_ text: String) -> (integer: Bool, value: Double)? {
        switch try? JSONValue.parse(text) {
        case .integer(let i): return (true, Double(i))
        case .number(let n): return (false, n)
        default: return nil
        }
    }

    @Test func numbersAtTheEdges() throws {
        // Whole numbers in Int's range keep every digit.
        guard case .integer(let most) = try JSONValue.parse("9223372036854775807"),
            case .integer(let least) = try JSONValue.parse("-9223372036854775808"),
            case .integer(let odd) = try JSONValue.parse("9007199254740993")
        else {
            Issue.record("a whole number in Int's range is no .integer")
            return
        }
        #expect(most == Int.max && least == Int.min)
        #expect(odd == 9_007_199_254_740_993)  // 2⁵³ + 1, which no Double holds
        // One past Int.max is the nearest Double, 2⁶³.
        #expect(Self.number("9223372036854775808")! == (false, 9_223_372_036_854_775_808.0))
        // -0 keeps its sign as a Double; 0 is the integer 0.
        let minusZero = try #require(Self.number("-0"))
        #expect(!minusZero.integer && minusZero.value == 0 && minusZero.value.sign == .minus)
        #expect(Self.number("-0.0")!.value.sign == .minus)
        #expect(Self.number("0")! == (true, 0))
        // A fraction or an exponent makes a Double even when the value is whole.
        #expect(Self.number("12.0")! == (false, 12))
        #expect(Self.number("1E2")! == (false, 100))
        #expect(Self.number("1e+2")! == (false, 100))
        #expect(Self.number("0.1")!.value == 0.1)
        // The largest and smallest Doubles, and the classic hard case for strtod.
        #expect(Self.number("1e308")!.value == 1e308)
        #expect(Self.number("1.7976931348623157e308")!.value == .greatestFiniteMagnitude)
        #expect(Self.number("5e-324")!.value == .leastNonzeroMagnitude)
        #expect(Self.number("-5e-324")!.value == -.leastNonzeroMagnitude)
        // 2.2250738585072011e-308 lies just below the least normal Double: the largest subnormal, 0x000F…F.
        #expect(Self.number("2.2250738585072011e-308")!.value == Double(bitPattern: 0x000F_FFFF_FFFF_FFFF))
        // Past the smallest subnormal a number underflows to zero (documented), not an error.
        #expect(Self.number("1e-400")! == (false, 0))
        // Past the largest finite Double a number is refused: JSON has no infinity.
        Self.expectRefused("1e999", at: 1, 1, "out of range")
        Self.expectRefused("[-1e999]", at: 1, 2, "out of range")
        // 1.7976931348623159e308 lies past max + ½ ulp (≈ 1.797693134862315808e308), so it rounds to infinity.
        Self.expectRefused("1.7976931348623159e308", at: 1, 1, "out of range")
        Self.expectRefused("1" + String(repeating: "0", count: 309), at: 1, 1, "out of range")
    }

    @Test func badNumbers() {
        Self.expectRefused("01", at: 1, 2, "leading zero")
        Self.expectRefused("-01", at: 1, 3, "leading zero")
        Self.expectRefused("1.", at: 1, 3, "digits expected after '.'")
        Self.expectRefused("1.e5", at: 1, 3, "digits expected after '.'")
        Self.expectRefused("-", at: 1, 2, "a digit expected")
        Self.expectRefused("-a", at: 1, 2, "a digit expected")
        Self.expectRefused("1e", at: 1, 3, "digits expected in the exponent")
        Self.expectRefused("1e+", at: 1, 4, "digits expected in the exponent")
        Self.expectRefused("+1", at: 1, 1, "unexpected character '+'")
        Self.expectRefused(".5", at: 1, 1, "unexpected character '.'")
        Self.expectRefused("[1.5.2]", at: 1, 5, "expected ',' or ']'")
        Self.expectRefused("0x10", at: 1, 2, "unexpected text after the document")
        Self.expectRefused("NaN", at: 1, 1, "unexpected character 'N'")
        Self.expectRefused("-Infinity", at: 1, 2, "a digit expected")
    }

    @Test func theWriterWritesAParsedDocumentBack() throws {
        let text = #"{"a": [9223372036854775807, -9223372036854775808, 2.5, "é\"\\", true, null], "b": {}}"#
        #expect(try JSONValue.parse(text).rendered(.line) == text)
    }
}

/// The field reader of scenario and view files over parsed documents: whole numbers exact to `Int`'s range when
/// written with digits, bounded when written as a Double; the first unknown field in document order.
struct FieldReaderTests {
    static func reader(_ text: String) throws -> FieldReader {
        try FieldReader(JSONValue.parse(text), path: "", source: "test")
    }

    @Test func wholeNumbers() throws {
        let f = try Self.reader(#"{"a": 9007199254740993, "b": 1e3, "c": 12.5, "d": 1e16, "e": true, "f": -0}"#)
        #expect(try f.integer("a") == 9_007_199_254_740_993)
        #expect(try f.integer("b") == 1000)
        #expect(try f.integer("f") == 0)
        #expect(throws: ScenarioError.self) { try f.integer("c") }
        #expect(throws: ScenarioError.self) { try f.integer("d") }  // a Double past 9·10¹⁵
        do {
            _ = try f.integer("e")
            Issue.record("a boolean read as a whole number")
        } catch {
            #expect(error.message == #"test: field "e" must be a whole number, not a boolean"#)
        }
        #expect(try f.integer("missing", default: 7) == 7)
        do {
            _ = try f.integer("a", atLeast: Int.max)
            Issue.record("9007199254740993 ≥ Int.max")
        } catch {
            #expect(error.message.contains("must be 9223372036854775807 or more"))
        }
    }

    @Test func numbersTakeWholeNumbersToo() throws {
        let f = try Self.reader(#"{"a": 3, "b": 2.5, "c": "3"}"#)
        #expect(try f.number("a") == 3)
        #expect(try f.number("b", greaterThan: 2) == 2.5)
        #expect(throws: ScenarioError.self) { try f.number("c") }
        #expect(throws: ScenarioError.self) { try f.number("a", greaterThan: 3) }
    }

    @Test func theFirstUnknownFieldInTheFileIsNamed() throws {
        let f = try Self.reader(#"{"zeta": 1, "alpha": 2, "known": 3}"#)
        do {
            try f.allow(["known"])
            Issue.record("unknown fields allowed")
        } catch {
            #expect(error.message == #"test: unknown field "zeta""#)
        }
    }
}
