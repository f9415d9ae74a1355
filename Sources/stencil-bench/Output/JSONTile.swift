import MercatorMath
import StencilKit
import StencilScenarios

/// A real tile the bench writes as the fields of a JSON array: `c, j` for a tile of a grid, `n, x, y` for a tile of
/// an XYZ pyramid.
protocol JSONTile: StreamedTile {
    /// The tile's fields, in order.
    var jsonFields: [JSONValue] { get }
}

extension TileIndex: JSONTile {
    var jsonFields: [JSONValue] { [.int(column), .int(row)] }
}

extension TileID: JSONTile {
    var jsonFields: [JSONValue] { [.int(level), .int(x), .int(y)] }
}
