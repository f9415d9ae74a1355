import Foundation
import MercatorMath
import StencilKit

/// An SVG picture of a flight: the tile grid with its edges, the stencil (ghost tiles hatched and labelled with their
/// real column), a baseline stencil's extra tiles shaded and missed tiles outlined, the track, the split points, and
/// one pose's footprint and visible tiles, under a caption.
public struct FlightDrawing: Sendable {
    /// A stencil to compare with the exact one (the fixed-radius baseline): its tiles, the exact stencil's tiles it
    /// lacks and its tiles the exact stencil lacks, in unwrapped columns.
    public struct Baseline: Sendable {
        /// Its tiles.
        public let tiles: TileSet
        /// The exact stencil's tiles it lacks (drawn outlined).
        public let missed: TileSet
        /// Its tiles the exact stencil lacks (drawn shaded).
        public let extra: TileSet

        /// A baseline of `tiles`, missing `missed` and adding `extra`.
        public init(tiles: TileSet, missed: TileSet, extra: TileSet) {
            self.tiles = tiles
            self.missed = missed
            self.extra = extra
        }
    }

    /// The track flown.
    public let track: Track
    /// The racetrack the track was built from, if any: its split lines cross both legs and its ends read A and B.
    public let racetrack: Racetrack?
    /// The exact stencil.
    public let stencil: Stencil
    /// The plan's split points, along-track px (none when no plan holds the budget).
    public let splits: [Double]
    /// The pose shown.
    public let pose: TrackPose
    /// The screen's footprint at the pose.
    public let footprint: Footprint
    /// The tiles visible at the pose.
    public let visible: [VisibleTile]
    /// The baseline drawn beside the stencil.
    public let baseline: Baseline
    /// The caption: a title, then lines of detail (drawn above the key).
    public var caption: [String] = []

    /// The picture of `track` (built from `racetrack`, if given) with its `stencil`, `splits` and `baseline`, at
    /// `pose`, whose footprint and visible tiles it culls.
    /// - Throws: the errors of ``/StencilKit/Track/cull(_:lateralOffset:order:into:)``.
    public init(
        track: Track, racetrack: Racetrack?, stencil: Stencil, splits: [Double], pose: TrackPose, baseline: Baseline
    ) throws(StencilError) {
        self.track = track
        self.racetrack = racetrack
        self.stencil = stencil
        self.splits = splits
        self.pose = pose
        var buffer: [VisibleTile] = []
        let view = try track.cull(pose, lateralOffset: 0, into: &buffer)
        footprint = view.footprint
        visible = buffer
        self.baseline = baseline
    }

    /// The stencil's ghost tiles: those outside the real columns [0, columns).
    public var ghostTileCount: Int {
        stencil.unwrapped.spans.reduce(0) { total, span in
            total + Self.pieces(of: span, columns: track.grid.columns).filter(\.ghost).reduce(0) { $0 + $1.count }
        }
    }

    /// The pictures' colours.
    private typealias Colour = Svg.Colour

