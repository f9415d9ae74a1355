import Foundation
import MercatorMath

extension DEMBounds {
    /// Derives the bounds from the deepest level of the DEM at `path`: a PMTiles archive, a `{z}/{x}/{y}.ext`
    /// folder, or a template `…/{z}/{x}/{y}.ext` (read as that folder), decoded with `encoding`.
    /// - Throws: ``DEMBoundsError/source(_:)`` when nothing usable is at `path`,
    ///   ``DEMBoundsError/unlistableTemplate(_:)`` for another template, then as ``deepestLevel(of:maximumTiles:)``
    ///   and ``init(source:level:tiles:encoding:maximumTiles:)``.
    /// - Complexity: listing the source (an archive's directories; a folder's deepest level), then the derivation.
    public init(path: String, encoding: ElevationEncoding, maximumTiles: Int = DEMBounds.defaultMaximumTiles)
        throws(DEMBoundsError)
    {
        let source: any TileSource
        do { source = try TileSources.open(path) } catch { throw .source(error) }
        let (level, tiles) = try Self.deepestLevel(of: source, maximumTiles: maximumTiles)
        try self.init(source: source, level: level, tiles: tiles, encoding: encoding, maximumTiles: maximumTiles)
    }

    /// The deepest level of `source` and its tiles (by row, then column): a ``PMTilesReader``'s directories walked,
    /// a ``TileDirectory``'s or a `…/{z}/{x}/{y}.ext` ``TileFileTemplate``'s folders listed.
    /// - Throws: ``DEMBoundsError/unlistableTemplate(_:)`` for another source or template,
    ///   ``DEMBoundsError/archive(_:)`` when the archive's directories fail, ``DEMBoundsError/noTiles(_:)``,
    ///   ``DEMBoundsError/outsidePyramid(path:)`` for a folder's tile name out of range, and
    ///   ``DEMBoundsError/tooManyTiles(level:count:limit:)`` past `maximumTiles` (counted before listing them).
    /// - Complexity: an archive: O(entries + tiles of the level · N); a folder: the listing of its deepest level.
    public static func deepestLevel(of source: any TileSource, maximumTiles: Int = DEMBounds.defaultMaximumTiles)
        throws(DEMBoundsError) -> (level: Int, tiles: [TileID])
    {
        var found: (level: Int, tiles: [TileID])
        switch source {
        case let archive as PMTilesReader: found = try deepestLevel(ofArchive: archive, maximumTiles: maximumTiles)
        case let folder as TileDirectory: found = try deepestLevel(ofFolder: folder, maximumTiles: maximumTiles)
        case let files as TileFileTemplate:
            guard let folder = folder(of: files.template) else { throw .unlistableTemplate(files.template.template) }
            found = try deepestLevel(ofFolder: folder, maximumTiles: maximumTiles)
        default: throw .unlistableTemplate("\(type(of: source))")
        }
        found.tiles.sort { ($0.y, $0.x) < ($1.y, $1.x) }
        return found
    }

    /// The folder a template `ROOT/{z}/{x}/{y}.ext` reads (ROOT may be empty or a `file://` URL), or nil.
    static func folder(of template: TileURLTemplate) -> TileDirectory? {
        var parts = template.parts
        var root = "."
        if case .literal(let text) = parts.first {
            guard text.hasSuffix("/") else { return nil }
            root = text.hasPrefix("file://") ? (URL(string: text)?.path ?? String(text.dropFirst(7))) : text
            parts.removeFirst()
        }
        guard parts.count == 6, parts[0] == .level, parts[1] == .literal("/"), parts[2] == .x,
            parts[3] == .literal("/"), parts[4] == .y, case .literal(let suffix) = parts[5], suffix.hasPrefix("."),
            suffix.count > 1
        else { return nil }
        return try? TileDirectory(path: root, pathExtension: String(suffix.dropFirst()))
    }

    /// The deepest level addressed by an archive and its tiles (runs expanded).
    static func deepestLevel(ofArchive archive: PMTilesReader, maximumTiles: Int) throws(DEMBoundsError) -> (
        level: Int, tiles: [TileID]
    ) {
        var entries: [PMTilesEntry] = []
        do { try archive.forEachTileEntry { entries.append($0) } } catch { throw .archive(error) }
        var last: UInt64?
        for entry in entries where entry.runLength > 0 {
            let end = entry.tileID.addingReportingOverflow(entry.runLength - 1)
            guard !end.overflow else { continue }
            last = max(last ?? 0, end.partialValue)
        }
        guard let last, let top = try? HilbertTileID(rawValue: last) else { throw .noTiles("archive") }
        let level = min(top.coordinates.level, TileID.maximumLevel)
        let first = HilbertTileID.firstID(ofLevel: level)
        let end = HilbertTileID.firstID(ofLevel: level + 1)
        var count: UInt64 = 0
        for entry in entries where entry.runLength > 0 {
            let lower = max(entry.tileID, first)
            let upper = min(entry.tileID &+ entry.runLength, end)
            if lower < upper { count += upper - lower }
        }
        guard count <= UInt64(maximumTiles) else {
            throw .tooManyTiles(level: level, count: Int(clamping: count), limit: maximumTiles)
        }
        var tiles: [TileID] = []
        tiles.reserveCapacity(Int(count))
        for entry in entries where entry.runLength > 0 {
            let lower = max(entry.tileID, first)
            let upper = min(entry.tileID &+ entry.runLength, end)
            var id = lower
            while id < upper {
                if let tile = (try? HilbertTileID(rawValue: id))?.tileID { tiles.append(tile) }
                id += 1
            }
        }
        return (level, tiles)
    }

    /// The deepest numeric level folder holding a tile file `x/y.ext`, and its tiles.
    static func deepestLevel(ofFolder folder: TileDirectory, maximumTiles: Int) throws(DEMBoundsError) -> (
        level: Int, tiles: [TileID]
    ) {
        let files = FileManager.default
        func numbers(_ path: String, suffix: String = "") -> [(Int, String)] {
            let names = (try? files.contentsOfDirectory(atPath: path)) ?? []
            return names.compactMap { name in
                guard name.hasSuffix(suffix), name.count > suffix.count else { return nil }
                let digits = name.dropLast(suffix.count)
                guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(digits) else { return nil }
                return (value, name)
            }
        }
        for (level, levelName) in numbers(folder.root).sorted(by: { $0.0 > $1.0 }) {
            var tiles: [TileID] = []
            for (x, xName) in numbers("\(folder.root)/\(levelName)") {
                for (y, yName) in numbers("\(folder.root)/\(levelName)/\(xName)", suffix: ".\(folder.pathExtension)") {
                    guard let tile = try? TileID(level: level, x: x, y: y) else {
                        throw .outsidePyramid(path: "\(folder.root)/\(levelName)/\(xName)/\(yName)")
                    }
                    tiles.append(tile)
                    guard tiles.count <= maximumTiles else {
                        throw .tooManyTiles(level: level, count: tiles.count, limit: maximumTiles)
                    }
                }
            }
            if !tiles.isEmpty { return (level, tiles) }
        }
        throw .noTiles(folder.root)
    }
}
