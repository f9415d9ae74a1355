import Foundation
import MercatorMath
import StencilKit

/// An SVG picture of a view: the tile grid, the visible tiles (ghosts labelled with their real column), the
/// prefetch ring, the footprint and the grown footprint, the centre with its bearing, ±180° and the terrain's edges.
struct ViewDrawing {
    let setup: ViewSetup
    let visible: [VisibleTile]
    let ring: [VisibleTile]
    let grown: Footprint

    init(_ setup: ViewSetup) throws(StencilError) {
        self.setup = setup
        var visible: [VisibleTile] = []
        var ring: [VisibleTile] = []
        setup.viewport.visibleTiles(into: &visible)
        try setup.viewport.prefetchRing(width: setup.scenario.ring, into: &ring)
        self.visible = visible
        self.ring = ring
        let f = setup.viewport.footprint
        grown = Footprint(
            origin: f.origin, heading: f.heading, along: f.along.widened(by: setup.scenario.ring),
            across: f.across.widened(by: setup.scenario.ring))
    }

    func render() -> String {
        let grid = setup.grid
        let t = grid.tileLength
        let view = setup.viewport
        let box = grown.corners.bounds
        let c0 = Int((box.minX / t).rounded(.down)) - 1
        let c1 = Int((box.maxX / t).rounded(.up)) + 1
        let r0 = Int((box.minY / t).rounded(.down)) - 1
        let r1 = Int((box.maxY / t).rounded(.up)) + 1
        let world = Bounds(minX: Double(c0) * t, minY: Double(r0) * t, maxX: Double(c1) * t, maxY: Double(r1) * t)
        let worldWidth = world.maxX - world.minX
        let worldHeight = world.maxY - world.minY
        let scale = min(1200 / worldWidth, 900 / worldHeight)  // picture points per terrain pixel
        let px = { (v: Double) in v / scale }
        let n = { (v: Double) in fmt(v, decimals: 2) }
        let legendHeight = 80.0
        var s = SvgDrawing.open(
            "svg",
            [
                ("xmlns", "http://www.w3.org/2000/svg"), ("width", n(max(worldWidth * scale, 900))),
                ("height", n(worldHeight * scale + legendHeight)), ("font-family", "Helvetica, Arial, sans-serif"),
            ])
        s += SvgDrawing.tag("rect", [("width", "100%"), ("height", "100%"), ("fill", "white")])
        s += "<defs>\n"
        s += SvgDrawing.stripes(id: "offterrain", size: px(10), stripe: px(2), fill: "#f0f0f0", colour: "#d9d9d9")
        s += "</defs>\n"
        let name = setup.scenario.name ?? setup.scenario.source
        let lines = [
            "\(name) — \(setup.scenario.summary ?? "")",
            "\(grid)\(setup.level.map { " · level \($0)" } ?? "") · centre (\(fmt(view.center.x, decimals: 2)), "
                + "\(fmt(view.center.y, decimals: 2))) px · bearing \(fmt(view.bearing))° · screen "
                + "\(fmt(view.screen.width))×\(fmt(view.screen.height)) at \(fmt(view.screen.scale, decimals: 4)) px/pt",
            "visible \(visible.count) tiles (green, ghosts → real column) · ring of \(fmt(setup.scenario.ring)) px: "
                + "\(ring.count) tiles (orange) · footprint black, grown footprint dashed",
        ]
        for (i, line) in lines.enumerated() {
            s += SvgDrawing.tag(
                "text", [("x", "12"), ("y", "\(22 + 20 * i)"), ("font-size", i == 0 ? "16" : "13")],
                content: escape(line))
        }
        s += SvgDrawing.open(
            "svg",
            [
                ("x", "0"), ("y", n(legendHeight)), ("width", n(worldWidth * scale)),
                ("height", n(worldHeight * scale)),
                ("viewBox", "\(n(world.minX)) \(n(world.minY)) \(n(worldWidth)) \(n(worldHeight))"),
            ])
        if world.minY < 0 { s += rect(world.minX, world.minY, worldWidth, -world.minY, "url(#offterrain)") }
        if world.maxY > grid.height {
            s += rect(world.minX, grid.height, worldWidth, world.maxY - grid.height, "url(#offterrain)")
        }
        for v in ring { s += rect(v.origin.x, v.origin.y, t, t, "#fdae6b") }
        for v in visible { s += rect(v.origin.x, v.origin.y, t, t, "#74c476") }
        // Tile edges, when there are not too many to draw.
        if (c1 - c0) + (r1 - r0) <= 400 {
            s += SvgDrawing.open("g", [("stroke", "#969696"), ("stroke-width", n(px(0.6)))])
            for c in c0...c1 { s += line(Double(c) * t, world.minY, Double(c) * t, world.maxY) }
            for r in r0...r1 { s += line(world.minX, Double(r) * t, world.maxX, Double(r) * t) }
            s += "</g>\n"
        }
        let tilePx = t * scale
        if tilePx >= 18 {
            for v in visible + ring where v.realTile.column != v.tile.column {
                s += SvgDrawing.tag(
                    "text",
                    [
                        ("x", n(v.origin.x + t / 2)), ("y", n(v.origin.y + t / 2 + px(4))),
                        ("font-size", n(px(min(11, tilePx / 3)))), ("fill", "#08519c"), ("text-anchor", "middle"),
                    ], content: "→\(v.realTile.column)")
            }
        }
        // ±180° (x = k·width) and the terrain's top and bottom edges.
        let firstCopy = Int((world.minX / grid.width).rounded(.up))
        let lastCopy = Int((world.maxX / grid.width).rounded(.down))
        if firstCopy <= lastCopy, lastCopy - firstCopy <= 100 {
            for k in firstCopy...lastCopy {
                let x = Double(k) * grid.width
                s += line(
                    x, world.minY, x, world.maxY, colour: "#cb181d", width: px(2), dash: "\(n(px(8))) \(n(px(5)))")
            }
        }
        for y in [0.0, grid.height] where y > world.minY && y < world.maxY {
            s += line(world.minX, y, world.maxX, y, colour: "#525252", width: px(2))
        }
        s += polygon(grown.corners, colour: "black", width: px(1.5), dash: "\(n(px(6))) \(n(px(4)))")
        s += polygon(view.footprint.corners, colour: "black", width: px(2.5))
        s += SvgDrawing.tag(
            "circle", [("cx", n(view.center.x)), ("cy", n(view.center.y)), ("r", n(px(5))), ("fill", "black")])
        let tip = view.center + px(40) * view.footprint.ahead
        s += line(view.center.x, view.center.y, tip.x, tip.y, colour: "black", width: px(2.5))
        s += "</svg>\n</svg>\n"
        return s
    }

