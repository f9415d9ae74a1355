import Foundation
import MercatorMath
import StencilKit

/// The `"grid"` block of scenario and view files: `{"columns", "rows", "tileSize"}` (whole numbers ≥ 1), or
/// `{"xyz": n}`, a Web Mercator XYZ level n in 0…30 (2ⁿ × 2ⁿ tiles of 256 px).
package enum GridSpec: Sendable {
    /// Columns × rows tiles of `tileSize` px.
    case tiles(columns: Int, rows: Int, tileSize: Int)
    /// The Web Mercator XYZ level `level`, tiles of 256 px.
    case xyz(level: Int)

    /// Reads the block.
    /// - Throws: ``ScenarioError`` naming the field for an unknown, missing or invalid field.
    package init(_ g: FieldReader) throws(ScenarioError) {
        if g.has("xyz") {
            try g.allow(["xyz"])
            let level = try g.integer("xyz")
            guard (0...30).contains(level) else { throw g.invalid("xyz", "must be a level in 0…30 (got \(level))") }
            self = .xyz(level: level)
        } else {
            try g.allow(["columns", "rows", "tileSize"])
            self = .tiles(
                columns: try g.integer("columns", atLeast: 1), rows: try g.integer("rows", atLeast: 1),
                tileSize: try g.integer("tileSize", atLeast: 1))
        }
    }

    /// The block as a scenario file writes it, for messages.
    package var description: String {
        switch self {
        case .tiles(let columns, let rows, let tileSize):
            return "{\"columns\": \(columns), \"rows\": \(rows), \"tileSize\": \(tileSize)}"
        case .xyz(let level): return "{\"xyz\": \(level)}"
        }
    }

    /// The tile size in px (256 for an XYZ level).
    package var tileSize: Int {
        switch self {
        case .tiles(_, _, let size): return size
        case .xyz: return 256
        }
    }

    /// The grid the block describes.
    /// - Throws: `MercatorError` when MercatorMath refuses it (a grid too large, say).
    package func makeGrid() throws(MercatorError) -> TileGrid {
        switch self {
        case .tiles(let columns, let rows, let tileSize):
            return try TileGrid(columns: columns, rows: rows, tileSize: tileSize)
        case .xyz(let level): return try TileGrid.xyz(level: level)
        }
    }
}

/// The `"screen"` block of scenario and view files: `{"width", "height", "scale", "anchor", "margin"}`.
///
/// `width` and `height` are in points (> 0, required); `scale` is ``Screen/scale``, terrain px per point (> 0,
/// default 1); `anchor` is `{"x", "y"}`, fractions of the screen from its top-left in [0, 1] (default the centre);
/// `margin` is terrain px added on every side (≥ 0, default 0). `scale` was once named `zoom`: that name is still
/// read, with a deprecation note on standard error (once a run); a block that gives both is refused.
package struct ScreenSpec: Sendable {
    /// Width in points.
    package var width: Double
    /// Height in points.
    package var height: Double
    /// Terrain px per point; nil when a map zoom sets it (a view file with `"map"`, where `scale` must be absent).
    package var scale: Double?
    /// The aircraft's (or the view centre's) place on screen, as fractions from the top-left.
    package var anchor: (x: Double, y: Double)
    /// Terrain px added on every side of the footprint.
    package var margin: Double

    /// Reads the block; with `scaleFromMap` the field `scale` must be absent (a map zoom, or a camera's zoom or
    /// altitude, sets the scale; `scaleSetter` says which, in the refusal).
    /// - Throws: ``ScenarioError`` naming the field for an unknown, missing or invalid field, or for both `scale`
    ///   and its deprecated name `zoom`.
    package init(
        _ block: FieldReader, scaleFromMap: Bool = false,
        scaleSetter: String = "with \"map\" (map.zoom sets the scale)"
    ) throws(ScenarioError) {
        try block.allow(["width", "height", "scale", "zoom", "anchor", "margin"])
        var s = block
        if block.has("zoom") {
            guard !block.has("scale") else {
                throw block.invalid(
                    "zoom", "is the deprecated name of \"\(block.fieldPath("scale"))\": give one, not both")
            }
            DeprecationNote.once("\(block.source): \"\(block.fieldPath("zoom"))\" is deprecated; name it \"scale\"")
            s = block.renaming("zoom", to: "scale")
        }
        width = try s.number("width", greaterThan: 0)
        height = try s.number("height", greaterThan: 0)
        if scaleFromMap {
            guard !s.has("scale") else {
                throw s.invalid("scale", "must be absent \(scaleSetter)")
            }
            scale = nil
        } else {
            scale = try s.number("scale", default: 1, greaterThan: 0)
        }
        if let a = try s.optionalObject("anchor") {
            try a.allow(["x", "y"])
            anchor = (try a.number("x", unit: true), try a.number("y", unit: true))
        } else {
            anchor = (0.5, 0.5)
        }
        margin = try s.number("margin", default: 0, atLeast: 0)
    }

    /// The library's screen, at `scale` when given (a map zoom's), else at the block's own scale.
    /// - Throws: ``StencilError`` when the library refuses the screen.
    package func makeScreen(scale override: Double? = nil) throws(StencilError) -> Screen {
        try Screen(
            width: width, height: height, scale: override ?? scale ?? 1,
            anchor: Screen.Anchor(x: anchor.x, y: anchor.y), margin: margin)
    }
}

/// Notes on standard error printed at most once a run each: `stencil-bench: TEXT`.
package enum Notes {
    private static let printed = Printed()

    /// Prints `text` unless the same text was printed before in this run.
    package static func once(_ text: String) {
        guard printed.claim(text) else { return }
        FileHandle.standardError.write(Data("stencil-bench: \(text)\n".utf8))
    }

    /// The texts printed, under a lock.
    private final class Printed: @unchecked Sendable {
        private let lock = NSLock()
        private var texts: Set<String> = []

        /// True for the first caller with `text` only.
        package func claim(_ text: String) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            return texts.insert(text).inserted
        }
    }
}

/// A note on standard error printed at most once a run: `stencil-bench: TEXT`.
package enum DeprecationNote {
    private static let printed = Printed()

    /// Prints `text` unless a note was printed before in this run.
    package static func once(_ text: String) {
        guard printed.claim() else { return }
        FileHandle.standardError.write(Data("stencil-bench: \(text)\n".utf8))
    }

    /// Whether the note was printed, set once under a lock.
    private final class Printed: @unchecked Sendable {
        private let lock = NSLock()
        private var done = false

        /// True for the first caller only.
        package func claim() -> Bool {
            lock.lock()
            defer { lock.unlock() }
            guard !done else { return false }
            done = true
            return true
        }
    }
}
