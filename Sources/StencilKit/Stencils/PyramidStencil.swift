/// A track's stencils over a range of XYZ levels n₀…n₁ (the geometry model's *Views and levels of detail* (§8)):
/// prefetch a zoom range along a route.
///
/// At level n every length in terrain pixels is the one given at n₁ scaled by 2^(n − n₁) — the track's positions,
/// its turn radii, the screen's scale and margin and the band — so the ground geometry is the same at every level,
/// and each level's stencil holds the parents of the next level's tiles (a footprint's parent tiles cover it).
public struct PyramidStencil: Sendable, Hashable {
    /// The levels n₀…n₁.
    public let levels: ClosedRange<Int>
    /// The stencil of each level, from n₀ to n₁.
    public let stencils: [Stencil]

    /// The stencils of `track` (on the XYZ grid of level n₁ = `levels.upperBound`) at every level of `levels`.
    /// - Complexity: the sum of the levels' stencils; a level's costs about a quarter of the next one's.
    /// - Throws: ``StencilError/outOfRange(field:value:valid:)`` unless the track's grid is the XYZ level
    ///   `levels.upperBound` and `levels.lowerBound ≥ 0`; ``StencilError/atPyramidLevel(level:error:)`` holding the
    ///   error of ``Stencil/init(track:clipToTerrain:)`` (or of the scaled track) at the level that refused.
    public init(track: Track, levels: ClosedRange<Int>, clipToTerrain: Bool = false) throws(StencilError) {
        guard let top = track.grid.xyzLevel, top == levels.upperBound else {
            throw .outOfRange(
                field: "Pyramid top level", value: Double(levels.upperBound),
                valid: "the level of the track's grid (\(track.grid.xyzLevel.map { "\($0)" } ?? "not an XYZ level"))")
        }
        guard levels.lowerBound >= 0 else {
            throw .outOfRange(field: "Pyramid bottom level", value: Double(levels.lowerBound), valid: "0 or more")
        }
        var stencils: [Stencil] = []
        for level in levels {
            let scale = Double(sign: .plus, exponent: level - top, significand: 1)
            let grid: TileGrid
            do throws(StencilError) {
                do { grid = try TileGrid.xyz(level: level, tileSize: track.grid.tileSize) } catch {
                    throw .geometry(error)
                }
                stencils.append(try Stencil(track: track.scaled(by: scale, to: grid), clipToTerrain: clipToTerrain))
            } catch { throw .atPyramidLevel(level: level, error: error) }
        }
        self.levels = levels
        self.stencils = stencils
    }

    /// The stencil at `level` (in ``levels``).
    public func stencil(atLevel level: Int) -> Stencil? {
        levels.contains(level) ? stencils[level - levels.lowerBound] : nil
    }

    /// Distinct real tiles over all levels.
    public var tileCount: Int { stencils.reduce(0) { $0 + $1.tileCount } }

    /// Texture bytes per level, from n₀ to n₁, in `format` (each saturating at `Int.max`).
    public func bytesPerLevel(for format: TextureFormat) -> [Int] { stencils.map { $0.bytes(for: format) } }

    /// Texture bytes over all levels, saturating at `Int.max`.
    public func bytes(for format: TextureFormat) -> Int {
        format.bytes(forTiles: tileCount)
    }
}

extension Track {
    /// The same track on `grid` with every length scaled by `factor` (a power of two between XYZ levels): piece
    /// positions, lengths, turn centres and radii, the screen's scale and margin, and the band.
    /// - Throws: the errors of a track or a screen whose scaled values are out of range.
    public func scaled(by factor: Double, to grid: TileGrid) throws(StencilError) -> Track {
        try StencilError.requirePositive(factor, "Scale factor")
        func p(_ point: PixelPoint) -> PixelPoint { PixelPoint(x: point.x * factor, y: point.y * factor) }
        let scaledPieces: [TrackPiece] = pieces.map { piece in
            switch piece {
            case .straight(let s):
                return .straight(
                    StraightPiece(start: p(s.start), end: p(s.end), heading: s.heading, length: s.length * factor))
            case .turn(let t):
                return .turn(
                    TurnPiece(
                        start: p(t.start), heading: t.heading, center: p(t.center), radius: t.radius * factor,
                        angle: t.angle, takesTime: t.takesTime))
            }
        }
        let scaledScreen = try Screen(
            width: screen.width, height: screen.height, scale: screen.scale * factor, anchor: screen.anchor,
            margin: screen.margin * factor)
        return try Track(
            pieces: scaledPieces, grid: grid, screen: scaledScreen, lateralBand: lateralBand * factor,
            closure: closure, planMeasure: planMeasure.scaled(by: factor), legStarts: legStarts)
    }
}
