import Testing

@testable import StencilKit

/// Bad input to views, rings and texture formats is answered with typed errors naming the field; a texture format
/// follows the grid's tile size; culling a hand-built pose is the view there, stencil or not.
struct ViewportErrorTests {
    static func error(_ body: () throws(StencilError) -> Void) -> StencilError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    static let screen = try! Screen(width: 480, height: 320)

    @Test func nonFiniteCentreOrBearingIsRefused() throws {
        let grid = try TileGrid.xyz(level: 3)
        for bad in [Double.nan, .infinity, -.infinity] {
            for (center, bearing, field) in [
                (PixelPoint(x: bad, y: 10), 0.0, "View centre x"), (PixelPoint(x: 10, y: bad), 0, "View centre y"),
                (PixelPoint(x: 10, y: 10), bad, "View bearing"),
            ] {
                let error = Self.error { () throws(StencilError) in
                    _ = try Viewport(grid: grid, center: center, bearing: bearing, screen: Self.screen)
                }
                guard case .nonFinite(let name, _) = error else {
                    Issue.record("\(field): \(String(describing: error))")
                    continue
                }
                #expect(name == field)
                #expect(error!.description.contains("finite"))
            }
        }
    }

    @Test func farOrHugeViewsAreRefused() throws {
        let grid = try TileGrid.xyz(level: 3)
        // 2⁴⁰ px is the farthest reach: a centre there plus the screen's half-diagonal √(240² + 160²) = 288.44 is past
        // it.
        let far = Self.error { () throws(StencilError) in
            _ = try Viewport(grid: grid, center: PixelPoint(x: 0, y: -Flight.maximumExtent), screen: Self.screen)
        }
        guard case .outOfRange(let field, let value, let valid) = far else {
            Issue.record("\(String(describing: far))"); return
        }
        #expect(field.contains("reach") && abs(value - Flight.maximumExtent - 288.444) < 1e-3)
        #expect(valid.contains("1099511627776"))
        // Just inside: 289 px short of it.
        _ = try Viewport(grid: grid, center: PixelPoint(x: Flight.maximumExtent - 289, y: 0), screen: Self.screen)
        // 10⁶ × 10⁶ points of 256-px tiles: a bounding square of 2·707107/256 + 2 = 5526 tiles a side, 3·10⁷ tiles.
        let huge = Self.error { () throws(StencilError) in
            _ = try Viewport(grid: grid, center: .zero, screen: Screen(width: 1e6, height: 1e6))
        }
        guard case .tooLarge(let f2, let v2, _, _) = huge else { Issue.record("\(String(describing: huge))"); return }
        #expect(f2.contains("size in tiles") && v2 > Double(Flight.maximumTilesPerFrame))
        // A scale so large the extents overflow to infinity is refused, not trapped on.
        let overflow = Self.error { () throws(StencilError) in
            _ = try Viewport(grid: grid, center: .zero, screen: Screen(width: 1e300, height: 1e300, scale: 1e300))
        }
        #expect(overflow != nil)
    }

    @Test func badRingWidthsAreRefused() throws {
        let view = try Viewport(
            grid: .marsViking, center: PixelPoint(x: 2028, y: 2688), bearing: 30, screen: Self.screen)
        var tiles: [VisibleTile] = [
            VisibleTile(
                tile: .init(column: 0, row: 0), realTile: .init(column: 0, row: 0), origin: .zero, centerOffset: .zero)
        ]
        for bad in [-1.0, -1e-300, .nan, .infinity, -.infinity] {
            let error = Self.error { () throws(StencilError) in try view.prefetchRing(width: bad, into: &tiles) }
            switch error {
            case .nonFinite(let field, _), .outOfRange(let field, _, _): #expect(field == "Prefetch ring width")
            default: Issue.record("\(bad): \(String(describing: error))")
            }
        }
        // A refused call leaves the buffer as it was.
        #expect(tiles.count == 1)
        // A ring of 10⁶ px on 128-px tiles is a 1.4·10⁸-tile square: refused by the per-frame tile limit.
        let error = Self.error { () throws(StencilError) in try view.prefetchRing(width: 1e6, into: &tiles) }
        guard case .tooLarge(let field, _, _, _) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(field.contains("prefetch ring"))
    }

    @Test func negativeOrZeroScreenSizesAreRefusedByTheScreen() {
        for (w, h, z) in [(-480.0, 320.0, 1.0), (480, -1, 1), (0, 320, 1), (480, 320, -2), (480, 320, 0)] {
            #expect(throws: StencilError.self) { try Screen(width: w, height: h, scale: z) }
        }
        #expect(throws: StencilError.self) { try Screen(width: 480, height: 320, margin: -1) }
        #expect(throws: StencilError.self) { try Screen(width: 480, height: 320, anchor: .init(x: 1.5, y: 0)) }
    }

