import Foundation
import MercatorMath
import Testing

/// The error `expression` throws, or nil if it returns.
func thrown<T>(_ expression: @autoclosure () throws(MercatorError) -> T) -> MercatorError? {
    do {
        _ = try expression()
        return nil
    } catch {
        return error
    }
}

/// Checks that an error's description mentions every given fragment (the offending value, the valid range).
func expectDescription(
    of error: MercatorError?, mentions fragments: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let error else {
        Issue.record("expected an error", sourceLocation: sourceLocation)
        return
    }
    for fragment in fragments {
        #expect(
            error.description.contains(fragment),
            "\"\(error.description)\" should mention \"\(fragment)\"", sourceLocation: sourceLocation)
    }
}

/// The signed difference a − b of two angles in degrees, reduced to [-180, 180].
func angleDifference(_ a: Double, _ b: Double) -> Double { (a - b).remainder(dividingBy: 360) }

/// A coordinate that must be valid.
func geo(_ latitude: Double, _ longitude: Double) -> GeoCoordinate {
    try! GeoCoordinate(latitude: latitude, longitude: longitude)
}
