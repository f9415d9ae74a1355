import Foundation
import MercatorMath
import TestSupport
import Testing

/// The pixel figures of MODEL.md §1 and §6 on the Mars Viking grids.
@Suite("TileGrid: Mars Viking figures")
struct TileGridFigureTests {
    let grid = TileGrid.marsViking

    @Test("shipped grid: 90 × 42 tiles of 128 px, 11520 × 5376 px, 3780 tiles")
    func shippedSizes() throws {
        #expect(grid.columns == 90 && grid.rows == 42 && grid.tileSize == 128)
        #expect(grid.width == 11520 && grid.height == 5376)
        #expect(grid.tileCount == 3780)
        #expect(grid.pixelsPerRadian == 11520 / (2 * Double.pi))
        #expect(try TileGrid(columns: 90, rows: 42, tileSize: 128) == grid)
    }

    @Test("φlim = atan(sinh(π·H/W)) = 64.0042253130°")
    func shippedLimit() {
        #expect(abs(grid.latitudeLimit - 64.0042253130) < 1e-9)
        #expect(abs(grid.latitudeLimit - atan(sinh(Double.pi * 5376 / 11520)) * 180 / .pi) < 1e-12)
        // The limit is where the top and bottom edges lie.
        #expect(abs(grid.pixelY(ofLatitude: grid.latitudeLimit)) < 1e-9)
        #expect(abs(grid.pixelY(ofLatitude: -grid.latitudeLimit) - 5376) < 1e-9)
        #expect(abs(grid.latitude(atPixelY: 0) - grid.latitudeLimit) < 1e-12)
    }

    @Test("double resolution: 180 × 84 tiles, 23040 × 10752 px, 15120 tiles, the same φlim")
    func doubleResolution() {
        let double = TileGrid.marsVikingDouble
        #expect(double.columns == 180 && double.rows == 84 && double.tileSize == 128)
        #expect(double.width == 23040 && double.height == 10752)
        #expect(double.tileCount == 15120)
        #expect(double.latitudeLimit == grid.latitudeLimit)
        #expect(abs(double.latitudeLimit - 64.0042253130) < 1e-9)
    }

    @Test(
        "longitudes land on exact pixel columns",
        arguments: [
            (-147.0, 1056.0), (-86.25, 3000.0), (172.5, 11280.0), (-168.75, 360.0), (-180.0, 0.0), (0.0, 5760.0),
        ])
    func exactColumns(longitude: Double, px: Double) throws {
        #expect(try grid.pixel(of: geo(0, longitude)).x == px)
        #expect(try grid.pixel(of: geo(37.25, longitude)).x == px)
        // Double resolution doubles every figure, still exactly.
        #expect(try TileGrid.marsVikingDouble.pixel(of: geo(0, longitude)).x == 2 * px)
    }

    @Test("the equator is row coordinate 2688 exactly")
    func equator() throws {
        #expect(try grid.pixel(of: geo(0, -147)) == PixelPoint(x: 1056, y: 2688))
        #expect(try grid.pixel(of: geo(0, -86.25)) == PixelPoint(x: 3000, y: 2688))
        #expect(grid.pixelY(ofLatitude: 0) == 2688)
        #expect(grid.latitude(atPixelY: 2688) == 0)
    }

    @Test("φ = 63.5° sits at py ≈ 36.485, and y = −251.96 is φ ≈ 67.2489°")
    func example3Figures() throws {
        #expect(abs(try grid.pixel(of: geo(63.5, 0)).y - 36.485) < 1e-3)
        #expect(abs(grid.pixelY(ofLatitude: 63.5) - 36.485) < 1e-3)
        #expect(abs(grid.latitude(atPixelY: -251.96) - 67.2489) < 1e-4)
        // Above the image the pixel is reachable only unclamped.
        #expect(abs(grid.unclampedPixel(of: geo(67.2489, 0)).y + 251.96) < 1e-2)
    }

    @Test("py is symmetric about the equator and the row-coordinate functions invert each other")
    func symmetryAndInverse() {
        var rng = SplitMix64(seed: 0x64)
        for _ in 0..<2000 {
            let lat = rng.uniform(-64, 64)
            let y = grid.pixelY(ofLatitude: lat)
            #expect(abs((grid.pixelY(ofLatitude: -lat) - 2688) + (y - 2688)) < 1e-9)
            #expect(abs(grid.latitude(atPixelY: y) - lat) < 1e-11)
        }
    }

    @Test("pixel ↔ coordinate round trip inside the image")
    func pixelRoundTrip() throws {
        var rng = SplitMix64(seed: 0x9_1C5)
        for _ in 0..<2000 {
            let c = geo(rng.uniform(-64, 64), rng.uniform(-180, 180))
            let back = try grid.coordinate(at: grid.pixel(of: c))
            #expect(abs(back.latitude - c.latitude) < 1e-11)
            #expect(abs(angleDifference(back.longitude, c.longitude)) < 1e-11)
        }
    }

    @Test("pixel x is unwrapped when converting back: x + W is the same place")
    func unwrappedPixelX() throws {
        let a = try grid.coordinate(at: PixelPoint(x: 1056 + 11520, y: 2688))
        #expect(a.longitude == -147 && a.latitude == 0)
        let b = try grid.coordinate(at: PixelPoint(x: 360 - 11520, y: 2688))
        #expect(b.longitude == -168.75)
    }
}
