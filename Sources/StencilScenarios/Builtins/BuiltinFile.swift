import Foundation

/// The scenario and view files shipped with stencil-bench: `Scenarios/NAME.json` and `Views/NAME.json` in this
/// module's folder, copied beside the binary as its resources (`Bundle.module`). They are the only
/// copy: `scenarios --write` copies them byte for byte, and they are read by the same strict reader as a file given
/// by path (`Benchmarks/FORMAT.md`).
package enum BuiltinFile {
    /// The text of `folder/name.json` among the resources, or nil when it is not there (a binary moved without them).
    package static func text(_ name: String, in folder: String) -> String? {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: folder) else {
            return nil
        }
        return try? String(contentsOf: url, encoding: .utf8)
    }

    /// The resource folder `folder` (`Scenarios` or `Views`), if present.
    package static func folder(_ folder: String) -> URL? { Bundle.module.url(forResource: folder, withExtension: nil) }

    /// The file `folder/name.json` among the resources, if present.
    package static func url(_ name: String, in folder: String) -> URL? {
        Bundle.module.url(forResource: name, withExtension: "json", subdirectory: folder)
    }

    /// The message for a built-in whose file is missing from the resources.
    package static func missing(_ name: String, in folder: String) -> String {
        "the built-in \(folder)/\(name).json is missing from stencil-bench's resources (the "
            + "StencilKit_StencilScenarios resources beside the binary)"
    }
}
