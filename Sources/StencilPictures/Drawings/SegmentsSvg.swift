import Foundation
import StencilKit

/// An SVG picture of a budget plan's segments: the track drawn in the colour of the segment each frame is flown in,
/// and every stencil tile split into one stripe per segment whose working set holds it, so a tile two segments share
/// shows both colours.
public struct SegmentsDrawing: Sendable {
    /// The stencil whose tiles are striped.
    public let stencil: Stencil
    /// The plan whose segments are drawn.
    public let plan: BudgetPlan
    /// The frames whose poses draw the track.
    public let frames: TrackFrames
    /// The caption: a title, then a line of detail.
    public let caption: [String]

    /// The picture of `plan`'s segments over `stencil`, the track drawn through `frames`, under `caption`.
    public init(stencil: Stencil, plan: BudgetPlan, frames: TrackFrames, caption: [String]) {
        self.stencil = stencil
        self.plan = plan
        self.frames = frames
        self.caption = caption
    }

    /// The segments' colours, in turn (a plan of more segments reuses them).
    public static let palette = [
        "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
    ]

    /// The colour of segment `i`.
    public static func colour(_ i: Int) -> String { palette[i % palette.count] }

    /// The segments whose working set holds the real tile of unwrapped column `column` in row `row`, in order.
    public func segments(holding tile: TileIndex) -> [Int] {
        let real = TileIndex(column: stencil.grid.realColumn(of: tile.column), row: tile.row)
        return plan.segments.indices.filter { plan.segments[$0].workingSet.contains(real) }
    }

    /// The picture as SVG text.
    public func render() -> String {
        let grid = stencil.grid
        let t = grid.tileLength
        let window = Svg.TileWindow(around: stencil.unwrapped.pictureBounds(tileLength: t), tileLength: t)
        let world = window.world
        let worldWidth = world.maxX - world.minX
        let worldHeight = world.maxY - world.minY
        // Laid out for a page about 680 points wide, like the route picture (``FlightDrawing``).
        let scale = min(FlightDrawing.pageWidth / worldWidth, 560 / worldHeight)
        let px = { (v: Double) in v / scale }
        let figureWidth = max(worldWidth * scale, FlightDrawing.pageWidth)
        var legend = ""
        var y = 22.0
        for (i, line) in caption.prefix(2).enumerated() {
            for part in FlightDrawing.wrap(line, characters: Int((figureWidth - 24) / (i == 0 ? 9 : 7))) {
                legend += Svg.tag(
                    "text", [("x", "12"), ("y", Svg.number(y)), ("font-size", i == 0 ? "16" : "13")],
                    content: Svg.escape(part))
                y += i == 0 ? 21 : 19
            }
        }
        var x = 12.0
        var row = y - 8
        for (i, segment) in plan.segments.enumerated() {
            let label = "\(i + 1): \(segment.workingSet.count) tiles"
            let itemWidth = 22 + Double(label.count) * 7 + 14
            if x > 12 && x + itemWidth > figureWidth - 12 {
                x = 12
                row += 20
                if row > y + 40 { break }
            }
            legend += Svg.rect(x, row, 18, 12, fill: Self.colour(i))
            legend += Svg.text(x + 22, row + 11, label, size: 12, colour: "black")
            x += itemWidth
        }
        let legendHeight = row + 24
        var s = Svg.header(width: figureWidth, height: worldHeight * scale + legendHeight) + legend
        s += Svg.map(y: legendHeight, width: worldWidth * scale, height: worldHeight * scale, world: world)
        s += Svg.offTerrain(world, terrainHeight: grid.height)
        s +=
            "<defs>\n"
            + Svg.stripes(
                id: "offterrain", size: px(10), stripe: px(2), fill: Svg.Colour.offTerrain,
                colour: Svg.Colour.offTerrainStripe) + "</defs>\n"
        s += "<g id=\"segment-tiles\">\n"
        for tile in stencil.unwrapped {
            let holders = segments(holding: tile)
            let stripe = t / Double(max(holders.count, 1))
            for (k, i) in holders.enumerated() {
                s += Svg.rect(
                    Double(tile.column) * t + Double(k) * stripe, Double(tile.row) * t, stripe, t, fill: Self.colour(i),
                    opacity: 0.45)
            }
        }
        s += "</g>\n"
        s += Svg.open("g", [("stroke", Svg.Colour.grid), ("stroke-width", Svg.number(px(0.6)))])
        if t * scale >= 1 { s += Svg.tileEdges(window, tileLength: t) }
        s += "</g>\n"
        // The track, frame by frame (at most about 4000 poses), in the colour of the segment flown.
        let stride = max(1, frames.count / 4000)
        var run: [PixelPoint] = []
        var runSegment = -1
        let flush = {
            (points: [PixelPoint], segment: Int) -> String in
            guard points.count > 1, segment >= 0 else { return "" }
            return Svg.tag(
                "polyline",
                [
                    ("fill", "none"), ("stroke", Self.colour(segment)), ("stroke-width", Svg.number(px(5))),
                    ("stroke-linecap", "round"), ("points", Svg.points(points)),
                ])
        }
        for k in Swift.stride(from: 0, to: frames.count, by: stride) {
            let pose = frames.pose(ofFrame: k)
            let segment = plan.segmentIndex(for: pose)
            if segment != runSegment {
                s += flush(run, runSegment)
                run = run.last.map { [$0] } ?? []
                runSegment = segment
            }
            run.append(pose.position)
        }
        s += flush(run, runSegment)
        s += "</svg>\n</svg>\n"
        return s
    }
}
