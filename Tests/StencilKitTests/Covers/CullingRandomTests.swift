import TestSupport
import Testing

@testable import StencilKit

/// Every frame of random loops, culled by the library and checked against an independent exact test written here:
/// the footprint's four corners computed from the pose, heading, screen extents and margin, and a separating-axis
/// test (strict, so touching does not count) against every tile of the footprint's bounding box.
struct CullingRandomTests {
    /// Four seeds × 70 loops = 280 random loops.
    static let seeds: [UInt64] = [0xC011_0001, 0xC011_0002, 0xC011_0003, 0xC011_0004]
    static let loopsPerSeed = 70

    @Test(arguments: seeds)
    func everyFrameOfRandomLoopsMatchesTheSeparatingAxisCheck(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var buffer: [VisibleTile] = []
        var failures = 0
        var frames = 0
        var ghostFrames = 0
        var offsetFrames = 0
        var boundaryFrames = 0
        var borderlineTiles = 0
        var exactHeadingFrames: [Double: Int] = [:]
        var kinds: Set<String> = []

        for loopIndex in 0..<Self.loopsPerSeed {
            let c = try RandomFlights.make(&rng)
            let flight = c.flight
            let loop = FlightLoop(flight)
            let stencil = try Stencil(flight: flight)
            let grid = flight.grid
            let t = grid.tileLength
            let screen = flight.screen
            kinds.insert(flight.turn.radius > 0 ? "round" : "pivot")
            kinds.insert(flight.turn.direction == .right ? "right" : "left")
            kinds.insert(grid.tileSize == 256 ? "xyz" : (grid.columns >= 90 ? "mars" : "narrow"))
            if screen.margin > 0 { kinds.insert("margin") }
            if screen.anchor != .center { kinds.insert("anchor") }

            for (frame, pose) in try loop.frames(at: c.timing).enumerated() {
                frames += 1
                let d = flight.lateralBand
                let offset = rng.pick([0, d, -d, rng.uniform(-d, d)])
                if offset != 0 { offsetFrames += 1 }
                if RandomFlights.exactHeadings.contains(pose.heading) {
                    exactHeadingFrames[pose.heading, default: 0] += 1
                }

                // Both orders: row-major (the default) on even frames, nearest-first on odd ones.
                let nearestFirst = frame % 2 == 1
                let view = try loop.cull(
                    pose, lateralOffset: offset, order: nearestFirst ? .nearestFirst : .rowMajor, into: &buffer)

                let position = CullingCheck.position(pose, offset: offset)
                let corners = CullingCheck.corners(at: position, heading: pose.heading, screen: screen)
                let (expected, borderline) = CullingCheck.expectedTiles(corners, heading: pose.heading, tileSize: t)
                borderlineTiles += borderline.count
                // Frames whose footprint edge lies exactly on a tile boundary (the positive-area rule matters).
                if corners.contains(where: {
                    $0.x.truncatingRemainder(dividingBy: t) == 0
                        || $0.y.truncatingRemainder(dividingBy: t) == 0
                }) {
                    boundaryFrames += 1
                }

                var problems: [String] = []
                let got = buffer.map(\.tile)
                let gotSet = Set(got)
                if got.count != gotSet.count || !gotSet.isSuperset(of: expected)
                    || !gotSet.isSubset(of: expected.union(borderline))
                {
                    let missing = expected.subtracting(got).sorted()
                    let extra = gotSet.subtracting(expected).subtracting(borderline).sorted()
                    problems.append(
                        "tiles: \(got.count) vs \(expected.count) expected; missing \(missing), extra \(extra)")
                }
                if buffer.contains(where: { $0.realTile.column != $0.tile.column }) { ghostFrames += 1 }
                let scale = 1e-9 * max(1, abs(position.x) + abs(position.y))
                for (i, v) in buffer.enumerated() {
                    if v.realTile != grid.realTile(of: v.tile)
                        || v.realTile
                            != TileIndex(
                                column: CullingCheck.realColumn(v.tile.column, columns: grid.columns), row: v.tile.row)
                    {
                        problems.append("real tile of \(v.tile) is \(v.realTile)")
                    }
                    if v.origin != PixelPoint(x: Double(v.tile.column) * t, y: Double(v.tile.row) * t) {
                        problems.append("origin of \(v.tile) is \(v.origin)")
                    }
                    let centre = PixelPoint(x: v.origin.x + t / 2, y: v.origin.y + t / 2)
                    if abs(v.distance - (centre - position).length) > scale {
                        problems.append("distance of \(v.tile) is \(v.distance), not \((centre - position).length)")
                    }
                    if i > 0, nearestFirst, buffer[i - 1].distance > v.distance {
                        problems.append(
                            "order: \(buffer[i - 1].tile) at \(buffer[i - 1].distance) before \(v.tile) at \(v.distance)"
                        )
                    }
                    let before = i > 0 ? buffer[i - 1].tile : nil
                    if let before, !nearestFirst,
                        !(before.row < v.tile.row || (before.row == v.tile.row && before.column < v.tile.column))
                    {
                        problems.append("row-major order: \(before) before \(v.tile)")
                    }
                    if !stencil.contains(v.tile) { problems.append("\(v.tile) is not in the stencil") }
                }
                let libraryCorners = view.footprint.corners
                for i in 0..<4 where !CullingCheck.near(libraryCorners[i], corners[i], scale) {
                    problems.append("corner \(i): \(libraryCorners[i]) vs \(corners[i])")
                }
                let anchorPoint = PixelPoint(x: screen.anchor.x * screen.width, y: screen.anchor.y * screen.height)
                if !CullingCheck.near(view.transform.apply(to: position), anchorPoint, scale) {
                    problems.append("transform puts the aircraft at \(view.transform.apply(to: position))")
                }

                if !problems.isEmpty {
                    failures += 1
                    if failures <= 3 {
                        Issue.record(
                            """
                            seed \(seed) loop \(loopIndex) frame \(frame): \(c)
                            pose \(pose.phase) \(pose.parameter) at \(pose.position) heading \(pose.heading), offset \(offset)
                            \(problems.prefix(6).joined(separator: "\n"))
                            """)
                    }
                }
            }
        }
        #expect(failures == 0, "\(failures) of \(frames) frames disagree")
        // The generator reaches what the check is meant to cover.
        #expect(frames >= 2000, "\(frames) frames")
        #expect(ghostFrames > 0)
        #expect(offsetFrames > 0)
        #expect(boundaryFrames > 0)
        for h in [0.0, 90, 180, 270, 45] { #expect(exactHeadingFrames[h, default: 0] > 0, "heading \(h)") }
        #expect(
            kinds.isSuperset(of: ["round", "pivot", "right", "left", "xyz", "mars", "margin", "anchor"]), "\(kinds)")
        print(
            "culling seed \(String(seed, radix: 16)): \(Self.loopsPerSeed) loops, \(frames) frames, "
                + "\(ghostFrames) with ghosts, \(boundaryFrames) with an edge on a tile boundary, "
                + "\(borderlineTiles) borderline tiles off-axis, \(exactHeadingFrames)")
    }
}
