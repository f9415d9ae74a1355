extension TileID {
    /// The tile's quadkey (Bing Maps, mercantile's `quadkey`): n digits, the k-th from the left
    /// 2·bit(y) + bit(x) of bit n − k, most significant first; "" for level 0. Each digit names a child
    /// (0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right), so a quadkey's prefixes are its ancestors.
    /// - Complexity: O(n). Quadkeys up to 15 digits are small strings, stored without a heap allocation.
    public var quadkey: String {
        String(unsafeUninitializedCapacity: level) { buffer in
            for k in 0..<level {
                let bit = level - 1 - k
                let digit = ((y >> bit) & 1) << 1 | ((x >> bit) & 1)
                buffer[k] = UInt8(ascii: "0") + UInt8(digit)
            }
            return level
        }
    }

    /// The tile named by a quadkey (mercantile's `quadkey_to_tile`): its level is the number of digits, and
    /// digit d at bit b adds (d & 1)·2ᵇ to x and (d >> 1)·2ᵇ to y. "" is `0/0/0`.
    /// - Throws: ``MercatorError/invalidQuadkey(quadkey:reason:)`` for a character other than 0–3 (naming it and
    ///   its position) or more than 30 digits.
    /// - Complexity: O(length).
    public init(quadkey: String) throws(MercatorError) {
        var x = 0
        var y = 0
        var level = 0
        for scalar in quadkey.unicodeScalars {
            guard level < Self.maximumLevel else {
                throw .invalidQuadkey(
                    quadkey: String(quadkey.prefix(40)),
                    reason: "it has \(quadkey.unicodeScalars.count) digits, more than \(Self.maximumLevel)")
            }
            level += 1
            guard scalar >= "0", scalar <= "3" else {
                throw .invalidQuadkey(
                    quadkey: String(quadkey.prefix(40)),
                    reason: "character \"\(scalar)\" at position \(level) is not a digit 0–3")
            }
            let digit = Int(scalar.value - 48)
            x = x << 1 | digit & 1
            y = y << 1 | digit >> 1
        }
        self.init(unchecked: level, x, y)
    }
}
