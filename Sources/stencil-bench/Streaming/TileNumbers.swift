import Foundation
import MercatorMath
import StencilKit

/// Numbers the real tiles one route's streaming comparison touches, so that every method and the loader simulator
/// index flat arrays by tile.
///
/// Always true: the needs' tiles come first, in ``TrackNeeds/tiles`` order, so a number below that count is the
/// library's own tile number; any other tile (a prefetch region's, a working set's) is numbered next, in order of
/// first sight.
struct TileNumbers: Sendable {
    /// The tiles, by number.
    private(set) var tiles: [TileIndex]
    private var numbers: [TileIndex: Int32]

    /// The numbering of `needs`' tiles.
    /// - Complexity: O(tiles).
    init(needs: TrackNeeds) {
        tiles = needs.tiles
        numbers = Dictionary(uniqueKeysWithValues: needs.tiles.enumerated().map { ($0.element, Int32($0.offset)) })
    }

    /// Number of tiles numbered so far.
    var count: Int { tiles.count }

    /// The number of `tile` if it has one.
    /// - Complexity: O(1) on average.
    func existingNumber(of tile: TileIndex) -> Int32? { numbers[tile] }

    /// The number of `tile`, assigning the next one if it is new.
    /// - Complexity: O(1) on average.
    mutating func number(of tile: TileIndex) -> Int32 {
        if let n = numbers[tile] { return n }
        let n = Int32(tiles.count)
        numbers[tile] = n
        tiles.append(tile)
        return n
    }
}
