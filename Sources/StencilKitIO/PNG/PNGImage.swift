import Foundation

#if canImport(CLibPNG)
    import CLibPNG
#elseif canImport(ImageIO)
    import CoreGraphics
    import ImageIO
#endif

/// An image decoded from PNG bytes as 8-bit RGBA, rows top to bottom: the platform's decoder (libpng's simplified
/// API on Linux, ImageIO on Apple platforms), not a hand-written one.
///
/// Grey and palette images are expanded to RGB and images without alpha get alpha 255; channel values are as
/// stored (no gamma correction, no premultiplication), which is what data tiles such as elevation need.
public struct PNGImage: Sendable, Hashable {
    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    /// `width · height · 4` bytes: R, G, B, A of each pixel, row-major from the top-left pixel.
    public let rgba: [UInt8]

    /// The default largest image decoded, 4,096 × 4,096 px (a 64 MiB RGBA buffer).
    public static let defaultMaximumPixels = 4096 * 4096

    /// Decodes `data`.
    /// - Parameters:
    ///   - data: the PNG file's bytes.
    ///   - maximumPixels: the most pixels (width × height) decoded; a larger image is refused from its header,
    ///     before the pixels are allocated.
    /// - Throws: ``PNGDecodeError``: ``PNGDecodeError/notPNG(byteCount:)``, ``PNGDecodeError/tooLarge(width:height:limit:)``,
    ///   ``PNGDecodeError/sixteenBitChannels``, ``PNGDecodeError/gammaCorrected(gamma:)``, and
    ///   ``PNGDecodeError/corrupt(_:)`` with the decoder's message for a bad CRC, a truncated or otherwise broken
    ///   stream.
    /// - Complexity: O(bytes + width · height).
    public init(decoding data: Data, maximumPixels: Int = PNGImage.defaultMaximumPixels) throws(PNGDecodeError) {
        var pixels: [UInt8] = []
        let size = try Self.decode(data, into: &pixels, maximumPixels: maximumPixels, alpha: true)
        self.width = size.width
        self.height = size.height
        self.rgba = pixels
    }

    /// The 8-byte PNG signature.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Decodes `data` into `pixels` (resized to width · height · channels bytes, its storage reused when large
    /// enough): RGBA, or RGB (channels 3) when `alpha` is false and the image has no alpha (no conversion to make,
    /// the faster read of elevation tiles).
    /// - Throws: as ``init(decoding:maximumPixels:)``.
    static func decode(_ data: Data, into pixels: inout [UInt8], maximumPixels: Int, alpha: Bool) throws(PNGDecodeError)
        -> (width: Int, height: Int, channels: Int)
    {
        guard data.count >= 8, data.prefix(8).elementsEqual(signature) else { throw .notPNG(byteCount: data.count) }
        if let gamma = nonSRGBGamma(data) { throw .gammaCorrected(gamma: gamma) }
        #if canImport(CLibPNG)
            return try decodeWithLibPNG(data, into: &pixels, maximumPixels: maximumPixels, alpha: alpha)
        #elseif canImport(ImageIO)
            let size = try decodeWithImageIO(data, into: &pixels, maximumPixels: maximumPixels)
            return (size.width, size.height, 4)
        #endif
    }

    /// The `gAMA` value (gamma × 100,000) of a PNG whose decoding would be gamma-corrected: a `gAMA` chunk before the
    /// first `IDAT` other than sRGB's 45,455, with no `sRGB` chunk. Nil otherwise (also for chunks too broken to walk:
    /// the decoder reports those).
    /// - Complexity: O(chunks before the image data); reads 8 bytes per chunk.
    static func nonSRGBGamma(_ data: Data) -> Int? {
        var offset = data.startIndex + 8
        var gamma: Int?
        var hasSRGB = false
        func word(_ at: Int) -> Int {
            Int(data[at]) << 24 | Int(data[at + 1]) << 16 | Int(data[at + 2]) << 8 | Int(data[at + 3])
        }
        while offset + 8 <= data.endIndex {
            let length = word(offset)
            let type = data[(offset + 4)..<(offset + 8)]
            if type.elementsEqual("IDAT".utf8) { break }
            if type.elementsEqual("sRGB".utf8) { hasSRGB = true }
            if type.elementsEqual("gAMA".utf8), length == 4, offset + 12 <= data.endIndex { gamma = word(offset + 8) }
            guard length <= data.endIndex - offset - 12 else { break }
            offset += 12 + length
        }
        guard let gamma, gamma != 45_455, !hasSRGB else { return nil }
        return gamma
    }

