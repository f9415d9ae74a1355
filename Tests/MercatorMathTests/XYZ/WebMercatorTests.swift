import Foundation
import MercatorMath
import Testing

/// Web Mercator XYZ levels as the same model with 2^z × 2^z tiles of 256 px.
@Suite("TileGrid: Web Mercator XYZ")
struct WebMercatorTests {
    /// The standard slippy-map tile formula, written independently of the library.
    static func slippyTile(latitude: Double, longitude: Double, zoom: Int) -> (x: Int, y: Int) {
        let n = Double(1 << zoom)
        let phi = latitude * .pi / 180
        let x = Int(floor((longitude + 180) / 360 * n))
        let y = Int(floor((1 - log(tan(phi) + 1 / cos(phi)) / .pi) / 2 * n))
        return (x, y)
    }

    @Test("levels are 2^z × 2^z tiles of 256 px")
    func sizes() throws {
        for z in [0, 1, 2, 10, 18, 30] {
            let g = try TileGrid.xyz(level: z)
            #expect(g.columns == 1 << z && g.rows == 1 << z && g.tileSize == 256)
            #expect(g.width == Double(256 << z))
        }
    }

    @Test("φlim = 85.0511287798° at every level")
    func limit() throws {
        for z in [0, 1, 5, 19, 30] {
            #expect(abs(try TileGrid.xyz(level: z).latitudeLimit - 85.0511287798) < 1e-10)
        }
    }

    @Test("London (51.5074, −0.1278) at z = 10 is tile x 511, y 340")
    func london() throws {
        let g = try TileGrid.xyz(level: 10)
        #expect(try g.tile(of: geo(51.5074, -0.1278)) == TileIndex(column: 511, row: 340))
    }

    @Test("(0, 0) at z = 1 is tile (1, 1); just north of the equator is row 0, just west is column 0")
    func origin() throws {
        let g = try TileGrid.xyz(level: 1)
        #expect(try g.tile(of: geo(0, 0)) == TileIndex(column: 1, row: 1))
        #expect(try g.tile(of: geo(1e-9, 0)) == TileIndex(column: 1, row: 0))
        #expect(try g.tile(of: geo(-1e-9, -1e-9)) == TileIndex(column: 0, row: 1))
        #expect(try TileGrid.xyz(level: 0).tile(of: geo(10, 100)) == TileIndex(column: 0, row: 0))
    }

    @Test(
        "tiles agree with the slippy-map formula",
        arguments: [
            (51.5074, -0.1278), (48.8566, 2.3522), (-33.8688, 151.2093), (40.7128, -74.0060),
            (35.6762, 139.6503), (-22.9068, -43.1729), (64.1466, -21.9426), (-77.8463, 166.6681),
            (84.9, 179.9), (-84.9, -179.9),
        ])
    func slippyFormula(latitude: Double, longitude: Double) throws {
        for zoom in [1, 2, 3, 5, 8, 10, 12, 15, 18, 20] {
            let g = try TileGrid.xyz(level: zoom)
            let expected = Self.slippyTile(latitude: latitude, longitude: longitude, zoom: zoom)
            let tile = try g.tile(of: geo(latitude, longitude))
            #expect(tile == TileIndex(column: expected.x, row: expected.y), "z \(zoom)")
        }
    }

    @Test("the top and bottom edges fall in rows 0 and 2^z − 1")
    func edges() throws {
        for zoom in [0, 1, 4, 12, 30] {
            let g = try TileGrid.xyz(level: zoom)
            let limit = g.latitudeLimit
            #expect(try g.tile(of: geo(limit, 0)).row == 0, "z \(zoom)")
            #expect(try g.tile(of: geo(-limit, 0)).row == g.rows - 1, "z \(zoom)")
        }
    }

    @Test("zoom outside 0…30 is refused, naming the level and the range", arguments: [-1, 31, 64, Int.min])
    func zoomOutOfRange(zoom: Int) {
        let error = thrown(try TileGrid.xyz(level: zoom))
        #expect(error == .outOfRange(field: "XYZ level", value: Double(zoom), range: 0...30))
        expectDescription(of: error, mentions: ["\(zoom)", "[0, 30]"])
    }
}
