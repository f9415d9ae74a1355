import Foundation
import MercatorMath
import StencilKit

/// An SVG picture of a flight: the tile grid with its edges, the stencil (ghost tiles hatched and labelled with their
/// real column), the fixed-radius baseline's extra tiles shaded and missed tiles outlined, the loop, the split
/// points, and one frame's footprint and visible tiles.
struct ScenarioDrawing {
    let setup: ScenarioSetup
    let stencil: Stencil
    /// The plan, or nil when the library refused the scenario's budget (no split points are drawn).
    let plan: BudgetPlan?
    let frame: Int
    let pose: TrackPose
    let footprint: Footprint
    let visible: [VisibleTile]
    let fixed: FixedRadiusStencil

    init(setup: ScenarioSetup, stencil: Stencil, plan: BudgetPlan?, frame: Int) throws(StencilError) {
        self.setup = setup
        self.stencil = stencil
        self.plan = plan
        self.frame = frame
        pose = setup.frames.pose(ofFrame: frame)
        var buffer: [VisibleTile] = []
        let view = try setup.track.cull(pose, lateralOffset: 0, into: &buffer)
        footprint = view.footprint
        visible = buffer
        fixed = FixedRadiusStencil(track: setup.track, exact: stencil)
    }

    /// The pictures' colours.
    private typealias Colour = Svg.Colour

