@testable import StencilKit

/// Helpers for the hand-worked cases.
enum HandWorked {
    /// Expands `[row: [columns…]]` into a set of tiles.
    static func tiles(_ rows: [Int: [ClosedRange<Int>]]) -> Set<TileIndex> {
        var result = Set<TileIndex>()
        for (row, ranges) in rows {
            for range in ranges {
                for column in range { result.insert(TileIndex(column: column, row: row)) }
            }
        }
        return result
    }

    /// A flight along a pixel route taken as given (no short-way shift).
    static func flight(
        _ a: (Double, Double), _ b: (Double, Double), on grid: TileGrid = .marsViking, screen: Screen,
        turn: Turn = .pivot, band: Double = 0
    ) throws -> Flight {
        let route = try PixelRoute(start: PixelPoint(x: a.0, y: a.1), end: PixelPoint(x: b.0, y: b.1), on: grid)
        return try Flight(route: route, screen: screen, turn: turn, lateralBand: band)
    }
}
