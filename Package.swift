// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "StencilKit",
    platforms: [.macOS(.v12), .iOS(.v15)],
    products: [
        .library(name: "MercatorMath", targets: ["MercatorMath"]),
        .library(name: "StencilKit", targets: ["StencilKit"]),
        .executable(name: "stencil-bench", targets: ["stencil-bench"]),
    ],
    targets: [
        .target(name: "MercatorMath"),
        .target(name: "StencilKit", dependencies: ["MercatorMath"]),
        .executableTarget(name: "stencil-bench", dependencies: ["StencilKit", "MercatorMath"]),
        // The tests' shared support (the one random generator); internal, no product.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "MercatorMathTests", dependencies: ["MercatorMath", "TestSupport"]),
        .testTarget(name: "StencilKitTests", dependencies: ["StencilKit", "MercatorMath", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