    /// The picture as SVG text.
    func render() -> String {
        let grid = setup.grid
        let t = grid.tileLength
        // The world window: every stencil and baseline tile, the loop, the frame's footprint, one tile of padding.
        var box = PixelBounds.empty
        for span in stencil.unwrapped.spans + fixed.unwrapped.spans {
            box = box.including(PixelPoint(x: Double(span.first) * t, y: Double(span.row) * t))
            box = box.including(PixelPoint(x: (Double(span.last) + 1) * t, y: Double(span.row + 1) * t))
        }
        for piece in setup.track.pieces { box = box.union(CenterLine(piece).bounds) }
        box = box.union(footprint.corners.bounds)
        let window = Svg.TileWindow(around: box, tileLength: t)
        let world = window.world
        let worldWidth = world.maxX - world.minX
        let worldHeight = world.maxY - world.minY
        let scale = min(1400 / worldWidth, 900 / worldHeight)  // picture points per terrain pixel
        let picWidth = worldWidth * scale
        let picHeight = worldHeight * scale
        let legendHeight = 150.0
        let px = { (v: Double) in v / scale }  // picture points → terrain pixels
        let tilePx = t * scale

        var s = Svg.header(width: max(picWidth, 1300), height: picHeight + legendHeight)
        s += "<defs>\n"
        s += Svg.stripes(id: "ghost", size: px(8), stripe: px(3), fill: Colour.stencil, colour: Colour.ghostStripe)
        s += Svg.stripes(id: "ghost-legend", size: 8, stripe: 3, fill: Colour.stencil, colour: Colour.ghostStripe)
        s += Svg.stripes(
            id: "offterrain", size: px(10), stripe: px(2), fill: Colour.offTerrain, colour: Colour.offTerrainStripe,
            angle: -45)
        s += "</defs>\n"
        s += legend()
        s += Svg.map(y: legendHeight, width: picWidth, height: picHeight, world: world)

        // Off the terrain (above row 0, below the last row).
        s += Svg.offTerrain(world, terrainHeight: grid.height)

        // Stencil tiles (ghosts hatched), the baseline's extra tiles, visible tiles.
        // One rectangle per run (split where it crosses into a ghost world), so the picture grows with the runs.
        s += "<g id=\"stencil\">\n"
        for span in stencil.unwrapped.spans {
            for piece in Self.pieces(of: span, columns: grid.columns) {
                s += Svg.rect(
                    Double(piece.first) * t, Double(span.row) * t, Double(piece.count) * t, t,
                    fill: piece.ghost ? "url(#ghost)" : Colour.stencil)
            }
        }
        s += "</g>\n<g id=\"fixed-radius-extra\">\n"
        for span in fixed.extra.spans {
            s += Svg.rect(
                Double(span.first) * t, Double(span.row) * t, Double(span.count) * t, t, fill: Colour.extra,
                opacity: 0.75)
        }
        s += "</g>\n<g id=\"visible\">\n"
        for v in visible {
            s += Svg.rect(v.origin.x, v.origin.y, t, t, fill: Colour.visible, opacity: 0.8)
        }
        s += "</g>\n"

        // Tile edges, when tiles are at least a picture point wide (at most ~1400 lines across, 900 down).
        s += Svg.open("g", [("id", "grid"), ("stroke", Colour.grid), ("stroke-width", Svg.number(px(0.6)))])
        if tilePx >= 1 { s += Svg.tileEdges(window, tileLength: t) }
        s += "</g>\n"

        // The antimeridian (x = k·W) and the terrain's top and bottom edges.
        let width = grid.width
        let firstCopy = Int((world.minX / width).rounded(.up))
        let lastCopy = Int((world.maxX / width).rounded(.down))
        // (World copies narrower than a few picture points are not marked.)
        if firstCopy <= lastCopy, width * scale >= 4 {
            for k in firstCopy...lastCopy {
                let x = Double(k) * width
                s += Svg.line(
                    PixelPoint(x: x, y: world.minY), PixelPoint(x: x, y: world.maxY), colour: Colour.antimeridian,
                    width: px(2), dash: "\(Svg.number(px(8))) \(Svg.number(px(5)))")
                s += Svg.text(
                    x + px(4), world.minY + px(30), "±180° (x = \(Int(x)))", size: px(12), colour: Colour.antimeridian)
            }
        }
        for y in [0.0, grid.height] where y > world.minY && y < world.maxY {
            s += Svg.line(
                PixelPoint(x: world.minX, y: y), PixelPoint(x: world.maxX, y: y), colour: Colour.label, width: px(2))
            let label = y == 0 ? "terrain top (row 0)" : "terrain bottom"
            s += Svg.text(world.minX + px(4), y + (y == 0 ? px(14) : -px(4)), label, size: px(12), colour: Colour.label)
        }

        // Ghost labels and the tiles the fixed-radius baseline misses.
        if tilePx >= 18 {
            for tile in stencil.unwrapped where tile.column < 0 || tile.column >= grid.columns {
                s += Svg.text(
                    Double(tile.column) * t + t / 2, Double(tile.row) * t + t / 2 + px(4),
                    "→\(grid.realColumn(of: tile.column))", size: px(min(11, tilePx / 3)), colour: Colour.ghostLabel,
                    anchor: "middle")
            }
        }
        s += Svg.open(
            "g",
            [
                ("id", "fixed-radius-missed"), ("fill", "none"), ("stroke", Colour.missed),
                ("stroke-width", Svg.number(px(2))), ("stroke-dasharray", "\(Svg.number(px(4))) \(Svg.number(px(3)))"),
            ])
        for span in fixed.missed.spans {
            // Each missed tile outlined while that stays small; past 10,000 tiles, each run.
            let runs = fixed.missed.count > 10_000
            for column in runs ? [span.first] : Array(span.first...span.last) {
                let w = runs ? Double(span.count) * t : t
                s += Svg.tag(
                    "rect",
                    [
                        ("x", Svg.number(Double(column) * t + px(2))), ("y", Svg.number(Double(span.row) * t + px(2))),
                        ("width", Svg.number(w - px(4))), ("height", Svg.number(t - px(4))),
                    ])
            }
        }
        s += "</g>\n"

        // Split points: on a racetrack a line across both legs at each split's along-track position; on any other
        // track a tick across the track at the split's arc length.
        let across = setup.track.screen.across.widened(by: setup.track.lateralBand)
        for (i, split) in (plan?.splitPositions ?? []).enumerated() {
            let a: PixelPoint
            let b: PixelPoint
            if let racetrack = setup.racetrack {
                let route = racetrack.route
                let returnOffset = racetrack.turn.direction.sign * 2 * racetrack.turn.radius
                let qLo = min(across.lower, across.lower + returnOffset)
                let qHi = max(across.upper, across.upper + returnOffset)
                a = route.start + split * route.ahead + qLo * route.right
                b = route.start + split * route.ahead + qHi * route.right
            } else {
                guard let pose = try? setup.track.pose(atArcLength: split) else { continue }
                let right = PixelPoint.right(heading: pose.heading)
                a = pose.position + across.lower * right
                b = pose.position + across.upper * right
            }
            s += Svg.line(
                a, b, colour: Colour.split, width: px(2.5), dash: "\(Svg.number(px(10))) \(Svg.number(px(4)))")
            let label = "split \(i + 1): s = \(fmt(split, decimals: 0)) px"
            s += Svg.text(a.x + px(3), a.y - px(4), label, size: px(12), colour: Colour.split)
        }

        // The track: its pieces, turns sampled.
        var points: [PixelPoint] = []
        for piece in setup.track.pieces { points += CenterLine(piece).points }
        s += Svg.tag(
            "polyline",
            [
                ("fill", "none"), ("stroke", Colour.loop), ("stroke-width", Svg.number(px(2.5))),
                ("stroke-linejoin", "round"), ("points", Svg.points(points)),
            ])
        let first = setup.track.pieces[0]
        let last = setup.track.pieces[setup.track.pieces.count - 1]
        let ends =
            setup.racetrack != nil
            ? [("A", first.start), ("B", first.end)] : [("start", first.start), ("end", last.end)]
        for (label, p) in ends {
            s += Svg.tag(
                "circle",
                [("cx", Svg.number(p.x)), ("cy", Svg.number(p.y)), ("r", Svg.number(px(4.5))), ("fill", Colour.loop)])
            s += Svg.text(p.x + px(6), p.y - px(6), label, size: px(16), colour: Colour.loop, bold: true)
        }
        let quarter = first.placement(at: first.parameterLimit * 0.25)
        s += arrow(
            from: quarter.position, direction: PixelPoint.ahead(heading: quarter.heading), length: px(30),
            colour: Colour.loop, width: px(2.5))

        // The frame's footprint, aircraft and heading.
        s += Svg.polygon(footprint.corners, colour: "black", width: px(2.5))
        s += Svg.tag(
            "circle",
            [
                ("cx", Svg.number(pose.position.x)), ("cy", Svg.number(pose.position.y)), ("r", Svg.number(px(5))),
                ("fill", "black"),
            ])
        s += arrow(
            from: pose.position, direction: PixelPoint.ahead(heading: pose.heading), length: px(36), colour: "black",
            width: px(2.5))

        // Column and row numbers when tiles are big enough.
        if tilePx >= 16 {
            let size = px(min(10, tilePx / 3))
            for c in window.firstColumn..<window.lastColumn {
                s += Svg.text(
                    Double(c) * t + t / 2, world.minY + px(12), "\(c)", size: size, colour: Colour.label,
                    anchor: "middle")
            }
            for r in window.firstRow..<window.lastRow {
                s += Svg.text(
                    world.minX + px(3), Double(r) * t + t / 2 + px(4), "\(r)", size: size, colour: Colour.label)
            }
        }
        s += "</svg>\n</svg>\n"
        return s
    }

