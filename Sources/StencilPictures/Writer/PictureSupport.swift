import Foundation
import MercatorMath
import StencilKit

extension TrackPiece {
    /// The box a picture keeps around the piece's centre line: a segment's ends, or a turn's whole circle.
    var pictureBounds: PixelBounds {
        switch self {
        case .straight(let p): return PixelBounds.empty.including(p.start).including(p.end)
        case .turn(let p):
            let r = p.radius
            return PixelBounds(minX: p.center.x - r, minY: p.center.y - r, maxX: p.center.x + r, maxY: p.center.y + r)
        }
    }

    /// The points a picture draws the piece's centre line through: a segment's ends, or the arc sampled every 5° (a
    /// pivot's centre).
    var picturePoints: [PixelPoint] {
        switch self {
        case .straight(let s): return [s.start, s.end]
        case .turn(let turn):
            guard turn.radius > 0 else { return [turn.center] }
            let steps = max(1, Int((turn.degrees / 5).rounded(.up)))
            return (0...steps).map { turn.position(at: turn.degrees * Double($0) / Double(steps)) }
        }
    }
}

extension TileSet {
    /// The box of the tiles, in terrain pixels, on tiles `t` px wide.
    func pictureBounds(tileLength t: Double) -> PixelBounds {
        var box = PixelBounds.empty
        for span in spans {
            box = box.including(PixelPoint(x: Double(span.first) * t, y: Double(span.row) * t))
            box = box.including(PixelPoint(x: (Double(span.last) + 1) * t, y: Double(span.row + 1) * t))
        }
        return box
    }
}