    #if canImport(CLibPNG)
        /// libpng's simplified read from memory: it reports errors in the control structure, no setjmp needed here.
        static func decodeWithLibPNG(_ data: Data, into pixels: inout [UInt8], maximumPixels: Int, alpha: Bool)
            throws(PNGDecodeError) -> (width: Int, height: Int, channels: Int)
        {
            var image = png_image()
            image.version = UInt32(PNG_IMAGE_VERSION)
            let result: Result<(Int, Int, Int), PNGDecodeError> = data.withUnsafeBytes { bytes in
                guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
                    return .failure(.corrupt(message(of: &image)))
                }
                defer { png_image_free(&image) }
                let width = Int(image.width)
                let height = Int(image.height)
                guard height == 0 || width <= maximumPixels / height else {
                    return .failure(.tooLarge(width: width, height: height, limit: maximumPixels))
                }
                guard image.format & UInt32(PNG_FORMAT_FLAG_LINEAR) == 0 else { return .failure(.sixteenBitChannels) }
                let keepsAlpha = alpha || image.format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0
                let channels = keepsAlpha ? 4 : 3
                image.format = UInt32(
                    keepsAlpha ? PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA : PNG_FORMAT_FLAG_COLOR)
                let count = width * height * channels
                if pixels.count != count { pixels = [UInt8](repeating: 0, count: count) }
                let finished = pixels.withUnsafeMutableBytes { out in
                    png_image_finish_read(&image, nil, out.baseAddress, Int32(width * channels), nil)
                }
                guard finished != 0 else { return .failure(.corrupt(message(of: &image))) }
                return .success((width, height, channels))
            }
            switch result {
            case .success(let size): return size
            case .failure(let error): throw error
            }
        }

        /// The message libpng left in `image`.
        static func message(of image: inout png_image) -> String {
            withUnsafeBytes(of: &image.message) { raw in
                let text = raw.prefix { $0 != 0 }
                return String(decoding: text, as: UTF8.self)
            }
        }
    #elseif canImport(ImageIO)
        /// ImageIO's decode; the image's own bytes (no colour management) read back in RGBA order.
        static func decodeWithImageIO(_ data: Data, into pixels: inout [UInt8], maximumPixels: Int)
            throws(PNGDecodeError) -> (width: Int, height: Int)
        {
            guard let source = CGImageSourceCreateWithData(data as CFData, nil),
                let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any],
                let width = properties[kCGImagePropertyPixelWidth] as? Int,
                let height = properties[kCGImagePropertyPixelHeight] as? Int
            else { throw .corrupt("ImageIO could not read the header") }
            guard height == 0 || width <= maximumPixels / max(height, 1) else {
                throw .tooLarge(width: width, height: height, limit: maximumPixels)
            }
            guard let image = CGImageSourceCreateImageAtIndex(source, 0, nil), let bytes = image.dataProvider?.data,
                let base = CFDataGetBytePtr(bytes)
            else { throw .corrupt("ImageIO could not decode the image") }
            guard image.bitsPerComponent == 8 else { throw .sixteenBitChannels }
            let channels = image.bitsPerPixel / 8
            let alpha = image.alphaInfo
            let alphaFirst = [.first, .premultipliedFirst, .noneSkipFirst].contains(alpha)
            let little = image.bitmapInfo.contains(.byteOrder32Little)
            guard channels == 3 || channels == 4, CFDataGetLength(bytes) >= image.bytesPerRow * height else {
                throw .corrupt("ImageIO gave an unexpected pixel layout")
            }
            pixels = [UInt8](repeating: 255, count: width * height * 4)
            for row in 0..<height {
                for column in 0..<width {
                    let p = base + row * image.bytesPerRow + column * channels
                    var px = (0..<channels).map { p[$0] }
                    if little && channels == 4 { px.reverse() }
                    if channels == 4 && alphaFirst { px = Array(px[1...]) + [px[0]] }
                    let o = (row * width + column) * 4
                    pixels[o] = px[0]
                    pixels[o + 1] = px[1]
                    pixels[o + 2] = px[2]
                    if channels == 4 && alpha != .noneSkipFirst && alpha != .noneSkipLast { pixels[o + 3] = px[3] }
                }
            }
            return (width, height)
        }
    #endif
}
