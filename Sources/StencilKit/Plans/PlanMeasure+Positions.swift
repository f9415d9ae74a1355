/// How a plan reads a track's ``PlanMeasure``: the span of each piece, the measure's length and the position of a
/// pose. The measure itself belongs to the track (every track carries one and its builder chooses it); these are the
/// plans' questions of it.
extension PlanMeasure {
    /// The measure's span of piece `index` of `track`.
    /// - Complexity: O(1).
    func span(ofPiece index: Int, in track: Track) -> PieceSpan {
        switch self {
        case .arcLength:
            let a = track.pieceStarts[index]
            let b = track.pieceStarts[index + 1]
            return PieceSpan(Interval(a, b), a == b ? .whole : .forward)
        case .pieceSpans(let spans, _):
            return spans[index]
        }
    }

    /// The measure's total length M: positions run over [0, M].
    func length(of track: Track) -> Double {
        switch self {
        case .arcLength: return track.length
        case .pieceSpans(_, let length): return length
        }
    }

    /// The position of a pose of `track`, and whether it is walked backward there (at a split point exactly, a pose
    /// walked forward is in the segment being entered going forward, one walked backward in the one entered going
    /// backward).
    /// - Complexity: O(1).
    public func position(of pose: TrackPose, in track: Track) -> (position: Double, backward: Bool) {
        switch self {
        case .arcLength: return (pose.arcLength, false)
        case .pieceSpans(let spans, _):
            let span = spans[pose.piece]
            let local = track.pieces[pose.piece].arcLength(at: pose.parameter)
            switch span.direction {
            case .forward: return (span.range.lower + local, false)
            case .backward: return (span.range.upper - local, true)
            case .whole: return (span.range.lower, false)
            }
        }
    }
}
