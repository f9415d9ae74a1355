import Testing

@testable import StencilKit

/// MODEL.md §2: a tile is needed only when the overlap has positive area, and tile boundaries are exact multiples
/// of T, so an edge lying exactly on a boundary needs no neighbour column or row — including y = 0, the top of the
/// terrain, which must not be reported as leaving it.
struct AxisAlignedBoundaryTests {
    // Grid 90 × 42 tiles of T = 128 px. Route due north (θ = 0°): A = (1280, 1408), B = (1280, 128), L = 1280.
    // u(0°) = (0, −1), r(0°) = (1, 0). Screen 256 × 256 at zoom 1, anchor (0, 0.5), margin 0, d = 0, pivots turning
    // right. §4: along p ∈ [−(1 − 0.5)·256, 0.5·256] = [−128, 128]; across q ∈ [−0·256, (1 − 0)·256] = [0, 256].
    //
    // Outbound leg: x = 1280 + q ∈ [1280, 1536] = [10·128, 12·128] → columns 10, 11 (9 and 12 only touch);
    //   y = 1408 − s − p, s ∈ [0, 1280] → y ∈ [128 − 128, 1408 + 128] = [0, 1536] → rows 0…11 (−1 and 12 only touch).
    // Return leg (heading 180°: u = (0, 1), r = (−1, 0)): x = 1280 − q ∈ [1024, 1280] → columns 8, 9; rows 0…11.
    //
    // Pivot at B (heading 0° → 180°, clockwise). Relative to B the start footprint is [0, 256] × [−128, 128]: all of
    // it lies east of B (compass bearings 0°…180°), so turning it clockwise by up to 180° sweeps bearings 0°…360°
    // while no point rises above its start height unless it started at bearing ≥ 180° — only the edge x = 0 does,
    // and it ends as the top edge y = −128 of the final footprint [−256, 0] × [−128, 128]. The far corners
    // (256, ±128) at R = √(256² + 128²) = √81920 ≈ 286.22 trace the rest. So the sweep is the disc of radius R about
    // B cut by y ≥ B.y − 128 = 0. A tile of rows ≥ 0 is needed iff its nearest point to B is closer than R, i.e.
    // dx² + dy² < 81920 with B = (1280, 128):
    //   rows 0 and 1 (dy = 0): dx < 286.2 → columns 7 (dx = 1280 − 1024 = 256) … 12 (dx = 1536 − 1280 = 256);
    //     columns 6 and 13 have dx = 384.
    //   row 2 (dy = 256 − 128 = 128): dx² < 81920 − 16384 = 65536 → dx < 256 → columns 8…11; columns 7 and 12 have
    //     dx = 256 exactly: their corners (1024, 256) and (1536, 256) lie on the circle — touching, not needed.
    //   row 3 (dy = 256): dx² < 81920 − 65536 = 16384 → dx < 128 → columns 9, 10; the corners (1152, 384) and
    //     (1408, 384) of columns 8 and 11 lie on the circle — not needed.
    //   row 4: dy = 384 > R.
    // The pivot at A is the same shape turned half round: the loop is symmetric under the half turn about the
    // midpoint (1280, 768), which maps column c to 19 − c and row r to 11 − r. So rows 11, 10: columns 7…12;
    // row 9: 8…11; row 8: 9…10; and no row 12 (the sweep ends at y = 1536 exactly).
    //
    // Stencil: rows 0, 1, 10, 11: columns 7…12; rows 2…9: columns 8…11. 4·6 + 8·4 = 56 tiles, none in row −1.
    static let screen = try! Screen(width: 256, height: 256, anchor: .init(x: 0, y: 0.5))
    static let expected = HandWorked.tiles([
        0: [7...12], 1: [7...12], 2: [8...11], 3: [8...11], 4: [8...11], 5: [8...11], 6: [8...11], 7: [8...11],
        8: [8...11], 9: [8...11], 10: [7...12], 11: [7...12],
    ])

    @Test func corridorOnColumnBoundariesTouchingTheTopNeedsNoNeighbours() throws {
        let flight = try HandWorked.flight((1280, 1408), (1280, 128), screen: Self.screen)
        #expect(flight.route.heading == 0)
        let stencil = try Stencil(flight: flight)  // y = 0 exactly: not leaving the terrain
        #expect(!stencil.isClipped)
        #expect(Set(stencil.unwrappedTiles) == Self.expected)
        #expect(stencil.unwrapped.count == 56)
        #expect(stencil.unwrapped.rows == 0...11)
        // No neighbour columns along the corridor, no corner-touching tiles of the pivot discs.
        for tile in [
            (7, 5), (12, 5), (7, 2), (12, 2), (7, 3), (12, 3), (7, 9), (12, 9), (7, 8), (12, 8), (9, -1), (9, 12),
        ] {
            #expect(!stencil.contains(TileIndex(column: tile.0, row: tile.1)), "\(tile)")
        }
        #expect(Set(stencil.realTiles) == Self.expected)
        #expect(stencil.bytes(for: .rgba8Tile128) == 56 * 65_536)
    }

    @Test func theSameRouteFlownSouthNeedsTheSameTiles() throws {
        // Reversed (A ↔ B, heading 180°) with pivots the loop is the same set of poses (MODEL.md §3).
        let flight = try HandWorked.flight((1280, 128), (1280, 1408), screen: Self.screen)
        #expect(flight.route.heading == 180)
        #expect(Set(try Stencil(flight: flight).unwrappedTiles) == Self.expected)
    }

    @Test func halfAPixelHigherTheTopRowIsNeeded() throws {
        // Shifted north by 0.5 px the sweep's top edge is at y = −0.5: row −1 is needed (positive area 0.5 × 512 px).
        let flight = try HandWorked.flight((1280, 1407.5), (1280, 127.5), screen: Self.screen)
        do {
            _ = try Stencil(flight: flight)
            Issue.record("expected leavesTerrain")
        } catch {
            guard case .leavesTerrain(let rows, let gridRows, let latitude, let limit) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(rows == -1...(-1))
            #expect(gridRows == 42)
            #expect(latitude > limit)
            #expect(error.description.contains("-1"))
            #expect(error.description.contains("64.0042"))
        }
        let clipped = try Stencil(flight: flight, clipToTerrain: true)
        #expect(clipped.isClipped)
        #expect(clipped.unwrapped.rows?.lowerBound == 0)
        // Row −1 dropped; the rows kept are the corridor's and the discs' (which now straddle y = 127.5 and 1407.5).
        #expect(Set(clipped.unwrappedTiles.filter { $0.row >= 2 && $0.row <= 8 }.map(\.column)) == Set(8...11))
    }

    @Test func halfAPixelLowerStillNeedsNoRowMinusOne() throws {
        let flight = try HandWorked.flight((1280, 1408.5), (1280, 128.5), screen: Self.screen)
        let stencil = try Stencil(flight: flight)
        #expect(stencil.unwrapped.rows == 0...12)
    }
}
