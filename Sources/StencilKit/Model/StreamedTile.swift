import MercatorMath

/// A tile identity that the streaming chain (``Needs``, ``StreamingSchedule``, ``ScheduleDriver``) carries: a real
/// tile, hashed to number it, ordered to list a frame's need, and sent between the render and loader threads.
///
/// Two identities conform: ``/MercatorMath/TileIndex`` (a real tile of one grid, such as Mars Viking's 90 × 42
/// tiles) and ``/MercatorMath/TileID`` (a real tile (n, x, y) of an XYZ pyramid, so a cover of mixed levels is one
/// need). Ghost tiles never appear: a cover's unwrapped columns are folded to their real tiles before numbering.
public protocol StreamedTile: Hashable, Sendable, Comparable {}

extension TileIndex: StreamedTile {}
extension TileID: StreamedTile {}
