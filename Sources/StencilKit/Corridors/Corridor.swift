import MercatorMath

/// Everything within b metres of a route over a range of XYZ levels, with round caps and joins and no screen: the
/// tiles a navigation app caches along its route ("everything within 500 m of my route over levels 12–15").
///
/// **Rule.** The centreline is the route's chain of pieces (rhumb legs straight, great-circle legs the chain of
/// straight pieces ``Track`` builds for them, turns as flown: pivots at the waypoints, or fly-by arcs), held in px of
/// the finest level n₁ and scaled by 2^(n − n₁) at level n. At level n the corridor's half-width is
/// d_n = b · max κ_n(φ) px, the maximum of κ_n(φ) = k_n / (R·cos φ) over every latitude the centreline reaches (the
/// geometry model's *Ground units and time*, §12: the pieces' ends, great-circle peaks as chained, turn arcs' extreme
/// points), so the corridor is at least b metres wide everywhere. A real tile of level n is in the corridor when its
/// square lies at px distance **< d_n** from the centreline (strictly: the open d_n-neighbourhood, so that the
/// tiles are exactly those the neighbourhood meets with positive area, the positive-area rule of §2; a tile at
/// distance exactly d_n only touches it). Round caps at the ends and round joins at pivots follow from the distance.
/// Columns wrap across ±180° (an unwrapped column i is the real tile i mod 2ⁿ); rows past the terrain are dropped;
/// each real tile is listed once, by level, then row-major (``/MercatorMath/TileID``'s order).
///
/// **Exact and efficient.** A sweep proposes tiles along each piece row by row, and the exact distance from the
/// piece (a segment or an arc) to each proposed tile's square decides it, so the work grows with the corridor's tiles, not the world's. The proposals are counted
/// first, without testing or listing: their count is an upper bound on the tiles (usually under twice them), and a
/// corridor whose bound passes ``maximumTiles`` is refused before any tile is listed.
///
/// A great-circle leg's chain keeps the line within ε px of the true great circle at level n₁ (its footprint is a
/// point, so no screen widens the spacing; ``Track/init(waypoints:on:screen:legs:turnRadius:closure:tolerance:lateralBand:)``
/// spaces it for a screen's footprint instead). The corridor is exact for the chain.
public struct Corridor: Sendable, Hashable {
    /// The levels n₀…n₁.
    public let levels: ClosedRange<Int>
    /// The buffer b in metres (> 0) on each side of the centreline.
    public let metres: Double
    /// The sphere metres are measured on.
    public let body: Body
    /// The XYZ grid of the finest level n₁, whose px the ``centerline`` is in.
    public let grid: TileGrid
    /// The centreline's pieces in px of level n₁ (unwrapped: a route across ±180° runs past the image's edge).
    public let centerline: [TrackPiece]
    /// The largest |φ| in degrees the centreline reaches, where κ is largest.
    public let highestLatitude: Double

    /// The most tiles a corridor lists, ``/MercatorMath/TileID/maximumCoverCount`` (2²⁰): a corridor whose
    /// counted proposals pass it is refused before any tile is listed.
    public static let maximumTiles = TileID.maximumCoverCount

