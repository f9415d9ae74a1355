import Foundation
import MercatorMath
import StencilKit

/// The SVG text that the pictures (``FlightDrawing``, ``ViewDrawing`` and the others) are made of: the document
/// header, the map window over the terrain, tile edges, rectangles, lines, polygons, text and the shared colours.
/// Numbers are written with two decimals at most.
enum Svg {
    /// Colours of the pictures.
    enum Colour {
        /// A stencil tile.
        static let stencil = "#c6dbef"
        /// The stripes of a ghost tile.
        static let ghostStripe = "#6baed6"
        /// A ghost tile's label, its real column.
        static let ghostLabel = "#08519c"
        /// A tile the fixed-radius baseline loads for nothing.
        static let extra = "#fdae6b"
        /// A tile of a view's prefetch ring.
        static let ring = "#fdae6b"
        /// A tile the fixed-radius baseline misses.
        static let missed = "#e31a1c"
        /// A tile visible at the frame shown.
        static let visible = "#74c476"
        /// The track.
        static let loop = "#08306b"
        /// A split point.
        static let split = "#ae017e"
        /// The antimeridian, ±180°.
        static let antimeridian = "#cb181d"
        /// Tile edges.
        static let grid = "#969696"
        /// Labels, and the terrain's top and bottom edges.
        static let label = "#525252"
        /// The ground of the area off the terrain.
        static let offTerrain = "#f0f0f0"
        /// The stripes of the area off the terrain.
        static let offTerrainStripe = "#d9d9d9"
    }

    /// A number as the pictures write it: at most two decimals.
    static func number(_ v: Double) -> String { fmt(v, decimals: 2) }

    /// Points as a `points` attribute: `x,y x,y …`.
    static func points(_ points: [PixelPoint]) -> String {
        points.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ")
    }

    /// `<name a="v" ...>` followed by a newline.
    static func open(_ name: String, _ attributes: [(String, String)]) -> String {
        "<\(name)" + attributes.map { " \($0.0)=\"\($0.1)\"" }.joined() + ">\n"
    }

    /// `<name a="v" .../>`, or with `content` between an opening and a closing tag.
    static func tag(_ name: String, _ attributes: [(String, String)], content: String? = nil) -> String {
        let head = "<\(name)" + attributes.map { " \($0.0)=\"\($0.1)\"" }.joined()
        guard let content else { return head + "/>\n" }
        return head + ">\(content)</\(name)>\n"
    }

    /// Text with `&`, `<` and `>` escaped.
    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// The document's opening tag, `width` × `height` picture points, and its white background.
    static func header(width: Double, height: Double) -> String {
        open(
            "svg",
            [
                ("xmlns", "http://www.w3.org/2000/svg"), ("width", number(width)), ("height", number(height)),
                ("font-family", "Helvetica, Arial, sans-serif"),
            ])
            + tag("rect", [("width", "100%"), ("height", "100%"), ("fill", "white")])
    }

    /// A pattern of diagonal stripes.
    static func stripes(
        id: String, size: Double, stripe: Double, fill: String, colour: String, angle: Double = 45
    ) -> String {
        let s = number(size)
        return open(
            "pattern",
            [
                ("id", id), ("width", s), ("height", s), ("patternUnits", "userSpaceOnUse"),
                ("patternTransform", "rotate(\(fmt(angle)))"),
            ])
            + tag("rect", [("width", s), ("height", s), ("fill", fill)])
            + tag(
                "line",
                [
                    ("x1", "0"), ("y1", "0"), ("x2", "0"), ("y2", s), ("stroke", colour),
                    ("stroke-width", number(stripe)),
                ])
            + "</pattern>\n"
    }

    /// The whole tiles around a box of terrain pixels, with one tile of padding on every side.
    struct TileWindow {
        /// The first and last tile edges across (columns), and down (rows).
        let firstColumn: Int
        let lastColumn: Int
        let firstRow: Int
        let lastRow: Int
        /// The window in terrain pixels.
        let world: PixelBounds

