/// Why PNG bytes could not be decoded into an 8-bit RGBA image. Every description says what was wrong and what
/// would be valid.
public enum PNGDecodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes do not start with the 8-byte PNG signature (`89 50 4E 47 0D 0A 1A 0A`).
    case notPNG(byteCount: Int)
    /// The image's width × height passes the limit the caller gave (checked before any pixel is allocated).
    case tooLarge(width: Int, height: Int, limit: Int)
    /// The image has 16-bit channels; elevation tiles are 8-bit RGB or RGBA.
    case sixteenBitChannels
    /// The image carries a `gAMA` chunk other than sRGB's (gamma × 100,000 = 45,455) and no `sRGB` chunk: the
    /// decoder would gamma-correct its values, which for data tiles means wrong numbers.
    case gammaCorrected(gamma: Int)
    /// libpng refused the bytes (a bad CRC, a truncated stream, a bad header): its message.
    case corrupt(String)

    /// What went wrong and what would be valid.
    public var description: String {
        switch self {
        case .notPNG(let count):
            "not a PNG: \(count) bytes that do not start with the PNG signature 89 50 4E 47 0D 0A 1A 0A"
        case .tooLarge(let width, let height, let limit):
            "PNG of \(width) × \(height) px is too large: at most \(limit) px are decoded"
        case .sixteenBitChannels:
            "PNG with 16-bit channels: elevation tiles must be 8-bit RGB or RGBA (or 8-bit grey or palette)"
        case .gammaCorrected(let gamma):
            "PNG with a gAMA chunk of \(gamma) (gamma × 100,000) and no sRGB chunk: decoding would gamma-correct the "
                + "values; data tiles must carry no gAMA chunk, gAMA 45455, or an sRGB chunk"
        case .corrupt(let message): "corrupt or truncated PNG: \(message)"
        }
    }
}
