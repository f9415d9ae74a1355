import Foundation
import StencilKitIO
import TestSupport
import Testing

@Suite("PNG decoding (libpng)")
struct PNGImageTests {
    @Test("Random RGB and RGBA images decode to their exact bytes (200 images)")
    func roundTrip() throws {
        var random = SplitMix64(seed: 26)
        var checked = 0
        for _ in 0..<200 {
            let (w, h) = (random.int(1...40), random.int(1...40))
            let alpha = random.bool()
            let channels = alpha ? 4 : 3
            let pixels = (0..<(w * h * channels)).map { _ in UInt8(random.int(0...255)) }
            let image = try PNGImage(
                decoding: TestPNG.encode(width: w, height: h, colorType: alpha ? 6 : 2, pixels: pixels))
            #expect(image.width == w && image.height == h)
            var expected: [UInt8] = []
            for p in 0..<(w * h) {
                expected += pixels[(p * channels)..<(p * channels + 3)]
                expected.append(alpha ? pixels[p * channels + 3] : 255)
            }
            #expect(image.rgba == expected)
            checked += 1
        }
        #expect(checked == 200)
    }

    @Test("Grey and palette images expand to RGB; sRGB's gAMA and an sRGB chunk change nothing")
    func expansions() throws {
        let grey = try PNGImage(decoding: TestPNG.encode(width: 2, height: 1, colorType: 0, pixels: [7, 200]))
        #expect(grey.rgba == [7, 7, 7, 255, 200, 200, 200, 255])
        let palette = try PNGImage(
            decoding: TestPNG.encode(
                width: 3, height: 1, colorType: 3, pixels: [1, 0, 1], palette: [9, 8, 7, 1, 2, 3]))
        #expect(palette.rgba == [1, 2, 3, 255, 9, 8, 7, 255, 1, 2, 3, 255])
        let pixels: [UInt8] = [10, 100, 200, 128, 50, 3]
        let srgbGamma = TestPNG.encode(
            width: 2, height: 1, pixels: pixels, extraChunks: [("gAMA", TestPNG.be32(45_455))])
        #expect(try PNGImage(decoding: srgbGamma).rgba == [10, 100, 200, 255, 128, 50, 3, 255])
        let withSRGB = TestPNG.encode(
            width: 2, height: 1, pixels: pixels, extraChunks: [("sRGB", [0]), ("gAMA", TestPNG.be32(45_455))])
        #expect(try PNGImage(decoding: withSRGB).rgba == [10, 100, 200, 255, 128, 50, 3, 255])
    }

    @Test("Refusals: not a PNG, a gamma that would change values, 16-bit channels, too many pixels")
    func refusals() {
        #expect(throws: PNGDecodeError.notPNG(byteCount: 3)) { try PNGImage(decoding: Data([1, 2, 3])) }
        let linear = TestPNG.encode(
            width: 1, height: 1, pixels: [1, 2, 3], extraChunks: [("gAMA", TestPNG.be32(100_000))])
        #expect(throws: PNGDecodeError.gammaCorrected(gamma: 100_000)) { try PNGImage(decoding: linear) }
        let deep = TestPNG.encode(width: 1, height: 1, bitDepth: 16, pixels: [1, 2, 3, 4, 5, 6])
        #expect(throws: PNGDecodeError.sixteenBitChannels) { try PNGImage(decoding: deep) }
        let big = TestPNG.encode(width: 30, height: 20, pixels: Array(repeating: 0, count: 1800))
        #expect(throws: PNGDecodeError.tooLarge(width: 30, height: 20, limit: 599)) {
            try PNGImage(decoding: big, maximumPixels: 599)
        }
        #expect((try? PNGImage(decoding: big, maximumPixels: 600)) != nil)
    }

    @Test("Every truncation and a flipped byte in each chunk get a typed error, never a trap or a wrong image")
    func corruption() throws {
        var random = SplitMix64(seed: 261)
        let pixels = (0..<(8 * 8 * 3)).map { _ in UInt8(random.int(0...255)) }
        let good = TestPNG.encode(width: 8, height: 8, pixels: pixels)
        let decoded = try PNGImage(decoding: good)
        var truncations = 0
        for length in 0..<good.count {
            do {
                let image = try PNGImage(decoding: good.prefix(length))
                // libpng may finish without the IEND chunk (the image is complete): then the pixels must be right.
                #expect(image == decoded && length >= good.count - 12)
            } catch {
                truncations += 1
            }
        }
        #expect(truncations >= good.count - 12)
        var flips = 0
        for offset in 8..<good.count {
            var bad = good
            bad[offset] ^= 0x41
            if let image = try? PNGImage(decoding: bad) {
                #expect(image.width * image.height * 4 == image.rgba.count)
            } else {
                flips += 1
            }
        }
        // A flip in the CRC-checked IHDR, IDAT or in a length is refused; IEND's body is not read by libpng.
        #expect(flips >= good.count - 8 - 12)
    }
}
