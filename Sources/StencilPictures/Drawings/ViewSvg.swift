import Foundation
import MercatorMath
import StencilKit

/// An SVG picture of a view: the tile grid, the visible tiles (ghosts labelled with their real column), the
/// prefetch ring, the footprint and the grown footprint, the centre with its bearing, ±180° and the terrain's edges.
public struct ViewDrawing: Sendable {
    /// The view.
    public let viewport: Viewport
    /// The prefetch ring's width in px.
    public let ringWidth: Double
    /// The view's XYZ level, if it has one (named in the caption).
    public let level: Int?
    /// The caption's title (`name — description`).
    public let title: String
    /// The visible tiles.
    public let visible: [VisibleTile]
    /// The tiles of the prefetch ring.
    public let ring: [VisibleTile]
    /// The footprint grown by the ring's width.
    public let grown: Footprint

    /// The picture of `viewport` with a prefetch ring `ringWidth` px wide, at `level` (if known), titled `title`.
    /// - Throws: the errors of ``/StencilKit/Viewport/prefetchRing(width:order:into:)``.
    public init(viewport: Viewport, ringWidth: Double, level: Int?, title: String) throws(StencilError) {
        self.viewport = viewport
        self.ringWidth = ringWidth
        self.level = level
        self.title = title
        var visible: [VisibleTile] = []
        var ring: [VisibleTile] = []
        viewport.visibleTiles(into: &visible)
        try viewport.prefetchRing(width: ringWidth, into: &ring)
        self.visible = visible
        self.ring = ring
        let f = viewport.footprint
        grown = Footprint(
            origin: f.origin, heading: f.heading, along: f.along.widened(by: ringWidth),
            across: f.across.widened(by: ringWidth))
    }

    /// The pictures' colours.
    private typealias Colour = Svg.Colour

    /// The picture as SVG text.
    public func render() -> String {
        let grid = viewport.grid
        let t = grid.tileLength
        let view = viewport
        let box = grown.corners.bounds
        let window = Svg.TileWindow(around: box, tileLength: t)
        let world = window.world
        let worldWidth = world.maxX - world.minX
        let worldHeight = world.maxY - world.minY
        // Laid out for a page about 680 points wide, like the route picture (``FlightDrawing``).
        let scale = min(FlightDrawing.pageWidth / worldWidth, 640 / worldHeight)  // picture points per terrain pixel
        let px = { (v: Double) in v / scale }
        let n = Svg.number
        let figureWidth = max(worldWidth * scale, FlightDrawing.pageWidth)
        var s = "<defs>\n"
        s += Svg.stripes(
            id: "offterrain", size: px(10), stripe: px(2), fill: Colour.offTerrain, colour: Colour.offTerrainStripe)
        s += "</defs>\n"
        let lines = [
            title,
            "\(grid)\(level.map { " · level \($0)" } ?? "") · centre (\(fmt(view.center.x, decimals: 2)), "
                + "\(fmt(view.center.y, decimals: 2))) px · bearing \(fmt(view.bearing))° · screen "
                + "\(fmt(view.screen.width))×\(fmt(view.screen.height)) at \(fmt(view.screen.scale, decimals: 4)) px/pt",
            "visible \(visible.count) tiles (green, ghosts → real column) · ring of \(fmt(ringWidth)) px: "
                + "\(ring.count) tiles (orange) · footprint black, grown footprint dashed",
        ]
        var caption = ""
        var y = 22.0
        for (i, line) in lines.enumerated() {
            for part in FlightDrawing.wrap(line, characters: Int((figureWidth - 24) / (i == 0 ? 9 : 7))) {
                caption += Svg.tag(
                    "text", [("x", "12"), ("y", n(y)), ("font-size", i == 0 ? "16" : "13")], content: Svg.escape(part))
                y += i == 0 ? 21 : 19
            }
        }
        let legendHeight = y + 4
        s = Svg.header(width: figureWidth, height: worldHeight * scale + legendHeight) + s + caption
        s += Svg.map(y: legendHeight, width: worldWidth * scale, height: worldHeight * scale, world: world)
        s += Svg.offTerrain(world, terrainHeight: grid.height)
        for v in ring { s += Svg.rect(v.origin.x, v.origin.y, t, t, fill: Colour.ring) }
        for v in visible { s += Svg.rect(v.origin.x, v.origin.y, t, t, fill: Colour.visible) }
        // Tile edges, when there are not too many to draw.
        if (window.lastColumn - window.firstColumn) + (window.lastRow - window.firstRow) <= 400 {
            s += Svg.open("g", [("stroke", Colour.grid), ("stroke-width", n(px(0.6)))])
            s += Svg.tileEdges(window, tileLength: t)
            s += "</g>\n"
        }
        let tilePx = t * scale
        if tilePx >= 30 {
            for v in visible + ring where v.realTile.column != v.tile.column {
                s += Svg.text(
                    v.origin.x + t / 2, v.origin.y + t / 2 + px(4), "→\(v.realTile.column)",
                    size: px(12), colour: Colour.ghostLabel, anchor: "middle")
            }
        }
        // ±180° (x = k·width) and the terrain's top and bottom edges.
        let firstCopy = Int((world.minX / grid.width).rounded(.up))
        let lastCopy = Int((world.maxX / grid.width).rounded(.down))
        if firstCopy <= lastCopy, lastCopy - firstCopy <= 100 {
            for k in firstCopy...lastCopy {
                let x = Double(k) * grid.width
                s += Svg.line(
                    PixelPoint(x: x, y: world.minY), PixelPoint(x: x, y: world.maxY), colour: Colour.antimeridian,
                    width: px(2), dash: "\(n(px(8))) \(n(px(5)))")
            }
        }
        for y in [0.0, grid.height] where y > world.minY && y < world.maxY {
            s += Svg.line(
                PixelPoint(x: world.minX, y: y), PixelPoint(x: world.maxX, y: y), colour: Colour.label, width: px(2))
        }
        s += Svg.polygon(grown.corners, colour: "black", width: px(1.5), dash: "\(n(px(6))) \(n(px(4)))")
        s += Svg.polygon(view.footprint.corners, colour: "black", width: px(2.5))
        s += Svg.tag(
            "circle", [("cx", n(view.center.x)), ("cy", n(view.center.y)), ("r", n(px(5))), ("fill", "black")])
        let tip = view.center + px(40) * view.footprint.ahead
        s += Svg.line(view.center, tip, colour: "black", width: px(2.5))
        s += "</svg>\n</svg>\n"
        return s
    }
}
