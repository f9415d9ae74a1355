import MercatorMath

/// Reads the fields of one JSON object strictly, naming fields by their dotted path (`screen.scale`).
///
/// Scenario files, view files and the blocks they share (``GridSpec``, ``ScreenSpec``) read through it, so an unknown,
/// missing or invalid field reads the same in each: `SOURCE: field "PATH" PROBLEM`.
package struct FieldReader {
    /// The file, for error messages: `built-in scenario NAME`, `view FILE`.
    package let source: String
    /// The object's dotted path from the top (empty at the top).
    package let path: String
    /// The object's fields in document order.
    package let pairs: [(key: String, value: JSONValue)]

    /// A reader of `value`, which must be an object, found at `path` in `source`.
    /// - Throws: ``ScenarioError`` when `value` is not an object.
    package init(_ value: JSONValue, path: String, source: String) throws(ScenarioError) {
        self.source = source
        self.path = path
        guard case .object(let pairs) = value else {
            let what = path.isEmpty ? "the scenario" : "field \"\(path)\""
            throw ScenarioError("\(source): \(what) must be an object, not \(value.kind)")
        }
        self.pairs = pairs
    }

    /// The dotted path of field `key` of this object.
    package func fieldPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The error `SOURCE: field "PATH" PROBLEM` for field `key`.
    package func invalid(_ key: String, _ problem: String) -> ScenarioError {
        ScenarioError("\(source): field \"\(fieldPath(key))\" \(problem)")
    }

    /// Throws for the first key not in `allowed`.
    package func allow(_ allowed: [String]) throws(ScenarioError) {
        for pair in pairs where !allowed.contains(pair.key) {
            throw ScenarioError("\(source): unknown field \"\(fieldPath(pair.key))\"")
        }
    }

    /// Whether the object has field `key`.
    package func has(_ key: String) -> Bool { pairs.contains { $0.key == key } }

    /// The value of field `key`.
    /// - Throws: ``ScenarioError`` when the field is missing.
    package func value(_ key: String) throws(ScenarioError) -> JSONValue {
        guard let v = pairs.first(where: { $0.key == key })?.value else {
            throw ScenarioError("\(source): missing field \"\(fieldPath(key))\"")
        }
        return v
    }

    /// A reader of the object in field `key`.
    package func object(_ key: String) throws(ScenarioError) -> FieldReader {
        try FieldReader(value(key), path: fieldPath(key), source: source)
    }

    /// A reader of the object in field `key`, or nil when the field is absent.
    package func optionalObject(_ key: String) throws(ScenarioError) -> FieldReader? {
        has(key) ? try object(key) : nil
    }

    /// The string in field `key`.
    package func string(_ key: String) throws(ScenarioError) -> String {
        let v = try value(key)
        guard case .string(let s) = v else { throw invalid(key, "must be a string, not \(v.kind)") }
        return s
    }

    /// The array in field `key`.
    package func array(_ key: String) throws(ScenarioError) -> [JSONValue] {
        let v = try value(key)
        guard case .array(let items) = v else { throw invalid(key, "must be an array, not \(v.kind)") }
        return items
    }

    /// The string in field `key`, or nil when the field is absent.
    package func optionalString(_ key: String) throws(ScenarioError) -> String? {
        has(key) ? try string(key) : nil
    }

    /// The boolean in field `key`, or `fallback` when the field is absent.
    package func bool(_ key: String, default fallback: Bool) throws(ScenarioError) -> Bool {
        guard has(key) else { return fallback }
        let v = try value(key)
        guard case .bool(let b) = v else { throw invalid(key, "must be true or false, not \(v.kind)") }
        return b
    }

    /// The number in field `key` (or `fallback` when absent and a fallback is given), checked to be greater than
    /// `low`, at least `min`, or in [0, 1] with `unit`.
    package func number(
        _ key: String, default fallback: Double? = nil, greaterThan low: Double? = nil, atLeast min: Double? = nil,
        unit: Bool = false
    ) throws(ScenarioError) -> Double {
        if let fallback, !has(key) { return fallback }
        let v = try value(key)
        guard let n = v.number else { throw invalid(key, "must be a number, not \(v.kind)") }
        if let low, !(n > low) {
            throw invalid(key, "must be greater than \(MessageNumber.text(low)) (got \(MessageNumber.text(n)))")
        }
        if let min, !(n >= min) {
            throw invalid(key, "must be \(MessageNumber.text(min)) or more (got \(MessageNumber.text(n)))")
        }
        if unit, !(0...1).contains(n) { throw invalid(key, "must lie in [0, 1] (got \(MessageNumber.text(n)))") }
        return n
    }

    /// The whole number in field `key` (or `fallback` when absent and a fallback is given), at least `min`: written
    /// with digits only, any `Int` exactly; written with a fraction or an exponent (`1e3`, `12.0`), a whole value of
    /// at most 9·10¹⁵ in magnitude (below 2⁵³, where every whole Double is exact).
    package func integer(_ key: String, default fallback: Int? = nil, atLeast min: Int? = nil) throws(ScenarioError)
        -> Int
    {
        if let fallback, !has(key) { return fallback }
        let v = try value(key)
        let i: Int
        switch v {
        case .integer(let exact): i = exact
        case .number(let n):
            guard n == n.rounded() else {
                throw invalid(key, "must be a whole number (got \(MessageNumber.text(n)))")
            }
            guard abs(n) <= 9e15 else {
                throw invalid(
                    key, "is \(MessageNumber.text(n)), too large: a whole number here is at most 9e15 in magnitude")
            }
            i = Int(n)
        default: throw invalid(key, "must be a whole number, not \(v.kind)")
        }
        if let min, i < min { throw invalid(key, "must be \(min) or more (got \(i))") }
        return i
    }

    /// The case of `T` named by the string in field `key`, or `fallback` when the field is absent.
    package func choice<T: RawRepresentable & CaseIterable>(_ key: String, default fallback: T) throws(ScenarioError)
        -> T
    where T.RawValue == String {
        guard has(key) else { return fallback }
        let s = try string(key)
        guard let c = T(rawValue: s) else {
            let options = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
            throw invalid(key, "must be \(options) (got \"\(s)\")")
        }
        return c
    }

    /// A geographic point `{"lon": λ, "lat": φ}`, the latitude strictly inside ±90°.
    package func coordinate() throws(ScenarioError) -> (lon: Double, lat: Double) {
        try allow(["lon", "lat"])
        let lat = try number("lat")
        guard abs(lat) < 90 else {
            throw invalid("lat", "must lie strictly inside ±90° (got \(MessageNumber.text(lat)))")
        }
        return (try number("lon"), lat)
    }

    /// The same object with field `old` named `new` (for a deprecated name read as its new one, errors naming the
    /// new one).
    package func renaming(_ old: String, to new: String) -> FieldReader {
        FieldReader(source: source, path: path, pairs: pairs.map { ($0.key == old ? new : $0.key, $0.value) })
    }

    /// A reader of `pairs` as they are.
    private init(source: String, path: String, pairs: [(key: String, value: JSONValue)]) {
        self.source = source
        self.path = path
        self.pairs = pairs
    }
}
