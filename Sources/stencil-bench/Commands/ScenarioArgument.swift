import StencilKit
import StencilScenarios

extension ScenarioSetup {
    /// The scenario that the one SCENARIO argument of `command` names (a built-in name or a file), set up: no
    /// stencil, no plan.
    /// - Throws: ``UsageError`` for no argument or several, ``ScenarioError`` for a scenario that cannot be read or
    ///   set up.
    init(_ args: Arguments, command: String) throws {
        try self.init(BuiltinScenarios.resolve(args.single("SCENARIO", command: command)))
    }
}
