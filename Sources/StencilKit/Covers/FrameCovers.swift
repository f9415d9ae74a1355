import MercatorMath

/// A cover producer for the frames of a flight: frame k's cover as runs of unwrapped tiles, (level, row, first
/// column, last column), sorted by level, row and first column, disjoint within a row. ``FrameWalk`` diffs
/// consecutive frames' runs, ``Needs`` folds the tiles that enter and leave into each real tile's visibility runs.
///
/// The producers: ``ScreenFrameCovers`` (the flat screen of §4 culled along a track, band included) and
/// ``ChaseFrameCovers`` (a chase camera's levels-by-depth cover, §11).
package protocol FrameCovers {
    /// The real tile identity of the covers.
    associatedtype Tile: StreamedTile

    /// Number of frames.
    var frameCount: Int { get }

    /// An upper bound on the tiles that enter over all frames, before any frame is covered (nil when none is known
    /// without walking): past ``Needs/maximumRuns`` the walk first counts them without storing any.
    var entryBound: Double? { get }

    /// The number of dense keys (``denseKey(of:)`` lies in 0 ..< it); 0 when real tiles are numbered by hashing.
    var denseKeyCount: Int { get }

    /// Frame `k`'s cover as sorted runs, written into `runs` (emptied first, keeping its capacity).
    /// - Throws: the producer's refusals at that frame (a camera's errors, work past a bound).
    mutating func cover(frame k: Int, into runs: inout [LevelRun]) throws(StencilError)

    /// The real tile drawn at the unwrapped position (level, column, row).
    func realTile(level: Int, column: Int, row: Int) -> Tile

    /// A number of `tile` in 0 ..< ``denseKeyCount`` (only called when that is positive).
    func denseKey(of tile: Tile) -> Int
}

extension FrameCovers {
    /// No bound known before the walk: runs are refused as soon as one more than ``Needs/maximumRuns`` would be stored.
    package var entryBound: Double? { nil }
    /// Real tiles numbered by hashing.
    package var denseKeyCount: Int { 0 }
    /// Unused while ``denseKeyCount`` is 0.
    package func denseKey(of tile: Tile) -> Int { 0 }
}