    /// The corridor of the route through `waypoints`.
    /// - Parameters:
    ///   - waypoints: W₀…Wₙ (n ≥ 1), geographic; consecutive ones must differ (see
    ///     ``Track/droppingRepeatedWaypoints(_:closure:)``).
    ///   - legs: how every leg runs (``LegKind/rhumb`` or ``LegKind/greatCircle``).
    ///   - turnRadius: the fly-by radius ρ ≥ 0 in px of level n₁ at the waypoints between rhumb legs (0: the route
    ///     turns in place and the corridor's joins are round).
    ///   - closure: ``TrackClosure/oneWay`` or ``TrackClosure/loop``.
    ///   - tolerance: ε > 0 in px of level n₁ for great-circle legs.
    ///   - metres: the buffer b > 0 on each side.
    ///   - levels: n₀…n₁ within 0…30.
    ///   - tileSize: the pyramid's tile size T in px (256 or 512 for Web Mercator).
    ///   - body: the sphere of the metres (Earth by default for an XYZ pyramid).
    /// - Throws: the waypoint errors of
    ///   ``Track/init(waypoints:on:screen:legs:turnRadius:closure:tolerance:lateralBand:)``;
    ///   ``StencilError/outOfRange(field:value:valid:)`` for levels outside 0…30, a racetrack closure or a buffer
    ///   ≤ 0; ``StencilError/tooLarge(what:value:limit:advice:)`` for a buffer wider than ``maximumTiles`` tiles.
    /// - Complexity: O(waypoints + chain pieces); no tile is listed until ``tiles()``.
    public init(
        waypoints: [GeoCoordinate], legs: LegKind = .rhumb, turnRadius: Double = 0,
        closure: TrackClosure = .oneWay, tolerance: Double = 0.5, metres: Double, levels: ClosedRange<Int>,
        tileSize: Int = 256, body: Body? = nil
    ) throws(StencilError) {
        guard waypoints.count >= 2 else { throw .tooFewWaypoints(count: waypoints.count) }
        guard tolerance.isFinite, tolerance > 0 else { throw .badTolerance(value: tolerance) }
        try StencilError.requireNonNegative(turnRadius, "Turn radius")
        guard closure != .racetrack else {
            throw .outOfRange(
                field: "Corridor closure", value: Double(waypoints.count), valid: "oneWay or loop (not racetrack)")
        }
        guard waypoints.count <= Track.maximumPieces else {
            throw .tooLarge(
                what: "Waypoints", value: Double(waypoints.count), limit: Double(Track.maximumPieces),
                advice: "split the route")
        }
        let grid = try Self.grid(levels: levels, tileSize: tileSize)
        let (pieces, _) = try Track.waypointPieces(
            waypoints, on: grid, legs: legs, turnRadius: turnRadius, closure: closure, tolerance: tolerance, reach: 0)
        try self.init(centerline: pieces, grid: grid, metres: metres, levels: levels, body: body)
    }

    /// The corridor about the centreline of `track` (its pieces; its screen and band play no part), on an XYZ grid
    /// of any level m: the pieces are scaled by 2^(n₁ − m) onto level n₁.
    /// - Throws: ``StencilError/outOfRange(field:value:valid:)`` for a track not on an XYZ grid, levels outside
    ///   0…30 or a buffer ≤ 0; ``StencilError/tooLarge(what:value:limit:advice:)`` for a buffer wider than
    ///   ``maximumTiles`` tiles.
    /// - Complexity: O(pieces).
    public init(track: Track, metres: Double, levels: ClosedRange<Int>, body: Body? = nil) throws(StencilError) {
        guard let level = track.grid.xyzLevel else {
            throw .outOfRange(
                field: "Corridor track grid", value: Double(track.grid.columns),
                valid: "an XYZ level (2ⁿ × 2ⁿ tiles)")
        }
        let grid = try Self.grid(levels: levels, tileSize: track.grid.tileSize)
        let factor = Double(sign: .plus, exponent: levels.upperBound - level, significand: 1)
        try self.init(
            centerline: Self.scaled(track.pieces, by: factor), grid: grid, metres: metres, levels: levels,
            body: body)
    }

    /// Stores a centreline at level n₁ after checking the buffer.
    private init(centerline: [TrackPiece], grid: TileGrid, metres: Double, levels: ClosedRange<Int>, body: Body?)
        throws(StencilError)
    {
        try StencilError.requirePositive(metres, "Corridor buffer (m)")
        let body = body ?? grid.defaultBody
        let highest = Track.highestLatitude(of: centerline, on: grid)
        let d = metres * grid.pixelsPerMetre(atLatitude: highest, on: body)
        let widest = Double(grid.tileSize) * Double(Self.maximumTiles)
        guard d.isFinite, d <= widest else {
            throw .tooLarge(
                what: "Corridor half-width at level \(levels.upperBound) in px (b · max κ, at \(highest)°)",
                value: d, limit: widest, advice: "narrow the buffer or lower the finest level")
        }
        self.levels = levels
        self.metres = metres
        self.body = body
        self.grid = grid
        self.centerline = centerline
        self.highestLatitude = highest
    }

    /// The XYZ grid of `levels.upperBound` after checking the levels.
    private static func grid(levels: ClosedRange<Int>, tileSize: Int) throws(StencilError) -> TileGrid {
        guard levels.lowerBound >= 0, levels.upperBound <= TileID.maximumLevel else {
            throw .outOfRange(
                field: "Corridor levels", value: Double(levels.lowerBound < 0 ? levels.lowerBound : levels.upperBound),
                valid: "n0…n1 with 0 ≤ n0 ≤ n1 ≤ 30")
        }
        do { return try TileGrid.xyz(level: levels.upperBound, tileSize: tileSize) } catch { throw .geometry(error) }
    }

