import Foundation

@testable import StencilKit

/// The typed error `body` throws, or nil when it returns: for tests that check a refusal's kind and figures.
func stencilError<T>(_ body: () throws(StencilError) -> T) -> StencilError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}
