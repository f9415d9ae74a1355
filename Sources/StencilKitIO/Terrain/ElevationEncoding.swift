/// How an elevation tile stores metres in the 8-bit R, G, B channels of its pixels.
///
/// Both encodings are strictly increasing in the 24-bit code R·65,536 + G·256 + B, so the least and largest
/// elevations of a set of pixels are those of its least and largest codes.
public enum ElevationEncoding: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Mapzen/AWS Terrarium: e = R·256 + G + B/256 − 32,768 m (steps of 1/256 m from −32,768 m; exact in a Double).
    case terrarium
    /// Mapbox Terrain-RGB: e = −10,000 + (R·65,536 + G·256 + B)·0.1 m (steps of 0.1 m from −10,000 m), computed as
    /// (code − 100,000) / 10, the correctly rounded value of the exact decimal.
    case terrainRGB = "terrain-rgb"

    /// The 24-bit code R·65,536 + G·256 + B of a pixel.
    @inlinable
    public static func code(red: UInt8, green: UInt8, blue: UInt8) -> UInt32 {
        UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }

    /// The elevation in metres of the 24-bit `code` (see ``code(red:green:blue:)``).
    @inlinable
    public func elevation(code: UInt32) -> Double {
        switch self {
        case .terrarium: Double(code) / 256 - 32_768
        case .terrainRGB: (Double(code) - 100_000) / 10
        }
    }

    /// The elevation in metres of a pixel.
    @inlinable
    public func elevation(red: UInt8, green: UInt8, blue: UInt8) -> Double {
        elevation(code: Self.code(red: red, green: green, blue: blue))
    }

    /// The encoding's name in files: `terrarium` or `terrain-rgb`.
    public var description: String { rawValue }
}
