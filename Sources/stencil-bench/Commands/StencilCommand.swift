import Foundation
import MercatorMath
import StencilKit
import StencilScenarios

/// `stencil-bench stencil SCENARIO [--json]`: the scenario's stencil, as JSON (``JSONOutput/writeStencil(_:format:)``)
/// or as its column runs per row. It never plans: a scenario whose budget is too small still gets its stencil. A
/// scenario with a `"camera"` gets its pitched stencil (``StencilCommand/runPitched(_:camera:json:progress:)``).
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum StencilCommand {
    /// Runs the command on the words after `stencil`; exit status 0.
    static func run(_ words: [String]) throws -> Int32 {
        let args = try Arguments(words, command: "stencil", spec: .init(switches: ["--json"]))
        let progress = Progress("stencil: reading the scenario")
        defer { progress.finish() }
        let setup = try ScenarioSetup(args, command: "stencil")
        if let camera = setup.chase {
            return try StencilCommand.runPitched(setup, camera: camera, json: args.has("--json"), progress: progress)
        }
        progress.update("stencil: computing the stencil of \(setup.scenario.name)")
        let stencil = try setup.validatedStencil()
        progress.update("stencil: writing \(Figures.count(stencil.unwrapped.spans.count)) runs")
        var out = StandardOutput()
        if args.has("--json") {
            JSONOutput.writeStencil(stencil, format: setup.format)
            return 0
        }
        out.write(
            "\(setup.scenario.name): \(Figures.count(stencil.unwrapped.count)) unwrapped tiles, "
                + "\(Figures.count(stencil.tileCount)) distinct real tiles, "
                + "\(Figures.bytes(stencil.bytes(for: setup.format))) bytes"
                + (stencil.isClipped ? " (clipped to the terrain)" : "") + "\n")
        if stencil.unwrapped.isEmpty {
            out.write("  (no tile: the screen's footprint covers no tile with positive area)\n")
        }
        // Row by row, without a range that an empty stencil would make inverted.
        var row: Int?
        var runs: [String] = []
        func endRow() {
            if let row { out.write("  row \(row): cols \(runs.joined(separator: ", "))\n") }
            runs.removeAll(keepingCapacity: true)
        }
        for span in stencil.unwrapped.spans {
            if span.row != row {
                endRow()
                row = span.row
            }
            runs.append(span.first == span.last ? "\(span.first)" : "\(span.first)–\(span.last)")
        }
        endRow()
        out.flush()
        return 0
    }
}

/// `stencil-bench stencil SCENARIO [--json]` for a scenario with a `"camera"`: the pitched stencil (the geometry
/// model's "Perspective views", §11), the union of the chase camera's covers over the scenario's frames.
///
/// With `--json` it prints `{"cover": [[n, i, y], ...], "real": [[n, x, y], ...], "realTiles": N, "bytes": B,
/// "unwrappedTiles": U, "realTilesPerLevel": {"n": count, ...}}`: the distinct unwrapped tiles (levels coarsest first,
/// then row-major), the distinct real tiles in the same order, their count and bytes (real tiles × bytes per tile).
/// Without it, a summary with the tiles per level and the time the stencil took; over terrain, also the tiles the
/// same camera over the flat datum would miss (``TerrainComparison``).
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension StencilCommand {
    /// Runs the command on a set-up scenario with a chase camera; exit status 0.
    /// - Throws: ``ScenarioError`` with the library's reason when it refuses the stencil (a lateral band, a camera
    ///   refused at some pose, too much work).
    static func runPitched(_ setup: ScenarioSetup, camera: ChaseCamera, json: Bool, progress: Progress) throws -> Int32
    {
        progress.update("stencil: the pitched stencil of \(Figures.count(setup.frames.count)) frames")
        let clock = ContinuousClock()
        let start = clock.now
        let stencil: PitchedStencil
        do { stencil = try PitchedStencil(frames: setup.frames, camera: camera) } catch {
            throw ScenarioError(setup.scenario.source, error)
        }
        let elapsed = clock.now - start
        let perLevel = stencil.realTileCountPerLevel.sorted { $0.key < $1.key }
        if json {
            var out = JSONStream()
            out.beginArray("cover", items: .inline)
            for tile in stencil.tiles { out.item(.levelTile(tile)) }
            out.endArray()
            out.beginArray("real", items: .inline)
            for tile in stencil.real { out.item(.levelTile(tile)) }
            out.endArray()
            out.field("realTiles", .int(stencil.realTileCount))
            out.field("bytes", .int(stencil.bytes(for: setup.format)))
            out.field("unwrappedTiles", .int(stencil.tiles.count))
            out.field("realTilesPerLevel", .object(perLevel.map { ("\($0.key)", .int($0.value)) }))
            out.finish()
            return 0
        }
        var out = StandardOutput()
        out.write(
            "\(setup.scenario.name): pitched stencil of \(Figures.count(setup.frames.count)) frames: "
                + "\(Figures.count(stencil.tiles.count)) unwrapped tiles, \(Figures.count(stencil.realTileCount)) "
                + "distinct real tiles, \(Figures.bytes(stencil.bytes(for: setup.format))) bytes; computed in "
                + "\(fmt(ScheduleCommand.milliseconds(elapsed))) ms\n"
                + "  real tiles per level: \(PitchedLevels.text(perLevel.map { ($0.key, $0.value) }))\n")
        if camera.terrain != nil {
            progress.update("stencil: comparing \(Figures.count(setup.frames.count)) frames with the flat datum")
            do { out.write(try TerrainComparison(frames: setup.frames, camera: camera).text) } catch {
                throw ScenarioError(setup.scenario.source, error)
            }
        }
        out.flush()
        return 0
    }
}