    private func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ fill: String) -> String {
        SvgDrawing.tag(
            "rect",
            [
                ("x", fmt(x, decimals: 2)), ("y", fmt(y, decimals: 2)), ("width", fmt(w, decimals: 2)),
                ("height", fmt(h, decimals: 2)), ("fill", fill),
            ])
    }

    private func line(
        _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, colour: String? = nil, width: Double? = nil,
        dash: String? = nil
    ) -> String {
        var attributes = [
            ("x1", fmt(x1, decimals: 2)), ("y1", fmt(y1, decimals: 2)), ("x2", fmt(x2, decimals: 2)),
            ("y2", fmt(y2, decimals: 2)),
        ]
        if let colour { attributes.append(("stroke", colour)) }
        if let width { attributes.append(("stroke-width", fmt(width, decimals: 2))) }
        if let dash { attributes.append(("stroke-dasharray", dash)) }
        return SvgDrawing.tag("line", attributes)
    }

    private func polygon(_ q: Quad, colour: String, width: Double, dash: String? = nil) -> String {
        var attributes = [
            ("fill", "none"), ("stroke", colour), ("stroke-width", fmt(width, decimals: 2)),
            (
                "points",
                [q.a, q.b, q.c, q.d].map { "\(fmt($0.x, decimals: 2)),\(fmt($0.y, decimals: 2))" }.joined(
                    separator: " ")
            ),
        ]
        if let dash { attributes.append(("stroke-dasharray", dash)) }
        return SvgDrawing.tag("polygon", attributes)
    }

    private func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
