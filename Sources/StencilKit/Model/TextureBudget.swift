/// Bytes one decoded tile texture takes.
public struct TextureFormat: Sendable, Hashable, CustomStringConvertible {
    /// Bytes per tile texture.
    public let bytesPerTile: Int

    /// A format of `bytesPerTile` bytes per texture (at least 1).
    /// - Throws: ``StencilError/outOfRange(field:value:valid:)`` for fewer than 1 byte.
    public init(bytesPerTile: Int) throws(StencilError) {
        guard bytesPerTile >= 1 else {
            throw .outOfRange(field: "Bytes per tile", value: Double(bytesPerTile), valid: "at least 1")
        }
        self.bytesPerTile = bytesPerTile
    }

    /// The format of `grid`'s textures: T² pixels of `bytesPerPixel` bytes (4 = RGBA8, the default; 2 = RGB565),
    /// bytesPerTile = T²·bytesPerPixel — so a 256-px grid counts 262,144 bytes a tile at RGBA8, never 65,536.
    /// - Throws: ``StencilError/outOfRange(field:value:valid:)`` for fewer than 1 byte per pixel, or when T²·bpp does
    ///   not fit an `Int`.
    public init(grid: TileGrid, bytesPerPixel: Int = 4) throws(StencilError) {
        try self.init(tileSize: grid.tileSize, bytesPerPixel: bytesPerPixel)
    }

    /// The format of square textures `tileSize` pixels on a side, `bytesPerPixel` bytes each: T²·bpp bytes.
    /// - Throws: ``StencilError/outOfRange(field:value:valid:)`` for a tile size or bytes per pixel below 1, or when
    ///   T²·bpp does not fit an `Int`.
    public init(tileSize: Int, bytesPerPixel: Int = 4) throws(StencilError) {
        guard tileSize >= 1 else {
            throw .outOfRange(field: "Texture tile size", value: Double(tileSize), valid: "at least 1 px")
        }
        guard bytesPerPixel >= 1 else {
            throw .outOfRange(field: "Bytes per pixel", value: Double(bytesPerPixel), valid: "at least 1")
        }
        let (pixels, overflow) = tileSize.multipliedReportingOverflow(by: tileSize)
        let (bytes, overflow2) = pixels.multipliedReportingOverflow(by: bytesPerPixel)
        guard !overflow, !overflow2 else {
            throw .outOfRange(
                field: "Bytes per tile (tile size² × bytes per pixel)",
                value: Double(tileSize) * Double(tileSize) * Double(bytesPerPixel),
                valid: "at most Int.max (\(Int.max)); choose a smaller tile size or give bytesPerTile explicitly")
        }
        self.init(unchecked: bytes)
    }

    private init(unchecked bytes: Int) { bytesPerTile = bytes }

    /// 128 × 128 px, 4 bytes per pixel: 65,536 bytes. On another tile size use ``init(grid:bytesPerPixel:)``.
    public static let rgba8Tile128 = TextureFormat(unchecked: 128 * 128 * 4)
    /// 128 × 128 px, 2 bytes per pixel: 32,768 bytes.
    public static let rgb565Tile128 = TextureFormat(unchecked: 128 * 128 * 2)
    /// 256 × 256 px, 4 bytes per pixel: 262,144 bytes.
    public static let rgba8Tile256 = TextureFormat(unchecked: 256 * 256 * 4)
    /// 256 × 256 px, 2 bytes per pixel: 131,072 bytes.
    public static let rgb565Tile256 = TextureFormat(unchecked: 256 * 256 * 2)

    /// `N bytes per tile`.
    public var description: String { "\(bytesPerTile) bytes per tile" }

    /// Bytes `tiles` textures take, tiles × ``bytesPerTile``, saturating at `Int.max` when the product does not fit
    /// in an `Int` (9·10¹⁵ bytes per tile times 1025 tiles, say): use it wherever a tile count becomes bytes.
    /// - Complexity: O(1).
    public func bytes(forTiles tiles: Int) -> Int {
        let (product, overflow) = tiles.multipliedReportingOverflow(by: bytesPerTile)
        return overflow ? .max : product
    }
}

/// A memory budget for resident tile textures.
public struct MemoryBudget: Sendable, Hashable {
    /// The budget in bytes.
    public let bytes: Int

    /// A budget of `bytes` (0 or more; whether it suffices is decided by the plan).
    /// - Throws: ``StencilError/outOfRange(field:value:valid:)`` for a negative budget.
    public init(bytes: Int) throws(StencilError) {
        guard bytes >= 0 else {
            throw .outOfRange(field: "Memory budget", value: Double(bytes), valid: "0 bytes or more")
        }
        self.bytes = bytes
    }

    private init(unchecked bytes: Int) { self.bytes = bytes }

    /// Mars Flyer with memory to spare: about 27 MB.
    public static let generous = MemoryBudget(unchecked: 27_000_000)
    /// Mars Flyer when memory is tight: about 15 MB.
    public static let frugal = MemoryBudget(unchecked: 15_000_000)

    /// Resident textures the budget holds: ⌊bytes / bytes per tile⌋.
    public func capacity(for format: TextureFormat) -> Int { bytes / format.bytesPerTile }
}
