import Foundation
import MercatorMath

/// A store of map tiles addressed by XYZ id: a PMTiles archive, a `{z}/{x}/{y}` directory, or anything a renderer
/// reads tiles from.
///
/// Conformers are `Sendable`: a loader's worker threads call ``tileData(for:)`` concurrently.
public protocol TileSource: Sendable {
    /// The bytes of `tile` exactly as stored (compressed or not: decoding is the renderer's), or `nil` when the source
    /// has no such tile.
    /// - Throws: an I/O or format error naming what failed; a missing tile is `nil`, not an error.
    func tileData(for tile: TileID) throws -> Data?
}
