// swift-tools-version: 6.0
// The terrain-floor harness: times the terrain cover, the same walk with its box decisions replayed (replay.patch
// applied to the package four folders up) and the flat pitched cover, in one process. See ../README.md.
import PackageDescription

let package = Package(
    name: "terrain-floor",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "StencilKit", path: "../../../..")],
    targets: [
        .executableTarget(
            name: "terrain-floor",
            dependencies: [
                .product(name: "StencilKit", package: "StencilKit"),
                .product(name: "StencilKitIO", package: "StencilKit"),
                .product(name: "MercatorMath", package: "StencilKit"),
            ])
    ]
)
