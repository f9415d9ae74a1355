import MercatorMath
import StencilScenarios

/// A JSON document written to standard output as it is produced, for outputs whose size grows with the stencil's
/// runs, the frames or the plan's segments: the document is never built whole in memory.
///
/// The document is an object (its fields one a line) or an array (its items one a line). A field holds a value, or
/// an array streamed item by item: on one line, or one item a line. Every value is written by
/// ``JSONValue/rendered(_:)`` in its one-line layout (`{"s": 0, "tiles": [[1, 2]]}`), so this type only lays out
/// lines, indents and commas.
struct JSONStream {
    /// How a streamed array lays out its items.
    enum Items {
        /// On the field's line: `[a, b, c]`.
        case inline
        /// One a line, indented below the field; an empty array is `[]`, or with `emptyOnTwoLines` (the plan's
        /// segments and crossings have always been written so) an opening line and a closing one.
        case lines(emptyOnTwoLines: Bool = false)
    }

    private var out = StandardOutput()
    private let isArray: Bool
    /// Fields (or items) written at the top, and items written in the open field array.
    private var topCount = 0
    private var itemCount = 0
    /// The layout of the open field array, if one is open.
    private var open: Items?
    /// The text of the item or field being written, reused.
    private var line = ""

    /// Starts the document: an object, or with `array` an array of items one a line.
    init(array: Bool = false) {
        isArray = array
        out.write(array ? "[\n" : "{\n")
    }

    /// Writes the field `key` with `value`.
    mutating func field(_ key: String, _ value: JSONValue) {
        beginTop()
        startLine("  ")
        JSONValue.quote(key, into: &line)
        line += ": "
        value.write(to: &line, layout: .line)
        out.write(line)
    }

    /// Opens the field `key` as an array whose items follow through ``item(_:)``, laid out as `items` says.
    mutating func beginArray(_ key: String, items: Items) {
        beginTop()
        startLine("  ")
        JSONValue.quote(key, into: &line)
        line += ": ["
        if case .lines(true) = items { line += "\n" }
        out.write(line)
        open = items
        itemCount = 0
    }

    /// Writes one item: of the open field array, or of the document when it is an array.
    mutating func item(_ value: JSONValue) {
        guard let open else {
            beginTop()
            startLine("  ")
            value.write(to: &line, layout: .line)
            out.write(line)
            return
        }
        switch open {
        case .inline: startLine(itemCount > 0 ? ", " : "")
        case .lines(let twoLines): startLine(itemCount > 0 ? ",\n    " : twoLines ? "    " : "\n    ")
        }
        value.write(to: &line, layout: .line)
        out.write(line)
        itemCount += 1
    }

    /// Closes the open field array.
    mutating func endArray() {
        switch open {
        case .lines(let twoLines) where itemCount > 0 || twoLines: out.write(itemCount > 0 ? "\n  ]" : "  ]")
        default: out.write("]")
        }
        open = nil
    }

    /// Ends the document (with a newline) and writes out what is buffered.
    mutating func finish() {
        out.write(topCount > 0 ? "\n" : "")
        out.write(isArray ? "]\n" : "}\n")
        out.flush()
    }

    /// Empties the line buffer (keeping its capacity) and starts it with `text`.
    private mutating func startLine(_ text: String) {
        line.removeAll(keepingCapacity: true)
        line += text
    }

    /// Ends the previous top-level line, if any.
    private mutating func beginTop() {
        if topCount > 0 { out.write(",\n") }
        topCount += 1
    }
}
