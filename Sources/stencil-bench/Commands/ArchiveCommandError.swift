import StencilKitIO
import StencilScenarios

/// A refusal of `extract` or `archive`, printed with `--json` as `{"error": {"kind": K, "message": "..."}}` (exit
/// status 2): `usage` (the command line), `scenario` (a scenario that cannot be read, set up or is not on an XYZ
/// grid), `archive` (a ``/StencilKitIO/PMTilesError``: a bad or unreadable archive), or for a source over HTTP the
/// failure's ``/StencilKitIO/HTTPSourceError/kind`` (`httpETagChanged`, `httpRangeIgnored`, `httpTruncatedBody`, …).
struct ArchiveCommandError: Error, Sendable, CustomStringConvertible {
    let kind: String
    let message: String

    init(_ kind: String, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The refusal for any error the commands meet.
    init(_ error: any Error) {
        switch error {
        case let e as ArchiveCommandError: self = e
        case _ where httpKind(of: error) != nil: self.init(httpKind(of: error)!, "\(error)")
        case let e as UsageError: self.init("usage", e.message)
        case let e as ScenarioError: self.init("scenario", e.message)
        case let e as PMTilesError: self.init("archive", e.description)
        default: self.init("refused", "\(error)")
        }
    }

    var description: String { message }

    /// `{"error": {"kind": K, "message": "..."}}`.
    var json: JSONValue {
        .object([("error", .object([("kind", .string(kind)), ("message", .string(message))]))])
    }

    /// Runs `body`; on an error prints it as every refusal leaves the tool (``Refusal``: the JSON object on stdout
    /// with `json`, the message on stderr always) and returns 2.
    static func reporting(json: Bool, _ body: () throws -> Int32) -> Int32 {
        do { return try body() } catch {
            let refusal = ArchiveCommandError(error)
            if json { print(refusal.json.rendered(), terminator: "") }
            Console.error("stencil-bench: \(refusal)")
            return 2
        }
    }
}
