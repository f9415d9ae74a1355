import MercatorMath
import StencilKit
import StencilScenarios

/// How every refusal leaves the tool — a bad option or value, a scenario or view it cannot read, a flight or
/// schedule the library refuses: exit status 2, `stencil-bench: MESSAGE` on standard error, and with `--json` the
/// error object ``object(for:)`` on standard output, so a caller reading JSON always gets JSON.
enum Refusal {
    /// `{"error": {"kind": K, "message": "...", ...figures}}` for any error the tool raises: a ``ScenarioError``
    /// with its kind and figures, a ``ViewError`` with its kind, a ``UsageError`` with its kind (`usage` unless it
    /// names another), a library error with ``StencilError/kind`` and its figures (a ``MercatorError`` as a
    /// StencilKit geometry error), anything else of kind `failed`.
    static func object(for error: any Error) -> JSONValue {
        switch error {
        case let e as ScenarioError: return JSONOutput.error(e)
        case let e as ViewError: return e.json
        case let e as UsageError:
            var fields: [(key: String, value: JSONValue)] = [
                ("kind", .string(e.kind)), ("message", .string(e.message)),
            ]
            fields += e.figures.map { ($0.key, .number($0.value)) }
            return .object([("error", .object(fields))])
        case let e as StencilError:
            return JSONOutput.error(ScenarioError("\(e)", kind: e.kind, figures: ScenarioError.figures(of: e)))
        case let e as MercatorError:
            let wrapped = StencilError.geometry(e)
            return JSONOutput.error(ScenarioError("\(e)", kind: wrapped.kind))
        default:
            return JSONOutput.error(ScenarioError("\(error)", kind: "failed"))
        }
    }

    /// Reports `error` (the JSON object on standard output when `json`, the message on standard error always) and
    /// returns exit status 2.
    static func report(_ error: any Error, json: Bool) -> Int32 {
        if json { print(object(for: error).rendered(), terminator: "") }
        Console.error("stencil-bench: \(error)")
        return 2
    }
}
