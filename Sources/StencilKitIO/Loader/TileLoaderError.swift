import MercatorMath

/// Why a ``TileLoader``, a ``LoaderClock`` or a loader model from ``LoaderStatistics`` could not be made.
public enum TileLoaderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A worker count outside ``TileLoader/validWorkerCounts``.
    case badWorkerCount(Int)
    /// The grid given is not an XYZ level (2ⁿ × 2ⁿ tiles), so its tiles have no `z/x/y` ids.
    case notXYZGrid(columns: Int, rows: Int)
    /// A parameter that is not finite or is outside its range: the field, the value and what is valid.
    case badParameter(field: String, value: Double, valid: String)
    /// Too few measured loads to derive a model (at least 2 are needed).
    case tooFewSamples(count: Int)

    /// What went wrong and what would be valid.
    public var description: String {
        switch self {
        case .badWorkerCount(let n):
            "tile loader: \(n) worker threads is not valid: give 1 to \(TileLoader<TileID, Never>.validWorkerCounts.upperBound)"
        case .notXYZGrid(let columns, let rows):
            "tile loader: a grid of \(columns) × \(rows) tiles is not an XYZ level (2ⁿ × 2ⁿ tiles), so its tiles "
                + "have no z/x/y ids: give a tile-id function instead"
        case .badParameter(let field, let value, let valid): "\(field) = \(value) is not valid: \(valid)"
        case .tooFewSamples(let count):
            "loader model: \(count) measured loads are too few: measure at least 2 (a calibration burst of 32 or more)"
        }
    }
}
