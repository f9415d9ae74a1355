import Foundation
import MercatorMath
import StencilKit
import StencilScenarios

/// The prefetch regions of the three heuristics the streaming comparison measures: what a renderer that does not know
/// the route keeps resident around the aircraft. Each is drawn about the pose's footprint ("Screen footprint") widened
/// by the lateral band d on each side across-track — the region a frame's need N_k covers — and grown by a prefetch
/// width k, the same for the three: one tile, k = T.
///
/// A region's tiles are those it overlaps with positive area (the geometry model's rule), in the terrain's rows, as
/// real tiles. Every region contains the band-widened footprint, so a tile a frame shows is always one its heuristic
/// wants.
enum PrefetchShape: Sendable, Hashable, CaseIterable {
    /// A disc about the footprint's centre, whatever the heading: radius R = ½·√(W² + H²) + d + k, W × H the
    /// footprint (margin included), so it holds the footprint at every heading and every δ ∈ [−d, d], with k to
    /// spare. Its lead over the footprint is R − H/2 straight ahead and only about k at the footprint's corners.
    case fixedRadius
    /// The flight-simulator heuristic: a box along the heading, the band-widened footprint grown by k behind and on
    /// each side and by 3k ahead (it extends three times farther ahead than behind).
    case headingBox
    /// The tiles an LRU cache with a prefetch ring wants: the band-widened footprint grown by k on every side (the
    /// prefetch ring of width k of "Views and levels of detail", with the visible tiles).
    case ring

    /// The name printed in the comparison.
    var name: String {
        switch self {
        case .fixedRadius: "fixed radius"
        case .headingBox: "heading box"
        case .ring: "LRU + ring"
        }
    }

    /// The prefetch width k of a track: one tile of its grid.
    static func prefetchWidth(of track: Track) -> Double { track.grid.tileLength }

    /// The radius of ``fixedRadius`` for `track`.
    static func radius(of track: Track) -> Double {
        let screen = track.screen
        let along = screen.along
        let across = screen.across
        let w = across.upper - across.lower
        let h = along.upper - along.lower
        return 0.5 * (w * w + h * h).squareRoot() + track.lateralBand + prefetchWidth(of: track)
    }

    /// The region's extents relative to the aircraft, ahead and right positive (for the two boxes).
    func extents(of track: Track) -> (along: Interval, across: Interval) {
        let k = Self.prefetchWidth(of: track)
        let along = track.screen.along
        let across = track.screen.across.widened(by: track.lateralBand + k)
        switch self {
        case .headingBox: return (Interval(along.lower - k, along.upper + 3 * k), across)
        case .ring, .fixedRadius: return (along.widened(by: k), across)
        }
    }

    /// A function filling a frame's region, as ``TileKey`` values, for every frame of `frames`.
    /// - Throws: ``StencilError`` when a region's view breaks the library's viewport limits.
    func regionFiller(frames: TrackFrames, poses: [TrackPose]) throws(StencilError) -> (Int, inout [Int64]) -> Void {
        let track = frames.track
        let grid = track.grid
        switch self {
        case .fixedRadius:
            let radius = Self.radius(of: track)
            let along = track.screen.along
            let across = track.screen.across
            return { k, keys in
                let pose = poses[k]
                let footprint = Footprint(origin: pose.position, heading: pose.heading, along: along, across: across)
                let centre = footprint.point(
                    along: 0.5 * (along.lower + along.upper), across: 0.5 * (across.lower + across.upper))
                Self.disc(centre: centre, radius: radius, grid: grid, into: &keys)
            }
        case .headingBox, .ring:
            let (along, across) = extents(of: track)
            // A screen of 1 terrain px per point whose footprint has exactly these extents about its anchor.
            let width = across.upper - across.lower
            let height = along.upper - along.lower
            let screen = try Screen(
                width: width, height: height, scale: 1,
                anchor: Screen.Anchor(x: -across.lower / width, y: along.upper / height), margin: 0)
            // Check the limits once at the widest pose (every view has the same size).
            _ = try Viewport(grid: grid, center: poses.first?.position ?? .zero, bearing: 45, screen: screen)
            var buffer: [VisibleTile] = []
            return { k, keys in
                let pose = poses[k]
                guard let view = try? Viewport(grid: grid, center: pose.position, bearing: pose.heading, screen: screen)
                else { return }
                view.visibleTiles(into: &buffer)
                for tile in buffer { keys.append(TileKey.key(tile.realTile)) }
            }
        }
    }

    /// The real tiles a disc overlaps with positive area, in the terrain's rows: row by row, the columns whose span
    /// meets the disc's chord at the row's nearest height to the centre.
    static func disc(centre: PixelPoint, radius: Double, grid: TileGrid, into keys: inout [Int64]) {
        let t = grid.tileLength
        let columns = grid.columns
        let firstRow = max(0, Int(((centre.y - radius) / t).rounded(.down)))
        let lastRow = min(grid.rows - 1, Int(((centre.y + radius) / t).rounded(.down)))
        guard firstRow <= lastRow else { return }
        for row in firstRow...lastRow {
            let top = Double(row) * t
            let dy = centre.y < top ? top - centre.y : max(0, centre.y - (top + t))
            guard dy < radius else { continue }
            let half = (radius * radius - dy * dy).squareRoot()
            let first = Int(((centre.x - half) / t).rounded(.down))
            let last = Int(((centre.x + half) / t).rounded(.up)) - 1
            guard first <= last else { continue }
            if last - first + 1 >= columns {
                for column in 0..<columns { keys.append(TileKey.key(column: column, row: row)) }
                continue
            }
            for column in first...last {
                let real = ((column % columns) + columns) % columns
                keys.append(TileKey.key(column: real, row: row))
            }
        }
    }
}
