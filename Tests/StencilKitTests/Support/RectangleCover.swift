import Foundation

/// A union of rotated rectangles, sampled from continuous families (the footprints along a curve, through a pivot),
/// that answers "is every point of this rectangle within ε of the union?" rigorously, for the ε-bound tests of
/// great-circle chains (MODEL.md §7).
///
/// Distance to a union of rectangles is the least distance to any of them. Distance to one convex set is a convex
/// function along a segment, so a segment whose two ends lie within ε of the same rectangle lies within ε of it
/// everywhere. A source rectangle's edges are certified that way, bisected where no single rectangle covers a
/// piece. Distance to the union is 1-Lipschitz, so a piece whose ends lie at da, db ≤ ε is within (da + db + ℓ)/2
/// everywhere: it passes when that is ≤ ε, or when it is shorter than `shortest` (then within ε + shortest/2).
/// Interior points are checked on a 5 × 5 grid.
///
/// The stored rectangles are samples of continuous families, so distance to them over-estimates distance to the
/// true union; before a point is declared too far, each nearby sample is refined: its family is evaluated across the
/// gaps to its neighbours, ever more finely around the nearest parameter.
///
/// Each sample has a key, its position along the track in pixels; a source is compared with the samples whose key
/// lies within `window` of its own (nearest first), which must include every rectangle that can come near it.
struct RectangleCover {
    /// Origin + p·u + q·r for p ∈ [p0, p1], q ∈ [q0, q1], with r = (−u_y, u_x).
    struct Rect {
        var ox: Double, oy: Double
        var ux: Double, uy: Double
        var p0: Double, p1: Double, q0: Double, q1: Double

        init(x: Double, y: Double, heading: Double, along: (Double, Double), across: (Double, Double)) {
            ox = x
            oy = y
            let u = TrackGeometry.ahead(heading)
            ux = u.x
            uy = u.y
            (p0, p1) = along
            (q0, q1) = across
        }

        var rx: Double { -uy }
        var ry: Double { ux }

        func distance(_ x: Double, _ y: Double) -> Double {
            let dx = x - ox
            let dy = y - oy
            let p = dx * ux + dy * uy
            let q = dx * rx + dy * ry
            let a = max(p0 - p, 0, p - p1)
            let b = max(q0 - q, 0, q - q1)
            return (a * a + b * b).squareRoot()
        }

        func point(_ p: Double, _ q: Double) -> (Double, Double) { (ox + p * ux + q * rx, oy + p * uy + q * ry) }

        var corners: [(Double, Double)] { [point(p0, q0), point(p1, q0), point(p1, q1), point(p0, q1)] }
    }

    struct Sample {
        var rect: Rect
        /// Position along the track in pixels.
        var key: Double
        /// The family it samples (nil for a rectangle that is exact as it is), and the parameters of its
        /// neighbours in the family, to refine between.
        var family: Int?
        var lower: Double
        var upper: Double
        /// How far any point of the rectangle moves as the family's parameter runs over [lower, upper] (only
        /// samples within that of the best distance can improve on it when refined).
        var spread: Double = 0
    }

    /// The largest distance between matching corners of rectangles, times 1.5: a bound on how far a family's
    /// points move between samples this close (rotation by φ moves a point at distance ρ by ρ·φ ≤ 1.5·chord).
    static func spread(_ rects: [Rect]) -> Double {
        var worst = 0.0
        for a in rects {
            for b in rects {
                for (p, q) in zip(a.corners, b.corners) { worst = max(worst, hypot(p.0 - q.0, p.1 - q.1)) }
            }
        }
        return 1.5 * worst + 1e-6
    }

    let samples: [Sample]
    let keys: [Double]
    let families: [(Double) -> Rect]
    let window: Double

    init(samples: [Sample], families: [(Double) -> Rect], window: Double) {
        self.samples = samples.sorted { $0.key < $1.key }
        keys = self.samples.map(\.key)
        self.families = families
        self.window = window
    }

