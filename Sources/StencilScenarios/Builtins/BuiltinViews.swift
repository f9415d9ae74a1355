import Foundation

/// The built-in views (`stencil-bench view NAME`, `svg NAME`): the files `Views/NAME.json` (``BuiltinFile``).
/// `scenarios --write` does not write them; `view NAME --json` prints what each shows.
package enum BuiltinViews {
    /// Every built-in view: the 1024 × 768-px rectangle of the peers' benchmark at XYZ z = 12 at headings 0°, 30°,
    /// 45° and 73°; a 480 × 320 view on Mars Viking; the geometry model's example 5; and the pitched views (the geometry model's
    /// "Perspective views", §11): a cockpit-like 1920 × 1080 view at pitch 75° over the Bernese Alps, and the geometry
    /// model's example 7, a 1024 × 768 map at pitch 60°.
    package static let all = [
        "view-z12-h0", "view-z12-h30", "view-z12-h45", "view-z12-h73", "view-viking", "view-example5", "alps-cockpit",
        "map-pitch60",
    ]

    /// Whether `argument` names a view: a built-in view, or a JSON file whose top level has a `center` field.
    package static func isView(_ argument: String) -> Bool {
        if all.contains(argument) { return true }
        guard let text = try? String(contentsOfFile: argument, encoding: .utf8),
            let root = try? JSONValue.parse(text)
        else { return false }
        return root["center"] != nil
    }

    /// The built-in view called `argument`, else the view file at that path.
    /// - Throws: ``ViewError`` of kind `file` when there is no such view or file, or the errors of reading it.
    package static func resolve(_ argument: String) throws(ViewError) -> ViewScenario {
        let file = try text(argument)
        return try ViewScenario(json: file.text, source: file.source, folder: file.folder)
    }

    /// The text of the built-in view called `argument`, else of the view file at that path, its label for
    /// messages (`built-in view NAME`, `view FILE`) and the folder its relative paths are resolved against.
    /// - Throws: ``ViewError`` of kind `file` when there is no such view or file, or it is not UTF-8 text.
    package static func text(_ argument: String) throws(ViewError) -> (text: String, source: String, folder: String) {
        if all.contains(argument) {
            guard let text = BuiltinFile.text(argument, in: "Views") else {
                throw ViewError(.file, BuiltinFile.missing(argument, in: "Views"))
            }
            return (text, "built-in view \(argument)", BuiltinFile.folder("Views")?.path ?? ".")
        }
        let label = "view \((argument as NSString).lastPathComponent)"
        guard FileManager.default.fileExists(atPath: argument) else {
            throw ViewError(
                .file, "\(label): no such file \(argument) (built-in views: \(all.joined(separator: ", ")))")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ViewError(.file, "\(label): \(argument) is a directory; give a view's .json file or a built-in name")
        }
        guard let text = try? String(contentsOfFile: argument, encoding: .utf8) else {
            throw ViewError(.file, "\(label): cannot read \(argument) as UTF-8 text")
        }
        let folder = (argument as NSString).deletingLastPathComponent
        return (text, label, folder.isEmpty ? "." : folder)
    }
}
