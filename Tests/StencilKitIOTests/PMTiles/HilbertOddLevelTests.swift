import StencilKitIO
import Testing

/// The PMTiles spec's tile id at odd levels, where the Hilbert curve's rotation acts (at level 1, the spec's own
/// example, it does nothing): every tile of levels 3 and 5 against the spec's algorithm written here (Wikipedia's
/// `xy2d` with the rotation `rot`, plus the (4ᶻ − 1)/3 ids of the levels above), and two of its values computed apart.
struct HilbertOddLevelTests {
    /// The spec's id: (4ᶻ − 1)/3 + xy2d(2ᶻ, x, y).
    static func specID(level z: Int, x: UInt64, y: UInt64) -> UInt64 {
        let n = UInt64(1) << z
        var (x, y) = (x, y)
        var d: UInt64 = 0
        var s = n / 2
        while s > 0 {
            let rx: UInt64 = x & s > 0 ? 1 : 0
            let ry: UInt64 = y & s > 0 ? 1 : 0
            d += s * s * ((3 * rx) ^ ry)
            if ry == 0 {
                if rx == 1 {
                    x = n - 1 - x
                    y = n - 1 - y
                }
                (x, y) = (y, x)
            }
            s /= 2
        }
        return ((1 << (2 * UInt64(z))) - 1) / 3 + d
    }

    @Test func levelsThreeAndFiveFollowTheSpec() throws {
        #expect(try HilbertTileID(level: 3, x: 1, y: 2).rawValue == 34)
        #expect(try HilbertTileID(level: 5, x: 7, y: 30).rawValue == 704)
        var checked = 0
        for level in [3, 5] {
            let n = UInt64(1) << level
            for x in 0..<n {
                for y in 0..<n {
                    let id = try HilbertTileID(level: level, x: x, y: y)
                    #expect(id.rawValue == Self.specID(level: level, x: x, y: y), "\(level)/\(x)/\(y)")
                    #expect(id.coordinates == (level, x, y))
                    checked += 1
                }
            }
        }
        #expect(checked == 64 + 1024)
    }
}