        /// The window around `box` on tiles of `t` px.
        init(around box: PixelBounds, tileLength t: Double) {
            firstColumn = Int((box.minX / t).rounded(.down)) - 1
            lastColumn = Int((box.maxX / t).rounded(.up)) + 1
            firstRow = Int((box.minY / t).rounded(.down)) - 1
            lastRow = Int((box.maxY / t).rounded(.up)) + 1
            world = PixelBounds(
                minX: Double(firstColumn) * t, minY: Double(firstRow) * t, maxX: Double(lastColumn) * t,
                maxY: Double(lastRow) * t)
        }
    }

    /// The nested document that shows `world` (terrain pixels) at `width` × `height` picture points, `y` points
    /// below the top (under the caption).
    static func map(y: Double, width: Double, height: Double, world: PixelBounds) -> String {
        open(
            "svg",
            [
                ("x", "0"), ("y", number(y)), ("width", number(width)), ("height", number(height)),
                (
                    "viewBox",
                    "\(number(world.minX)) \(number(world.minY)) \(number(world.maxX - world.minX)) "
                        + "\(number(world.maxY - world.minY))"
                ),
            ])
    }

    /// The parts of `world` above the terrain's top and below its bottom (`terrainHeight`), filled with the
    /// pattern `url(#offterrain)`.
    static func offTerrain(_ world: PixelBounds, terrainHeight: Double) -> String {
        var s = ""
        let width = world.maxX - world.minX
        if world.minY < 0 { s += rect(world.minX, world.minY, width, -world.minY, fill: "url(#offterrain)") }
        if world.maxY > terrainHeight {
            s += rect(world.minX, terrainHeight, width, world.maxY - terrainHeight, fill: "url(#offterrain)")
        }
        return s
    }

    /// A line along every tile edge of `window`, tiles of `t` px.
    static func tileEdges(_ window: TileWindow, tileLength t: Double) -> String {
        var s = ""
        let world = window.world
        for c in window.firstColumn...window.lastColumn {
            let x = Double(c) * t
            s += line(PixelPoint(x: x, y: world.minY), PixelPoint(x: x, y: world.maxY))
        }
        for r in window.firstRow...window.lastRow {
            let y = Double(r) * t
            s += line(PixelPoint(x: world.minX, y: y), PixelPoint(x: world.maxX, y: y))
        }
        return s
    }

    /// A filled rectangle (with `fill-opacity` below 1).
    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, fill: String, opacity: Double = 1) -> String {
        var attributes = [
            ("x", number(x)), ("y", number(y)), ("width", number(w)), ("height", number(h)), ("fill", fill),
        ]
        if opacity < 1 { attributes.append(("fill-opacity", fmt(opacity))) }
        return tag("rect", attributes)
    }

    /// A line from `a` to `b`, stroked as its group says unless given.
    static func line(
        _ a: PixelPoint, _ b: PixelPoint, colour: String? = nil, width: Double? = nil, dash: String? = nil
    ) -> String {
        var attributes = [("x1", number(a.x)), ("y1", number(a.y)), ("x2", number(b.x)), ("y2", number(b.y))]
        if let colour { attributes.append(("stroke", colour)) }
        if let width { attributes.append(("stroke-width", number(width))) }
        if let dash { attributes.append(("stroke-dasharray", dash)) }
        return tag("line", attributes)
    }

    /// The outline of a quadrilateral (a footprint).
    static func polygon(_ q: Quad, colour: String, width: Double, dash: String? = nil) -> String {
        var attributes = [
            ("fill", "none"), ("stroke", colour), ("stroke-width", number(width)),
            ("points", points([q.a, q.b, q.c, q.d])),
        ]
        if let dash { attributes.append(("stroke-dasharray", dash)) }
        return tag("polygon", attributes)
    }

    /// Text at (`x`, `y`), escaped.
    static func text(
        _ x: Double, _ y: Double, _ content: String, size: Double, colour: String, anchor: String = "start",
        bold: Bool = false
    ) -> String {
        var attributes = [
            ("x", number(x)), ("y", number(y)), ("font-size", number(size)), ("fill", colour), ("text-anchor", anchor),
        ]
        if bold { attributes.append(("font-weight", "bold")) }
        return tag("text", attributes, content: escape(content))
    }
}
