import Foundation
import MercatorMath

/// The corridor's tiles at one level, found by sweeping along the centreline's pieces instead of testing the world:
/// each piece proposes, row by row, the columns its d-neighbourhood may reach (a conservative interval), and each
/// proposed tile is kept when its square lies at distance < d from the piece (``SquareDistance``, exact).
///
/// Why no tile is missed: a point p within d of a straight piece a–b has its nearest piece point q within d of it,
/// so in the row whose band of rows holds p, q lies on the part of a–b clipped to the band grown by d, and p.x lies
/// within d of that part's x-range. An arc is proposed through its chords, each of angle at most 90° and sagitta
/// s ≤ T/2 (every point of a sub-arc lies within s of its chord), with d + s in place of d. Every interval is
/// widened by a slack of T/4096 px against rounding; the exact test decides.
struct CorridorSweep {
    /// The centreline's pieces in px of the level swept.
    let pieces: [TrackPiece]
    /// The corridor's half-width d in px of the level.
    let distance: Double
    /// The level's tile size T in px.
    let tileSize: Double
    /// The level's rows (and columns), 2ⁿ.
    let rows: Int

    /// Proposals of one piece: segments (from, to, reach) whose reach-neighbourhood holds the piece's
    /// d-neighbourhood, and the exact test.
    private func proposals(of piece: TrackPiece) -> [(PixelPoint, PixelPoint, Double)] {
        switch piece {
        case .straight(let s):
            return [(s.start, s.end, distance)]
        case .turn(let t):
            guard t.radius > 0 else { return [(t.start, t.start, distance)] }
            // Sub-arcs of at most 90° with sagitta ρ·(1 − cos(δ/2)) ≤ T/2.
            let cosine = Swift.max(-1, 1 - tileSize / (2 * t.radius))
            let largest = Swift.min(90, 2 * acos(cosine) * 180 / .pi)
            let count = Swift.max(1, Int((t.degrees / largest).rounded(.up)))
            let step = t.degrees / Double(count)
            let sagitta = t.radius * (1 - Degrees.sinCos(step / 2).cos)
            var out: [(PixelPoint, PixelPoint, Double)] = []
            out.reserveCapacity(count)
            var previous = t.start
            for k in 1...count {
                let next = k == count ? t.end : t.position(at: step * Double(k))
                out.append((previous, next, distance + sagitta))
                previous = next
            }
            return out
        }
    }

    /// Calls `body(row, firstColumn, lastColumn)` with every proposed row of the segment a–b grown by `reach`,
    /// rows clipped to the terrain, columns unwrapped; stops when `body` returns false, and returns whether it ran
    /// to the end.
    private func forEachRow(
        _ a: PixelPoint, _ b: PixelPoint, reach: Double, _ body: (Int, Int, Int) -> Bool
    ) -> Bool {
        let t = tileSize
        let slack = t / 4096
        let grow = reach + slack
        let top = Swift.max(0, Int(((Swift.min(a.y, b.y) - grow) / t).rounded(.down)))
        let bottom = Swift.min(rows - 1, Int(((Swift.max(a.y, b.y) + grow) / t).rounded(.down)))
        guard top <= bottom else { return true }
        let dx = b.x - a.x
        let dy = b.y - a.y
        for row in top...bottom {
            let low = Double(row) * t - grow
            let high = Double(row + 1) * t + grow
            var t0 = 0.0
            var t1 = 1.0
            if dy != 0 {
                let u = (low - a.y) / dy
                let v = (high - a.y) / dy
                t0 = Swift.max(0, Swift.min(u, v))
                t1 = Swift.min(1, Swift.max(u, v))
                guard t0 <= t1 else { continue }
            } else if a.y < low || a.y > high {
                continue
            }
            let x0 = a.x + t0 * dx
            let x1 = a.x + t1 * dx
            let first = Int(((Swift.min(x0, x1) - grow) / t).rounded(.down))
            let last = Int(((Swift.max(x0, x1) + grow) / t).rounded(.down))
            if !body(row, first, last) { return false }
        }
        return true
    }

    /// The tiles proposed: `raw` counts every piece's proposals (the tests ``runs()`` makes at most), `merged` an
    /// upper bound on the tiles kept: each row's proposals merged with the last open interval of that row when
    /// they overlap or touch (so a great-circle chain's pieces, which overlap at every joint, count once), each
    /// merged interval counting at most a world's width of real tiles. Counting stops once `merged` passes
    /// `limit` or `raw` passes `rawLimit`.
    /// - Complexity: O(rows proposed), at most O(rawLimit + pieces).
    func proposedCounts(upTo limit: Int, raw rawLimit: Int) -> (merged: Int, raw: Int) {
        var merged = 0
        var raw = 0
        var open: [Int: (first: Int, last: Int)] = [:]
        func close(_ run: (first: Int, last: Int)) { merged += Swift.min(run.last - run.first + 1, rows) }
        for piece in pieces {
            for (a, b, reach) in proposals(of: piece) {
                let done = forEachRow(a, b, reach: reach) { row, first, last in
                    raw += last - first + 1
                    if let run = open[row], first <= run.last + 1, last >= run.first - 1 {
                        open[row] = (Swift.min(run.first, first), Swift.max(run.last, last))
                    } else {
                        if let run = open[row] { close(run) }
                        open[row] = (first, last)
                    }
                    return raw <= rawLimit && merged <= limit
                }
                if !done { return (merged, raw) }
            }
        }
        for run in open.values { close(run) }
        return (merged, raw)
    }

    /// The runs of kept tiles, (row, first, last) in unwrapped columns, piece by piece (overlapping).
    /// - Complexity: O(tiles proposed).
    func runs() -> [(row: Int, first: Int, last: Int)] {
        var runs: [(row: Int, first: Int, last: Int)] = []
        // The last run kept in each row: its tiles are in whatever piece proposes them again (a chain's joints).
        var known: [Int: (first: Int, last: Int)] = [:]
        let t = tileSize
        for piece in pieces {
            let arc: Arc? =
                if case .turn(let turn) = piece, turn.radius > 0 {
                    Arc(
                        center: turn.center, start: turn.start - turn.center, sign: turn.sign,
                        rotation: SweepRotation(degrees: turn.degrees, sign: turn.sign))
                } else { nil }
            for (a, b, reach) in proposals(of: piece) {
                _ = forEachRow(a, b, reach: reach) { row, first, last in
                    var open: Int?
                    let seen = known[row]
                    for column in first...last {
                        if let seen, column >= seen.first, column <= seen.last {
                            if open == nil { open = column }
                            continue
                        }
                        let box = PixelBounds(
                            minX: Double(column) * t, minY: Double(row) * t, maxX: Double(column + 1) * t,
                            maxY: Double(row + 1) * t)
                        let kept: Bool
                        if let arc {
                            kept = SquareDistance.arc(arc, box) < distance
                        } else {
                            kept = SquareDistance.segment(piece.start, piece.end, box) < distance
                        }
                        if kept {
                            if open == nil { open = column }
                        } else if let start = open {
                            runs.append((row, start, column - 1))
                            known[row] = (start, column - 1)
                            open = nil
                        }
                    }
                    if let start = open {
                        runs.append((row, start, last))
                        known[row] = (start, last)
                    }
                    return true
                }
            }
        }
        return runs
    }
}
