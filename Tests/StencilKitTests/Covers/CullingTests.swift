import Testing

@testable import StencilKit

/// Per-frame culling (MODEL.md §5): the §6 figures, hand-worked rotated cases, the screen transform, the reused
/// buffer and the errors.
struct CullingTests {
    // MARK: MODEL.md §6, example 1

    /// Example 1: Mars 90 × 42 @ 128, A = (−147°, 0), B = (−86.25°, 0), screen 480 × 320 at zoom 1, centred, pivots.
    static func example1(screen: Screen? = nil) throws -> FlightLoop {
        let a = try GeoCoordinate(latitude: 0, longitude: -147)
        let b = try GeoCoordinate(latitude: 0, longitude: -86.25)
        return FlightLoop(
            try Flight(from: a, to: b, on: .marsViking, screen: screen ?? Screen(width: 480, height: 320)))
    }

    static func tiles(columns: ClosedRange<Int>, rows: ClosedRange<Int>) -> Set<TileIndex> {
        Set(rows.flatMap { r in columns.map { TileIndex(column: $0, row: r) } })
    }

    /// Checks a frame of a 128 px grid with no ghosts, culled nearest-first: the exact tile set, real tiles, draw
    /// origins, distances and nearest-first order.
    static func checkFrame(_ tiles: [VisibleTile], expected: Set<TileIndex>, aircraft: PixelPoint) {
        #expect(tiles.count == expected.count)
        #expect(Set(tiles.map(\.tile)) == expected)
        for (i, v) in tiles.enumerated() {
            #expect(v.realTile == v.tile)
            #expect(v.origin == PixelPoint(x: Double(v.tile.column) * 128, y: Double(v.tile.row) * 128))
            let dx = v.origin.x + 64 - aircraft.x
            let dy = v.origin.y + 64 - aircraft.y
            #expect(abs(v.distance - (dx * dx + dy * dy).squareRoot()) < 1e-9)
            if i > 0 { #expect(tiles[i - 1].distance <= v.distance) }
        }
    }

    @Test func example1LegMidpointShowsColumns14To17Rows19To22() throws {
        let loop = try Self.example1()
        // L = 1944 px; the midpoint is 972 px out, at (2028, 2688), heading 90°.
        let pose = try loop.pose(.outbound, at: 972)
        #expect(pose.position == PixelPoint(x: 2028, y: 2688))
        #expect(pose.heading == 90)
        var tiles: [VisibleTile] = []
        let view = try loop.cull(pose, order: .nearestFirst, into: &tiles)
        // Footprint [1868, 2188] × [2448, 2928] (along ±160 is x, across ±240 is y): 1868/128 = 14.59 → column 14,
        // 2188/128 = 17.09 → column 17, 2448/128 = 19.125 → row 19, 2928/128 = 22.875 → row 22.
        #expect(view.footprint.corners.bounds == PixelBounds(minX: 1868, minY: 2448, maxX: 2188, maxY: 2928))
        Self.checkFrame(tiles, expected: Self.tiles(columns: 14...17, rows: 19...22), aircraft: pose.position)
        #expect(tiles.count == 16)
        // Nearest first: column 15's centre (1984) is 44 px from 2028; rows 20 and 21 tie at 64 px and go
        // row-major.
        #expect(tiles.prefix(2).map(\.tile) == [TileIndex(column: 15, row: 20), TileIndex(column: 15, row: 21)])
        // Farthest: column 17 (centre 2240, 212 px) in rows 19 and 22 (192 px), row-major on the tie.
        #expect(tiles.suffix(2).map(\.tile) == [TileIndex(column: 17, row: 19), TileIndex(column: 17, row: 22)])
    }

    @Test func example1HalfwayThroughThePivotAtBShowsColumns21To25Rows19To22() throws {
        let loop = try Self.example1()
        let pose = try loop.pose(.turnAtEnd, at: 90)
        #expect(pose.position == PixelPoint(x: 3000, y: 2688))
        #expect(pose.heading == 180)
        var tiles: [VisibleTile] = []
        let view = try loop.cull(pose, order: .nearestFirst, into: &tiles)
        // Heading 180°: along ±160 is y, across ±240 is x → [2760, 3240] × [2528, 2848]:
        // 2760/128 = 21.56, 3240/128 = 25.3, 2528/128 = 19.75, 2848/128 = 22.25.
        #expect(view.footprint.corners.bounds == PixelBounds(minX: 2760, minY: 2528, maxX: 3240, maxY: 2848))
        Self.checkFrame(tiles, expected: Self.tiles(columns: 21...25, rows: 19...22), aircraft: pose.position)
        #expect(tiles.count == 20)
        // Centre (3008, 2624): 8 px and 64 px away, tied with row 21.
        #expect(tiles.first?.tile == TileIndex(column: 23, row: 20))
    }

    @Test func example1ScreenTransformMapsAircraftToCentreAndFootprintToScreenCorners() throws {
        let loop = try Self.example1()
        var tiles: [VisibleTile] = []
        var poses = [try loop.pose(.outbound, at: 972), try loop.pose(.inbound, at: 500)]
        for angle in [0.0, 17.5, 30, 45, 90, 120, 135, 180] {
            poses.append(try loop.pose(.turnAtEnd, at: angle))
            poses.append(try loop.pose(.turnAtStart, at: angle))
        }
        var headings = Set<Double>()
        for pose in poses {
            headings.insert(pose.heading)
            let view = try loop.cull(pose, order: .nearestFirst, into: &tiles)
            let map = view.transform
            #expect(CullingCheck.near(map.apply(to: pose.position), PixelPoint(x: 240, y: 160), 1e-9))
            // Rear-left, front-left, front-right, rear-right ↦ bottom-left, top-left, top-right, bottom-right.
            let screenCorners = [
                PixelPoint(x: 0, y: 320), PixelPoint(x: 0, y: 0), PixelPoint(x: 480, y: 0),
                PixelPoint(x: 480, y: 320),
            ]
            let mine = CullingCheck.corners(at: pose.position, heading: pose.heading, screen: loop.flight.screen)
            for i in 0..<4 {
                #expect(CullingCheck.near(map.apply(to: mine[i]), screenCorners[i], 1e-9), "heading \(pose.heading)")
                #expect(CullingCheck.near(map.apply(to: view.footprint.corners[i]), screenCorners[i], 1e-9))
            }
            // Heading-up: the map turns the terrain by −heading.
            #expect(abs(CullingCheck.headingChange(-pose.heading, map.rotation)) < 1e-9)
            // Every visible tile lands at least partly on the screen.
            for v in tiles {
                let t = 128.0
                let square = [
                    v.origin, PixelPoint(x: v.origin.x + t, y: v.origin.y),
                    PixelPoint(x: v.origin.x + t, y: v.origin.y + t), PixelPoint(x: v.origin.x, y: v.origin.y + t),
                ]
                .map(map.apply(to:))
                #expect(square.map(\.x).max()! > 0 && square.map(\.x).min()! < 480)
                #expect(square.map(\.y).max()! > 0 && square.map(\.y).min()! < 320)
            }
        }
        #expect(headings.count >= 12)
    }

    @Test func screenTransformWithZoomAnchorAndMargin() throws {
        // Zoom 2, aircraft at (0.5, 0.75), margin 8 terrain px = 4 points beyond each screen edge.
        let screen = try Screen(width: 480, height: 320, scale: 2, anchor: Screen.Anchor(x: 0.5, y: 0.75), margin: 8)
        let loop = try Self.example1(screen: screen)
        var tiles: [VisibleTile] = []
        for angle in [0.0, 30, 45, 90, 150, 180] {
            let pose = try loop.pose(.turnAtEnd, at: angle)
            let view = try loop.cull(pose, order: .nearestFirst, into: &tiles)
            #expect(CullingCheck.near(view.transform.apply(to: pose.position), PixelPoint(x: 240, y: 240), 1e-9))
            let expected = [
                PixelPoint(x: -4, y: 324), PixelPoint(x: -4, y: -4), PixelPoint(x: 484, y: -4),
                PixelPoint(x: 484, y: 324),
            ]
            let mine = CullingCheck.corners(at: pose.position, heading: pose.heading, screen: screen)
            for i in 0..<4 {
                #expect(CullingCheck.near(view.transform.apply(to: mine[i]), expected[i], 1e-9))
            }
            // One terrain pixel ahead is half a point up the screen.
            let ahead = pose.position + CullingCheck.ahead(pose.heading)
            #expect(CullingCheck.near(view.transform.apply(to: ahead), PixelPoint(x: 240, y: 239.5), 1e-9))
        }
    }

    // MARK: Hand-worked rotated cases

    /// A 16 × 16 grid of 10 px tiles, so a footprint covers only a handful of tiles.
    static func smallLoop(width: Double, height: Double, anchor: Screen.Anchor = .center) throws -> FlightLoop {
        let grid = try TileGrid(columns: 16, rows: 16, tileSize: 10)
        let route = try PixelRoute(start: PixelPoint(x: 55, y: 55), end: PixelPoint(x: 95, y: 55), on: grid)
        return FlightLoop(try Flight(route: route, screen: Screen(width: width, height: height, anchor: anchor)))
    }

    static func cull(_ loop: FlightLoop, at position: PixelPoint, heading: Double) throws -> [VisibleTile] {
        var tiles: [VisibleTile] = []
        try loop.cull(
            Pose(phase: .outbound, parameter: 0, position: position, heading: heading), order: .nearestFirst,
            into: &tiles)
        return tiles
    }

    static func t(_ column: Int, _ row: Int) -> TileIndex { TileIndex(column: column, row: row) }

    @Test func heading30CentredByHand() throws {
        // Aircraft (55, 55), heading 30°, screen 10 × 20 centred: along ±10, across ±5.
        // u = (1/2, −√3/2) ≈ (0.5, −0.866), r = (√3/2, 1/2) ≈ (0.866, 0.5).
        // Corners (pos + p·u + q·r): rear-left (45.670, 61.160), front-left (55.670, 43.840),
        // front-right (64.330, 48.840), rear-right (54.330, 66.160). Bounding box: columns 4…6, rows 4…6.
        // Row 4 (y 40…50): front-left → rear-left crosses y = 50 at x = 52.113; front-right is at 64.330
        //   → x ∈ [52.11, 64.33]: columns 5, 6.
        // Row 5 (y 50…60): left edge at 52.11 (y 50) … 46.34 (y 60), right edge 63.66 … 57.89 → columns 4…6.
        // Row 6 (y 60…66.16): rear-left at 45.670, right edge at 57.89 (y 60) → columns 4, 5.
        // So the bounding box's corners (4, 4) and (6, 6) are not needed: 7 tiles.
        // Nearest first: (5,5) at 0; (5,4), (4,5), (6,5), (5,6) at 10 (row-major on ties); (6,4), (4,6) at √200.
        let tiles = try Self.cull(try Self.smallLoop(width: 10, height: 20), at: PixelPoint(x: 55, y: 55), heading: 30)
        #expect(
            tiles.map(\.tile) == [
                Self.t(5, 5), Self.t(5, 4), Self.t(4, 5), Self.t(6, 5), Self.t(5, 6), Self.t(6, 4), Self.t(4, 6),
            ])
        #expect(
            tiles.map(\.origin) == tiles.map { PixelPoint(x: Double($0.tile.column) * 10, y: Double($0.tile.row) * 10) }
        )
        #expect(tiles.map(\.distance).prefix(5) == [0, 10, 10, 10, 10])
    }

    @Test func heading45ByHand() throws {
        // (a) Aircraft (55, 55), heading 45°, screen 10 × 10 centred: a diamond about the aircraft with half-diagonal
        // 5√2 = 7.071: corners (47.929, 55), (55, 47.929), (62.071, 55), (55, 62.071).
        // Row 4 (y 47.93…50): half-width at y = 50 is 7.071 − 5 = 2.071 → x ∈ [52.93, 57.07]: column 5 only.
        // Row 5: x ∈ [47.93, 62.07] → columns 4…6. Row 6: column 5 only, by symmetry. A plus sign of 5 tiles.
        let diamond = try Self.cull(
            try Self.smallLoop(width: 10, height: 10), at: PixelPoint(x: 55, y: 55), heading: 45)
        #expect(diamond.map(\.tile) == [Self.t(5, 5), Self.t(5, 4), Self.t(4, 5), Self.t(6, 5), Self.t(5, 6)])

        // (b) Aircraft (52, 57), heading 45°, screen 20 wide × 10 high: along ±5, across ±10; a = √2/2.
        // Corners: rear-left (52 − 15a, 57 − 5a) = (41.393, 53.464), front-left (52 − 5a, 57 − 15a) = (48.464, 46.393),
        // front-right (52 + 15a, 57 + 5a) = (62.607, 60.536), rear-right (52 + 5a, 57 + 15a) = (55.536, 67.607).
        // Row 4 (y 46.39…50): edges leave front-left at ±45°: x = 48.464 ∓ (y − 46.393) → at y = 50, [44.86, 52.07]
        //   → columns 4, 5 (column 6 would need x > 60).
        // Row 5 (y 50…60): rear-left 41.393 on the left, the front edge reaches 62.07 at y = 60 → columns 4…6.
        // Row 6 (y 60…67.61): the rear edge is at 47.93 at y = 60, front-right 62.607 → columns 4…6.
        // 8 tiles: all of columns 4…6 × rows 4…6 but (6, 4).
        let tiles = try Self.cull(try Self.smallLoop(width: 20, height: 10), at: PixelPoint(x: 52, y: 57), heading: 45)
        #expect(Set(tiles.map(\.tile)) == Self.tiles(columns: 4...6, rows: 4...6).subtracting([Self.t(6, 4)]))
        #expect(tiles.count == 8)
        // Distances from (52, 57) to the centres: (5,5) √13 = 3.606, (4,5) √53 = 7.28, (5,6) √73 = 8.544,
        // (4,6) √113 = 10.63, (5,4) √153 = 12.37, (6,5) √173 = 13.15, (4,4) √193 = 13.89, (6,6) √233 = 15.26.
        #expect(
            tiles.map(\.tile) == [
                Self.t(5, 5), Self.t(4, 5), Self.t(5, 6), Self.t(4, 6), Self.t(5, 4), Self.t(6, 5), Self.t(4, 4),
                Self.t(6, 6),
            ])
    }

    @Test func anchorAheadShowsMoreTerrainAheadByHand() throws {
        let anchor = Screen.Anchor(x: 0.5, y: 0.75)
        // (a) Small grid, aircraft (55, 55), screen 10 × 20 with anchor (0.5, 0.75): along [−5, 15], across ±5.
        // Heading 0: x ∈ [50, 60], y ∈ [40, 60] — all four edges on tile boundaries, so only column 5, rows 4…5.
        let loop = try Self.smallLoop(width: 10, height: 20, anchor: anchor)
        #expect(
            try Self.cull(loop, at: PixelPoint(x: 55, y: 55), heading: 0).map(\.tile) == [Self.t(5, 5), Self.t(5, 4)])
        // Heading 180: ahead is south, y ∈ [50, 70] → column 5, rows 5…6.
        #expect(
            try Self.cull(loop, at: PixelPoint(x: 55, y: 55), heading: 180).map(\.tile) == [Self.t(5, 5), Self.t(5, 6)])
        // Heading 30: corners rear-left (55 − 2.5 − 4.330, 55 + 4.330 − 2.5) = (48.170, 56.830),
        // front-left (55 + 7.5 − 4.330, 55 − 12.990 − 2.5) = (58.170, 39.510), front-right (66.830, 44.510),
        // rear-right (56.830, 61.830).
        // Row 3 (y 39.51…40): only the tip at front-left, x ≈ 58.2 → column 5.
        // Row 4: left edge at 52.11 (y 50), front-right 66.83 → columns 5, 6.
        // Row 5: rear-left 48.17 … right edge 63.66 (y 50) → columns 4…6.
        // Row 6 (y 60…61.83): rear edge 53.66, right edge 57.89 at y = 60 → column 5.
        // Compared with the centred screen (heading30CentredByHand) it gains (5, 3) ahead and loses (4, 6) behind.
        let rotated = try Self.cull(loop, at: PixelPoint(x: 55, y: 55), heading: 30)
        #expect(
            Set(rotated.map(\.tile)) == [
                Self.t(5, 3), Self.t(5, 4), Self.t(6, 4), Self.t(4, 5), Self.t(5, 5), Self.t(6, 5), Self.t(5, 6),
            ])
        #expect(rotated.count == 7)

        // (b) Example 1's leg midpoint (2028, 2688) with anchor (0.5, 0.75): along [−80, 240], across ±240.
        // Heading 90: x ∈ [1948, 2268], y ∈ [2448, 2928] → columns 15…17 (1948/128 = 15.2, 2268/128 = 17.7),
        // rows 19…22: 12 tiles, against 16 for the centred screen.
        let marsLoop = try Self.example1(screen: Screen(width: 480, height: 320, anchor: anchor))
        var tiles: [VisibleTile] = []
        try marsLoop.cull(try marsLoop.pose(.outbound, at: 972), order: .nearestFirst, into: &tiles)
        Self.checkFrame(
            tiles, expected: Self.tiles(columns: 15...17, rows: 19...22), aircraft: PixelPoint(x: 2028, y: 2688))
        // The same point on the return leg (heading 270, pivots so the track is the same): x ∈ [1788, 2108]
        // → columns 13…16 (1788/128 = 13.97, 2108/128 = 16.5): 16 tiles.
        let back = try marsLoop.pose(.inbound, at: 972)
        #expect(back.position == PixelPoint(x: 2028, y: 2688))
        #expect(back.heading == 270)
        try marsLoop.cull(back, order: .nearestFirst, into: &tiles)
        Self.checkFrame(tiles, expected: Self.tiles(columns: 13...16, rows: 19...22), aircraft: back.position)
    }

    @Test func marginGrowsTheFootprintOnEverySide() throws {
        // Example 1's midpoint with a 64 px margin: [1804, 2252] × [2384, 2992] → columns 14…17, rows 18…23.
        let loop = try Self.example1(screen: Screen(width: 480, height: 320, margin: 64))
        var tiles: [VisibleTile] = []
        let view = try loop.cull(try loop.pose(.outbound, at: 972), order: .nearestFirst, into: &tiles)
        #expect(view.footprint.corners.bounds == PixelBounds(minX: 1804, minY: 2384, maxX: 2252, maxY: 2992))
        Self.checkFrame(
            tiles, expected: Self.tiles(columns: 14...17, rows: 18...23), aircraft: PixelPoint(x: 2028, y: 2688))
        // A 16 px margin puts both long edges exactly on tile boundaries, y = 2432 = 19·128 and 2944 = 23·128:
        // rows 18 and 23 only touch, so still rows 19…22 (x ∈ [1852, 2204] → columns 14…17).
        let loop16 = try Self.example1(screen: Screen(width: 480, height: 320, margin: 16))
        try loop16.cull(try loop16.pose(.outbound, at: 972), order: .nearestFirst, into: &tiles)
        Self.checkFrame(
            tiles, expected: Self.tiles(columns: 14...17, rows: 19...22), aircraft: PixelPoint(x: 2028, y: 2688))
        // Half a pixel more and rows 18 and 23 are needed.
        let loop16half = try Self.example1(screen: Screen(width: 480, height: 320, margin: 16.5))
        try loop16half.cull(try loop16half.pose(.outbound, at: 972), order: .nearestFirst, into: &tiles)
        Self.checkFrame(
            tiles, expected: Self.tiles(columns: 14...17, rows: 18...23), aircraft: PixelPoint(x: 2028, y: 2688))
    }

    @Test func ghostTilesAcrossTheAntimeridian() throws {
        // Example 2's route: P_A = (11280, 2688) → 11880 (unwrapped). At 500 px out, (11780, 2688) heading 90:
        // [11620, 11940] × [2448, 2928] → unwrapped columns 90…93 (11620/128 = 90.8, 11940/128 = 93.3), all ghosts
        // of real columns 0…3.
        let a = try GeoCoordinate(latitude: 0, longitude: 172.5)
        let b = try GeoCoordinate(latitude: 0, longitude: -168.75)
        let loop = FlightLoop(try Flight(from: a, to: b, on: .marsViking, screen: Screen(width: 480, height: 320)))
        var tiles: [VisibleTile] = []
        try loop.cull(try loop.pose(.outbound, at: 500), order: .nearestFirst, into: &tiles)
        #expect(Set(tiles.map(\.tile)) == Self.tiles(columns: 90...93, rows: 19...22))
        for v in tiles {
            #expect(v.realTile == TileIndex(column: v.tile.column - 90, row: v.tile.row))
            #expect(v.origin.x == Double(v.tile.column) * 128)
        }
        // At 200 px out, (11480, 2688): [11320, 11640] → columns 88…90 (88.4, 90.9): 88 and 89 real, 90 a ghost of 0.
        try loop.cull(try loop.pose(.outbound, at: 200), order: .nearestFirst, into: &tiles)
        #expect(Set(tiles.map(\.tile)) == Self.tiles(columns: 88...90, rows: 19...22))
        #expect(Set(tiles.map(\.realTile.column)) == [88, 89, 0])
    }

    // MARK: No allocation per frame

    static func roundTurnLoop() throws -> (FlightLoop, FlightTiming) {
        let a = try GeoCoordinate(latitude: 10, longitude: 170)
        let b = try GeoCoordinate(latitude: -12, longitude: -160)
        let screen = try Screen(width: 480, height: 320, scale: 1.5, anchor: Screen.Anchor(x: 0.5, y: 0.75), margin: 4)
        let flight = try Flight(
            from: a, to: b, on: .marsViking, screen: screen, turn: Turn(radius: 150, direction: .left), lateralBand: 40)
        return (FlightLoop(flight), try FlightTiming(speed: 300, framesPerSecond: 30, turnRate: 90))
    }

    @Test func preReservedBufferKeepsItsStorageForTheWholeLoop() throws {
        let (loop, timing) = try Self.roundTurnLoop()
        var buffer: [VisibleTile] = []
        buffer.reserveCapacity(1024)
        let capacity = buffer.capacity
        var base: UnsafePointer<VisibleTile>?
        var frames = 0
        var largest = 0
        for (k, pose) in try loop.frames(at: timing).enumerated() {
            try loop.cull(pose, lateralOffset: Double(k % 81) - 40, into: &buffer)
            let address = buffer.withUnsafeBufferPointer(\.baseAddress)
            if base == nil { base = address }
            #expect(buffer.capacity == capacity, "frame \(k)")
            #expect(address == base, "frame \(k)")
            frames += 1
            largest = max(largest, buffer.count)
        }
        #expect(frames > 200)
        #expect(largest > 20 && largest < capacity)
    }

    @Test func bufferGrownByTheFirstLoopIsReusedWithoutReallocating() throws {
        let (loop, timing) = try Self.roundTurnLoop()
        var buffer: [VisibleTile] = []
        var first: [[VisibleTile]] = []
        for pose in try loop.frames(at: timing) {
            try loop.cull(pose, lateralOffset: 40, into: &buffer)
            first.append(buffer.map { $0 })  // a copy with its own storage, so `buffer` stays uniquely referenced
        }
        // After a whole loop the buffer has grown to the largest frame: a second loop keeps its storage.
        let capacity = buffer.capacity
        let base = buffer.withUnsafeBufferPointer(\.baseAddress)
        for (k, pose) in try loop.frames(at: timing).enumerated() {
            try loop.cull(pose, lateralOffset: 40, into: &buffer)
            #expect(buffer.capacity == capacity)
            #expect(buffer.withUnsafeBufferPointer(\.baseAddress) == base)
            #expect(buffer == first[k])  // and gives the same frames
        }
    }

    // MARK: Errors

    @Test func lateralOffsetOutsideTheBandThrows() throws {
        let a = try GeoCoordinate(latitude: 0, longitude: -147)
        let b = try GeoCoordinate(latitude: 0, longitude: -86.25)
        let screen = try Screen(width: 480, height: 320)
        let loop = FlightLoop(try Flight(from: a, to: b, on: .marsViking, screen: screen, lateralBand: 10))
        let pose = try loop.pose(.outbound, at: 100)
        var tiles: [VisibleTile] = []
        try loop.cull(pose, lateralOffset: 10, into: &tiles)  // the band's edges are allowed
        try loop.cull(pose, lateralOffset: -10, into: &tiles)
        #expect(!tiles.isEmpty)
        for offset in [10.nextUp, -(10.nextUp), 10.5, -1e6] {
            #expect(throws: StencilError.offsetOutsideBand(offset: offset, band: 10)) {
                try loop.cull(pose, lateralOffset: offset, into: &tiles)
            }
            #expect(throws: StencilError.offsetOutsideBand(offset: offset, band: 10)) {
                try loop.footprint(of: pose, lateralOffset: offset)
            }
        }
        // With no band only 0 is allowed.
        let narrow = try Self.example1()
        try narrow.cull(pose, lateralOffset: -0.0, into: &tiles)
        #expect(throws: StencilError.offsetOutsideBand(offset: 1e-300, band: 0)) {
            try narrow.cull(pose, lateralOffset: 1e-300, into: &tiles)
        }
        let description = StencilError.offsetOutsideBand(offset: 10.5, band: 10).description
        #expect(description.contains("10.5") && description.contains("10"))
    }

    @Test func nonFiniteOffsetsAndParametersThrow() throws {
        let loop = try Self.example1()
        let pose = try loop.pose(.outbound, at: 100)
        let timing = try FlightTiming(speed: 100)
        var tiles: [VisibleTile] = []
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(throws: StencilError.self) { try loop.cull(pose, lateralOffset: bad, into: &tiles) }
            #expect(throws: StencilError.self) { try loop.footprint(of: pose, lateralOffset: bad) }
            for phase in LoopPhase.allCases {
                #expect(throws: StencilError.self) { try loop.pose(phase, at: bad) }
            }
            #expect(throws: StencilError.self) { try loop.pose(atArcLength: bad) }
            #expect(throws: StencilError.self) { try loop.pose(atTime: bad, timing: timing) }
            #expect(throws: StencilError.self) { try FlightTiming(speed: bad) }
            #expect(throws: StencilError.self) { try FlightTiming(speed: 1, framesPerSecond: bad) }
            #expect(throws: StencilError.self) { try FlightTiming(speed: 1, turnRate: bad) }
            #expect(throws: StencilError.self) { try Turn(radius: bad) }
            #expect(throws: StencilError.self) { try Screen(width: 480, height: 320, margin: bad) }
            #expect(throws: StencilError.self) { try Screen(width: 480, height: 320, scale: bad) }
            #expect(throws: StencilError.self) {
                try Flight(route: loop.flight.route, screen: loop.flight.screen, lateralBand: bad)
            }
        }
        // The errors name what was wrong.
        do {
            _ = try loop.cull(pose, lateralOffset: .nan, into: &tiles)
            Issue.record("no error")
        } catch {
            guard case .nonFinite = error else { Issue.record("wrong error \(error)"); return }
        }
        for bad in [0.0, -1] {
            #expect(throws: StencilError.self) { try FlightTiming(speed: bad) }
            #expect(throws: StencilError.self) { try FlightTiming(speed: 1, framesPerSecond: bad) }
            #expect(throws: StencilError.self) { try FlightTiming(speed: 1, turnRate: bad) }
        }
    }

    @Test func poseParameterOutsideItsRangeThrows() throws {
        let loop = try Self.example1()
        let length = loop.legLength
        #expect(length == 1944)
        for phase in [LoopPhase.outbound, .inbound] {
            _ = try loop.pose(phase, at: 0)
            _ = try loop.pose(phase, at: length)
            for bad in [-1e-9, -1, length.nextUp, length + 1, 1e9] {
                #expect(throws: StencilError.self) { try loop.pose(phase, at: bad) }
                do {
                    _ = try loop.pose(phase, at: bad)
                } catch {
                    guard case .outOfRange(_, let value, _) = error else { Issue.record("\(error)"); continue }
                    #expect(value == bad)
                }
            }
        }
        for phase in [LoopPhase.turnAtEnd, .turnAtStart] {
            _ = try loop.pose(phase, at: 0)
            _ = try loop.pose(phase, at: 180)
            for bad in [-1e-12, -90, 180.nextUp, 181, 360] {
                #expect(throws: StencilError.self) { try loop.pose(phase, at: bad) }
            }
        }
        // −0 is inside 0…L.
        #expect(try loop.pose(.outbound, at: -0.0).position == loop.flight.route.start)
    }
}