    // MARK: Texture format from the grid

    @Test func textureFormatFollowsTheGrid() throws {
        // T²·bpp: 256² · 4 = 262,144; 256² · 2 = 131,072; 128² · 4 = 65,536; 1 px · 1 byte = 1.
        #expect(try TextureFormat(grid: .xyz(level: 12)).bytesPerTile == 262_144)
        #expect(try TextureFormat(grid: .xyz(level: 0), bytesPerPixel: 2).bytesPerTile == 131_072)
        #expect(try TextureFormat(grid: .marsViking).bytesPerTile == 65_536)
        #expect(try TextureFormat(grid: .marsViking) == .rgba8Tile128)
        #expect(try TextureFormat(grid: .xyz(level: 5)) == .rgba8Tile256)
        #expect(try TextureFormat(tileSize: 1, bytesPerPixel: 1).bytesPerTile == 1)
        // 2³¹ px tiles: 2⁶² pixels fit at 1 byte; at 4 bytes 2⁶⁴ does not fit an Int.
        let big = try TileGrid(columns: 1, rows: 1, tileSize: 1 << 31)
        #expect(try TextureFormat(grid: big, bytesPerPixel: 1).bytesPerTile == 1 << 62)
        for (grid, bpp) in [(big, 4), (try TileGrid(columns: 1, rows: 1, tileSize: 1 << 32), 1)] {
            let error = Self.error { () throws(StencilError) in _ = try TextureFormat(grid: grid, bytesPerPixel: bpp) }
            guard case .outOfRange(let field, _, let valid) = error else {
                Issue.record("\(String(describing: error))"); continue
            }
            #expect(field.contains("tile size²") && valid.contains("Int.max"))
        }
        for bpp in [0, -4] {
            #expect(throws: StencilError.self) { try TextureFormat(grid: .marsViking, bytesPerPixel: bpp) }
        }
        #expect(throws: StencilError.self) { try TextureFormat(tileSize: 0) }
    }

    @Test func budgetPlanCountsTheGridsTextures() throws {
        // A short route at z = 12 (256-px tiles): 16,000,000 bytes hold ⌊16e6 / 262,144⌋ = 61 textures, not the
        // ⌊16e6 / 65,536⌋ = 244 a 128-px default would count.
        let grid = try TileGrid.xyz(level: 12)
        let a = try GeoCoordinate(latitude: 47.37, longitude: 8.50)
        let b = try GeoCoordinate(latitude: 47.37, longitude: 8.60)
        let flight = try Flight(from: a, to: b, on: grid, screen: Self.screen)
        let plan = try BudgetPlan(flight: flight, budget: MemoryBudget(bytes: 16_000_000))
        #expect(plan.format.bytesPerTile == 262_144)
        #expect(plan.capacity == 61)
        // An explicit format is still honoured.
        let explicit = try BudgetPlan(flight: flight, budget: MemoryBudget(bytes: 16_000_000), format: .rgb565Tile256)
        #expect(explicit.capacity == 122)
        // On Mars Viking the default is 65,536 bytes a tile, as before.
        let mars = try Flight(
            from: GeoCoordinate(latitude: 0, longitude: -147), to: GeoCoordinate(latitude: 0, longitude: -86.25),
            on: .marsViking, screen: Self.screen)
        #expect(try BudgetPlan(flight: mars, budget: .generous).capacity == 27_000_000 / 65_536)
    }

    // MARK: What cull promises

    @Test func cullOfAHandBuiltPoseIsTheViewThereNotTheStencil() throws {
        let loop = try CullingTests.example1()
        let stencil = try Stencil(flight: loop.flight)
        // A pose far from the loop, at (6000, 1000): its tiles are those of the view there, none in the stencil
        // (which spans columns 5…25, rows 18…23).
        let pose = Pose(phase: .outbound, parameter: 0, position: PixelPoint(x: 6000, y: 1000), heading: 10)
        var culled: [VisibleTile] = []
        try loop.cull(pose, into: &culled)
        let view = try Viewport(grid: .marsViking, center: pose.position, bearing: 10, screen: Self.screen)
        var seen: [VisibleTile] = []
        view.visibleTiles(into: &seen)
        #expect(!culled.isEmpty && culled == seen)
        #expect(culled.allSatisfy { !stencil.contains($0.tile) })
        // The loop's own poses stay inside it.
        for pose in try loop.frames(at: FlightTiming(speed: 240, framesPerSecond: 10)) {
            try loop.cull(pose, into: &culled)
            #expect(culled.allSatisfy { stencil.contains($0.tile) })
        }
    }
}
