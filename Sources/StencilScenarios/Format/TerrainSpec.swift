import Foundation
import MercatorMath
import StencilKit
import StencilKitIO

/// The `"terrain"` block of a view or scenario file: the elevation bounds a cover over terrain uses (the geometry
/// model's "Covers over terrain", §14), listed or derived from a DEM.
///
/// ```json
/// "terrain": {"root": [0, 2000], "bounds": [[1, 1, 0, 0, 0], [12, 2145, 1434, 0, 2000]]}
/// "terrain": {"source": "alps.pmtiles", "encoding": "terrarium"}
/// "terrain": {"source": "dem/{z}/{x}/{y}.png", "encoding": "terrain-rgb"}
/// ```
/// `root` is the root tile's [lo, hi] metres (required with `bounds`), `bounds` the entries [n, x, y, lo, hi] (a
/// tile not listed takes its parent's bounds). Or `source`: a PMTiles archive, a `{z}/{x}/{y}.ext` folder or such a
/// template, of PNG elevation tiles in `encoding` (`terrarium` by default, or `terrain-rgb`), whose deepest level
/// gives the bounds (``/StencilKitIO/DEMBounds``); a relative path is resolved against the folder of the file that
/// names it.
package enum TerrainSpec: Sendable {
    /// Listed bounds: the root's [lo, hi] and the entries [n, x, y, lo, hi].
    case listed(root: [Double], entries: [[Double]])
    /// A DEM at `path` (absolute, or resolved), in `encoding`.
    case dem(path: String, encoding: ElevationEncoding)

    /// Reads the block; `folder` resolves a relative `source`.
    /// - Throws: ``ScenarioError`` naming the field for an unknown, missing or invalid field, both forms or neither.
    package init(_ t: FieldReader, folder: String) throws(ScenarioError) {
        try t.allow(["root", "bounds", "source", "encoding"])
        switch (t.has("source"), t.has("root") || t.has("bounds")) {
        case (true, true):
            throw ScenarioError(
                "\(t.source): field \"\(t.fieldPath("source"))\" (a DEM) and \"\(t.fieldPath("root"))\"/"
                    + "\"\(t.fieldPath("bounds"))\" (listed bounds) both give the terrain: give one of them")
        case (false, false):
            throw ScenarioError(
                "\(t.source): field \"\(t.path)\" needs \"root\": [lo, hi] with \"bounds\": [[n, x, y, lo, hi], …], "
                    + "or \"source\": a DEM (NAME.pmtiles or DIR/{z}/{x}/{y}.png) with \"encoding\"")
        case (true, false):
            let path = try t.string("source")
            guard !path.isEmpty else { throw t.invalid("source", "must name a DEM archive or folder") }
            let resolved = path.hasPrefix("/") || path.hasPrefix("file://") ? path : "\(folder)/\(path)"
            let encoding: ElevationEncoding
            let name = t.has("encoding") ? try t.string("encoding") : ElevationEncoding.terrarium.rawValue
            guard let known = ElevationEncoding(rawValue: name) else {
                throw t.invalid("encoding", "must be \"terrarium\" or \"terrain-rgb\" (got \"\(name)\")")
            }
            encoding = known
            self = .dem(path: resolved, encoding: encoding)
        case (false, true):
            guard !t.has("encoding") else {
                throw t.invalid("encoding", "applies to a \"source\" only: listed bounds are in metres")
            }
            guard t.has("root") else {
                throw ScenarioError(
                    "\(t.source): missing field \"\(t.fieldPath("root"))\": the root tile's [lo, hi] metres")
            }
            let root = try Self.numbers(t, "root", t.value("root"))
            var entries: [[Double]] = []
            if t.has("bounds") {
                for (index, item) in try t.array("bounds").enumerated() {
                    entries.append(try Self.numbers(t, "bounds[\(index)]", item))
                }
            }
            self = .listed(root: root, entries: entries)
        }
    }

    /// The numbers of an array field.
    private static func numbers(_ t: FieldReader, _ key: String, _ value: JSONValue) throws(ScenarioError) -> [Double] {
        guard case .array(let items) = value else {
            throw t.invalid(key, "must be an array of numbers, not \(value.kind)")
        }
        var out: [Double] = []
        for item in items {
            guard let n = item.number else { throw t.invalid(key, "must be an array of numbers, not of \(item.kind)") }
            out.append(n)
        }
        return out
    }

    /// The bounds: the list checked by ``/StencilKit/TerrainBounds``, or derived from the DEM.
    /// - Throws: ``ScenarioError`` of kind `badTerrain` with the library's message (naming the entry or the DEM tile).
    package func makeBounds(source: String) throws(ScenarioError) -> TerrainBounds {
        do {
            switch self {
            case .listed(let root, let entries):
                return try TerrainBounds(root: root, list: entries)
            case .dem(let path, let encoding):
                return try DEMBounds(path: path, encoding: encoding).terrainBounds()
            }
        } catch {
            throw ScenarioError("\(source): field \"terrain\": \(error)", kind: "badTerrain")
        }
    }
}
