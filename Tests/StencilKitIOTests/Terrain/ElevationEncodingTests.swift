import StencilKitIO
import TestSupport
import Testing

@Suite("Elevation encodings")
struct ElevationEncodingTests {
    @Test("Terrarium and Terrain-RGB: hand-worked pixels")
    func handWorked() {
        #expect(ElevationEncoding.terrarium.elevation(red: 128, green: 0, blue: 0) == 0)
        #expect(ElevationEncoding.terrarium.elevation(red: 0, green: 0, blue: 0) == -32_768)
        #expect(ElevationEncoding.terrarium.elevation(red: 255, green: 255, blue: 255) == 32_767.99609375)
        // 33,280 + 244 + 0.5 − 32,768
        #expect(ElevationEncoding.terrarium.elevation(red: 130, green: 244, blue: 128) == 756.5)
        #expect(ElevationEncoding.terrainRGB.elevation(red: 1, green: 134, blue: 160) == 0)  // code 100,000
        #expect(ElevationEncoding.terrainRGB.elevation(red: 0, green: 0, blue: 0) == -10_000)
        #expect(ElevationEncoding.terrainRGB.elevation(red: 1, green: 164, blue: 45) == 756.5)  // code 107,565
        #expect(ElevationEncoding.terrainRGB.elevation(red: 255, green: 255, blue: 255) == 1_667_721.5)
    }

    @Test("Both encodings increase strictly with the 24-bit code (5,000 random pairs each) and match the formulas")
    func monotone() {
        var random = SplitMix64(seed: 2626)
        var checked = 0
        for encoding in ElevationEncoding.allCases {
            for _ in 0..<5000 {
                let (r, g, b) = (random.int(0...255), random.int(0...255), random.int(0...255))
                let code = UInt32(r * 65_536 + g * 256 + b)
                let e = encoding.elevation(red: UInt8(r), green: UInt8(g), blue: UInt8(b))
                let formula =
                    encoding == .terrarium
                    ? Double(r) * 256 + Double(g) + Double(b) / 256 - 32_768
                    : -10_000 + Double(r * 65_536 + g * 256 + b) * 0.1
                #expect(abs(e - formula) <= 1e-9 * max(1, abs(formula)))
                let other = UInt32(random.int(0...0xFF_FFFF))
                if other != code {
                    #expect((encoding.elevation(code: other) < e) == (other < code))
                }
                checked += 1
            }
        }
        #expect(checked == 10_000)
    }
}
