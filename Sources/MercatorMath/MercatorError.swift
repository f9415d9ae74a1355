/// An error raised by MercatorMath when an input cannot describe a valid coordinate, image or route.
///
/// Every case carries the offending value and its `description` says what would have been valid.
public enum MercatorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A value that must be a finite number was NaN or infinite.
    case nonFinite(field: String, value: Double)
    /// A latitude at or past a pole (`limit` 90, exclusive), or past an image's latitude limit (inclusive).
    case latitudeOutOfRange(field: String, latitude: Double, limit: Double)
    /// A length (radius, size) that must be strictly positive was zero or negative.
    case nonPositive(field: String, value: Double)
    /// A whole-number size that must be at least one was zero or negative.
    case nonPositiveCount(field: String, value: Int)
    /// A value outside the closed range it must lie in.
    case outOfRange(field: String, value: Double, range: ClosedRange<Double>)
    /// The two ends of a route are the same point, so its heading is undefined.
    case coincidentEndpoints(longitude: Double, latitude: Double)
    /// A rhumb line of that length and heading would pass over a pole.
    case passesPole(latitude: Double)
    /// A packed coordinate did not have the expected number of bytes or held an invalid code.
    case invalidPackedCoordinate(reason: String)
    /// A great circle between antipodes: every great circle through them is as short, so the path is undefined.
    case antipodalEndpoints(longitude: Double, latitude: Double)
    /// A value outside the half-open range it must lie in (a level bias in [0, 1)).
    case outOfHalfOpenRange(field: String, value: Double, range: Range<Double>)
    /// A grid that is not an XYZ level (2ⁿ × 2ⁿ tiles, 0 ≤ n ≤ 30) was asked for a tile id.
    case notXYZLevel(columns: Int, rows: Int)
    /// A quadkey with a digit other than 0–3 or more than 30 digits; `quadkey` holds at most its first 40
    /// characters.
    case invalidQuadkey(quadkey: String, reason: String)
    /// A minimum level above the maximum level.
    case levelsOutOfOrder(minimum: Int, maximum: Int)
    /// A tile cover that would list `count` tiles, more than `limit` (``TileID/maximumCoverCount``).
    case tooManyTiles(count: Int, limit: Int)
    /// A size that must be a power of two (a MapLibre source's tile size) was not one.
    case notPowerOfTwo(field: String, value: Int)

    /// A sentence naming what was wrong and what would be valid; numbers printed by one rule (`40`, not
    /// `40.0`; `1e-9`, not `0`).
    public var description: String {
        let n = MessageNumber.text
        switch self {
        case .nonFinite(let field, let value):
            return "\(field) is \(n(value)); it must be a finite number."
        case .latitudeOutOfRange(let field, let latitude, let limit):
            // The poles are excluded; an image's own limit (its top and bottom edges) is included.
            let valid = limit >= 90 ? "strictly inside ±\(n(limit))°" : "within ±\(n(limit))°"
            return "\(field) \(n(latitude))° is out of range; valid latitudes lie \(valid)."
        case .nonPositive(let field, let value):
            return "\(field) is \(n(value)); it must be greater than zero."
        case .nonPositiveCount(let field, let value):
            return "\(field) is \(value); it must be a whole number of at least 1."
        case .outOfRange(let field, let value, let range):
            return "\(field) is \(n(value)); it must lie in [\(n(range.lowerBound)), \(n(range.upperBound))]."
        case .coincidentEndpoints(let longitude, let latitude):
            return "The route starts and ends at the same point (lon \(n(longitude))°, lat \(n(latitude))°), "
                + "so its heading is undefined; choose two distinct endpoints."
        case .passesPole(let latitude):
            return "The rhumb line would reach latitude \(n(latitude))°, past a pole; "
                + "valid destinations stay strictly inside ±90°."
        case .invalidPackedCoordinate(let reason):
            return "Invalid packed coordinate: \(reason)."
        case .antipodalEndpoints(let longitude, let latitude):
            return
                "The great circle from (lon \(n(longitude))°, lat \(n(latitude))°) ends at its antipode, where every "
                + "great circle is as short; add a waypoint between them."
        case .outOfHalfOpenRange(let field, let value, let range):
            return "\(field) is \(n(value)); it must lie in [\(n(range.lowerBound)), \(n(range.upperBound)))."
        case .notXYZLevel(let columns, let rows):
            return "A grid of \(columns) × \(rows) tiles is not an XYZ level; "
                + "XYZ levels have 2ⁿ × 2ⁿ tiles with 0 ≤ n ≤ 30."
        case .invalidQuadkey(let quadkey, let reason):
            return "Quadkey \"\(quadkey)\" is invalid: \(reason); "
                + "a quadkey is 0 to 30 digits, each 0, 1, 2 or 3."
        case .levelsOutOfOrder(let minimum, let maximum):
            return "Minimum level \(minimum) is above maximum level \(maximum); "
                + "it must be at most the maximum (0 ≤ minimum ≤ maximum ≤ 30)."
        case .tooManyTiles(let count, let limit):
            return "The tile cover needs \(count) tiles, more than the limit of \(limit) "
                + "(TileID.maximumCoverCount); ask for a smaller box or fewer or shallower levels."
        case .notPowerOfTwo(let field, let value):
            return "\(field) is \(value); it must be a power of two (…, 256, 512, 1024, …)."
        }
    }
}

extension MercatorError {
    /// Throws ``nonFinite(field:value:)`` unless `value` is finite.
    static func requireFinite(_ value: Double, _ field: String) throws(MercatorError) {
        guard value.isFinite else { throw .nonFinite(field: field, value: value) }
    }

    /// Throws unless `value` is finite and strictly positive.
    static func requirePositive(_ value: Double, _ field: String) throws(MercatorError) {
        try requireFinite(value, field)
        guard value > 0 else { throw .nonPositive(field: field, value: value) }
    }

    /// Throws unless `value` is finite and zero or positive.
    static func requireNonNegative(_ value: Double, _ field: String) throws(MercatorError) {
        try requireFinite(value, field)
        guard value >= 0 else {
            throw .outOfRange(field: field, value: value, range: 0...Double.greatestFiniteMagnitude)
        }
    }
}
