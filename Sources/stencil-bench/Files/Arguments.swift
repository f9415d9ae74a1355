import MercatorMath
import StencilScenarios

/// A command line split into positional arguments, valued options (`--save FILE`, `--save=FILE`) and switches
/// (`--json`), checked against what a subcommand accepts.
struct Arguments: Sendable {
    /// What one subcommand accepts.
    struct Spec: Sendable {
        /// Options that take a value; the first name is the canonical one, aliases map onto it (`-o` → `--output`).
        var valued: [String] = []
        /// Options without a value.
        var switches: [String] = []
        /// Short aliases, e.g. `["-o": "--output"]`.
        var aliases: [String: String] = [:]
    }

    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []

    /// Parses `words` (after the subcommand) for `command` against `spec`.
    /// - Throws: ``UsageError`` for an unknown option, a missing value or an option given twice.
    init(_ words: [String], command: String, spec: Spec) throws(UsageError) {
        var i = 0
        var onlyPositionals = false
        while i < words.count {
            let word = words[i]
            i += 1
            if onlyPositionals || !word.hasPrefix("-") || word == "-" {
                positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            var name = word
            var inlineValue: String?
            if let eq = word.firstIndex(of: "="), word.hasPrefix("--") {
                name = String(word[..<eq])
                inlineValue = String(word[word.index(after: eq)...])
            }
            name = spec.aliases[name] ?? name
            if spec.switches.contains(name) {
                guard inlineValue == nil else { throw UsageError("option \(name) takes no value") }
                flags.insert(name)
            } else if spec.valued.contains(name) {
                guard values[name] == nil else { throw UsageError("option \(name) given twice") }
                if let inlineValue {
                    values[name] = inlineValue
                } else {
                    guard i < words.count else { throw UsageError("option \(name) needs a value") }
                    values[name] = words[i]
                    i += 1
                }
            } else {
                throw UsageError("unknown option \(word) for '\(command)' (see stencil-bench help)")
            }
        }
    }

    /// Whether a switch was given.
    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// A string option.
    func string(_ name: String) -> String? { values[name] }

    /// A number option, which must be finite and pass `valid` (described by `requirement`).
    func double(_ name: String, _ requirement: String = "a positive number", valid: (Double) -> Bool = { $0 > 0 })
        throws(UsageError) -> Double?
    {
        guard let text = values[name] else { return nil }
        guard let v = Double(text), v.isFinite, valid(v) else {
            throw UsageError("option \(name) must be \(requirement) (got \"\(text)\")")
        }
        return v
    }

    /// A whole-number option in `minimum…maximum` (a number past `Int`'s range is out of range too, not an error of
    /// another kind).
    func int(_ name: String, minimum: Int, maximum: Int = .max) throws(UsageError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let v = Int(text), v >= minimum, v <= maximum else {
            let range =
                maximum == .max ? "of at least \(minimum)" : "from \(minimum) to \(Figures.count(maximum))"
            throw UsageError("option \(name) must be a whole number \(range) (got \"\(text)\")")
        }
        return v
    }

    /// Exactly one positional argument, named `what` in the error.
    func single(_ what: String, command: String) throws(UsageError) -> String {
        guard positionals.count == 1 else {
            throw UsageError(
                positionals.isEmpty
                    ? "'\(command)' needs a \(what)"
                    : "'\(command)' takes one \(what), got \(positionals.count): \(positionals.joined(separator: " "))")
        }
        return positionals[0]
    }
}

/// A command-line mistake: an unknown subcommand or option, a bad value, a missing argument. Exit status 2; with
/// `--json`, the error object of ``Refusal`` with its kind (`usage` unless the mistake has a kind of its own, e.g.
/// `offsetOutsideBand`) and the figures it names.
struct UsageError: Error, Sendable, CustomStringConvertible {
    let message: String
    /// The kind for machine-readable output.
    let kind: String
    /// Figures the message names, for machine-readable output (e.g. `offset`, `band`).
    let figures: [(key: String, value: Double)]
    init(_ message: String, kind: String = "usage", figures: [(key: String, value: Double)] = []) {
        self.message = message
        self.kind = kind
        self.figures = figures
    }
    var description: String { message }
}
