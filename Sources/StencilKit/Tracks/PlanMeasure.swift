/// How a plan measures position along a track (the geometry model's *Stencil, culling and budget* and *Tracks*
/// articles): split points, segment ranges and crossings are positions u in this measure, and the working set of
/// an interval [u₀, u₁] is every tile visible from a pose whose position lies in it.
///
/// Every piece occupies a range of positions and is walked through it forward (local arc length λ = u − lower),
/// backward (λ = upper − u), or held whole at one position (all of the piece belongs to every interval holding it).
/// Always true: sorted by (lower, upper), the pieces' ranges have non-decreasing lower and upper ends, so the planner
/// finds the pieces an interval meets by one binary search and walks them in order.
public enum PlanMeasure: Sendable, Hashable {
    /// Arc length s from the track's start (a pivot at s belongs to every interval holding s). On a loop it wraps:
    /// a segment may run through the take-off point.
    case arcLength
    /// A position range and walking direction for each piece, over positions 0…`length`. The racetrack's measure
    /// is one: both legs over [0, L] (outbound forward, the return backward: its position projected on u(θ) from
    /// P_A), the U-turn at B held whole at L and the one at A at 0, so the first and last segments own the turns.
    case pieceSpans([PieceSpan], length: Double)

    /// How a piece occupies positions of a ``PlanMeasure``.
    public struct PieceSpan: Sendable, Hashable {
        /// The positions the piece occupies.
        public let range: Interval
        /// How its poses map to those positions.
        public let direction: Direction

        /// Creates a span.
        public init(_ range: Interval, _ direction: Direction) {
            self.range = range
            self.direction = direction
        }
    }

    /// How a piece's poses map to positions.
    public enum Direction: Sendable, Hashable {
        /// Local arc length λ = u − lower.
        case forward
        /// Local arc length λ = upper − u.
        case backward
        /// The whole piece at one position (lower = upper).
        case whole
    }

    /// The measure of the same track flown backwards (pieces in reverse order): positions u ↦ M − u.
    func reversed(length: Double) -> PlanMeasure {
        guard case .pieceSpans(let spans, let total) = self else { return self }
        return .pieceSpans(
            spans.reversed().map { span in
                let range = Interval(total - span.range.upper, total - span.range.lower)
                switch span.direction {
                case .forward: return PieceSpan(range, .backward)
                case .backward: return PieceSpan(range, .forward)
                case .whole: return PieceSpan(range, .whole)
                }
            }, length: total)
    }

    /// The measure of the same track with every length scaled by `factor`.
    func scaled(by factor: Double) -> PlanMeasure {
        guard case .pieceSpans(let spans, let total) = self else { return self }
        return .pieceSpans(
            spans.map { PieceSpan(Interval($0.range.lower * factor, $0.range.upper * factor), $0.direction) },
            length: total * factor)
    }
}