    /// The samples whose key lies within the window of `key`, nearest first.
    func candidates(near key: Double) -> [Sample] {
        var lo = 0
        var hi = keys.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if keys[mid] < key - window { lo = mid + 1 } else { hi = mid }
        }
        var hiEnd = lo
        while hiEnd < keys.count && keys[hiEnd] <= key + window { hiEnd += 1 }
        // Merge outward from the key: nearest first.
        var right = lo
        while right < hiEnd && keys[right] < key { right += 1 }
        var left = right - 1
        var list: [Sample] = []
        list.reserveCapacity(hiEnd - lo)
        while left >= lo || right < hiEnd {
            if right >= hiEnd || (left >= lo && key - keys[left] <= keys[right] - key) {
                list.append(samples[left])
                left -= 1
            } else {
                list.append(samples[right])
                right += 1
            }
        }
        return list
    }

    /// Checks one source rectangle at track position `key`; the worst violation found, or nil.
    func violation(of source: Rect, key: Double, within e: Double, shortest: Double = 1e-3) -> (
        point: (Double, Double), distance: Double
    )? {
        Local(cover: self, list: candidates(near: key)).violation(of: source, within: e, shortest: shortest)
    }

    /// The refined distance from a point at track position `key` to the union.
    func distance(_ x: Double, _ y: Double, key: Double) -> Double {
        Local(cover: self, list: candidates(near: key)).refinedDistance(x, y)
    }

    /// The checks against one candidate list (refined distances cached by point).
    final class Local {
        let cover: RectangleCover
        let list: [Sample]
        var cache: [Pair: Double] = [:]

        struct Pair: Hashable {
            let x: Double, y: Double
        }

        init(cover: RectangleCover, list: [Sample]) {
            self.cover = cover
            self.list = list
        }

        func sampledDistance(_ x: Double, _ y: Double) -> Double {
            var best = Double.infinity
            for s in list {
                best = min(best, s.rect.distance(x, y))
                if best == 0 { return 0 }
            }
            return best
        }

        /// The distance with each nearby sample's family refined between its neighbours: 9 parameters, then 9
        /// more across the best one's gaps, three times (a resolution of 1/512 of the neighbours' gap). Every value
        /// tried is a real member of the family, so the result is still an upper bound of the true distance.
        func refinedDistance(_ x: Double, _ y: Double) -> Double {
            let pair = Pair(x: x, y: y)
            if let known = cache[pair] { return known }
            var best = sampledDistance(x, y)
            if best > 0 {
                for s in list {
                    guard let family = s.family, s.rect.distance(x, y) - s.spread < best else { continue }
                    let f = cover.families[family]
                    var lo = s.lower
                    var hi = s.upper
                    for _ in 0..<3 {
                        var bestT = lo
                        var local = Double.infinity
                        for k in 0...8 {
                            let t = lo + (hi - lo) * Double(k) / 8
                            let d = f(t).distance(x, y)
                            if d < local {
                                local = d
                                bestT = t
                            }
                        }
                        best = min(best, local)
                        let step = (hi - lo) / 8
                        (lo, hi) = (max(s.lower, bestT - step), min(s.upper, bestT + step))
                    }
                    if best == 0 { break }
                }
            }
            cache[pair] = best
            return best
        }

        func coversSegment(_ a: (Double, Double), _ b: (Double, Double), within e: Double) -> Bool {
            for s in list where s.rect.distance(a.0, a.1) <= e && s.rect.distance(b.0, b.1) <= e { return true }
            return false
        }

        func violation(of source: Rect, within e: Double, shortest: Double) -> (
            point: (Double, Double), distance: Double
        )? {
            let corners = source.corners
            for k in 0..<4 {
                if let bad = segment(corners[k], corners[(k + 1) % 4], within: e, shortest: shortest, depth: 0) {
                    return bad
                }
            }
            for i in 1...5 {
                for j in 1...5 {
                    let x = source.point(
                        source.p0 + (source.p1 - source.p0) * Double(i) / 6,
                        source.q0 + (source.q1 - source.q0) * Double(j) / 6)
                    if sampledDistance(x.0, x.1) > e {
                        let d = refinedDistance(x.0, x.1)
                        if d > e { return (x, d) }
                    }
                }
            }
            return nil
        }

        private func segment(
            _ a: (Double, Double), _ b: (Double, Double), within e: Double, shortest: Double, depth: Int
        ) -> (point: (Double, Double), distance: Double)? {
            if coversSegment(a, b, within: e) { return nil }
            let da = refinedDistance(a.0, a.1)
            if da > e { return (a, da) }
            let db = refinedDistance(b.0, b.1)
            if db > e { return (b, db) }
            // Distance is 1-Lipschitz: on the segment it is at most (da + db + length)/2.
            let length = hypot(b.0 - a.0, b.1 - a.1)
            if (da + db + length) / 2 <= e || length < shortest || depth > 40 { return nil }
            let mid = ((a.0 + b.0) / 2, (a.1 + b.1) / 2)
            if let bad = segment(a, mid, within: e, shortest: shortest, depth: depth + 1) { return bad }
            return segment(mid, b, within: e, shortest: shortest, depth: depth + 1)
        }
    }
}
