import Foundation

/// A PNG encoder written apart from the library (stored deflate blocks, its own CRC-32 and Adler-32), so decoding
/// tests never use the code under test to make their inputs.
enum TestPNG {
    /// Colour types: 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA.
    static func encode(
        width: Int, height: Int, colorType: UInt8 = 2, bitDepth: UInt8 = 8, pixels: [UInt8], palette: [UInt8] = [],
        extraChunks: [(String, [UInt8])] = []
    ) -> Data {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func chunk(_ type: String, _ data: [UInt8]) {
            out += be32(UInt32(data.count))
            let body = Array(type.utf8) + data
            out += body
            out += be32(crc32(body))
        }
        chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [bitDepth, colorType, 0, 0, 0])
        for (type, data) in extraChunks { chunk(type, data) }
        if !palette.isEmpty { chunk("PLTE", palette) }
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)]!
        let rowBytes = width * channels * Int(bitDepth) / 8
        var raw: [UInt8] = []
        for row in 0..<height {
            raw.append(0)  // filter: none
            raw += pixels[(row * rowBytes)..<((row + 1) * rowBytes)]
        }
        chunk("IDAT", zlibStored(raw))
        chunk("IEND", [])
        return Data(out)
    }

    /// An RGB image of elevations `metres` (row-major, `size` × `size`) in Terrarium; RGBA with every alpha `alpha`
    /// when given (decoders must ignore it).
    static func terrarium(size: Int, metres: [Double], alpha: UInt8? = nil) -> Data {
        var pixels: [UInt8] = []
        for e in metres {
            let code = Int(((e + 32_768) * 256).rounded())
            pixels += [UInt8(code >> 16 & 255), UInt8(code >> 8 & 255), UInt8(code & 255)]
            if let alpha { pixels.append(alpha) }
        }
        return encode(width: size, height: size, colorType: alpha == nil ? 2 : 6, pixels: pixels)
    }

    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
    }

    /// zlib stream of stored (uncompressed) deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let n = min(65_535, data.count - start)
            let last: UInt8 = start + n == data.count ? 1 : 0
            out += [last, UInt8(n & 255), UInt8(n >> 8), UInt8(~n & 255), UInt8((~n >> 8) & 255)]
            out += data[start..<(start + n)]
            start += n
        } while start < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + be32(b << 16 | a)
    }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
