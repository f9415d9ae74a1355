import MercatorMath
import StencilKit
import StencilScenarios

extension ScenarioSetup {
    /// The pyramid stencil of the scenario's track over `levels`: the track (on an XYZ grid at any level) scaled by
    /// 2^(n₁ − its level) onto the XYZ grid of n₁ = `levels.upperBound`, then its stencils at n₀…n₁.
    /// - Throws: ``ArchiveCommandError`` (`scenario`) for a scenario not on an XYZ grid, and the library's errors.
    func pyramid(levels: ClosedRange<Int>) throws -> PyramidStencil {
        let track = self.track
        guard let level = track.grid.xyzLevel else {
            throw ArchiveCommandError(
                "scenario",
                "\(scenario.name) is on a \(track.grid.columns) × \(track.grid.rows) grid, not an XYZ level; "
                    + "extracts need a scenario on an XYZ grid (\"grid\": {\"xyz\": n} or \"map\")")
        }
        let top = try TileGrid.xyz(level: levels.upperBound, tileSize: track.grid.tileSize)
        let factor = Double(sign: .plus, exponent: levels.upperBound - level, significand: 1)
        let scaled = try track.scaled(by: factor, to: top)
        return try PyramidStencil(track: scaled, levels: levels)
    }
}

extension Arguments {
    /// `--levels n0...n1` (or `n0..n1`, or one level `n`), 0 ≤ n0 ≤ n1 ≤ 30.
    /// - Throws: ``UsageError`` naming the valid form.
    func levels() throws(UsageError) -> ClosedRange<Int> {
        guard let text = string("--levels") else { throw UsageError("'extract' needs --levels n0...n1") }
        let parts = text.components(separatedBy: text.contains("...") ? "..." : "..")
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count, (1...2).contains(numbers.count), let low = numbers.first,
            let high = numbers.last, 0 <= low, low <= high, high <= TileID.maximumLevel
        else {
            throw UsageError("option --levels must be n0...n1 with 0 ≤ n0 ≤ n1 ≤ 30 (got \"\(text)\")")
        }
        return low...high
    }
}