    /// A run cut where it crosses a world boundary: the part left of column 0, the real part, the part from
    /// `columns` on (ghosts are the parts outside [0, columns)).
    static func pieces(of span: ColumnSpan, columns: Int) -> [(first: Int, count: Int, ghost: Bool)] {
        var result: [(first: Int, count: Int, ghost: Bool)] = []
        for (lo, hi, ghost) in [(Int.min, -1, true), (0, columns - 1, false), (columns, Int.max, true)] {
            let first = max(span.first, lo)
            let last = min(span.last, hi)
            if first <= last {
                result.append((first, ColumnSpan(row: span.row, first: first, last: last).count, ghost))
            }
        }
        return result
    }

    /// The caption and the key, in picture points above the map.
    private func legend() -> String {
        let sc = setup.scenario
        let track = setup.track
        let screen = track.screen
        let ghosts = stencil.unwrapped.spans.reduce(0) { total, span in
            total + Self.pieces(of: span, columns: setup.grid.columns).filter(\.ghost).reduce(0) { $0 + $1.count }
        }
        let bytes = Figures.bytes(stencil.bytes(for: setup.format))
        let route: String
        if let racetrack = setup.racetrack {
            route =
                "leg \(fmt(racetrack.route.length, decimals: 1)) px, heading \(fmt(racetrack.route.heading, decimals: 2))° · "
                + "turn ρ = \(fmt(racetrack.turn.radius)) \(racetrack.turn.direction.rawValue)"
        } else {
            route =
                "\(track.closure.rawValue) track, \(track.pieces.count) pieces, \(fmt(track.length, decimals: 1)) px"
        }
        let screenText =
            "screen \(fmt(screen.width))×\(fmt(screen.height)) at zoom \(fmt(screen.scale)), anchor "
            + "(\(fmt(screen.anchor.x)), \(fmt(screen.anchor.y))), margin \(fmt(screen.margin))"
        let lines = [
            "\(setup.grid) · \(route) · \(screenText) · band ±\(fmt(track.lateralBand))",
            "stencil \(stencil.unwrapped.count) tiles (\(ghosts) ghost), \(stencil.tileCount) real = \(bytes) bytes"
                + (stencil.isClipped ? ", clipped to the terrain" : "")
                + " · fixed radius \(fmt(fixed.radius, decimals: 1)) px: \(fixed.unwrapped.count) tiles, "
                + "\(fixed.extra.count) extra, \(fixed.missed.count) missed · plan: "
                + (plan.map { "\($0.segmentCount) segment\($0.segmentCount == 1 ? "" : "s")" }
                    ?? "none within the budget"),
            "frame \(frame) of \(setup.frames.count): \(setup.describe(pose)), \(visible.count) visible tiles",
        ]
        var s = "<g font-size=\"13\">\n"
        s += Svg.tag(
            "text", [("x", "12"), ("y", "22"), ("font-size", "17"), ("font-weight", "bold")],
            content: Svg.escape("\(sc.name) — \(sc.summary ?? "")"))
        for (i, line) in lines.enumerated() {
            s += Svg.tag("text", [("x", "12"), ("y", "\(42 + 20 * i)")], content: Svg.escape(line))
        }
        let key: [(String, String)] = [
            (Colour.stencil, "stencil tile"), ("url(#ghost-legend)", "ghost tile (→ real column)"),
            (Colour.extra, "fixed-radius extra"), ("missed", "fixed-radius missed"),
            (Colour.visible, "visible at frame"), ("footprint", "footprint"), ("split", "split point"),
        ]
        var x = 12.0
        for (fill, label) in key {
            let swatch: [(String, String)] = [("x", Svg.number(x)), ("y", "100"), ("width", "18"), ("height", "18")]
            switch fill {
            case "missed":
                s += Svg.tag(
                    "rect",
                    swatch + [
                        ("fill", "none"), ("stroke", Colour.missed), ("stroke-width", "2"), ("stroke-dasharray", "4 3"),
                    ])
            case "footprint":
                s += Svg.tag("rect", swatch + [("fill", "none"), ("stroke", "black"), ("stroke-width", "2.5")])
            case "split":
                s += Svg.line(
                    PixelPoint(x: x + 9, y: 98), PixelPoint(x: x + 9, y: 120), colour: Colour.split, width: 2.5,
                    dash: "6 3")
            default:
                s += Svg.tag("rect", swatch + [("fill", fill), ("stroke", Colour.grid), ("stroke-width", "0.6")])
            }
            s += Svg.tag("text", [("x", Svg.number(x + 24)), ("y", "114")], content: Svg.escape(label))
            x += 24 + Double(label.count) * 7.2 + 18
        }
        s += Svg.tag(
            "text", [("x", "12"), ("y", "140"), ("fill", Colour.label)],
            content: "unwrapped terrain pixels, y down; "
                + (setup.racetrack != nil ? "loop A→B→A" : "the track from start to end") + " in dark blue; "
                + "grid lines are tile edges")
        s += "</g>\n"
        return s
    }

    // MARK: Elements

    private func arrow(
        from p: PixelPoint, direction u: PixelPoint, length: Double, colour: String, width: Double
    ) -> String {
        let tip = p + length * u
        let side = PixelPoint(x: -u.y, y: u.x)
        let h = length * 0.35
        let l = tip - h * u + (h * 0.6) * side
        let r = tip - h * u - (h * 0.6) * side
        return Svg.line(p, tip, colour: colour, width: width)
            + Svg.tag(
                "polygon",
                [("fill", colour), ("points", Svg.points([tip, l, r]))])
    }
}
