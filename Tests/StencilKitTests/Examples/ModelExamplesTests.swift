import Testing

@testable import StencilKit

/// MODEL.md §6, examples 1–3, reproduced exactly.
struct ModelExamplesTests {
    static let screen = try! Screen(width: 480, height: 320)

    static func flight(_ lonA: Double, _ latA: Double, _ lonB: Double, _ latB: Double) throws -> Flight {
        try Flight(
            from: GeoCoordinate(latitude: latA, longitude: lonA), to: GeoCoordinate(latitude: latB, longitude: lonB),
            on: .marsViking, screen: screen)
    }

    /// Expands "row: a–b, c–d" lists into tiles.
    static func tiles(_ rows: [Int: [ClosedRange<Int>]]) -> Set<TileIndex> {
        var result = Set<TileIndex>()
        for (row, ranges) in rows { for r in ranges { for c in r { result.insert(TileIndex(column: c, row: row)) } } }
        return result
    }

    @Test func example1DueEastAlongTheEquator() throws {
        let flight = try Self.flight(-147, 0, -86.25, 0)
        #expect(flight.route.start == PixelPoint(x: 1056, y: 2688))
        #expect(flight.route.end == PixelPoint(x: 3000, y: 2688))
        #expect(flight.route.heading == 90)
        #expect(flight.route.length == 1944)
        let stencil = try Stencil(flight: flight)
        let expected = Self.tiles([
            18: [7...9, 22...24], 19: [6...25], 20: [5...25], 21: [5...25], 22: [6...25], 23: [7...9, 22...24],
        ])
        #expect(Set(stencil.unwrappedTiles) == expected)
        #expect(stencil.unwrapped.count == 94)
        #expect(stencil.real.count == 94)
        #expect(stencil.bytes(for: .rgba8Tile128) == 6_160_384)
        // The leg alone: columns 7…24 (column 6 only touches x = 896), rows 19…22.
        let leg = FlightLoop(flight).corridor(outbound: true, from: 0, to: flight.route.length)
        var legTiles = Set<TileIndex>()
        ConvexCover.forEachRow(of: leg.corners, on: flight.grid) { row, first, last in
            for c in first...last { legTiles.insert(TileIndex(column: c, row: row)) }
        }
        #expect(legTiles == Self.tiles([19: [7...24], 20: [7...24], 21: [7...24], 22: [7...24]]))
    }

    @Test func example2AcrossTheAntimeridian() throws {
        let flight = try Self.flight(172.5, 0, -168.75, 0)
        #expect(flight.route.start == PixelPoint(x: 11280, y: 2688))
        #expect(flight.route.end.x == 11880)
        let stencil = try Stencil(flight: flight)
        #expect(stencil.unwrapped.count == 52)
        #expect(stencil.real.count == 52)
        let columns = Set(stencil.unwrappedTiles.map(\.column))
        #expect(columns == Set(85...95))
        let ghosts = stencil.unwrappedTiles.filter { $0.column >= 90 }
        #expect(Set(ghosts.map { flight.grid.realColumn(of: $0.column) }) == Set(0...5))
        #expect(stencil.real.tiles.allSatisfy { (0..<90).contains($0.column) })
    }

    @Test func example3LeavingTheTerrain() throws {
        let flight = try Self.flight(0, 63.5, 10, 63.5)
        #expect(abs(flight.route.start.y - 36.485) < 1e-3)
        #expect(throws: StencilError.self) { try Stencil(flight: flight) }
        do {
            _ = try Stencil(flight: flight)
        } catch {
            guard case .leavesTerrain(let rows, _, let latitude, let limit) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(rows.lowerBound == -2)
            #expect(abs(latitude - 67.2489) < 1e-4)
            #expect(abs(limit - 64.0042253130) < 1e-9)
            #expect(error.description.contains("-2"))
            #expect(error.description.contains("67.24889"))
            #expect(error.description.contains("64.0042"))
        }
        let clipped = try Stencil(flight: flight, clipToTerrain: true)
        #expect(clipped.isClipped)
        #expect(clipped.unwrapped.rows?.lowerBound == 0)
    }
}
