import MercatorMath

/// One completed request of a ``TileLoader``, as the render thread receives it.
///
/// Exactly one of three outcomes: the tile's decoded ``payload``; a missing tile (the source has no such tile, or
/// the tile has no id): both `payload` and ``error`` nil; or a failure: ``error`` set (the source's or the decode
/// hook's error), `payload` nil.
///
/// `Tile` is the schedule's tile type: `TileIndex` for the tiles of one grid, `TileID` for a pyramid's tiles of
/// several levels (a pitched or mixed-level cover).
public struct TileLoad<Tile: Hashable & Sendable, Payload: Sendable>: Sendable {
    /// The tile requested, as the schedule names it.
    public let tile: Tile
    /// Its XYZ id in the source (the tile itself when `Tile` is `TileID`), or nil when the loader's tile-id function
    /// gave none.
    public let id: TileID?
    /// The completion time on the loader's ``LoaderClock`` (seconds), taken when the worker handed the load over.
    public let time: Double
    /// The decode hook's result, or nil for a missing tile or a failure.
    public let payload: Payload?
    /// The error that ended the load, or nil.
    public let error: (any Error)?

    /// Whether the source has no such tile (no payload and no error).
    public var isMissing: Bool { payload == nil && error == nil }
}