    /// The picture as SVG text.
    public func render() -> String {
        let grid = track.grid
        let t = grid.tileLength
        // The world window: every stencil and baseline tile, the loop, the frame's footprint, one tile of padding.
        var box = stencil.unwrapped.pictureBounds(tileLength: t).union(baseline.tiles.pictureBounds(tileLength: t))
        for piece in track.pieces { box = box.union(piece.pictureBounds) }
        box = box.union(footprint.corners.bounds)
        let window = Svg.TileWindow(around: box, tileLength: t)
        let world = window.world
        let worldWidth = world.maxX - world.minX
        let worldHeight = world.maxY - world.minY
        // Laid out for a page about 680 points wide (a DocC or GitHub page), where text of 12–13 points stays
        // readable when the picture is shown at the page's width.
        let scale = min(Self.pageWidth / worldWidth, 640 / worldHeight)  // picture points per terrain pixel
        let picWidth = worldWidth * scale
        let picHeight = worldHeight * scale
        let figureWidth = max(picWidth, Self.pageWidth)
        let (legendText, legendHeight) = legend(width: figureWidth)
        let px = { (v: Double) in v / scale }  // picture points → terrain pixels
        let tilePx = t * scale

        var s = Svg.header(width: figureWidth, height: picHeight + legendHeight)
        s += "<defs>\n"
        s += Svg.stripes(id: "ghost", size: px(8), stripe: px(3), fill: Colour.stencil, colour: Colour.ghostStripe)
        s += Svg.stripes(id: "ghost-legend", size: 8, stripe: 3, fill: Colour.stencil, colour: Colour.ghostStripe)
        s += Svg.stripes(
            id: "offterrain", size: px(10), stripe: px(2), fill: Colour.offTerrain, colour: Colour.offTerrainStripe,
            angle: -45)
        s += "</defs>\n"
        s += legendText
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
        for span in baseline.extra.spans {
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
        if tilePx >= 30 {
            for tile in stencil.unwrapped where tile.column < 0 || tile.column >= grid.columns {
                s += Svg.text(
                    Double(tile.column) * t + t / 2, Double(tile.row) * t + t / 2 + px(4),
                    "→\(grid.realColumn(of: tile.column))", size: px(12), colour: Colour.ghostLabel,
                    anchor: "middle")
            }
        }
        s += Svg.open(
            "g",
            [
                ("id", "fixed-radius-missed"), ("fill", "none"), ("stroke", Colour.missed),
                ("stroke-width", Svg.number(px(2))), ("stroke-dasharray", "\(Svg.number(px(4))) \(Svg.number(px(3)))"),
            ])
        for span in baseline.missed.spans {
            // Each missed tile outlined while that stays small; past 10,000 tiles, each run.
            let runs = baseline.missed.count > 10_000
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
        let across = track.screen.across.widened(by: track.lateralBand)
        for (i, split) in splits.enumerated() {
            let a: PixelPoint
            let b: PixelPoint
            if let racetrack {
                let route = racetrack.route
                let returnOffset = racetrack.turn.direction.sign * 2 * racetrack.turn.radius
                let qLo = min(across.lower, across.lower + returnOffset)
                let qHi = max(across.upper, across.upper + returnOffset)
                a = route.start + split * route.ahead + qLo * route.right
                b = route.start + split * route.ahead + qHi * route.right
            } else {
                guard let pose = try? track.pose(atArcLength: split) else { continue }
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
        for piece in track.pieces { points += piece.picturePoints }
        s += Svg.tag(
            "polyline",
            [
                ("fill", "none"), ("stroke", Colour.loop), ("stroke-width", Svg.number(px(2.5))),
                ("stroke-linejoin", "round"), ("points", Svg.points(points)),
            ])
        let first = track.pieces[0]
        let last = track.pieces[track.pieces.count - 1]
        let ends =
            racetrack != nil
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
        if tilePx >= 30 {
            let size = px(12)
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
    public static func pieces(of span: ColumnSpan, columns: Int) -> [(first: Int, count: Int, ghost: Bool)] {
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

    /// The width of the page the picture is laid out for, in picture points.
    static let pageWidth = 680.0

    /// `text` cut at spaces into lines of at most `characters` characters (a word longer than that stays whole).
    static func wrap(_ text: String, characters: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !line.isEmpty && line.count + 1 + word.count > characters {
                lines.append(line)
                line = String(word)
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The caption and the key, in picture points above the map, wrapped to `width`, and their height. The caption
    /// is 13 points (the title 16, bold), so it reads at 12 or more on a page about ``pageWidth`` wide.
    private func legend(width: Double) -> (String, Double) {
        var s = "<g font-size=\"13\">\n"
        var y = 22.0
        if let title = caption.first {
            for line in Self.wrap(title, characters: Int((width - 24) / 9)) {
                s += Svg.tag(
                    "text", [("x", "12"), ("y", Svg.number(y)), ("font-size", "16"), ("font-weight", "bold")],
                    content: Svg.escape(line))
                y += 21
            }
        }
        for line in caption.dropFirst().flatMap({ Self.wrap($0, characters: Int((width - 24) / 7)) }) {
            s += Svg.tag("text", [("x", "12"), ("y", Svg.number(y))], content: Svg.escape(line))
            y += 19
        }
        let key: [(String, String)] = [
            (Colour.stencil, "stencil tile"), ("url(#ghost-legend)", "ghost tile (→ real column)"),
            (Colour.extra, "fixed-radius extra"), ("missed", "fixed-radius missed"),
            (Colour.visible, "visible at frame"), ("footprint", "footprint"), ("split", "split point"),
        ]
        var x = 12.0
        var row = y + 2
        for (fill, label) in key {
            let itemWidth = 24 + Double(label.count) * 7.2 + 18
            if x > 12 && x + itemWidth - 18 > width - 12 {
                x = 12
                row += 26
            }
            let swatch: [(String, String)] = [
                ("x", Svg.number(x)), ("y", Svg.number(row)), ("width", "18"), ("height", "18"),
            ]
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
                    PixelPoint(x: x + 9, y: row - 2), PixelPoint(x: x + 9, y: row + 20), colour: Colour.split,
                    width: 2.5, dash: "6 3")
            default:
                s += Svg.tag("rect", swatch + [("fill", fill), ("stroke", Colour.grid), ("stroke-width", "0.6")])
            }
            s += Svg.tag("text", [("x", Svg.number(x + 24)), ("y", Svg.number(row + 14))], content: Svg.escape(label))
            x += itemWidth
        }
        y = row + 44
        let note =
            "unwrapped terrain pixels, y down; "
            + (racetrack != nil ? "loop A→B→A" : "the track from start to end") + " in dark blue; "
            + "grid lines are tile edges"
        for line in Self.wrap(note, characters: Int((width - 24) / 7)) {
            s += Svg.tag("text", [("x", "12"), ("y", Svg.number(y)), ("fill", Colour.label)], content: line)
            y += 19
        }
        s += "</g>\n"
        return (s, y - 5)
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