    /// `pieces` with every position, length and radius multiplied by `factor` (a power of two: exact).
    static func scaled(_ pieces: [TrackPiece], by factor: Double) -> [TrackPiece] {
        func p(_ point: PixelPoint) -> PixelPoint { PixelPoint(x: point.x * factor, y: point.y * factor) }
        return pieces.map { piece in
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
    }

    /// d_n = b · max κ_n(φ) px at level n: b · k_n / (R·cos φ_max) with k_n = T·2ⁿ / 2π (the value at n₁ halved
    /// per level up; exact powers of two).
    /// - Complexity: O(1).
    public func distance(atLevel level: Int) -> Double {
        let top = metres * grid.pixelsPerMetre(atLatitude: highestLatitude, on: body)
        return top * Double(sign: .plus, exponent: level - levels.upperBound, significand: 1)
    }

    /// The sweep of level n.
    func sweep(atLevel level: Int) -> CorridorSweep {
        let factor = Double(sign: .plus, exponent: level - levels.upperBound, significand: 1)
        return CorridorSweep(
            pieces: level == levels.upperBound ? centerline : Self.scaled(centerline, by: factor),
            distance: distance(atLevel: level), tileSize: Double(grid.tileSize), rows: 1 << level)
    }

    /// The most tile tests a corridor makes, 2²⁴: the sweep's proposals, overlaps counted, past which it is
    /// refused before testing any (a buffer many times wider than its pieces are long, at a fine level).
    public static let maximumTests = 1 << 24

    /// An upper bound on the corridor's tiles and the tests that find them, counted without testing or listing any:
    /// the tiles the sweep proposes at every level (a row's overlapping proposals merged for the tile bound, each
    /// counted for the tests), counted until either passes its limit.
    /// - Complexity: O(rows proposed), at most O(maximumTests + pieces · levels).
    public func proposedCounts() -> (tiles: Int, tests: Int) {
        var tiles = 0
        var tests = 0
        for level in levels {
            let counts = sweep(atLevel: level).proposedCounts(
                upTo: Self.maximumTiles - tiles, raw: Self.maximumTests - tests)
            tiles += counts.merged
            tests += counts.raw
            if tiles > Self.maximumTiles || tests > Self.maximumTests { break }
        }
        return (tiles, tests)
    }

    /// The corridor's real tiles, each once: by level, then row-major (row y, then column x).
    /// - Throws: ``StencilError/tooLarge(what:value:limit:advice:)`` when the counted proposals pass
    ///   ``maximumTiles`` tiles or ``maximumTests`` tests (before any tile is tested or listed).
    /// - Complexity: O(tiles proposed + runs · log runs).
    public func tiles() throws(StencilError) -> [TileID] {
        let (bound, tests) = proposedCounts()
        guard bound <= Self.maximumTiles else {
            throw .tooLarge(
                what: "Corridor tiles over levels \(levels.lowerBound)…\(levels.upperBound) (an upper bound counted "
                    + "before listing: the tiles proposed along the route)",
                value: Double(bound), limit: Double(Self.maximumTiles),
                advice: "narrow the buffer, lower the finest level, or split the route")
        }
        guard tests <= Self.maximumTests else {
            throw .tooLarge(
                what: "Corridor tile tests over levels \(levels.lowerBound)…\(levels.upperBound) (counted before "
                    + "testing: the buffer is many times wider than the route's pieces are long)",
                value: Double(tests), limit: Double(Self.maximumTests),
                advice: "narrow the buffer, lower the finest level, or raise the great-circle tolerance")
        }
        var tiles: [TileID] = []
        tiles.reserveCapacity(bound)
        for level in levels {
            let width = 1 << level
            var real: [(row: Int, first: Int, last: Int)] = []
            for run in sweep(atLevel: level).runs() {
                if run.last - run.first + 1 >= width {
                    real.append((run.row, 0, width - 1))
                    continue
                }
                let first = ((run.first % width) + width) % width
                let last = first + (run.last - run.first)
                if last < width {
                    real.append((run.row, first, last))
                } else {
                    real.append((run.row, first, width - 1))
                    real.append((run.row, 0, last - width))
                }
            }
            real.sort { ($0.row, $0.first) < ($1.row, $1.first) }
            // Merge overlapping and touching runs row by row, and list each merged run once.
            var current: (row: Int, first: Int, last: Int)?
            for run in real {
                if let open = current, open.row == run.row, run.first <= open.last + 1 {
                    current = (open.row, open.first, Swift.max(open.last, run.last))
                    continue
                }
                if let open = current {
                    for x in open.first...open.last { tiles.append(TileID(unchecked: level, x, open.row)) }
                }
                current = run
            }
            if let open = current {
                for x in open.first...open.last { tiles.append(TileID(unchecked: level, x, open.row)) }
            }
        }
        return tiles
    }
}
