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
        .testTarget(name: "MercatorMathTests", dependencies: ["MercatorMath"]),
        .testTarget(name: "StencilKitTests", dependencies: ["StencilKit", "MercatorMath"]),
    ],
    swiftLanguageModes: [.v6]
)
