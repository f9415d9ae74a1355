import Foundation
import MercatorMath
import StencilKit

/// A number as the pictures' captions and labels write it: at most `decimals` decimals, trailing zeros dropped, `-0`
/// as `0`, infinities as `∞` and `-∞`. Public, so that the benchmark's reports write numbers as its pictures do.
public func fmt(_ x: Double, decimals: Int = 3) -> String {
    guard x.isFinite else { return x > 0 ? "∞" : "-∞" }
    var s = String(format: "%.\(decimals)f", x)
    if s.contains(".") {
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
    }
    return s == "-0" ? "0" : s
}

/// One slot held by one tile in a streaming schedule, from its request through its eviction: a bar of the residency
/// chart and a tile's life in the flight animation. Times are seconds from take-off.
public struct ScheduleHold: Sendable, Hashable {
    /// The real tile.
    public let tile: TileIndex
    /// The request time: the slot is taken from here.
    public let request: Double
    /// The completion time: the texture can be drawn from here.
    public let completion: Double
    /// The eviction time, or nil when the tile stays to the end of the flight.
    public let eviction: Double?

    /// A hold of `tile` from `request` through `eviction` (nil: to the end), drawable from `completion`.
    public init(tile: TileIndex, request: Double, completion: Double, eviction: Double?) {
        self.tile = tile
        self.request = request
        self.completion = completion
        self.eviction = eviction
    }
}

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
