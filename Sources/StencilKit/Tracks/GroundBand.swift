extension Track {
    /// The lateral band in pixels that is at least `metres` on the ground everywhere along the track (the geometry
    /// model's *Ground units and time*, §12): d = b · max κ(φ), the maximum of κ(φ) = k / (R·cos φ) over every
    /// latitude the centreline reaches — the pieces' ends, and a turn's northernmost and southernmost points where
    /// its arc passes them. Mercator stretches the ground by 1 / cos φ, so the band is exact (b metres, to first
    /// order in d) at the track's highest latitude and wider elsewhere: at 60° it is twice what the equator needs,
    /// at 80° 5.8 times, so a band given in metres costs more tiles the nearer a route flies to a pole.
    /// - Complexity: O(pieces).
    public func lateralBand(metres: Double, on body: Body? = nil) -> Double {
        let highest = Self.highestLatitude(of: pieces, on: grid)
        return metres * grid.pixelsPerMetre(atLatitude: highest, on: body ?? grid.defaultBody)
    }

    /// The largest |φ| in degrees the centreline of `pieces` reaches on `grid`: over the pieces' ends, and a turn's
    /// northernmost and southernmost points where its arc passes them (where its heading passes 90° or 270°).
    /// - Complexity: O(pieces).
    static func highestLatitude(of pieces: [TrackPiece], on grid: TileGrid) -> Double {
        var top = Double.infinity
        var bottom = -Double.infinity
        for piece in pieces {
            for y in [piece.start.y, piece.end.y] {
                top = Swift.min(top, y)
                bottom = Swift.max(bottom, y)
            }
            guard case .turn(let turn) = piece, turn.radius > 0 else { continue }
            // Position C − σρ·r(h) has y = C.y − σρ·sin h: its extremes are where the heading passes 90° or 270°.
            for extreme in [90.0, 270.0] {
                let from = turn.sign > 0 ? turn.heading : turn.endHeading
                let swept = Degrees.normalizedHeading(extreme - from)
                if turn.degrees >= 360 || swept <= turn.degrees {
                    let y = turn.center.y - turn.sign * turn.radius * (extreme == 90 ? 1 : -1)
                    top = Swift.min(top, y)
                    bottom = Swift.max(bottom, y)
                }
            }
        }
        return Swift.max(abs(grid.latitude(atPixelY: top)), abs(grid.latitude(atPixelY: bottom)))
    }

    /// The same track with a lateral band of at least `metres` on the ground everywhere
    /// (``lateralBand(metres:on:)``).
    /// - Throws: ``StencilError`` for a negative or non-finite band, or a band whose footprint passes the limits of
    ///   ``FootprintLimits``.
    public func withLateralBand(metres: Double, on body: Body? = nil) throws(StencilError) -> Track {
        try StencilError.requireNonNegative(metres, "Lateral band (m)")
        return try Track(
            pieces: pieces, grid: grid, screen: screen, lateralBand: lateralBand(metres: metres, on: body),
            closure: closure, planMeasure: planMeasure, legStarts: legStarts)
    }
}
